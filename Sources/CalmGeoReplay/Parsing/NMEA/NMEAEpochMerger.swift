/// Groups sentences into epochs by their UTC time of day, tolerating receivers
/// whose sentences of one instant are not adjacent.
///
/// **The rule.** A timed sentence (RMC, GGA, GNS, GLL, GST, ZDA) belongs to the
/// open epoch whose time of day is within ±`tolerance` (5 ms) of its own stamp; if
/// none is, it opens a new epoch. (Receivers that print one instant with three
/// decimals in GLL and two in RMC differ by up to 5 ms — Magellan: `120824.758`
/// and `120824.76`; distinct epochs are at least 10 ms apart — Telit SL869 stamps
/// `102143.990` and `102144.000`.) The epoch's time is the stamp of its most
/// telling sentence: RMC, else GGA, else GNS, else GLL, else GST or ZDA. Up to `capacity` (4) epochs stay open at once;
/// opening a fifth closes the open epoch with the earliest time, which is then
/// handed on. Untimed sentences (VTG, GSA, GLL without time) join the epoch of
/// the latest timed sentence. At the end of the input every open epoch is closed,
/// earliest first.
///
/// So values always stay with the instant they are stamped with:
/// - a 10 Hz receiver that stamps GGA 100 ms after the RMC of the same burst has
///   that GGA merged with the *next* burst's RMC, which carries the same stamp;
/// - RMC at 10 Hz with GGA at 1 Hz gives ten epochs a second, one with altitude;
/// - 4 Hz epochs that arrive out of order (`.500` before `.000`) are re-ordered,
///   as long as they arrive within four epochs of each other.
/// A stamp more than `maxReorder` (2 s) before the latest one is not jitter but a
/// jump (a restarted or appended capture): every open epoch is closed first, so
/// the epochs before the jump are handed on before those after it.
/// Memory is `capacity` epochs whatever the input's length.
struct NMEAEpochMerger {
  /// How many epochs may be open at once.
  static let capacity = 4
  /// How far apart (ms) two stamps of one epoch may be.
  static let tolerance = 5
  /// How far back (ms) a new stamp may be and still be re-ordered among open epochs.
  static let maxReorder: Int64 = 2_000

  private var open: [NMEAEpoch] = []
  /// Epochs closed by a jump back in time, to be handed on before any other.
  var pending: [NMEAEpoch] = []
  /// Index in `open` of the epoch untimed sentences join, or -1.
  private(set) var current = -1
  private var lastTimeOfDay = -1
  private var lastKey: Int64 = 0

  init() { open.reserveCapacity(Self.capacity + 1) }

  /// The epoch open for a sentence stamped `timeOfDay`; opens one if needed.
  /// When that closes another epoch, it is returned in `closed`.
  @inline(__always)
  mutating func epoch(
    forTimeOfDay timeOfDay: Int, priority: Int, line: Int, closed: inout NMEAEpoch?
  ) -> Int {
    for index in open.indices {
      var delta = timeOfDay - open[index].timeOfDay
      if delta > 43_200_000 { delta -= 86_400_000 } else if delta < -43_200_000 { delta += 86_400_000 }
      if abs(delta) <= Self.tolerance {
        if priority > open[index].timePriority {
          open[index].timePriority = priority
          open[index].timeOfDay = timeOfDay
          open[index].key += Int64(delta)
        }
        current = index
        return index
      }
    }
    var key = Int64(timeOfDay)
    if lastTimeOfDay >= 0 {
      var step = timeOfDay - lastTimeOfDay
      if step < -43_200_000 { step += 86_400_000 }  // past midnight
      else if step > 43_200_000 { step -= 86_400_000 }  // back across midnight
      key = lastKey + Int64(step)
    }
    let jumpedBack = key < lastKey - Self.maxReorder
    lastTimeOfDay = timeOfDay
    lastKey = key
    if jumpedBack && !open.isEmpty {
      // Hand on what is open in arrival order (the caller drains `pending`).
      pending.append(contentsOf: open.sorted { $0.key < $1.key })
      open.removeAll(keepingCapacity: true)
    }
    if open.count == Self.capacity { closed = closeEarliest() }
    var epoch = NMEAEpoch(timeOfDay: timeOfDay, key: key, line: line)
    epoch.timePriority = priority
    open.append(epoch)
    current = open.count - 1
    return current
  }

  /// Access to an open epoch by index.
  @inline(__always)
  subscript(index: Int) -> NMEAEpoch {
    get { open[index] }
    _modify { yield &open[index] }
  }

  /// Closes and returns the open epoch with the earliest time, if any.
  mutating func closeEarliest() -> NMEAEpoch? {
    guard !open.isEmpty else { return nil }
    var earliest = 0
    for index in open.indices where open[index].key < open[earliest].key { earliest = index }
    // Swap-remove: the order of `open` does not matter, and nothing shifts.
    let last = open.count - 1
    if earliest != last { open.swapAt(earliest, last) }
    if current == earliest { current = -1 } else if current == last { current = earliest }
    return open.removeLast()
  }
}
