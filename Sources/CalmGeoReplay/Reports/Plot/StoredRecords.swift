import Algorithms

/// The emit indexes of the records held in storage, as sorted disjoint ranges.
///
/// Storage is appended in emit order and emptied in runs (a request's batch, expiries
/// from the front), so the ranges stay few and memory stays small on long runs.
struct StoredRecords: Sendable {
  private var ranges: [Range<Int>] = []
  /// Records held now.
  private(set) var count = 0

  /// Adds a newly emitted record (greater than every index held).
  mutating func append(_ sequence: Int) {
    count += 1
    if let last = ranges.last, last.upperBound == sequence {
      ranges[ranges.count - 1] = last.lowerBound..<sequence + 1
    } else {
      ranges.append(sequence..<sequence + 1)
    }
  }

  /// Removes every record (`clearAllLocations()`).
  mutating func removeAll() {
    ranges.removeAll()
    count = 0
  }

  /// Removes a record; returns whether it was held.
  @discardableResult
  mutating func remove(_ sequence: Int) -> Bool {
    let low = ranges.partitioningIndex { $0.upperBound > sequence }
    guard low < ranges.count, ranges[low].contains(sequence) else { return false }
    let range = ranges[low]
    count -= 1
    switch (sequence == range.lowerBound, sequence == range.upperBound - 1) {
    case (true, true): ranges.remove(at: low)
    case (true, false): ranges[low] = sequence + 1..<range.upperBound
    case (false, true): ranges[low] = range.lowerBound..<sequence
    case (false, false):
      ranges[low] = range.lowerBound..<sequence
      ranges.insert(sequence + 1..<range.upperBound, at: low + 1)
    }
    return true
  }
}
