import Testing

@testable import CalmGeoReplay

/// The Pareto front on points worked out by hand (both coordinates minimised).
struct SweepParetoTests {
  @Test func frontOfHandMadePoints() {
    let points: [[Double]] = [
      [1, 5],  // 0 A: best first coordinate (ties with G, better second)
      [2, 3],  // 1 B
      [3, 4],  // 2 C: dominated by B
      [4, 1],  // 3 D: best second coordinate
      [2, 3],  // 4 E: equal to B, so neither dominates: both kept
      [5, 5],  // 5 F: dominated by everything above
      [1, 6],  // 6 G: dominated by A (equal first, worse second)
    ]
    #expect(SweepPareto.front(points) == [0, 1, 3, 4])
    #expect(SweepPareto.dominates([1, 5], [1, 6]))
    #expect(!SweepPareto.dominates([2, 3], [2, 3]))
    #expect(!SweepPareto.dominates([1, 5], [2, 3]))
  }

  @Test func edgeCases() {
    #expect(SweepPareto.front([]) == [])
    #expect(SweepPareto.front([[7]]) == [0])
    #expect(SweepPareto.front([[3], [1], [2], [1]]) == [1, 3])
    // With no objectives every point is on the front.
    #expect(SweepPareto.front([[], [], []]) == [0, 1, 2])
  }
}
