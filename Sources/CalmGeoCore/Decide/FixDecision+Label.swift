extension FixDecision.Kind {
  /// A few words for a person (the summary's decision counts, the report's cursor readout).
  public var label: String {
    switch self {
    case .oneShot: "one-shot"
    case .keptRefEmpty: "kept (no ref yet)"
    case .keptBeyondJudge: "kept beyond judge"
    case .filtered: "filtered"
    case .stillRule: "still rule"
    case .sleepRule: "sleep rule"
    case .ignoredWhileMonitoring: "inside geofence"
    case .geofenceExit: "geofence exit"
    case .withheldStationary: "withheld (stationary)"
    case .withheldAccuracy: "withheld (accuracy)"
    case .withheldRate: "withheld (rate)"
    case .ignoredWhileStopped: "ignored (stopped)"
    }
  }
}

extension DecisionCounts {
  /// `3 one-shot, 70 kept beyond judge, 1 340 filtered, … = 1 740 fixes`: the kinds that
  /// occurred, in rule order, and their sum.
  public var line: String {
    let parts = FixDecision.Kind.allCases.filter { self[$0] > 0 }.map { "\(self[$0]) \($0.label)" }
    return (parts.isEmpty ? "none" : parts.joined(separator: ", ")) + " = \(total) \(total == 1 ? "fix" : "fixes")"
  }
}
