import Foundation

/// A word of a command line as a POSIX shell reads it back: bare when it holds only
/// characters no shell treats specially, else in single quotes.
package enum ShellWord {
  /// `Samples/expected` stays as is; `my golden` becomes `'my golden'`, `it's` `'it'\''s'`.
  package static func quoted(_ word: String) -> String {
    let safe = Set("_-./=:,+@%".unicodeScalars)
    let plain =
      !word.isEmpty
      && word.unicodeScalars.allSatisfy { scalar in
        scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || safe.contains(scalar))
      }
    return plain ? word : "'" + word.replacingOccurrences(of: "'", with: #"'\''"#) + "'"
  }
}
