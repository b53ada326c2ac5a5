/// Text as XML 1.0 may carry it: markup characters escaped, and every character XML 1.0
/// forbids (controls other than tab, line feed and carriage return; U+FFFE, U+FFFF)
/// replaced by U+FFFD, so that a stored record holding a stray control byte cannot make
/// the report unreadable.
enum XMLText {
  /// Character data (an element's text).
  static func text(_ text: String) -> String { escape(text, attribute: false) }

  /// An attribute's value (between double quotes): line ends and tabs kept as references.
  static func attribute(_ text: String) -> String { escape(text, attribute: true) }

  private static func escape(_ text: String, attribute: Bool) -> String {
    var result = ""
    result.reserveCapacity(text.utf8.count)
    for scalar in text.unicodeScalars {
      switch scalar {
      case "&": result += "&amp;"
      case "<": result += "&lt;"
      case ">": result += "&gt;"
      case "\"" where attribute: result += "&quot;"
      case "\n" where attribute: result += "&#10;"
      case "\r": result += "&#13;"
      case "\t" where attribute: result += "&#9;"
      default:
        result.unicodeScalars.append(isAllowed(scalar) ? scalar : "\u{FFFD}")
      }
    }
    return result
  }

  /// Whether XML 1.0's `Char` production admits `scalar`.
  static func isAllowed(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x9, 0xA, 0xD: true
    case 0x20...0xD7FF, 0xE000...0xFFFD, 0x10000...0x10FFFF: true
    default: false
    }
  }
}
