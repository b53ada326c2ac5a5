extension Track {
  /// The track cut into sessions wherever two consecutive fixes are more than `gap`
  /// milliseconds apart (`--split-gap`), each replayed on its own as if the app had
  /// been reinstalled in between. Each session keeps the whole log's read diagnostics.
  public func sessions(splitAt gap: Int64) -> [Track] {
    guard !fixes.isEmpty else { return [self] }
    var result: [Track] = []
    var start = 0
    for index in fixes.indices.dropFirst() where fixes[index].time - fixes[index - 1].time > gap {
      result.append(session(start..<index))
      start = index
    }
    result.append(session(start..<fixes.count))
    return result
  }

  private func session(_ range: Range<Int>) -> Track {
    var first = Array(fixes[range])
    first[0].flags.insert(.segmentStart)
    return Track(
      name: name, format: format, fixes: first, diagnostics: diagnostics, gzipped: gzipped,
      speedPolicy: speedPolicy)
  }
}
