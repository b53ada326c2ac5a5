/// Finds the known name closest to a misspelt one (for "did you mean" hints).
package enum ClosestName {
  /// The candidate with the smallest edit distance (case-insensitive), if it is close
  /// enough to be a plausible typo (at most a third of the longer name).
  package static func find(_ name: String, in candidates: [String]) -> String? {
    let target = Array(name.lowercased())
    var best: (name: String, distance: Int)?
    for candidate in candidates {
      let distance = editDistance(target, Array(candidate.lowercased()))
      if best == nil || distance < best!.distance { best = (candidate, distance) }
    }
    guard let best, best.distance <= max(2, max(name.count, best.name.count) / 3) else { return nil }
    return best.name
  }

  /// Levenshtein distance.
  static func editDistance(_ a: [Character], _ b: [Character]) -> Int {
    if a.isEmpty { return b.count }
    var previous = Array(0...b.count)
    for i in 1...a.count {
      var current = [i] + Array(repeating: 0, count: b.count)
      for j in stride(from: 1, through: b.count, by: 1) {
        current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
      }
      previous = current
    }
    return previous[b.count]
  }
}
