/// The values of one receiver epoch, gathered from the sentences stamped with
/// its UTC time (RMC, GGA, GNS, GLL, GST, ZDA) and from the untimed sentences
/// that follow them (VTG, GSA).
///
/// Absent values are NaN (doubles) or -1 (integers). Angles are degrees,
/// distances metres, speeds m/s.
struct NMEAEpoch {
  /// Milliseconds since midnight UTC, as stamped by the receiver.
  var timeOfDay: Int
  /// `timeOfDay` made monotonic across midnights: each time the stamps wrap from
  /// late evening to early morning (a step back of more than 12 h), a day is added.
  var key: Int64
  /// How telling the sentence that gave `timeOfDay` is: RMC 4, GGA 3, GNS 2,
  /// GLL 1, others 0 (see `NMEAEpochMerger`).
  var timePriority = 0
  /// The input line of the epoch's first sentence.
  var line: Int
  /// The receiver's date (days since 1970) from RMC or ZDA, if one was read.
  var day: Int? = nil
  /// Whether a sentence that reports a position (RMC, GGA, GNS, GLL) was seen.
  var sawPositionSentence = false
  /// Whether a sentence reported a valid fix with a position.
  var hasFix = false
  var latitude = 0.0
  var longitude = 0.0
  /// Fraction digits of the position's minutes: a later sentence with more wins.
  var positionDigits = -1
  var speed = Double.nan
  var course = Double.nan
  /// The speed in knots as a valid RMC wrote it (`NMEAHeldVTG` compares a VTG's with it).
  var rmcKnots = Double.nan
  var altitude = Double.nan
  var geoidSeparation = Double.nan
  var hdop = Double.nan
  var vdop = Double.nan
  var pdop = Double.nan
  var sigmaLatitude = Double.nan
  var sigmaLongitude = Double.nan
  var sigmaAltitude = Double.nan
  var satellites = -1
  var quality = -1

  @inline(__always)
  init(timeOfDay: Int, key: Int64, line: Int) {
    self.timeOfDay = timeOfDay
    self.key = key
    self.line = line
  }

  /// Makes this an empty epoch stamped `timeOfDay`, in place.
  @inline(__always)
  mutating func reset(timeOfDay: Int, key: Int64, line: Int, priority: Int) {
    self = NMEAEpoch(timeOfDay: timeOfDay, key: key, line: line)
    timePriority = priority
  }

  /// Records a valid position unless one at least as precise is already held.
  @inline(__always)
  mutating func setPosition(latitude: Double, longitude: Double, digits: Int) {
    guard digits > positionDigits else { return }
    self.latitude = latitude
    self.longitude = longitude
    positionDigits = digits
    hasFix = true
  }

  /// Sets `value` to `new` when it is still absent and `new` is a number.
  @inline(__always)
  static func fill(_ value: inout Double, _ new: Double?) {
    if value.isNaN, let new { value = new }
  }
}
