import HeapModule

/// Puts a scenario's entries on the virtual clock as the replay streams: absolute and
/// first-fix times are known at the first fix, `fix#n` and `after:` times when their
/// event happens, the end when the log ends.
///
/// Memory is the scenario's size: entries wait, indexed by the event they wait for,
/// until resolved, then in `due` until run; nothing of the log is kept. Per fix the
/// cost is a counter and, only while entries wait on fixes, one dictionary lookup.
struct CallScheduler: Sendable {
  private struct Awaited: Hashable {
    var event: Scenario.Event
    var number: Int
  }

  /// A resolved entry: due at `time`; entries due at one time run in file order.
  private struct Due: Comparable {
    var time: Int64
    var index: Int

    static func < (a: Due, b: Due) -> Bool { (a.time, a.index) < (b.time, b.index) }
  }

  private let scenario: Scenario
  /// Resolved entries not yet run, the next (earliest, then first in the file) at the top.
  private var due = Heap<Due>() {
    didSet { nextDueTime = due.min?.time ?? .max }
  }
  /// The earliest due entry's time (`Int64.max` when none), kept with `due`: what the engine asks
  /// about twice for every fix (`hasDue(upTo:)`).
  private(set) var nextDueTime = Int64.max
  /// Whether entries wait on a fix number or on an event, kept with `atFix` and `after`: tested
  /// for every fix before the dictionaries are read.
  private var waitsOnFixNumbers = false
  private var waitsOnEvents = false
  /// Entries known at the first fix (absolute, since the first fix), and at the end.
  private var atStart: [Int] = []
  private var atEnd: [Int] = []
  /// `at: fix#n` entries, by n.
  private var atFix: [Int: [Int]] = [:] {
    didSet { waitsOnFixNumbers = !atFix.isEmpty }
  }
  /// `after:` entries, by event and number.
  private var after: [Awaited: [Int]] = [:] {
    didSet { waitsOnEvents = !after.isEmpty }
  }
  /// Events so far, by kind.
  /// (A SIMD value rather than an array: no uniqueness check on the per-fix increment.)
  private var counts = SIMD8<Int>()
  private(set) var problem: DocumentError?
  /// The index of the entry `problem` is about.
  private var problemEntry: Int?

  init(_ scenario: Scenario) {
    self.scenario = scenario
    for (index, entry) in scenario.entries.enumerated() {
      switch entry.time {
      case .absolute, .sinceFirstFix: atStart.append(index)
      case .atFix(let number): atFix[number, default: []].append(index)
      case .after(let event, let number, _): after[Awaited(event: event, number: number), default: []].append(index)
      case .end: atEnd.append(index)
      }
    }
    // An initializer's assignments do not run the observers.
    waitsOnFixNumbers = !atFix.isEmpty
    waitsOnEvents = !after.isEmpty
  }

  func entry(_ index: Int) -> Scenario.Entry { scenario.entries[index] }

  /// The first fix: absolute and relative times become known.
  mutating func begin(firstFix time: Int64) {
    for index in atStart {
      let at: Int64
      switch entry(index).time {
      case .absolute(let absolute): at = absolute
      case .sinceFirstFix(let offset): at = time + offset
      default: continue
      }
      if at < time {
        fail(index, "\(UTCTime.iso8601(at)) is before the log's first fix (\(UTCTime.iso8601(time)))")
      } else {
        due.insert(Due(time: at, index: index))
      }
    }
    atStart = []
  }

  /// Fix number `number` (from 1) is about to be processed at `time`.
  @inline(__always)
  mutating func fixArrives(_ number: Int, at time: Int64) {
    if waitsOnFixNumbers { scheduleAtFix(number, at: time) }
  }

  private mutating func scheduleAtFix(_ number: Int, at time: Int64) {
    guard let indices = atFix.removeValue(forKey: number) else { return }
    for index in indices { schedule(index, at: time) }
  }

  /// Whether fixes only count until `nextDueTime`: no entry waits on a fix number or an event.
  var countsFixesOnly: Bool { !waitsOnFixNumbers && !waitsOnEvents }

  /// `count` fixes arrived and happened, when `countsFixesOnly`: what `fixArrives(_:at:)` and
  /// `occurred(.fix, at:)` of each would do.
  mutating func fixesOccurred(_ count: Int) {
    counts[Self.slot(.fix)] += count
  }

  /// An event happened at `time`.
  @inline(__always)
  mutating func occurred(_ event: Scenario.Event, at time: Int64) {
    guard waitsOnEvents else {
      // Nothing waits on events (any more): only the fix count is still read (`finish`).
      if event == .fix { counts[Self.slot(.fix)] += 1 }
      return
    }
    scheduleAfter(event, at: time)
  }

  private mutating func scheduleAfter(_ event: Scenario.Event, at time: Int64) {
    let slot = Self.slot(event)
    counts[slot] += 1
    guard let indices = after.removeValue(forKey: Awaited(event: event, number: counts[slot])) else { return }
    for index in indices {
      guard case .after(_, _, let offset) = entry(index).time else { continue }
      schedule(index, at: time + offset)
    }
  }

  /// The log ended at `time` (the last fix's): `end` entries are due then.
  mutating func end(at time: Int64) {
    for index in atEnd { schedule(index, at: time) }
    atEnd = []
  }

  /// Whether an entry is due at or before `time` (what `next(upTo:)` would return).
  @inline(__always)
  func hasDue(upTo time: Int64) -> Bool {
    nextDueTime <= time
  }

  /// The next entry due at or before `time`, removed from the queue.
  mutating func next(upTo time: Int64) -> (time: Int64, index: Int)? {
    guard let next = due.min, next.time <= time else { return nil }
    _ = due.popMin()
    return (next.time, next.index)
  }

  /// After the last call ran: entries left over are errors naming the log's last fix.
  mutating func finish(lastFix: Int64?) {
    guard let lastFix else { return }  // no fix at all: the replay reports that itself
    for item in due.unordered {  // `fail` keeps the earliest entry's problem, whatever the order
      fail(item.index, "\(UTCTime.iso8601(item.time)) is after the log's last fix (\(UTCTime.iso8601(lastFix)))")
    }
    for (number, indices) in atFix.sorted(by: { $0.key < $1.key }) {
      for index in indices {
        fail(
          index,
          "fix#\(number) never came: the log has \(counts[Self.slot(.fix)]) fixes (the last at \(UTCTime.iso8601(lastFix)))"
        )
      }
    }
    for (awaited, indices) in after {
      for index in indices {
        fail(
          index,
          "\(awaited.event.rawValue)#\(awaited.number) never happened: the replay had \(counts[Self.slot(awaited.event)]) (the log's last fix is \(UTCTime.iso8601(lastFix)))"
        )
      }
    }
    due = Heap()
    atFix = [:]
    after = [:]
  }

  private static func slot(_ event: Scenario.Event) -> Int {
    switch event {
    case .fix: 0
    case .location: 1
    case .motionchange: 2
    case .monitoring: 3
    case .geofenceExit: 4
    }
  }

  /// Puts an entry into `due`.
  private mutating func schedule(_ index: Int, at time: Int64) {
    due.insert(Due(time: time, index: index))
  }

  /// Keeps the problem of the earliest entry in the file.
  private mutating func fail(_ index: Int, _ reason: String) {
    if let problemEntry, problemEntry <= index { return }
    problemEntry = index
    problem = DocumentError(
      .scenario, source: scenario.source.isEmpty ? "scenario" : scenario.source,
      line: entry(index).line, key: "calls[\(index)]", reason: reason)
  }
}
