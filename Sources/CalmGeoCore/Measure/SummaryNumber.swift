/// A number as the summary lines and tables print it: rounded to `decimals` places, without
/// a trailing ".0" (12.5, 3, 0.25).
package enum SummaryNumber {
  package static func text(_ value: Double, _ decimals: Int) -> String {
    var scale = 1.0
    for _ in 0..<decimals { scale *= 10 }
    let rounded = (value * scale).rounded() / scale
    if decimals == 0 { return String(Int(rounded)) }
    var text = String(rounded)
    if text.hasSuffix(".0") { text.removeLast(2) }
    return text
  }
}
