/// GitHub Actions workflow commands (`::error title=…::message`), escaped as GitHub's
/// runner reads them: in the message `%`, `\r` and `\n`; in a property also `:` and `,`.
package struct GitHubCommand: Sendable, Hashable {
  /// The annotation's level.
  package enum Level: String, Sendable, CaseIterable {
    case error, warning, notice
  }

  /// GitHub shows at most this many annotations of one level per step; the rest are summarised.
  package static let annotationsPerLevel = 10

  package var level: Level
  package var title: String
  package var message: String

  package init(_ level: Level, title: String, message: String) {
    self.level = level
    self.title = title
    self.message = message
  }

  /// The command line, without its newline.
  package var line: String {
    "::\(level.rawValue) title=\(Self.property(title))::\(Self.data(message))"
  }

  /// A message: `%` → `%25`, `\r` → `%0D`, `\n` → `%0A`.
  package static func data(_ text: String) -> String {
    var result = ""
    for character in text.unicodeScalars {
      switch character {
      case "%": result += "%25"
      case "\r": result += "%0D"
      case "\n": result += "%0A"
      default: result.unicodeScalars.append(character)
      }
    }
    return result
  }

  /// A property value: as `data`, and `:` → `%3A`, `,` → `%2C`.
  package static func property(_ text: String) -> String {
    data(text).replacing(":", with: "%3A").replacing(",", with: "%2C")
  }

  /// `commands` with at most `annotationsPerLevel` of each level: past the cap, the first
  /// `annotationsPerLevel - 1` and one line that summarises the rest (`summary` gets
  /// how many it stands for).
  package static func capped(
    _ commands: [GitHubCommand], title: String,
    summary: (Int) -> String
  ) -> [GitHubCommand] {
    var result: [GitHubCommand] = []
    for level in Level.allCases {
      let ofLevel = commands.filter { $0.level == level }
      if ofLevel.count <= annotationsPerLevel {
        result += ofLevel
      } else {
        result += ofLevel.prefix(annotationsPerLevel - 1)
        result.append(GitHubCommand(level, title: title, message: summary(ofLevel.count - annotationsPerLevel + 1)))
      }
    }
    return result
  }
}
