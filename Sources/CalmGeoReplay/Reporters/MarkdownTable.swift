/// A Markdown table built row by row within a byte budget: a row that would take the
/// table past it is left out, and `finish` ends the table with one row saying how many.
struct MarkdownTable {
  private(set) var text: String
  private let columns: Int
  private var left = 0

  init(_ header: [String]) {
    columns = header.count
    text = Self.row(header) + "|" + String(repeating: " --- |", count: header.count) + "\n"
  }

  /// Adds `cells` (escaped here) when the table stays within `budget` bytes.
  mutating func add(_ cells: [String], budget: Int) {
    let line = Self.row(cells)
    if left == 0 && text.utf8.count + line.utf8.count <= budget {
      text += line
    } else {
      left += 1
    }
  }

  /// The table, with a last row naming the rows left out.
  func finish(noun: String) -> String {
    guard left > 0 else { return text }
    return text + Self.row(["…", "\(left) more \(noun) not shown"] + Array(repeating: "", count: max(0, columns - 2)))
  }

  private static func row(_ cells: [String]) -> String {
    "| " + cells.map(MarkdownText.cell).joined(separator: " | ") + " |\n"
  }
}

/// Text as Markdown shows it literally.
enum MarkdownText {
  /// A table cell: Markdown's punctuation and `|` escaped with `\`, `<`, `>` and `&` as
  /// entities (GitHub renders HTML), line ends as spaces.
  static func cell(_ text: String) -> String {
    var result = ""
    for character in text {
      switch character {
      case "\\", "|", "*", "_", "`", "[", "]", "#", "~": result += "\\\(character)"
      case "<": result += "&lt;"
      case ">": result += "&gt;"
      case "&": result += "&amp;"
      case "\n", "\r", "\r\n": result += " "
      default: result.append(character)
      }
    }
    return result
  }
}
