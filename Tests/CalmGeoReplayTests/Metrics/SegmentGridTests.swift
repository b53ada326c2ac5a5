import Foundation
import Testing

@testable import CalmGeoReplay

/// The Hausdorff search's grid lists each segment in every cell it passes through, in segment
/// order, and in no cell away from it: the search is exact only if no cell a segment crosses
/// misses it.
struct SegmentGridTests {
  /// The segments listed in cell (cx, cy).
  static func listed(_ grid: SegmentGrid, _ cx: Int, _ cy: Int) -> [Int32] {
    Array(grid.members[grid.segments(cellX: cx, cellY: cy)])
  }

  /// Worked by hand with 4 m cells: segment 0 (1,1)→(2,1) stays in cell (0,0); segment 1
  /// (2,1)→(9,1) crosses columns 0, 1 and 2 of row 0; segment 2 (9,1)→(9,6) is in column 2
  /// (x 8 to 12) and rows 0 and 1 (y 0 to 8).
  @Test func cellsOfAHandDrawnPolyline() {
    let grid = SegmentGrid(vertices: [SIMD2(1, 1), SIMD2(2, 1), SIMD2(9, 1), SIMD2(9, 6)], cellSize: 4)
    #expect(Self.listed(grid, 0, 0) == [0, 1])
    #expect(Self.listed(grid, 1, 0) == [1])
    #expect(Self.listed(grid, 2, 0) == [1, 2])
    #expect(Self.listed(grid, 2, 1) == [2])
    #expect(Self.listed(grid, 1, 1).isEmpty && Self.listed(grid, 0, 1).isEmpty && Self.listed(grid, 3, 0).isEmpty)
    #expect((grid.minX, grid.maxX, grid.minY, grid.maxY) == (0, 2, 0, 1))
  }

  /// A segment ending exactly on a cell's edge is listed in the cell across it too (the sweep is
  /// widened by 10⁻⁶ of a cell), also when it is shorter than a cell.
  @Test func aSegmentOnAnEdgeIsListedOnBothSides() {
    let grid = SegmentGrid(vertices: [SIMD2(1, 1), SIMD2(4, 1), SIMD2(4, 3)], cellSize: 4)
    #expect(Self.listed(grid, 0, 0) == [0, 1])
    #expect(Self.listed(grid, 1, 0) == [0, 1])
    #expect(Self.listed(grid, 0, 1).isEmpty)
  }

  /// A polyline past `halvesThreshold` built in two halves (in turn and on threads) lists the same
  /// segments in every cell, in the same order, as built in one pass: a walk that comes back over
  /// its first half, so that many cells hold segments of both halves.
  @Test func theHalvesGiveTheSameCells() {
    var random = SplitMix64(seed: 5)
    var vertices: [SIMD2<Float>] = []
    let count = SegmentGrid.halvesThreshold + 1_001
    for i in 0..<count {
      let along = Float(i < count / 2 ? i : count - i) * 0.7
      let noise = Float(Double(random.next() % 1_000) / 1_000 - 0.5) * 3
      vertices.append(SIMD2(along + noise, Float(i % 50) * 0.3 + noise))
    }
    let whole = SegmentGrid(vertices: vertices, cellSize: 4)
    for parallel in [ParallelWork.serial, .threads] {
      let halves = SegmentGrid(vertices: vertices, cellSize: 4, parallel: parallel)
      #expect(halves.members.count == whole.members.count)
      #expect((halves.minX, halves.maxX, halves.minY, halves.maxY) == (whole.minX, whole.maxX, whole.minY, whole.maxY))
      var shared = 0
      for cx in whole.minX...whole.maxX {
        for cy in whole.minY...whole.maxY {
          let listed = Self.listed(whole, cx, cy)
          #expect(Self.listed(halves, cx, cy) == listed, "cell \(cx), \(cy)")
          if listed.contains(where: { $0 < count / 2 }) && listed.contains(where: { $0 >= count / 2 }) { shared += 1 }
        }
      }
      #expect(shared > 1_000)
    }
  }

  /// Random walks mixing steps far shorter than a cell (most in one cell), steps across several
  /// cells, axis-parallel and zero-length ones: every point sampled along a segment lies in a cell
  /// that lists it, each cell lists segments in order, and a listed segment's box, widened by a
  /// thousandth of a cell, meets the cell.
  @Test func everyCrossedCellListsTheSegmentAndOnlyNearbyOnes() {
    var random = SplitMix64(seed: 11)
    for walk in 0..<20 {
      var point = SIMD2<Float>(Float(walk) * 1000.5, -300.25)
      var vertices = [point]
      for step in 0..<2_000 {
        let scale: Float = step % 7 == 0 ? 40 : 2
        var dx = Float(Double(random.next() % 10_000) / 10_000 - 0.5) * scale
        var dy = Float(Double(random.next() % 10_000) / 10_000 - 0.5) * scale
        if step % 11 == 0 { dx = 0 }
        if step % 13 == 0 { dy = 0 }
        if step % 17 == 0 { (dx, dy) = (0, 0) }
        point += SIMD2(dx, dy)
        vertices.append(point)
      }
      let size = 8.0
      let grid = SegmentGrid(vertices: vertices, cellSize: size)
      for i in 0..<(vertices.count - 1) {
        let a = SIMD2<Double>(Double(vertices[i].x), Double(vertices[i].y))
        let b = SIMD2<Double>(Double(vertices[i + 1].x), Double(vertices[i + 1].y))
        for k in 0...64 {
          let p = a + (b - a) * (Double(k) / 64)
          let cell = (grid.cell(p.x), grid.cell(p.y))
          #expect(Self.listed(grid, cell.0, cell.1).contains(Int32(i)), "walk \(walk) segment \(i) at \(p)")
        }
      }
      for cx in grid.minX...grid.maxX {
        for cy in grid.minY...grid.maxY {
          let members = Self.listed(grid, cx, cy)
          #expect(members == members.sorted())
          for m in members.map(Int.init) {
            let low = SIMD2(min(vertices[m].x, vertices[m + 1].x), min(vertices[m].y, vertices[m + 1].y))
            let high = SIMD2(max(vertices[m].x, vertices[m + 1].x), max(vertices[m].y, vertices[m + 1].y))
            let slack = Float(size / 1000)
            let meets =
              Double(high.x + slack) >= Double(cx) * size && Double(low.x - slack) <= Double(cx + 1) * size
              && Double(high.y + slack) >= Double(cy) * size && Double(low.y - slack) <= Double(cy + 1) * size
            #expect(meets, "segment \(m) listed in cell \(cx), \(cy)")
          }
        }
      }
    }
  }
}
