import CalmGeoReplay

/// The Pareto set as a table, best ranked first: each configuration's varied values and
/// objective means, each objective's best value on the front in bold, the recommended
/// configuration's row highlighted.
struct ParetoTable {
  struct Header {
    let text: String
    let title: String
    let cls: String
  }

  struct Cell {
    let text: String
    let cls: String
  }

  struct Row {
    /// The configuration index, as `data-c`.
    let c: String
    let cls: String
    let cells: [Cell]
  }

  /// Rows drawn at most; the rest are in `pareto.csv`.
  static let limit = 200

  let headers: [Header]
  let rows: [Row]
  /// `and 12 more in pareto.csv`, when cut.
  let more: String?

  init(_ facts: SweepFacts) {
    let objectives = facts.objectives
    let variables = facts.manifest.grid.variables
    headers =
      [
        Header(text: "Config", title: "configuration index", cls: "num"),
        Header(text: "Rank", title: "1 = recommended", cls: "num"),
      ]
      + variables.map { Header(text: Self.breakable($0.path), title: "varied key", cls: "key") }
      + objectives.map {
        Header(
          text: Self.breakable($0.path) + ($0.direction == .min ? " ↓" : " ↑"),
          title: "\($0): mean over tracks", cls: "num")
      }
      + [Header(text: "Constraints", title: "met on every track", cls: "")]
    let members = facts.analysis.pareto.compactMap(facts.candidate)
      .sorted { (facts.rank($0.configIndex) ?? .max) < (facts.rank($1.configIndex) ?? .max) }
    let best = objectives.indices.map { column in
      members.map { objectives[column].oriented($0.objectives[column]) }.filter(\.isFinite).min()
    }
    rows = members.prefix(Self.limit).map { member in
      let index = member.configIndex
      let means = zip(objectives.indices, member.objectives).map { column, value in
        Cell(
          text: NumberText.significant(value, digits: 5),
          cls: best[column] == objectives[column].oriented(value) ? "num best" : "num")
      }
      let constraint =
        member.meetsConstraints
        ? Cell(text: "✓ met", cls: "ok")
        : Cell(text: member.violations.isEmpty ? "✗ not met" : "✗ \(member.violations.count) violated", cls: "bad")
      return Row(
        c: String(index), cls: index == facts.winner?.configIndex ? "rec" : "",
        cells: [
          Cell(text: String(index), cls: "num"), Cell(text: facts.rank(index).map(String.init) ?? "", cls: "num"),
        ]
          + facts.values(index).map { Cell(text: $0, cls: "key") } + means + [constraint])
    }
    more = members.count > Self.limit ? "and \(members.count - Self.limit) more in pareto.csv" : nil
  }

  /// A dotted camelCase path that may break after each dot and before each capital (a
  /// zero-width space), so that every column fits the page's width (issue 24: all at 1 400 px).
  static func breakable(_ path: String) -> String {
    var text = ""
    for character in path {
      if character.isUppercase, let last = text.last, last.isLowercase { text += "\u{200B}" }
      text.append(character)
      if character == "." { text += "\u{200B}" }
    }
    return text
  }
}
