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
///
/// **Storage.** Epochs stay in place in `capacity` fixed slots from the moment
/// they are opened until they are handed on (`handOn`), so none is
/// ever copied; indices returned are slot numbers. The list `open` keeps the
/// order the rule above was first written with (append, swap-remove), which
/// decides ties between open epochs.
struct NMEAEpochMerger {
  /// How many epochs may be open at once.
  static let capacity = 4
  /// How far apart (ms) two stamps of one epoch may be.
  static let tolerance = 5
  /// How far back (ms) a new stamp may be and still be re-ordered among open epochs.
  static let maxReorder: Int64 = 2_000

  private var slots: [NMEAEpoch]
  /// The slots holding open epochs, in the order they are searched.
  private var open: [Int] = []
  /// The same slots as bits (slot `k` is bit `k`).
  private var used: UInt8 = 0
  /// Slots still to close, in this order, before an epoch may be opened.
  private var closing: [Int] = []
  /// Slot of the epoch untimed sentences join, or -1.
  private(set) var current = -1
  private var lastTimeOfDay = -1
  private var lastKey: Int64 = 0

  init() {
    slots = Array(repeating: NMEAEpoch(timeOfDay: 0, key: 0, line: 0), count: Self.capacity)
    open.reserveCapacity(Self.capacity)
    closing.reserveCapacity(Self.capacity)
  }

  /// The slot of the open epoch a sentence stamped `timeOfDay` joins, or -1 when
  /// none is within `tolerance` and a new one must be opened (see `stamp`).
  @inline(__always)
  mutating func join(timeOfDay: Int, priority: Int) -> Int {
    for slot in open {
      var delta = timeOfDay - slots[slot].timeOfDay
      if delta > 43_200_000 { delta -= 86_400_000 } else if delta < -43_200_000 { delta += 86_400_000 }
      if abs(delta) <= Self.tolerance {
        if priority > slots[slot].timePriority {
          slots[slot].timePriority = priority
          slots[slot].timeOfDay = timeOfDay
          slots[slot].key += Int64(delta)
        }
        current = slot
        return slot
      }
    }
    return -1
  }

  /// Takes the stamp of an epoch about to be opened and returns its key. The
  /// epochs that must be handed on first are then given by `slotToClose()`.
  @inline(__always)
  mutating func stamp(_ timeOfDay: Int) -> Int64 {
    var key = Int64(timeOfDay)
    if lastTimeOfDay >= 0 {
      var step = timeOfDay - lastTimeOfDay
      if step < -43_200_000 {
        step += 86_400_000
      }  // past midnight
      else if step > 43_200_000 {
        step -= 86_400_000
      }  // back across midnight
      key = lastKey + Int64(step)
    }
    let jumpedBack = key < lastKey - Self.maxReorder
    lastTimeOfDay = timeOfDay
    lastKey = key
    if jumpedBack && !open.isEmpty {
      // Hand on what is open in arrival order.
      closing = open.sorted { slots[$0].key < slots[$1].key }
    }
    return key
  }

  /// The next open epoch to hand on (`handOn`) before opening one: after a
  /// jump back, every open epoch, earliest first; when all `capacity` are open,
  /// the earliest; else `nil`.
  @inline(__always)
  mutating func slotToClose() -> Int? {
    if !closing.isEmpty { return closing.removeFirst() }
    return open.count == Self.capacity ? earliest() : nil
  }

  /// Opens an epoch stamped `timeOfDay` with `key` (from `stamp`); returns its slot.
  @inline(__always)
  mutating func open(timeOfDay: Int, key: Int64, priority: Int, line: Int) -> Int {
    let slot = (~used).trailingZeroBitCount
    used |= 1 << slot
    slots[slot].reset(timeOfDay: timeOfDay, key: key, line: line, priority: priority)
    open.append(slot)
    current = slot
    return slot
  }

  /// The open epoch in a slot.
  @inline(__always)
  subscript(slot: Int) -> NMEAEpoch {
    _read { yield slots[slot] }
    _modify { yield &slots[slot] }
  }

  /// Changes the epoch in `slot` in one access (one uniqueness check of the storage for all of
  /// a sentence's fields rather than one per field).
  @inline(__always)
  mutating func update(_ slot: Int, _ body: (inout NMEAEpoch) -> Void) {
    body(&slots[slot])
  }

  /// Whether `slot` holds an open epoch.
  @inline(__always)
  func isOpen(_ slot: Int) -> Bool { used & (1 << slot) != 0 }

  /// The slot of the open epoch with the earliest time, if any.
  func earliest() -> Int? {
    guard var earliest = open.first else { return nil }
    for slot in open where slots[slot].key < slots[earliest].key { earliest = slot }
    return earliest
  }

  /// Hands the open epoch in `slot` to `resolver`, read in place, then closes it.
  @inline(__always)
  mutating func handOn(
    _ slot: Int, to resolver: inout NMEADateResolver, emit: (Fix) -> Void
  ) throws(ParseError) {
    try resolver.accept(&slots[slot], emit: emit)
    close(slot)
  }

  /// Closes the open epoch in `slot` (after it has been handed on).
  private mutating func close(_ slot: Int) {
    guard let position = open.firstIndex(of: slot) else { return }
    // Swap-remove: the order of `open` is kept as it always was.
    let last = open.count - 1
    if position != last { open.swapAt(position, last) }
    open.removeLast()
    used &= ~(1 << slot)
    if current == slot { current = -1 }
  }
}
