/// A stats number a sweep wants small or large, addressed by its dotted path
/// (`energy.percentPerHour`), compared on per-configuration means across tracks.
package struct SweepObjective: Sendable, Hashable, CustomStringConvertible {
  /// Whether smaller or larger is better.
  package enum Direction: String, Sendable, Hashable {
    case min, max
  }

  package var direction: Direction
  /// A dotted path into `stats.json`, e.g. `uploads.requests`.
  package var path: String

  package init(_ direction: Direction, _ path: String) {
    self.direction = direction
    self.path = path
  }

  /// Parses `min energy.percentPerHour` or `max engine.keptRatio` (also `minimise`,
  /// `minimize`, `maximise`, `maximize`); `nil` when the text is neither.
  package init?(_ text: String) {
    let words = text.split(whereSeparator: \.isWhitespace)
    guard words.count == 2, let direction = Self.direction(String(words[0])), Self.isPath(String(words[1])) else {
      return nil
    }
    self.init(direction, String(words[1]))
  }

  /// The direction a word names (`min`, `minimise`, `minimize`, and the `max` forms).
  package static func direction(_ word: String) -> Direction? {
    switch word.lowercased() {
    case "min", "minimise", "minimize": .min
    case "max", "maximise", "maximize": .max
    default: nil
    }
  }

  /// Whether `text` looks like a dotted stats path (letters, digits, `_`, `.`, `[`, `]`).
  static func isPath(_ text: String) -> Bool {
    !text.isEmpty && text.first != "." && text.last != "."
      && text.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "_.[]".contains($0)) }
  }

  /// `min energy.percentPerHour`
  package var description: String { "\(direction.rawValue) \(path)" }

  /// The value turned so that smaller is always better.
  package func oriented(_ value: Double) -> Double { direction == .min ? value : -value }
}
