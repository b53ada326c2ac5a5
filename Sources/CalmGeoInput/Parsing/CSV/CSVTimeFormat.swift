/// How the text of a CSV time column is read: detected per value, or as `--time-format`
/// says.
package enum CSVTimeFormat: Sendable, Equatable {
  /// ISO 8601 or a plain Unix number, told apart per value (`CSVTimeParser.dateTime`).
  case auto
  /// ISO 8601 only (`ISO8601Parser`).
  case iso8601
  /// A number since 1970 in this unit (seconds, milliseconds, …).
  case unix(CSVUnit)
  /// A strftime-like pattern.
  case pattern(CSVTimePattern)

  /// The format an option names: `auto`, `iso8601`, `unix` (seconds), `unix_ms`,
  /// `unix_us`, `unix_ns`, or a pattern containing `%`. `nil` for anything else.
  package init?(option: String?) {
    guard let option else {
      self = .auto
      return
    }
    switch option.lowercased() {
    case "", "auto": self = .auto
    case "iso8601", "iso", "iso-8601": self = .iso8601
    case "unix", "unix_s", "epoch", "unix_seconds", "epoch_s": self = .unix(.seconds)
    case "unix_ms", "epoch_ms", "unix_millis": self = .unix(.milliseconds)
    case "unix_us", "epoch_us", "unix_micros": self = .unix(.microseconds)
    case "unix_ns", "epoch_ns", "unix_nanos": self = .unix(.nanoseconds)
    default:
      guard option.contains("%"), let pattern = CSVTimePattern(option) else { return nil }
      self = .pattern(pattern)
    }
  }

  /// Reads `text` in this format.
  @inline(__always)
  package func parse(_ text: UnsafeBufferPointer<UInt8>) -> Int64? {
    switch self {
    case .auto: return CSVTimeParser.dateTime(text)
    case .iso8601: return ISO8601Parser.parse(text)
    case .unix(let unit): return CSVTimeParser.epoch(text, unit: unit)
    case .pattern(let pattern): return pattern.parse(text)
    }
  }

  /// What the format expects, for messages.
  var expectation: String {
    switch self {
    case .auto: return "expected ISO 8601 or Unix seconds/milliseconds"
    case .iso8601: return "expected ISO 8601"
    case .unix(.seconds): return "expected Unix seconds"
    case .unix(.milliseconds): return "expected Unix milliseconds"
    case .unix(.microseconds): return "expected Unix microseconds"
    case .unix: return "expected Unix nanoseconds"
    case .pattern(let pattern): return "expected '\(pattern.text)'"
    }
  }
}
