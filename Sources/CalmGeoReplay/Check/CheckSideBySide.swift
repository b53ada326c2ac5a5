/// Two versions of a JSON record pretty-printed side by side: one key a line, the keys
/// of both aligned (a key only one side has faces a blank), and each line whose value
/// differs marked with `*` in the margin.
///
/// A side that is not JSON is shown as its text; a missing side is blank.
///
/// Credentials (`Redaction.isSecretKey`: an `Authorization` header, a `token`) are never
/// shown: both sides show the redacted value, the line is marked when the real values
/// differ, and a note under the record says so (`Authorization header differs (values
/// not shown)`). The values are compared as read, so a golden record still holding a
/// token in clear differs from a fresh, redacted one.
package enum CheckSideBySide {
  struct Row {
    var left: String?
    var right: String?
    var marked: Bool
    /// The key of a credential whose values differ on this line.
    var hiddenKey: String? = nil
  }

  /// The lines, each starting with `margin` (its last two characters become `* ` on a
  /// marked line); the left column is cut at `width` characters with `…`.
  package static func render(
    stored: String?, fresh: String?, titles: (String, String), margin: String = "    ",
    width: Int = 60
  ) -> String {
    let body = self.body(stored: stored, fresh: fresh)
    let hidden = hiddenKeys(body)
    let all = [Row(left: titles.0, right: titles.1, marked: false)] + body
    let column = min(width, all.map { $0.left?.count ?? 0 }.max() ?? 0)
    let markedMargin = String(margin.dropLast(min(2, margin.count))) + "* "
    var text = ""
    for row in all {
      var left = row.left ?? ""
      if left.count > column { left = String(left.prefix(column - 1)) + "…" }
      left += String(repeating: " ", count: column - left.count)
      var line = (row.marked ? markedMargin : margin) + left + " │ " + (row.right ?? "")
      while line.last == " " { line.removeLast() }
      text += line + "\n"
    }
    for key in hidden { text += margin + note(key) + "\n" }
    return text
  }

  /// The notes `render` writes under a record whose credentials differ, e.g.
  /// `Authorization header differs (values not shown)`; empty when none differ.
  package static func notes(stored: String?, fresh: String?) -> [String] {
    hiddenKeys(body(stored: stored, fresh: fresh)).map(note)
  }

  /// The rows of two records, without titles.
  private static func body(stored: String?, fresh: String?) -> [Row] {
    switch (stored.map(parse), fresh.map(parse)) {
    case (.json(let x)?, .json(let y)?): return rows(x, y, prefix: "", indent: 0, commas: (false, false))
    case (.json(let x)?, nil): return rows(x, nil, prefix: "", indent: 0, commas: (false, false))
    case (nil, .json(let y)?): return rows(nil, y, prefix: "", indent: 0, commas: (false, false))
    default:
      // Text that is not JSON may still hold a credential (a truncated request line).
      let (left, right) = (stored.map(Redaction.jsonLikeText), fresh.map(Redaction.jsonLikeText))
      let hidden = stored != fresh && left == right
      return [Row(left: left, right: right, marked: stored != fresh, hiddenKey: hidden ? "a credential" : nil)]
    }
  }

  /// The credential keys whose values differ, each once, in order.
  private static func hiddenKeys(_ body: [Row]) -> [String] {
    body.compactMap(\.hiddenKey).reduce(into: [String]()) { if !$0.contains($1) { $0.append($1) } }
  }

  /// A record as it may be shown on one line: JSON compact with every credential and a
  /// url's user info redacted (`Redaction.json`), other text as `Redaction.jsonLikeText` leaves it.
  package static func redacted(_ record: String) -> String {
    if case .json(let node) = parse(record) { return Redaction.json(node).rendered }
    return Redaction.jsonLikeText(record)
  }

  /// `Authorization header differs (values not shown)`, or `'token' differs (…)`.
  static func note(_ key: String) -> String {
    let subject = Redaction.isCredentialHeader(key) ? "\(key) header" : Redaction.isSecretKey(key) ? "'\(key)'" : key
    return subject + " differs (values not shown)"
  }

  private enum Side {
    case json(SpecNode)
    case text(String)
  }

  private static func parse(_ text: String) -> Side {
    (try? SpecJSONReader.read(text, source: "")).map(Side.json) ?? .text(text)
  }

  /// The aligned rows of two values at one key (`prefix` is `"key": ` or empty);
  /// `secret` names the credential key the values are under, if any.
  private static func rows(
    _ a: SpecNode?, _ b: SpecNode?, prefix: String, indent: Int,
    commas: (Bool, Bool), secret: String? = nil
  ) -> [Row] {
    let pad = String(repeating: " ", count: indent)
    let (commaA, commaB) = (commas.0 ? "," : "", commas.1 ? "," : "")
    let (x, y) = (container(a), container(b))
    switch (x, y) {
    case (nil, nil):
      let show = { (node: SpecNode) in secret == nil ? Redaction.json(node).rendered : shown(node) }
      let (left, right) = (a.map(show), b.map(show))
      // A url whose user info alone differs looks the same once redacted.
      let hidden = a != b && (secret != nil || left == right) ? secret ?? "a url's user info" : nil
      return [
        Row(
          left: left.map { pad + prefix + $0 + commaA }, right: right.map { pad + prefix + $0 + commaB },
          marked: a != b, hiddenKey: hidden)
      ]
    case (let x?, let y?) where x.open == y.open: break
    case (_?, nil) where b == nil: break
    case (nil, _?) where a == nil: break
    default:
      // Different kinds (an object against a number): each side on its own, all marked.
      let left = rows(a, nil, prefix: prefix, indent: indent, commas: commas, secret: secret).compactMap(\.left)
      let right = rows(nil, b, prefix: prefix, indent: indent, commas: commas, secret: secret).compactMap(\.right)
      return (0..<max(left.count, right.count)).map {
        Row(
          left: $0 < left.count ? left[$0] : nil, right: $0 < right.count ? right[$0] : nil, marked: true,
          hiddenKey: $0 == 0 ? secret : nil)
      }
    }
    let open = (x ?? y)!.open
    let close = open == "{" ? "}" : "]"
    let keysA = x?.children.map(\.key) ?? []
    let keysB = y?.children.map(\.key) ?? []
    let childrenA = Dictionary(x?.children.map { ($0.key, $0.value) } ?? [], uniquingKeysWith: { first, _ in first })
    let childrenB = Dictionary(y?.children.map { ($0.key, $0.value) } ?? [], uniquingKeysWith: { first, _ in first })
    var rows = [Row(left: a.map { _ in pad + prefix + open }, right: b.map { _ in pad + prefix + open }, marked: false)]
    for key in keysA + keysB.filter({ !keysA.contains($0) }) {
      let (childA, childB) = (childrenA[key], childrenB[key])
      let label = open == "{" ? JSONText.string(key) + ": " : ""
      let secretKey = secret ?? (open == "{" && Redaction.isSecretKey(key) ? key : nil)
      rows += self.rows(
        childA, childB, prefix: label, indent: indent + 2,
        commas: (childA != nil && key != keysA.last, childB != nil && key != keysB.last),
        secret: secretKey)
    }
    rows.append(
      Row(left: a.map { _ in pad + close + commaA }, right: b.map { _ in pad + close + commaB }, marked: false))
    return rows
  }

  /// A credential's value as it may be shown: a string redacted, anything else the marker.
  private static func shown(_ node: SpecNode) -> String {
    if case .null = node.kind { return "null" }
    return JSONText.string(node.string.map(Redaction.secret) ?? Redaction.marker)
  }

  /// An object's or array's children with their keys (indices for arrays).
  private static func container(_ node: SpecNode?) -> (open: String, children: [(key: String, value: SpecNode)])? {
    switch node?.kind {
    case .object(let fields)?: ("{", fields.map { ($0.key, $0.value) })
    case .array(let items)?: ("[", items.enumerated().map { (String($0.offset), $0.element) })
    default: nil
    }
  }
}

/// JSON string literals for display.
enum JSONText {
  static func string(_ text: String) -> String {
    var json = JSONBytes(escapesSlashes: false)
    json.string(text)
    return String(decoding: json.bytes, as: UTF8.self)
  }
}
