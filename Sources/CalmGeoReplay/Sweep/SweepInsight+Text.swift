extension SweepInsight {
  /// The findings as sentences, in the order `recommended.why.txt` gives them.
  package func notes(_ manifest: SweepManifest) -> [String] {
    var notes: [String] = []
    if !ties.isEmpty, let winner = winner {
      let listed = ties.prefix(12).map(String.init).joined(separator: ", ") + (ties.count > 12 ? ", …" : "")
      let winning = manifest.grid.values(at: winner)
      let differing = manifest.grid.variables.indices.filter { position in
        ties.contains { manifest.grid.values(at: $0)[position] != winning[position] }
      }.map { manifest.grid.variables[$0].path }
      notes.append(
        "Tie: \(ties.count) other \(ties.count == 1 ? "configuration" : "configurations") (\(listed)) "
          + "\(ties.count == 1 ? "has" : "have") the same objective means and \(ties.count == 1 ? "meets" : "meet") "
          + "the constraints too; the lower index won. "
          + (differing.isEmpty ? "" : "They differ from it in \(Self.list(differing)); ")
          + "any of them is as good on this evidence.")
    }
    if !inertKeys.isEmpty {
      notes.append(
        "Changed nothing: \(Self.list(inertKeys)) (every result number of every track is the same "
          + "whatever \(inertKeys.count == 1 ? "its value" : "their values")); the recommended value is only the "
          + "first tried.")
    }
    if !inertForRanking.isEmpty {
      notes.append(
        "Changed no objective or constraint: \(Self.list(inertForRanking)) (other numbers moved, "
          + "the ranking "
          + "could not).")
    }
    for edge in edges {
      notes.append(
        "Edge of the grid: \(edge.path)=\(edge.value) is the \(edge.isHighest ? "highest" : "lowest") value "
          + "tried; extend the grid \(edge.isHighest ? "above" : "below") \(edge.value) to see whether "
          + "\(edge.isHighest ? "higher" : "lower") is better still.")
    }
    if dominating > 0 {
      let why = exclusions.map { exclusion in
        "\(manifest.constraints[exclusion.constraint]) (\(exclusion.configurations) of them, most often on "
          + "\(Self.track(exclusion.track, manifest)))"
      }
      notes.append(
        "Binding: \(dominating) \(dominating == 1 ? "configuration is" : "configurations are") better on "
          + "every objective but ruled out by " + (why.isEmpty ? "missing values" : why.joined(separator: "; ")) + ".")
    } else if !manifest.constraints.isEmpty && !manifest.objectives.isEmpty {
      notes.append("Binding: none. No configuration is better on every objective, so the constraints did not decide.")
    }
    for margin in margins {
      let constraint = manifest.constraints[margin.constraint]
      let spare =
        margin.slack < 0
        ? "not met"
        : margin.slack == 0 ? "no slack" : "\(Self.number(margin.slack)) to spare"
      notes.append(
        "Tightest: \(constraint) on \(Self.track(margin.track, manifest)), at \(Self.number(margin.value)) "
          + "(\(spare)).")
    }
    return notes
  }

  /// The recommended configuration track by track: a header row, then one row per track
  /// (objective values, then constraint values marked `ok` or `NOT MET`).
  package func trackTable(_ manifest: SweepManifest) -> [[String]] {
    guard !perTrack.isEmpty else { return [] }
    let header = ["track"] + manifest.objectives.map(\.description) + manifest.constraints.map(\.description)
    return [header]
      + perTrack.map { row in
        [Self.track(row.track, manifest)] + row.objectives.map(Self.number)
          + zip(manifest.constraints, row.constraints).map { constraint, value in
            Self.number(value) + (constraint.isMet(by: value) ? " ok" : " NOT MET")
          }
      }
  }

  /// The text `recommended.why.txt` ends with (empty when there is nothing to say).
  package func text(_ manifest: SweepManifest) -> String {
    var text = ""
    let notes = notes(manifest)
    if !notes.isEmpty { text += "\nWhat the recommendation rests on:\n" + notes.map { "  - \($0)\n" }.joined() }
    let table = trackTable(manifest)
    if table.count > 1 {
      text += "\nThe recommended configuration, track by track:\n"
      let widths = table[0].indices.map { column in table.map { $0[column].count }.max() ?? 0 }
      for row in table {
        let cells = row.enumerated().map { $1 + String(repeating: " ", count: widths[$0] - $1.count) }
        text += "  " + String(cells.joined(separator: "  ").reversed().drop { $0 == " " }.reversed()) + "\n"
      }
    }
    return text
  }

  static func label(_ index: Int, _ manifest: SweepManifest) -> String {
    let label = manifest.grid.label(at: index)
    return label.isEmpty ? "the base config" : label
  }

  static func track(_ index: Int, _ manifest: SweepManifest) -> String {
    index < manifest.tracks.count ? manifest.tracks[index].name : "track \(index)"
  }

  static func list(_ keys: [String]) -> String { keys.joined(separator: ", ") }

  /// At most six decimals; `missing` for NaN.
  static func number(_ value: Double) -> String {
    value.isNaN ? "missing" : SweepText.number((value * 1e6).rounded() / 1e6)
  }
}
