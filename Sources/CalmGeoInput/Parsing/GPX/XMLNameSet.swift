/// A small set of interned names, looked up by pointer in one or two compares: an
/// open-addressing table of 64 slots, for a few dozen names at most.
///
/// Noncopyable: it owns its slots and frees them in `deinit`, so no copy can outlive them.
struct XMLNameSet: ~Copyable {
  private static let slotCount = 64
  /// Raw pointers, nil for an empty slot; freed in `deinit`.
  private let slots = UnsafeMutablePointer<UnsafeRawPointer?>.allocate(capacity: XMLNameSet.slotCount)
  private(set) var count = 0

  /// At most 32 names: lookups stay short with the table half full at most.
  static let capacity = 32

  init() { slots.initialize(repeating: nil, count: Self.slotCount) }

  deinit { slots.deallocate() }

  /// The slot where a search for `pointer` starts: the top 6 bits of the address
  /// times 2^64/φ (Fibonacci hashing), which spreads names packed side by side in the
  /// dictionary's pool.
  @inline(__always)
  private static func home(_ pointer: UnsafeRawPointer) -> Int {
    Int(truncatingIfNeeded: (UInt64(UInt(bitPattern: pointer)) &* 0x9E37_79B9_7F4A_7C15) >> 58)
  }

  /// Adds `name` (no name, or more than `capacity` names, is a programming error).
  mutating func insert(_ name: XMLName) {
    guard let pointer = name.pointer else { preconditionFailure("XMLNameSet holds names, not the absence of one") }
    precondition(count < Self.capacity, "XMLNameSet holds at most \(Self.capacity) names")
    let slot = slot(for: pointer)
    guard slots[slot] == nil else { return }
    slots[slot] = pointer
    count += 1
  }

  @inline(__always)
  func contains(_ pointer: UnsafeRawPointer?) -> Bool {
    guard let pointer else { return false }
    return slots[slot(for: pointer)] != nil
  }

  /// The slot that holds `pointer`, or the empty one where it would go.
  @inline(__always)
  private func slot(for pointer: UnsafeRawPointer) -> Int {
    var slot = Self.home(pointer)
    while let occupant = slots[slot], occupant != pointer { slot = (slot &+ 1) & (Self.slotCount - 1) }
    return slot
  }
}
