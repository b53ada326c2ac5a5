/// Text put into a page outside its template, escaped as the template's `{{name}}` escapes it.
enum TemplateText {
  /// `text` with `<`, `>`, `&`, `"` and `'` replaced as Mustache's HTML escaping replaces
  /// them (`&lt;`, `&gt;`, `&amp;`, `&quot;`, `&#39;`); itself when it has none.
  static func escaped(_ text: String) -> String {
    guard text.utf8.contains(where: { $0 == 0x3C || $0 == 0x3E || $0 == 0x26 || $0 == 0x22 || $0 == 0x27 })
    else { return text }
    var result = ""
    for character in text {
      switch character {
      case "<": result += "&lt;"
      case ">": result += "&gt;"
      case "&": result += "&amp;"
      case "\"": result += "&quot;"
      case "'": result += "&#39;"
      default: result.append(character)
      }
    }
    return result
  }
}
