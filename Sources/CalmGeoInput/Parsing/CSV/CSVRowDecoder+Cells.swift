// What a CSV cell's text means beyond its number (hemisphere words, compass courses,
// placeholders, no-fix words), and the messages about a cell.
extension CSVRowDecoder {
  /// +1 or -1 for a hemisphere field (`N`, `S`, `north`, …); `nil` for anything else.
  static func hemisphereSign(_ text: UnsafeBufferPointer<UInt8>, positive: UInt8, negative: UInt8) -> Int? {
    let lowered = String(decoding: text, as: UTF8.self).lowercased()
    let words: [UInt8: String] = [0x6E: "north", 0x73: "south", 0x65: "east", 0x77: "west"]
    if lowered == String(UnicodeScalar(positive)) || lowered == words[positive] { return 1 }
    if lowered == String(UnicodeScalar(negative)) || lowered == words[negative] { return -1 }
    return nil
  }

  /// A course in degrees turned into [0, 360) clockwise from north.
  @inline(__always)
  static func compassCourse(_ degrees: Double, counterclockwiseFromEast: Bool) -> Double {
    var course = counterclockwiseFromEast ? 90 - degrees : degrees
    if course >= 0 && course < 360 { return course }
    course = course.truncatingRemainder(dividingBy: 360)
    if course < 0 { course += 360 }
    return course
  }

  private static let placeholders: Set<String> = [
    "-", "--", "---", "?", "*", "na", "n/a", "nan", "-nan", "null", "nil", "none", "unknown",
  ]

  /// Whether the text is a placeholder for "no value".
  static func isPlaceholder(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
    guard text.count <= 8 else { return false }
    return placeholders.contains(String(decoding: text, as: UTF8.self).lowercased())
  }

  private static let noFixWords: Set<String> = [
    "no fix", "nofix", "no_fix", "invalid", "void", "v", "0", "false", "none",
  ]

  /// Whether a validity field says the row has no fix.
  static func saysNoFix(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
    guard text.count <= 8 else { return false }
    return noFixWords.contains(String(decoding: text, as: UTF8.self).lowercased())
  }

  // MARK: Problems

  /// The text of a value in a message: quoted, control bytes shown as `?`, at most 40
  /// characters.
  static func quote(_ text: UnsafeBufferPointer<UInt8>) -> String {
    var string = String(decoding: text.map { $0 < 0x20 || $0 == 0x7F ? 0x3F : $0 }, as: UTF8.self)
    if string.count > 40 { string = String(string.prefix(39)) + "…" }
    return "'\(string)'"
  }

  func notANumber(_ column: CSVColumnMap.Column, _ text: UnsafeBufferPointer<UInt8>) -> Problem {
    Problem(
      problem: column.field.problem, reason: "\(column.field.label) \(Self.quote(text)) is not a number",
      field: column.index)
  }

  func outOfRange(_ column: CSVColumnMap.Column, _ text: UnsafeBufferPointer<UInt8>) -> Problem {
    Problem(
      problem: column.field.problem, reason: "\(column.field.label) \(Self.quote(text)) is out of range",
      field: column.index)
  }

  func missing(_ column: CSVColumnMap.Column, _ tokenizer: borrowing CSVTokenizer) -> Problem {
    if column.index < tokenizer.count {
      return Problem(
        problem: .missingField, reason: "\(column.field.label) is empty (column '\(name(column.index))')",
        field: column.index)
    }
    return Problem(
      problem: .missingField,
      reason: "\(column.field.label) is missing: the row has \(tokenizer.count) "
        + "field\(tokenizer.count == 1 ? "" : "s") and '\(name(column.index))' is field \(column.index + 1)",
      field: nil)
  }
}
