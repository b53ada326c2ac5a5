/// The delimiter of a CSV file and what follows from it, detected from the header row.
package struct CSVDialect: Sendable, Equatable {
  /// `,`, `;` or tab.
  package var delimiter: UInt8

  static let comma = CSVDialect(delimiter: 0x2C)
  static let semicolon = CSVDialect(delimiter: 0x3B)
  static let tab = CSVDialect(delimiter: 0x09)

  /// Whether `,` may stand for the decimal point: only when it is not the delimiter
  /// (semicolon- and tab-separated exports from European locales write `52,5`).
  var decimalComma: Bool { delimiter != 0x2C }

  /// The delimiter that occurs most often outside quotes in `header`; on a tie, or when
  /// none occurs, the first of `,` `;` tab.
  ///
  /// A header names columns, so unlike a data row it has no decimal commas to mislead
  /// the count; the smartLoc header `…(0° = East, counterclockwise)…;…` has 33
  /// semicolons and one comma.
  package static func detect(header: UnsafeBufferPointer<UInt8>) -> CSVDialect {
    var commas = 0
    var semicolons = 0
    var tabs = 0
    var quoted = false
    for byte in header {
      switch byte {
      case 0x22: quoted.toggle()
      case 0x2C where !quoted: commas += 1
      case 0x3B where !quoted: semicolons += 1
      case 0x09 where !quoted: tabs += 1
      default: break
      }
    }
    if semicolons > commas && semicolons >= tabs { return .semicolon }
    if tabs > commas && tabs > semicolons { return .tab }
    return .comma
  }
}
