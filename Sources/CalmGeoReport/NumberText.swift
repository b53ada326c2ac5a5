import CalmGeoReplay

/// Numbers as the page shows them, without locale or Foundation formatters, so the same
/// replay always gives the same bytes.
///
/// Total: every function gives text for every value (huge, tiny, negative, not finite)
/// and never traps; values too large for the fixed forms (`wholeLimit` and beyond)
/// are written in exponent form (`1.5e+20`).
enum NumberText {
  /// The magnitude from which numbers are written in exponent form: far below `Int64.max`
  /// (9.2e18), so that scaling by up to 10^3 and rounding never overflows.
  static let wholeLimit = 1e15
  /// The thousands separator: a narrow no-break space (SI style, never wraps).
  static let groupSeparator = "\u{202F}"

  /// `v` rounded half away from zero to `digits` decimals, trailing zeros dropped
  /// (`12.30` → `12.3`, `4.0` → `4`); non-finite values as `0`.
  static func fixed(_ v: Double, digits: Int = 1) -> String {
    guard v.isFinite else { return "0" }
    let digits = min(max(digits, 0), 12)
    var scale: Int64 = 1
    for _ in 0..<digits { scale *= 10 }
    let product = (v * Double(scale)).rounded(.toNearestOrAwayFromZero)
    guard v.magnitude < wholeLimit, product.magnitude < 9e18 else { return exponentForm(v) }
    let scaled = Int64(product)
    let magnitude = scaled.magnitude
    var text = scaled < 0 ? "-" : ""
    text += String(magnitude / UInt64(scale))
    var fraction = magnitude % UInt64(scale)
    guard fraction > 0 else { return text }
    var places = digits
    while fraction % 10 == 0 {
      fraction /= 10
      places -= 1
    }
    let digitsText = String(fraction)
    return text + "." + String(repeating: "0", count: places - digitsText.count) + digitsText
  }

  /// `v` to `digits` significant digits, trailing zeros dropped (`1.7355` → `1.736`,
  /// `0.052298` → `0.0523`); 10 000 and more as grouped integers; `—` when not finite.
  static func significant(_ v: Double, digits: Int = 4) -> String {
    guard v.isFinite else { return "—" }
    let magnitude = v.magnitude
    if magnitude >= 10_000 { return groupedWhole(v) }
    var exponent = 0
    var scaled = magnitude
    while scaled >= 10 {
      scaled /= 10
      exponent += 1
    }
    while scaled > 0, scaled < 1, exponent > -9 {
      scaled *= 10
      exponent -= 1
    }
    return fixed(v, digits: min(max(digits - 1 - exponent, 0), 12))
  }

  /// An integer with groups of three digits: `1 000 000`.
  static func grouped(_ n: Int) -> String {
    let digits = String(n.magnitude)
    var text = n < 0 ? "-" : ""
    for (offset, character) in digits.enumerated() {
      if offset > 0 && (digits.count - offset) % 3 == 0 { text += groupSeparator }
      text.append(character)
    }
    return text
  }

  /// A whole value with groups of three digits (`1 000 000`), rounded; in exponent form
  /// from `wholeLimit` on, `0` when not finite.
  static func groupedWhole(_ v: Double) -> String {
    guard v.isFinite else { return "0" }
    guard v.magnitude < wholeLimit else { return exponentForm(v) }
    return grouped(Int(v.rounded()))
  }

  /// `1.5e+20`: Swift's shortest text for the double that reads back exactly.
  static func exponentForm(_ v: Double) -> String { "\(v)" }

  /// A count with its noun: `1 record`, `1 740 records`.
  static func counted(_ n: Int, _ noun: String) -> String {
    "\(grouped(n)) \(noun)\(n == 1 ? "" : "s")"
  }

  /// `2nd`, `4th`, `32nd`, `1 024th`.
  static func ordinal(_ n: Int) -> String {
    let last = Int(n.magnitude % 100)
    let suffix =
      (11...13).contains(last) ? "th" : ["th", "st", "nd", "rd", "th", "th", "th", "th", "th", "th"][last % 10]
    return grouped(n) + suffix
  }

  /// A duration in words: `45 s`, `12 min 05 s`, `3 h 07 min`, `2 d 4 h`.
  static func duration(seconds: Double) -> String {
    guard seconds.isFinite else { return "— s" }
    guard seconds.magnitude < wholeLimit else { return "\(exponentForm(seconds)) s" }
    let total = Int(seconds.rounded())
    let (d, h, m, s) = (total / 86_400, total / 3_600 % 24, total / 60 % 60, total % 60)
    func two(_ v: Int) -> String { v < 10 ? "0\(v)" : "\(v)" }
    if d > 0 { return "\(grouped(d)) d \(h) h" }
    if h > 0 { return "\(h) h \(two(m)) min" }
    if m > 0 { return "\(m) min \(two(s)) s" }
    return "\(fixed(seconds, digits: seconds < 10 ? 1 : 0)) s"
  }

  /// `part / whole` as a percentage with one decimal (`0` when `whole` is 0).
  static func percent(_ part: Double, of whole: Double) -> String {
    whole > 0 ? fixed(part / whole * 100, digits: 1) + "\u{202F}%" : "0\u{202F}%"
  }

  /// A distance for a label: `500 m`, `2 km`, `1.5 km`.
  static func distance(metres: Double) -> String {
    metres < 1000 ? "\(fixed(metres, digits: 0)) m" : "\(fixed(metres / 1000, digits: 1)) km"
  }

  /// An ISO 8601 UTC time without milliseconds: `2024-05-01 07:03:12`.
  static func dateTime(_ time: Int64) -> String {
    let iso = UTCTime.iso8601(time)
    return String(iso.prefix(10)) + " " + String(iso.dropFirst(11).prefix(8))
  }
}
