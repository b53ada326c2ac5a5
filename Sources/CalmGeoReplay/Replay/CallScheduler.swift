/// Puts a scenario's entries on the virtual clock as the replay streams: absolute and
/// first-fix times are known at the first fix, `fix#n` and `after:` times when their
/// event happens, the end when the log ends.
///
/// Memory is the scenario's size: entries wait in `pending` until resolved, then in
/// `due` until run; nothing of the log is kept.
struct CallScheduler: Sendable {
  private let scenario: Scenario
  /// Resolved entries not yet run: (time, index), kept sorted.
  private var due: [(time: Int64, index: Int)] = []
  /// Entries waiting on an event: by event and number.
  private var pending: [Int] = []
  private var counts: [Scenario.Event: Int] = [:]
  private(set) var problem: ScenarioError?

  init(_ scenario: Scenario) {
    self.scenario = scenario
    pending = Array(scenario.entries.indices)
  }

  func entry(_ index: Int) -> Scenario.Entry { scenario.entries[index] }

  /// The first fix: absolute and relative times become known.
  mutating func begin(firstFix time: Int64) {
    resolve { entry in
      switch entry.time {
      case .absolute(let at): return at
      case .sinceFirstFix(let offset): return time + offset
      default: return nil
      }
    }
    for item in due where item.time < time {
      fail(item.index, "\(UTCTime.iso8601(item.time)) is before the log's first fix (\(UTCTime.iso8601(time)))")
    }
    due.removeAll { $0.time < time }
  }

  /// Fix number `number` (from 1) is about to be processed at `time`.
  mutating func fixArrives(_ number: Int, at time: Int64) {
    resolve { entry in
      if case .atFix(number) = entry.time { return time }
      return nil
    }
  }

  /// An event happened at `time`.
  mutating func occurred(_ event: Scenario.Event, at time: Int64) {
    let number = (counts[event] ?? 0) + 1
    counts[event] = number
    resolve { entry in
      if case .after(event, number, let offset) = entry.time { return time + offset }
      return nil
    }
  }

  /// The log ended at `time` (the last fix's): `end` entries are due then.
  mutating func end(at time: Int64) {
    resolve { entry in
      if case .end = entry.time { return time }
      return nil
    }
  }

  /// The next entry due at or before `time`, removed from the queue.
  mutating func next(upTo time: Int64) -> (time: Int64, index: Int)? {
    guard let first = due.first, first.time <= time else { return nil }
    return due.removeFirst()
  }

  /// After the last call ran: entries left over are errors naming the log's last fix.
  mutating func finish(lastFix: Int64?) {
    guard let lastFix else {
      if let index = pending.first ?? due.first?.index { fail(index, "the log has no usable fix") }
      return
    }
    for item in due {
      fail(item.index, "\(UTCTime.iso8601(item.time)) is after the log's last fix (\(UTCTime.iso8601(lastFix)))")
    }
    for index in pending {
      switch entry(index).time {
      case .atFix(let number):
        fail(index, "fix#\(number) never came: the log has \(counts[.fix] ?? 0) fixes (the last at \(UTCTime.iso8601(lastFix)))")
      case .after(let event, let number, _):
        fail(index, "\(event.rawValue)#\(number) never happened: the replay had \(counts[event] ?? 0) (the log's last fix is \(UTCTime.iso8601(lastFix)))")
      default: break
      }
    }
    due.removeAll()
    pending.removeAll()
  }

  private mutating func resolve(_ time: (Scenario.Entry) -> Int64?) {
    var inserted = false
    pending.removeAll { index in
      guard let at = time(scenario.entries[index]) else { return false }
      due.append((at, index))
      inserted = true
      return true
    }
    if inserted { due.sort { ($0.time, $0.index) < ($1.time, $1.index) } }
  }

  private mutating func fail(_ index: Int, _ reason: String) {
    guard problem == nil else { return }
    problem = ScenarioError(source: scenario.source.isEmpty ? "scenario" : scenario.source,
                            line: entry(index).line, entry: index, reason: reason)
  }
}
