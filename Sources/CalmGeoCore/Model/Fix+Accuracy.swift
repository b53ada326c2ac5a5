extension Fix {
  /// Fills a missing horizontal (vertical) accuracy with HDOP (VDOP) × `uere`, flagging
  /// what it estimated. The same rule for every format that carries DOP but no accuracy.
  /// The estimate is the decimal product of the DOP the log wrote and `uere`, as the
  /// nearest `Double` (`DecimalProduct`): HDOP 1.19 × 5 is 5.95 on the wire, not the
  /// `Float` product's 5.9500003 nor the binary product's 5.949999999999999.
  ///
  /// - Returns: which of the two accuracies were estimated.
  @discardableResult
  public mutating func estimateMissingAccuracy(uere: Double) -> (horizontal: Bool, vertical: Bool) {
    var estimated = (horizontal: false, vertical: false)
    if storedHorizontalAccuracy.isNaN, hdop != nil {
      horizontalAccuracy = DecimalProduct.of(Self.decimal(storedHDOP), uere)
      flags.insert(.horizontalAccuracyEstimated)
      estimated.horizontal = true
    }
    if storedVerticalAccuracy.isNaN, vdop != nil {
      verticalAccuracy = DecimalProduct.of(Self.decimal(storedVDOP), uere)
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

extension Fix {
  /// A value stored as `Float`, as the `Double` of its shortest decimal text: the number
  /// the log wrote whenever that had at most 6 significant digits (DOPs have 2 to 4).
  @inlinable
  public static func decimal(_ value: Float) -> Double {
    Double(value.description) ?? Double(value)
  }
}
