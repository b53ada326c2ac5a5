import CalmGeoReplay

/// The charts of one varied key, one per result path charted.
struct ParameterSection {
  let path: String
  /// `3 values: 10, 16, 30`, or the range of many numbers: `20 values from 5 to 60`.
  let values: String
  let charts: [ParameterChart]

  /// Sections for every key that takes more than one value, each charted against `paths`.
  static func all(_ facts: SweepFacts, paths: [String]) -> [ParameterSection] {
    facts.variables.map { position, variable in
      ParameterSection(
        path: variable.path, values: describe(variable.values),
        charts: paths.compactMap { ParameterChart(facts, position: position, variable: variable, path: $0) })
    }
  }

  private static func describe(_ values: [SpecNode]) -> String {
    let numbers = values.compactMap(\.number)
    if values.count > 8, numbers.count == values.count, let low = numbers.min(), let high = numbers.max() {
      return
        "\(values.count) values from \(NumberText.significant(low, digits: 6)) to \(NumberText.significant(high, digits: 6))"
    }
    return "\(values.count) values: " + values.map(SweepText.value).joined(separator: ", ")
  }
}
