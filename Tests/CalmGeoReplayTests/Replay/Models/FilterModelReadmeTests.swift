import Foundation
import Testing

@testable import CalmGeoReplay

/// docs/BEHAVIOUR.md's judge table is computed from `FilterModel.judge`, not copied by hand: this test
/// renders it and checks that docs/BEHAVIOUR.md holds exactly that text between its markers.
struct FilterModelReadmeTests {
  static let begin = "<!-- judge-table: generated from FilterModel.judge, checked by FilterModelReadmeTests -->"
  static let end = "<!-- /judge-table -->"
  static let speeds = [1.4, 2.5, 7.7, 13.9, 27.0, 33.3]

  /// One metre with at most one decimal (148.79999999999998 → 148.8, 60.0 → 60).
  static func metres(_ value: Double) -> String {
    let text = String(format: "%.1f", value)
    return text.hasSuffix(".0") ? String(text.dropLast(2)) : text
  }

  static func table(distanceFilter: Double, multiplier: Double) -> String {
    let header = "| model | " + speeds.map { "\(metres($0)) m/s" }.joined(separator: " | ") + " |"
    let rule = "|---|" + String(repeating: "---:|", count: speeds.count)
    let rows = FilterModel.allCases.map { model in
      "| `\(model.rawValue)` | "
        + speeds.map {
          metres(model.judge(speed: $0, distanceFilter: distanceFilter, multiplier: multiplier, disabled: false))
        }.joined(separator: " | ") + " |"
    }
    return ([header, rule] + rows).joined(separator: "\n")
  }

  static var rendered: String {
    """
    \(begin)
    Judge in metres with distanceFilter 16 and speedMultiplier 3.1 (CalmGeo's defaults):

    \(table(distanceFilter: 16, multiplier: 3.1))

    With distanceFilter 30 and speedMultiplier 1 (transistorsoft's default
    elasticityMultiplier; the docs' 7.7 m/s example):

    \(table(distanceFilter: 30, multiplier: 1))
    \(end)
    """
  }

  @Test func readmeJudgeTableMatchesTheFormulas() throws {
    let readme = try String(
      contentsOf: Corpus.repositoryRoot.appendingPathComponent("docs/BEHAVIOUR.md"), encoding: .utf8)
    guard let start = readme.range(of: Self.begin), let stop = readme.range(of: Self.end) else {
      Issue.record("docs/BEHAVIOUR.md lacks the judge table markers; paste:\n\(Self.rendered)")
      return
    }
    let found = String(readme[start.lowerBound..<stop.upperBound])
    #expect(found == Self.rendered, "docs/BEHAVIOUR.md's judge table is stale; replace it with:\n\(Self.rendered)")
  }
}
