/// A column name from a CSV header, reduced to a lookup key plus what it says about units.
///
/// The key is the name's words, lower-cased and joined by `_`. Words break at anything
/// that is not an ASCII letter or digit and at camel-case humps, so `Lcl Date`,
/// `lcl_date` and `LclDate` all give `lcl_date`, `UTCOfst` gives `utc_ofst` and
/// `heightAboveWgs84EllipsoidM` gives `height_above_wgs84_ellipsoid_m`. Bracketed parts
/// (`[deg]`, `(GT Lat)`, `{m}`) are not part of the key: a unit in them is kept, and a
/// remark such as `(0° = East, counterclockwise)` marks a mathematical angle.
package struct CSVHeaderName: Sendable, Equatable {
  /// The name as written in the header (without padding and quotes).
  let original: String
  /// The words of the name outside brackets.
  package let words: [String]
  /// The texts found inside brackets, in order.
  package let bracketed: [String]
  /// The lookup key: the words joined by `_`.
  package let key: String
  /// Whether the name says the angle is counted counterclockwise from east
  /// (the smartLoc heading), rather than clockwise from north: `counterclockwise`,
  /// `counter-clockwise`, `anticlockwise` or `ccw`, and `east`, in ASCII letters of any case.
  package let counterclockwiseFromEast: Bool

  package init(_ original: String) {
    self.original = original
    var utf8 = original  // withUTF8 may make the copy contiguous; the name stays as given
    let (words, bracketed, remarks) = utf8.withUTF8 { bytes in
      if bytes.allSatisfy({ $0 < 0x80 }) {
        // The usual header: its bytes are its characters.
        let (words, bracketed) = Self.scan(bytes) {
          String(decoding: UnsafeBufferPointer(rebasing: bytes[$0]), as: UTF8.self)
        }
        return (words, bracketed, Self.namesCounterclockwiseFromEast(bytes))
      }
      // Characters, not bytes, so that an ASCII letter with a combining mark is one
      // character that is not a letter; every non-ASCII character reads as a separator.
      let characters = Array(original)
      let units = characters.map { character in
        if character.isASCII { return character.asciiValue ?? Self.other }
        return character.isLowercase ? Self.otherLowercase : Self.other
      }
      let (words, bracketed) = units.withUnsafeBufferPointer { Self.scan($0) { String(characters[$0]) } }
      return (words, bracketed, Self.namesCounterclockwiseFromEast(bytes))
    }
    self.words = words
    self.bracketed = bracketed
    key = words.joined(separator: "_")
    counterclockwiseFromEast = remarks
  }

  /// Stand for a character that is not ASCII: a lower-case one (which still ends a
  /// run of capitals before it, as in `GPSé`), and any other.
  private static let otherLowercase: UInt8 = 0x81
  private static let other: UInt8 = 0x80

  /// Splits a name, one ASCII code (or `other`) per character, into its words outside
  /// brackets and the texts inside them; `text` gives the name's text for a range of characters.
  private static func scan(
    _ units: UnsafeBufferPointer<UInt8>, text: (Range<Int>) -> String
  ) -> (words: [String], bracketed: [String]) {
    var words: [String] = []
    var bracketed: [String] = []
    var word: [UInt8] = []
    var depth = 0
    var insideStart = 0
    func flush() {
      if !word.isEmpty { words.append(String(decoding: word, as: UTF8.self)) }
      word.removeAll(keepingCapacity: true)
    }
    var previous: UInt8? = nil
    for (index, unit) in units.enumerated() {
      if unit == UInt8(ascii: "[") || unit == UInt8(ascii: "(") || unit == UInt8(ascii: "{") {
        if depth == 0 {
          flush()
          insideStart = index + 1
        }
        depth += 1
        previous = nil
        continue
      }
      if depth > 0 {
        if unit == UInt8(ascii: "]") || unit == UInt8(ascii: ")") || unit == UInt8(ascii: "}") {
          depth -= 1
          if depth == 0 { bracketed.append(trim(text(insideStart..<index))) }
        }
        continue
      }
      guard isLetter(unit) || isDigit(unit) else {
        flush()
        previous = nil
        continue
      }
      if let previous {
        let next = index + 1 < units.count ? units[index + 1] : other
        let hump =
          (isLower(previous) && isUpper(unit))
          || (isDigit(previous) && isLetter(unit))
          || (isUpper(previous) && isUpper(unit) && isLower(next))
        if hump { flush() }
      }
      word.append(lowercased(unit))
      previous = unit
    }
    flush()
    if depth > 0, insideStart < units.count { bracketed.append(trim(text(insideStart..<units.count))) }
    return (words, bracketed)
  }

  private static func isUpper(_ unit: UInt8) -> Bool { unit >= UInt8(ascii: "A") && unit <= UInt8(ascii: "Z") }
  /// A lower-case letter, ASCII or not (only ASCII ones are ever part of a word).
  private static func isLower(_ unit: UInt8) -> Bool {
    (unit >= UInt8(ascii: "a") && unit <= UInt8(ascii: "z")) || unit == otherLowercase
  }
  private static func isLetter(_ unit: UInt8) -> Bool {
    isUpper(unit) || (unit >= UInt8(ascii: "a") && unit <= UInt8(ascii: "z"))
  }
  private static func isDigit(_ unit: UInt8) -> Bool { unit >= UInt8(ascii: "0") && unit <= UInt8(ascii: "9") }
  private static func lowercased(_ unit: UInt8) -> UInt8 { isUpper(unit) ? unit + 32 : unit }

  /// Whether a name says counterclockwise and east, in ASCII letters of any case.
  private static func namesCounterclockwiseFromEast(_ name: UnsafeBufferPointer<UInt8>) -> Bool {
    func has(_ word: StaticString) -> Bool {
      let needle = UnsafeBufferPointer(start: word.utf8Start, count: word.utf8CodeUnitCount)
      guard needle.count <= name.count else { return false }
      return (0...(name.count - needle.count)).contains { start in
        needle.indices.allSatisfy { lowercased(name[start + $0]) == needle[$0] }
      }
    }
    return (has("counterclockwise") || has("counter-clockwise") || has("anticlockwise") || has("ccw")) && has("east")
  }

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
  package static func trim(_ text: String) -> String {
    let bytes = text.utf8
    let isPadding: (UInt8) -> Bool = { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") || $0 == 0 }
    guard let first = bytes.firstIndex(where: { !isPadding($0) }) else { return "" }
    let last = bytes.lastIndex(where: { !isPadding($0) })!
    if first == bytes.startIndex && last == bytes.index(before: bytes.endIndex) { return text }
    // Padding is ASCII, so the bytes between are whole scalars.
    return String(decoding: bytes[first...last], as: UTF8.self)
  }
}
