/// Keeps at most `capacity` elements of a stream of any length: every `stride`-th one,
/// starting with the first, plus the last one seen.
///
/// The rule, in streaming form: keep every element while there is room; when the buffer
/// is full, drop every other kept element and double `stride`. The result depends only
/// on the number of elements offered, never on timing: the kept elements are those at
/// 0-based indexes 0, k, 2k, … where k is the smallest power of two with
/// ⌈count / k⌉ ≤ capacity. `capacity` is rounded up to an even number ≥ 2 so that the
/// element that overflows the buffer always lands on the new stride.
///
/// With `combine`, a kept element also absorbs the elements after it up to the next
/// kept one (its window), e.g. to carry the window's maximum; which elements are kept
/// does not change.
public struct StrideDecimator<Element> {
  /// Folds the second element into the first (the first's window grows by the second's).
  public typealias Combine = @Sendable (inout Element, Element) -> Void

  /// The most elements kept at once (even).
  public let capacity: Int
  /// Keeps every `stride`-th element (a power of two).
  public private(set) var stride = 1
  /// Elements offered so far.
  public private(set) var count = 0
  /// The kept elements, in order: indexes 0, stride, 2 × stride, …
  public private(set) var kept: [Element] = []
  /// The last element offered (kept or not).
  public private(set) var last: Element?
  /// Offers until the next kept index.
  private var skip = 0
  private let combine: Combine?

  public init(capacity: Int, combine: Combine? = nil) {
    self.capacity = max(2, capacity + capacity % 2)
    self.combine = combine
    kept.reserveCapacity(min(self.capacity, 1024))
  }

  /// Offers the next element of the stream.
  public mutating func offer(_ element: Element) {
    count += 1
    last = element
    guard skip == 0 else {
      skip -= 1
      combine?(&kept[kept.count - 1], element)
      return
    }
    if kept.count == capacity {
      // Indexes 0, 2k, 4k, … survive; the overflowing index (capacity × k) is a multiple of 2k.
      var write = 0
      for read in Swift.stride(from: 0, to: kept.count, by: 2) {
        kept[write] = kept[read]
        combine?(&kept[write], kept[read + 1])
        write += 1
      }
      kept.removeLast(kept.count - write)
      stride *= 2
    }
    kept.append(element)
    skip = stride - 1
  }

  /// The kept elements and, when it was not kept, the last one (what a line should end on).
  public var keptWithLast: [Element] {
    guard let last, lastIsExtra else { return kept }
    return kept + [last]
  }

  /// Whether the last element is missing from `kept`.
  public var lastIsExtra: Bool { count > 0 && (count - 1) % stride != 0 }
}

extension StrideDecimator: Sendable where Element: Sendable {}
