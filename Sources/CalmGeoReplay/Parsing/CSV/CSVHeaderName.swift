/// A column name from a CSV header, reduced to a lookup key plus what it says about units.
///
/// The key is the name's words, lower-cased and joined by `_`. Words break at anything
/// that is not an ASCII letter or digit and at camel-case humps, so `Lcl Date`,
/// `lcl_date` and `LclDate` all give `lcl_date`, `UTCOfst` gives `utc_ofst` and
/// `heightAboveWgs84EllipsoidM` gives `height_above_wgs84_ellipsoid_m`. Bracketed parts
/// (`[deg]`, `(GT Lat)`, `{m}`) are not part of the key: a unit in them is kept, and a
/// remark such as `(0° = East, counterclockwise)` marks a mathematical angle.
struct CSVHeaderName: Sendable, Equatable {
  /// The name as written in the header (without padding and quotes).
  let original: String
  /// The words of the name outside brackets.
  let words: [String]
  /// The texts found inside brackets, in order.
  let bracketed: [String]
  /// Whether the name says the angle is counted counterclockwise from east
  /// (the smartLoc heading), rather than clockwise from north.
  let counterclockwiseFromEast: Bool

  init(_ original: String) {
    self.original = original
    var words: [String] = []
    var bracketed: [String] = []
    var current: [Character] = []
    var inside: [Character] = []
    var depth = 0
    func flush() {
      if !current.isEmpty { words.append(String(current).lowercased()) }
      current.removeAll()
    }
    var previous: Character? = nil
    let characters = Array(original)
    for (index, character) in characters.enumerated() {
      if character == "[" || character == "(" || character == "{" {
        if depth == 0 { flush() } else { inside.append(character) }
        depth += 1
        previous = nil
        continue
      }
      if depth > 0 {
        if character == "]" || character == ")" || character == "}" {
          depth -= 1
          if depth == 0 {
            bracketed.append(Self.trim(String(inside)))
            inside.removeAll()
          } else {
            inside.append(character)
          }
        } else {
          inside.append(character)
        }
        continue
      }
      guard character.isASCII, character.isLetter || character.isNumber else {
        flush()
        previous = nil
        continue
      }
      if let previous {
        let next = index + 1 < characters.count ? characters[index + 1] : nil
        let hump = (previous.isLowercase && character.isUppercase)
          || (previous.isNumber && character.isLetter)
          || (previous.isUppercase && character.isUppercase && (next?.isLowercase ?? false))
        if hump { flush() }
      }
      current.append(character)
      previous = character
    }
    flush()
    if !inside.isEmpty { bracketed.append(Self.trim(String(inside))) }
    self.words = words
    self.bracketed = bracketed
    let remarks = original.lowercased()
    counterclockwiseFromEast = (remarks.contains("counterclockwise") || remarks.contains("counter-clockwise")
      || remarks.contains("anticlockwise") || remarks.contains("ccw")) && remarks.contains("east")
  }

  /// The lookup key: the words joined by `_`.
  var key: String { words.joined(separator: "_") }

  /// The key with a trailing unit word removed, and that unit's text
  /// (`speed_kmh` → (`speed`, `kmh`); `speed_km_h` → (`speed`, `km/h`)).
  var keyWithoutUnitSuffix: (key: String, unit: String)? {
    guard words.count >= 2 else { return nil }
    if words.count >= 3 {
      let pair = words[words.count - 2] + "/" + words[words.count - 1]
      if CSVUnit.isUnitWord(pair) {
        return (words.dropLast(2).joined(separator: "_"), pair)
      }
    }
    let last = words[words.count - 1]
    if CSVUnit.isUnitWord(last) { return (words.dropLast().joined(separator: "_"), last) }
    return nil
  }

  /// `text` without leading and trailing spaces, tabs and NULs.
  static func trim(_ text: String) -> String {
    let scalars = text.unicodeScalars
    let isPadding: (Unicode.Scalar) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\0" }
    guard let first = scalars.firstIndex(where: { !isPadding($0) }) else { return "" }
    let last = scalars.lastIndex(where: { !isPadding($0) })!
    return String(scalars[first...last])
  }
}
