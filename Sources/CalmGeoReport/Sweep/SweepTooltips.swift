import CalmGeoReplay

/// The JSON the page's script shows when a configuration is hovered:
/// `{"<index>": {"h": heading, "r": [[name, value], …]}, …}` with the varied values,
/// the means of `paths`, whether the constraints are met and the number of tracks.
///
/// Safe inside `<script>`: `/` and `<` are escaped.
enum SweepTooltips {
  static func json(_ facts: SweepFacts, paths: [String]) -> String {
    let total = facts.manifest.grid.count
    let tracks = facts.manifest.tracks.count - facts.manifest.failedTracks.count
    var json = JSONBytes()
    json.raw("{")
    for (offset, configuration) in facts.configurations.enumerated() {
      let index = configuration.index
      if offset > 0 { json.raw(",") }
      json.string(String(index))
      json.raw(":{")
      json.key("h")
      var heading = "Configuration \(index)"
      if let rank = facts.rank(index) { heading += " · rank \(rank) of \(total)" }
      if index == facts.winner?.configIndex { heading += " · recommended" }
      json.string(heading)
      json.raw(",")
      json.key("r")
      var rows = zip(facts.manifest.grid.variables, facts.values(index)).map { ($0.path, $1) }
      rows += paths.map { ($0, NumberText.significant(facts.mean(configuration, $0), digits: 5)) }
      rows.append(("Pareto front", facts.front.contains(index) ? "on it" : "dominated"))
      rows.append(("constraints", constraints(facts, index, tracks: tracks)))
      rows.append(("tracks", String(configuration.tracks)))
      json.raw("[")
      for (number, (name, value)) in rows.enumerated() {
        json.raw(number > 0 ? ",[" : "[")
        json.string(name)
        json.raw(",")
        json.string(value)
        json.raw("]")
      }
      json.raw("]}")
    }
    json.raw("}")
    return String(decoding: json.bytes.replacingLessThan(), as: UTF8.self)
  }

  /// `met` or `not met: stops.missed == 0 (2 of 3 tracks)`.
  private static func constraints(_ facts: SweepFacts, _ index: Int, tracks: Int) -> String {
    guard let candidate = facts.candidate(index), !candidate.meetsConstraints else {
      return facts.manifest.constraints.isEmpty ? "none" : "met on every track"
    }
    guard !candidate.violations.isEmpty else { return "not met: an objective has no value" }
    return "not met: "
      + candidate.violations.map {
        "\(facts.manifest.constraints[$0.constraint]) (\($0.failedRows) of \(tracks) tracks)"
      }.joined(separator: "; ")
  }
}

extension [UInt8] {
  /// Every `<` as the JSON escape `\u003c`, so that no `</script` or `<!--` can end a script early
  /// (byte by byte: in UTF-8 the byte 0x3C is always the character).
  fileprivate func replacingLessThan() -> [UInt8] {
    var result: [UInt8] = []
    result.reserveCapacity(count + count / 64)
    for byte in self {
      if byte == 0x3C { result.append(contentsOf: #"\u003c"#.utf8) } else { result.append(byte) }
    }
    return result
  }
}
