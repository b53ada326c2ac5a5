import CalmGeoSystem

/// Shell-style file name patterns (`*`, `?`, `[…]`), expanded with POSIX `glob`.
public enum PathGlob {
  /// Whether `text` holds a pattern character.
  public static func isPattern(_ text: String) -> Bool {
    text.contains { $0 == "*" || $0 == "?" || $0 == "[" }
  }

  /// `text` with its pattern characters escaped, to be matched literally.
  public static func escaped(_ text: String) -> String {
    var result = ""
    for character in text {
      if "*?[]\\".contains(character) { result.append("\\") }
      result.append(character)
    }
    return result
  }

  /// The files (not folders) matching `pattern`, sorted by their UTF-8 bytes so the
  /// order does not depend on the locale. Wraps `glob`.
  public static func files(matching pattern: String) -> [String] {
    let paths = SystemGlob.paths(matching: pattern).filter { !$0.hasSuffix("/") }
    return paths.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
  }
}
