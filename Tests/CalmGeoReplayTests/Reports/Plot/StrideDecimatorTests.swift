import Testing

@testable import CalmGeoReplay

/// The decimation rule of drawn series: every k-th element from the first, plus the last,
/// k the smallest power of two that leaves at most `capacity` (worked out by hand below).
struct StrideDecimatorTests {
  /// Capacity 4, elements 0…9: 0-3 fill the buffer; 4 overflows it → keep 0 2, k = 2, add 4;
  /// 6 fills it again (0 2 4 6); 8 overflows → keep 0 4, k = 4, add 8; 9 is only the last.
  @Test(arguments: [
    (4, [0, 1, 2, 3], 1),
    (5, [0, 2, 4], 2),
    (7, [0, 2, 4, 6], 2),
    (8, [0, 2, 4, 6], 2),
    (9, [0, 4, 8], 4),
    (10, [0, 4, 8], 4),
  ])
  func keptIndexesByHand(offered: Int, kept: [Int], stride: Int) {
    var decimator = StrideDecimator<Int>(capacity: 4)
    for index in 0..<offered { decimator.offer(index) }
    #expect(decimator.kept == kept)
    #expect(decimator.stride == stride)
    #expect(decimator.count == offered)
    #expect(decimator.last == offered - 1)
  }

  @Test func theLastIsAddedOnlyWhenNotKept() {
    var decimator = StrideDecimator<Int>(capacity: 4)
    for index in 0..<10 { decimator.offer(index) }
    #expect(decimator.keptWithLast == [0, 4, 8, 9])
    #expect(decimator.lastIsExtra)
    decimator.offer(10)  // index 10 is not a multiple of 4 either
    #expect(decimator.keptWithLast == [0, 4, 8, 10])
    var exact = StrideDecimator<Int>(capacity: 4)
    for index in 0..<9 { exact.offer(index) }  // 8 is kept: nothing to add
    #expect(exact.keptWithLast == [0, 4, 8])
    #expect(!exact.lastIsExtra)
    #expect(StrideDecimator<Int>(capacity: 4).keptWithLast.isEmpty)
  }

  /// The streaming rule gives the closed form for every length, whatever the capacity.
  @Test(arguments: [2, 4, 6, 10, 64])
  func matchesTheClosedForm(capacity: Int) {
    for count in 0...300 {
      var decimator = StrideDecimator<Int>(capacity: capacity)
      for index in 0..<count { decimator.offer(index) }
      var k = 1
      while (count + k - 1) / k > capacity { k *= 2 }
      #expect(decimator.stride == k, "count \(count)")
      #expect(decimator.kept == Array(Swift.stride(from: 0, to: count, by: k)), "count \(count)")
    }
  }

  /// With a combine, each kept element carries its window: 0-3, 4-7 and 8-9 for capacity 4.
  @Test func combineFoldsEachWindowIntoItsKeptElement() {
    var decimator = StrideDecimator<ClosedRange<Int>>(capacity: 4) {
      $0 = $0.lowerBound...max($0.upperBound, $1.upperBound)
    }
    for index in 0..<10 { decimator.offer(index...index) }
    #expect(decimator.kept == [0...3, 4...7, 8...9])
  }

  @Test func capacityIsEvenAndAtLeastTwo() {
    #expect(StrideDecimator<Int>(capacity: 5).capacity == 6)
    #expect(StrideDecimator<Int>(capacity: 0).capacity == 2)
    #expect(StrideDecimator<Int>(capacity: 5_000).capacity == 5_000)
  }
}
