/// A check's result as one JSON document for scripts, keys in a fixed order:
///
///     {"version": 1, "command": "check", "golden": "…", "passed": false, "exitCode": 3,
///      "summary": {"tracks": 5, "matching": 4, "differing": 1, "failed": 0, "violations": 1},
///      "tracks": [{"name": "walk", "status": "differs", "differences": […],
///                  "withinTolerance": 2, "violations": […], "error": null}, …],
///      "gates": [{"kind": "max", "path": "fidelity.sed.p95", "limit": 25, "percent": false,
///                 "violated": true}],
///      "violations": [{"track": "walk", "kind": "max", "path": "fidelity.sed.p95",
///                      "old": "24.1", "new": 26.655, "limit": 25, "percent": false,
///                      "golden": null, "change": null, "changePercent": null}]}
///
/// A change gate (`max_increase`, `max_decrease`) has `golden` (the stored value),
/// `change` (new - golden) and `changePercent` (`null` from a golden 0); `percent` says
/// whether `limit` is a percentage of the golden value.
///
/// A difference is a stats field (`"kind": "stats"`, `path` dotted, `old` and `new` as
/// `compare` prints them, `delta` for numbers) or an output file (`"kind": "file"`,
/// `change` `differs`, `onlyStored` or `onlyFresh`; `old` and `new` the first differing
/// record, credentials redacted, `notes` saying which credential differs). A value a side
/// does not have is `null`, as is a number that is not finite.
package enum CheckJSONReporter {
  /// The document, pretty-printed, ending with a newline.
  package static func render(_ report: CheckReport) -> String {
    document(report).rendered(pretty: true)
  }

  /// The document as a value.
  package static func document(_ report: CheckReport) -> OrderedJSON {
    .object([
      ("version", .int(CheckReport.version)),
      ("command", .string("check")),
      ("golden", .string(report.golden)),
      ("passed", .bool(report.passed)),
      ("exitCode", .int(Int(report.exitCode))),
      (
        "summary",
        .object([
          ("tracks", .int(report.tracks.count)),
          ("matching", .int(report.count(.ok))),
          ("differing", .int(report.count(.differs))),
          ("failed", .int(report.count(.failed))),
          ("violations", .int(report.violations.count)),
        ])
      ),
      ("tracks", .array(report.tracks.map { track($0, in: report) })),
      (
        "gates",
        .array(
          report.gates.map { gate in
            .object([
              ("kind", .string(gate.kind.rawValue)), ("path", .string(gate.path)), ("limit", .double(gate.limit)),
              ("percent", .bool(gate.isPercent)),
              ("violated", .bool(!report.violations(of: gate).isEmpty)),
            ])
          })
      ),
      ("violations", .array(report.violations.map { violation($0, in: report) })),
    ])
  }

  private static func track(_ track: CheckReport.Track, in report: CheckReport) -> OrderedJSON {
    let result = track.result
    var differences: [OrderedJSON] = result?.files.map(file) ?? []
    differences += result?.stats?.changes.map(stats) ?? []
    return .object([
      ("name", .string(track.name)),
      ("status", .string(track.status.rawValue)),
      ("differences", .array(differences)),
      ("withinTolerance", .int(result?.stats?.withinTolerance.count ?? 0)),
      ("violations", .array((result?.violations ?? []).map { violation($0, in: report) })),
      ("error", track.failure.map(OrderedJSON.string) ?? .null),
    ])
  }

  private static func file(_ file: CheckTrackResult.FileDifference) -> OrderedJSON {
    var fields: [(String, OrderedJSON)] = [("kind", .string("file")), ("path", .string(file.path))]
    switch file.kind {
    case .onlyStored:
      fields += [("change", .string("onlyStored")), ("old", .null), ("new", .null)]
    case .onlyFresh:
      fields += [("change", .string("onlyFresh")), ("old", .null), ("new", .null)]
    case .differs(let difference):
      let (stored, fresh) = (difference.stored?.text, difference.fresh?.text)
      fields += [
        ("change", .string("differs")),
        ("old", stored.map { .string(CheckSideBySide.redacted($0)) } ?? .null),
        ("new", fresh.map { .string(CheckSideBySide.redacted($0)) } ?? .null),
        ("unit", .string(difference.unit.rawValue)),
        ("index", .int(difference.index + 1)),
        ("storedLine", difference.stored.map { .int($0.line) } ?? .null),
        ("freshLine", difference.fresh.map { .int($0.line) } ?? .null),
        ("differing", .int(difference.differing)),
        ("storedCount", .int(difference.storedCount)),
        ("freshCount", .int(difference.freshCount)),
        ("notes", .array(CheckSideBySide.notes(stored: stored, fresh: fresh).map(OrderedJSON.string))),
      ]
    }
    return .object(fields)
  }

  private static func stats(_ row: StatsComparison.Row) -> OrderedJSON {
    .object([
      ("kind", .string("stats")), ("path", .string(row.path)),
      ("old", row.old.map(OrderedJSON.string) ?? .null), ("new", row.new.map(OrderedJSON.string) ?? .null),
      ("delta", row.delta.map(OrderedJSON.double) ?? .null),
    ])
  }

  private static func violation(_ violation: CheckGateViolation, in report: CheckReport) -> OrderedJSON {
    .object([
      ("track", .string(violation.track)),
      ("kind", .string(violation.gate.kind.rawValue)),
      ("path", .string(violation.gate.path)),
      ("old", report.storedValue(track: violation.track, path: violation.gate.path).map(OrderedJSON.string) ?? .null),
      ("new", .double(violation.value)),
      ("limit", .double(violation.gate.limit)),
      ("percent", .bool(violation.gate.isPercent)),
      ("golden", violation.golden.map(OrderedJSON.double) ?? .null),
      ("change", violation.change.map(OrderedJSON.double) ?? .null),
      ("changePercent", violation.changePercent.map(OrderedJSON.double) ?? .null),
    ])
  }
}
