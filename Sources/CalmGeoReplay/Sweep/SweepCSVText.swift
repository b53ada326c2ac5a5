/// CSV text built as bytes, line by line: the same text as `SweepText.csvLine` of the
/// same fields (quoted only when they must be, numbers as `SweepText.number` writes them),
/// without a `String` per cell and a joined array per line (the summary of a 512-row grid
/// has 150 000 cells).
package struct SweepCSVText {
  private var json = JSONBytes(escapesSlashes: false)
  private var lineStarted = false

  package init() {}

  /// A text field, quoted when it holds a comma, a quote or a line break.
  package mutating func field(_ text: String) {
    separate()
    json.bytes.append(contentsOf: SweepText.csv(text).utf8)
  }

  /// Text fields in order.
  package mutating func fields(_ texts: some Sequence<String>) {
    for text in texts { field(text) }
  }

  /// A number's shortest text that reads back as the same `Double`; empty when not finite.
  package mutating func number(_ value: Double) {
    separate()
    if value.isFinite { json.double(value) }
  }

  /// An integer's decimal digits.
  package mutating func integer(_ value: Int) {
    separate()
    json.int(value)
  }

  /// Ends the line.
  package mutating func endLine() {
    json.bytes.append(0x0A)
    lineStarted = false
  }

  /// The text so far.
  package var text: String { String(decoding: json.bytes, as: UTF8.self) }

  private mutating func separate() {
    if lineStarted { json.bytes.append(0x2C) }
    lineStarted = true
  }
}
