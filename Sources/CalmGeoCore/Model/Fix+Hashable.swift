extension Fix: Hashable {
  /// Two fixes are equal when every stored value has the same bits (absent equals absent).
  public static func == (a: Fix, b: Fix) -> Bool {
    a.time == b.time && a.latitude == b.latitude && a.longitude == b.longitude
      && a.line == b.line && a.flags == b.flags
      && a.storedSatellites == b.storedSatellites && a.storedQuality == b.storedQuality
      && a.storedActivity == b.storedActivity
      && a.floatBits == b.floatBits && a.doubleBits == b.doubleBits
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(time)
    hasher.combine(latitude)
    hasher.combine(longitude)
    hasher.combine(line)
    hasher.combine(floatBits)
    hasher.combine(doubleBits)
  }

  private var floatBits: [UInt32] {
    [storedGeoidSeparation, storedHDOP, storedVDOP, storedPDOP].map(\.bitPattern)
  }

  private var doubleBits: [UInt64] {
    [
      storedAltitude, storedSpeed, storedCourse, storedHorizontalAccuracy, storedVerticalAccuracy,
      storedSpeedAccuracy,
    ].map(\.bitPattern)
  }
}
