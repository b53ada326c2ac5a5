/// Two multi-log output folders (`replay` of several logs writes `out/<log>/stats.json`)
/// compared log by log: logs paired by folder name, each compared as `compare` compares
/// two runs, with totals. A log on one side only is reported, not skipped.
///
/// Exit codes follow `diff`: 0 every log the same, 1 a log differs or is on one side
/// only, 2 a log's `stats.json` could not be read.
package struct FolderComparison: Sendable {
  /// One side's `stats.json` of a log: read, or why not.
  package enum Side: Sendable {
    case stats(ReplayStats)
    case unreadable(String)
  }

  /// What became of one log.
  package enum Status: String, Sendable {
    case same, differs
    /// Only the first (old) folder has it.
    case onlyOld
    /// Only the second (new) folder has it.
    case onlyNew
    /// A side's `stats.json` could not be read.
    case unreadable
  }

  /// One log of either folder.
  package struct Log: Sendable {
    package var name: String
    package var status: Status
    /// The comparison, when both sides were read.
    package var comparison: StatsComparison?
    /// Why a side could not be read.
    package var error: String?
  }

  /// Every log of either folder, by name.
  package var logs: [Log]

  /// Pairs `old` and `new` (log name → its `stats.json`) by name, in name order.
  package init(old: [String: Side], new: [String: Side]) {
    logs = Set(old.keys).union(new.keys).sorted().map { name in
      switch (old[name], new[name]) {
      case (.unreadable(let error), _), (_, .unreadable(let error)):
        return Log(name: name, status: .unreadable, error: error)
      case (.stats(let a), .stats(let b)):
        let comparison = StatsComparison(old: a, new: b)
        return Log(name: name, status: comparison.changes.isEmpty ? .same : .differs, comparison: comparison)
      case (.stats, nil): return Log(name: name, status: .onlyOld)
      default: return Log(name: name, status: .onlyNew)
      }
    }
  }

  /// How many logs have `status`.
  package func count(_ status: Status) -> Int { logs.filter { $0.status == status }.count }

  /// Whether every log is on both sides with equal stats.
  package var equal: Bool { logs.allSatisfy { $0.status == .same } }

  /// 0 same, 1 different (a log differs or is on one side only), 2 trouble.
  package var exitCode: Int32 { count(.unreadable) > 0 ? 2 : equal ? 0 : 1 }

  /// `4 logs: 2 same, 1 differs, 1 only in a, 0 only in b`.
  package func summary(oldName: String, newName: String) -> String {
    var text =
      "\(logs.count) \(logs.count == 1 ? "log" : "logs"): \(count(.same)) same, \(count(.differs)) "
      + "\(count(.differs) == 1 ? "differs" : "differ"), \(count(.onlyOld)) only in \(oldName), "
      + "\(count(.onlyNew)) only in \(newName)"
    if count(.unreadable) > 0 { text += ", \(count(.unreadable)) unreadable" }
    return text
  }

  /// A log's result in a few words: `same`, `2 of 120 fields differ`, `only in a`, or the error.
  package func result(_ log: Log, oldName: String, newName: String) -> String {
    switch log.status {
    case .same: "same"
    case .differs: log.comparison.map(CompareReporters.summary) ?? "differs"
    case .onlyOld: "only in \(oldName)"
    case .onlyNew: "only in \(newName)"
    case .unreadable: "cannot be compared: \(log.error ?? "unreadable")"
    }
  }
}
