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
    var memo = AccuracyEstimateMemo()
    return estimateMissingAccuracy(uere: uere, memo: &memo)
  }

  /// `estimateMissingAccuracy(uere:)` for a reader's run of fixes: `memo` keeps the last
  /// estimates, so that a DOP repeated from the fix before (most logs keep one for seconds
  /// at a time) costs a comparison instead of two shortest-decimal searches and a product.
  @discardableResult
  package mutating func estimateMissingAccuracy(
    uere: Double, memo: inout AccuracyEstimateMemo
  ) -> (horizontal: Bool, vertical: Bool) {
    var estimated = (horizontal: false, vertical: false)
    if storedHorizontalAccuracy.isNaN, hdop != nil {
      horizontalAccuracy = memo.horizontal.product(storedHDOP, uere)
      flags.insert(.horizontalAccuracyEstimated)
      estimated.horizontal = true
    }
    if storedVerticalAccuracy.isNaN, vdop != nil {
      verticalAccuracy = memo.vertical.product(storedVDOP, uere)
      flags.insert(.verticalAccuracyEstimated)
      estimated.vertical = true
    }
    return estimated
  }
}

/// The last DOP × UERE estimates of `Fix.estimateMissingAccuracy`, horizontal and vertical.
package struct AccuracyEstimateMemo: Sendable {
  var horizontal = DOPProductMemo()
  var vertical = DOPProductMemo()

  package init() {}
}

/// The last `DecimalProduct.of(Fix.decimal(dop), uere)`, a pure function of the two values'
/// bits: the same bits give the same product, so it is worked out again only when they change.
struct DOPProductMemo: Sendable {
  private var dopBits: UInt32 = 0
  private var uereBits: UInt64 = 0
  private var product: Double = .nan
  private var isSet = false

  /// The decimal product of `dop` (as the `Double` of its shortest text) and `uere`.
  @inline(__always)
  mutating func product(_ dop: Float, _ uere: Double) -> Double {
    if isSet, dop.bitPattern == dopBits, uere.bitPattern == uereBits { return product }
    product = DecimalProduct.of(Fix.decimal(dop), uere)
    dopBits = dop.bitPattern
    uereBits = uere.bitPattern
    isSet = true
    return product
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
  ///
  /// Found by `ShortestDecimal` where it can (an exact `Double` from at most 9 digits and a
  /// power of ten up to 10^22: one correctly rounded division or multiplication), else read back
  /// from `description`.
  public static func decimal(_ value: Float) -> Double {
    // A whole number below 2^24 is written "5.0", which reads back as itself.
    if value.magnitude < 16_777_216, value == value.rounded(.towardZero) { return Double(value) }
    if let shortest = ShortestDecimal.of(value), shortest.exponent >= -22, shortest.exponent <= 22 {
      let power = DecimalProduct.exactPowerOfTen(abs(shortest.exponent))
      let magnitude = shortest.exponent < 0 ? Double(shortest.digits) / power : Double(shortest.digits) * power
      return value < 0 ? -magnitude : magnitude
    }
    return Double(value.description) ?? Double(value)
  }
}
