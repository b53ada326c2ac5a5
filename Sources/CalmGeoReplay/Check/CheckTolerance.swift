/// How far a floating-point field of `stats.json` may move before a check calls it
/// changed: a relative tolerance per dotted-path glob, with a default.
///
/// Two values a and b are equal when |a − b| ≤ t · max(|a|, |b|). Counts, strings and
/// flags are always compared exactly. In a pattern `*` matches any run of characters,
/// dots included (`fidelity.*` covers `fidelity.sed.p95`), and `?` one character; when
/// several patterns match a path, the one with the most literal characters wins (the
/// first written on a tie).
package struct CheckTolerance: Sendable, Hashable {
  /// The tolerance when no pattern matches (1e-9 unless the manifest says otherwise).
  package var defaultValue: Double
  /// Patterns and their tolerances, in the order written.
  package var patterns: [Pattern]

  /// One `"glob": tolerance` entry.
  package struct Pattern: Sendable, Hashable {
    package var glob: String
    package var value: Double

    package init(_ glob: String, _ value: Double) {
      self.glob = glob
      self.value = value
    }
  }

  /// The tolerances of the project's own golden folder (`Samples/expected/check.json`),
  /// which `check --init` writes: counts exact, 1e-9 by default, 1e-6 for the
  /// floating-point metrics (`fidelity.*`, `stops.*`) whose last digits move with the
  /// platform's floating-point library.
  package static let projectGolden = CheckTolerance(
    defaultValue: 1e-9, patterns: [Pattern("fidelity.*", 1e-6), Pattern("stops.*", 1e-6)])

  /// `default 1e-09, fidelity.* 1e-06, stops.* 1e-06`, as the manifest writes the numbers.
  package var summary: String {
    ([("default", defaultValue)] + patterns.map { ($0.glob, $0.value) })
      .map { "\($0.0) \(SweepText.number($0.1))" }.joined(separator: ", ")
  }

  package init(defaultValue: Double = 1e-9, patterns: [Pattern] = []) {
    self.defaultValue = defaultValue
    self.patterns = patterns
  }

  /// The tolerance that applies to `path`.
  package func value(for path: String) -> Double {
    var best: Pattern?
    var bestLiterals = -1
    for pattern in patterns where Self.matches(pattern.glob, path) {
      let literals = pattern.glob.filter { $0 != "*" && $0 != "?" }.count
      if literals > bestLiterals {
        best = pattern
        bestLiterals = literals
      }
    }
    return best?.value ?? defaultValue
  }

  /// Whether a row's two values count as equal: identical, or both finite numbers of a
  /// floating-point field within the path's tolerance.
  package func accepts(_ row: StatsComparison.Row) -> Bool {
    guard row.changed else { return true }
    guard row.isFloatingPoint, let old = row.old.flatMap(Double.init), let new = row.new.flatMap(Double.init),
      old.isFinite, new.isFinite
    else { return false }
    return abs(new - old) <= value(for: row.path) * max(abs(old), abs(new))
  }

  /// Whether `glob` matches the whole of `text` (`*` any run, `?` one character).
  package static func matches(_ glob: String, _ text: String) -> Bool {
    let pattern = Array(glob)
    let characters = Array(text)
    // Greedy matching with backtracking to the last `*`: linear for one star.
    var p = 0
    var t = 0
    var star: (p: Int, t: Int)?
    while t < characters.count {
      if p < pattern.count, pattern[p] == "?" || pattern[p] == characters[t] {
        p += 1
        t += 1
      } else if p < pattern.count, pattern[p] == "*" {
        star = (p, t)
        p += 1
      } else if let last = star {
        p = last.p + 1
        t = last.t + 1
        star = (last.p, last.t + 1)
      } else {
        return false
      }
    }
    while p < pattern.count, pattern[p] == "*" { p += 1 }
    return p == pattern.count
  }
}

extension CheckTolerance {
  /// Whether `text` can be a path glob (letters, digits, `_`, `.`, `[`, `]`, `*`, `?`).
  static func isPattern(_ text: String) -> Bool {
    !text.isEmpty && text.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "_.[]*?".contains($0)) }
  }
}
