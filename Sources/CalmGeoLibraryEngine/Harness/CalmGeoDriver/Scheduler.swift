/// The scenario's calls in time order: absolute ones, the end ones, and those timed after the
/// n-th event of a kind (due once it happened). Ties run in file order.
struct Scheduler {
  private var due: [(time: Int64, index: Int)] = []
  private var waiting: [(event: String, number: Int, offset: Int64, index: Int)] = []
  private var atEnd: [Int] = []
  private var counts: [String: Int] = [:]
  let calls: [DriverRequest.Call]

  init(_ calls: [DriverRequest.Call]) {
    self.calls = calls
    for (index, call) in calls.enumerated() {
      if let at = call.at {
        due.append((at, index))
      } else if let event = call.afterEvent {
        waiting.append((event, call.afterNumber ?? 1, call.afterOffset ?? 0, index))
      } else {
        atEnd.append(index)
      }
    }
  }

  /// An event of `kind` happened at `time`.
  mutating func occurred(_ kind: String, at time: Int64) {
    let count = (counts[kind] ?? 0) + 1
    counts[kind] = count
    waiting.removeAll { entry in
      guard entry.event == kind, entry.number == count else { return false }
      due.append((time + entry.offset, entry.index))
      return true
    }
  }

  /// The next call due at or before `time`, removed from the schedule.
  mutating func next(upTo time: Int64) -> (time: Int64, index: Int, call: DriverRequest.Call)? {
    guard
      let position = due.indices.filter({ due[$0].time <= time }).min(by: {
        (due[$0].time, due[$0].index) < (due[$1].time, due[$1].index)
      })
    else { return nil }
    let entry = due.remove(at: position)
    return (entry.time, entry.index, calls[entry.index])
  }

  /// Moves the end calls to `time` (the last fix's).
  mutating func end(at time: Int64) {
    for index in atEnd { due.append((time, index)) }
    atEnd.removeAll()
  }
}
