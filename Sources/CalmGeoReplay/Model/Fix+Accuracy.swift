extension Fix {
  /// Fills a missing horizontal (vertical) accuracy with HDOP (VDOP) × `uere`, flagging
  /// what it estimated. The same rule for every format that carries DOP but no accuracy.
  ///
  /// - Returns: which of the two accuracies were estimated.
  @discardableResult
  public mutating func estimateMissingAccuracy(uere: Double) -> (horizontal: Bool, vertical: Bool) {
    var estimated = (horizontal: false, vertical: false)
    if storedHorizontalAccuracy.isNaN, let hdop {
      horizontalAccuracy = hdop * uere
      flags.insert(.horizontalAccuracyEstimated)
      estimated.horizontal = true
    }
    if storedVerticalAccuracy.isNaN, let vdop {
      verticalAccuracy = vdop * uere
      flags.insert(.verticalAccuracyEstimated)
      estimated.vertical = true
    }
    return estimated
  }
}

extension Fix {
  /// A dilution of precision as read, or `nil` for the placeholders receivers and apps
  /// write when they have none: 0 or less, or 99.99 or more (GPSLogger, many NMEA chips).
  @inlinable
  public static func usableDOP(_ value: Double) -> Double? {
    value > 0 && value < 99.99 ? value : nil
  }
}
