/// A uniform grid over the segments of a polyline in planar metres, for nearest-segment searches.
///
/// Segment `i` joins `vertices[i]` and `vertices[i + 1]`. Each segment is listed in every cell
/// it passes through (a column sweep widened by 10⁻⁶ of a cell, so rounding never drops a cell);
/// a cell (cx, cy) covers [cx·s, (cx+1)·s) × [cy·s, (cy+1)·s). Occupied cells live in an
/// open-addressing hash table, so memory follows the cells the track touches, not its bounding box.
package struct SegmentGrid: Sendable {
  /// The side of a cell, metres: a power of two, so dividing by it is exact as a multiplication.
  package let cellSize: Double
  private let inverseCellSize: Double
  /// The occupied cells' bounding box, in cell coordinates (empty grid: min > max).
  package private(set) var minX = Int.max, maxX = Int.min, minY = Int.max, maxY = Int.min
  /// Segment indices grouped by cell; `segments(cellX:cellY:)` gives each cell's range.
  package private(set) var members: [Int32] = []

  private var keys: [UInt64]
  private var starts: [Int32]
  private var counts: [Int32]
  private var mask: Int
  private var occupied = 0

  /// Indexes the segments between consecutive vertices with cells of `cellSize` metres.
  ///
  /// Consecutive segments mostly share cells, so each pass remembers the last cell's slot.
  package init(vertices: [SIMD2<Float>], cellSize: Double) {
    self.init(emptyWithCellSize: cellSize)
    guard vertices.count > 1 else { return }
    let all = 0..<(vertices.count - 1)
    countCells(vertices, all)
    var members = [Int32](repeating: 0, count: assignStarts())
    var next = starts
    let grid = self
    members.withUnsafeMutableBufferPointer { members in
      next.withUnsafeMutableBufferPointer { next in grid.fill(vertices, all, next: next, members: members) }
    }
    self.members = members
  }

  /// Segments from which `init(vertices:cellSize:parallel:)` builds the grid in two halves.
  package static let halvesThreshold = 1 << 16

  /// `init(vertices:cellSize:)`, with the segments of a polyline of `halvesThreshold` segments or
  /// more rasterized in two halves that `parallel` may run at once: each half counts its cells in
  /// a table of its own, the tables are merged, and each half writes its segments after those of
  /// the half before it in every cell. The cells list the same segments in the same order.
  package init(vertices: [SIMD2<Float>], cellSize: Double, parallel: ParallelWork) {
    let segments = vertices.count - 1
    guard segments >= Self.halvesThreshold else {
      self.init(vertices: vertices, cellSize: cellSize)
      return
    }
    let halves = [0..<(segments / 2), (segments / 2)..<segments]
    let counted = withUnsafeTemporaryAllocation(of: SegmentGrid.self, capacity: 2) { tables in
      // Each half initializes its own slot only.
      nonisolated(unsafe) let tables = tables
      parallel.perform(2) { half in
        var table = SegmentGrid(emptyWithCellSize: cellSize)
        table.countCells(vertices, halves[half])
        (tables.baseAddress! + half).initialize(to: table)
      }
      let counted = Array(tables)
      _ = tables.deinitialize()
      return counted
    }
    self.init(emptyWithCellSize: cellSize)
    for table in counted {
      minX = Swift.min(minX, table.minX)
      maxX = Swift.max(maxX, table.maxX)
      minY = Swift.min(minY, table.minY)
      maxY = Swift.max(maxY, table.maxY)
      for slot in table.keys.indices where table.counts[slot] > 0 {
        let merged = insert(table.keys[slot])
        counts[merged] += table.counts[slot]
      }
    }
    var members = [Int32](repeating: 0, count: assignStarts())
    // The second half's segments go after the first half's in each cell.
    var secondNext = starts
    let first = counted[0]
    for slot in first.keys.indices where first.counts[slot] > 0 {
      secondNext[find(first.keys[slot])] += first.counts[slot]
    }
    var firstNext = starts
    let grid = self
    members.withUnsafeMutableBufferPointer { members in
      firstNext.withUnsafeMutableBufferPointer { firstNext in
        secondNext.withUnsafeMutableBufferPointer { secondNext in
          // The halves write disjoint places of `members` and their own cursors.
          nonisolated(unsafe) let targets = (members, firstNext, secondNext)
          parallel.perform(2) { half in
            grid.fill(vertices, halves[half], next: half == 0 ? targets.1 : targets.2, members: targets.0)
          }
        }
      }
    }
    self.members = members
  }

  /// A grid with no segment.
  private init(emptyWithCellSize cellSize: Double) {
    precondition(cellSize >= 1 && cellSize.significand == 1, "cell size must be a power of two ≥ 1 m")
    self.cellSize = cellSize
    inverseCellSize = 1 / cellSize
    keys = [UInt64](repeating: 0, count: 1024)
    starts = [Int32](repeating: 0, count: 1024)
    counts = [Int32](repeating: 0, count: 1024)
    mask = 1023
  }

  /// Adds the cells of segments `range` and how many of them pass through each to the table (a
  /// run of segment-cells in the same cell is added at once), and widens the bounding box.
  private mutating func countCells(_ vertices: [SIMD2<Float>], _ range: Range<Int>) {
    var last = (key: UInt64.max, slot: -1)
    var run: Int32 = 0
    for i in range {
      Self.forEachCell(from: vertices[i], to: vertices[i + 1], size: cellSize, inverse: inverseCellSize) { cx, cy in
        let key = Self.key(cx, cy)
        if key != last.key || last.slot < 0 {
          if last.slot >= 0 { counts[last.slot] += run }
          run = 0
          last = (key, insert(key))
          minX = Swift.min(minX, cx)
          maxX = Swift.max(maxX, cx)
          minY = Swift.min(minY, cy)
          maxY = Swift.max(maxY, cy)
        }
        run += 1
      }
    }
    if last.slot >= 0 { counts[last.slot] += run }
  }

  /// Sets where each cell's segments start in `members` (cells in slot order); returns the total.
  private mutating func assignStarts() -> Int {
    var total: Int32 = 0
    for slot in counts.indices where counts[slot] > 0 {
      starts[slot] = total
      total += counts[slot]
    }
    return Int(total)
  }

  /// Writes segments `range` into `members` at each cell's cursor in `next` (by slot), in order.
  /// Through buffers: the arrays' uniqueness is not checked per segment-cell.
  private func fill(
    _ vertices: [SIMD2<Float>], _ range: Range<Int>, next: UnsafeMutableBufferPointer<Int32>,
    members: UnsafeMutableBufferPointer<Int32>
  ) {
    var last = (key: UInt64.max, slot: -1)
    for i in range {
      Self.forEachCell(from: vertices[i], to: vertices[i + 1], size: cellSize, inverse: inverseCellSize) { cx, cy in
        let key = Self.key(cx, cy)
        if key != last.key || last.slot < 0 { last = (key, find(key)) }
        members[Int(next[last.slot])] = Int32(truncatingIfNeeded: i)
        next[last.slot] += 1
      }
    }
  }

  /// The cell coordinate of a planar coordinate, metres.
  @inline(__always)
  package func cell(_ metres: Double) -> Int { Self.floor(metres * inverseCellSize) }

  /// ⌊v⌋ for |v| < 2⁶³, without a libm call.
  @inline(__always)
  private static func floor(_ v: Double) -> Int {
    let t = Int(v)
    return Double(t) > v ? t - 1 : t
  }

  /// The range of `members` listing the segments that pass through a cell (empty if none).
  @inline(__always)
  package func segments(cellX cx: Int, cellY cy: Int) -> Range<Int> {
    let slot = find(Self.key(cx, cy))
    guard slot >= 0 else { return 0..<0 }
    let start = Int(starts[slot])
    return start..<(start + Int(counts[slot]))
  }

  // MARK: Hash table

  @inline(__always)
  private static func key(_ cx: Int, _ cy: Int) -> UInt64 {
    UInt64(UInt32(truncatingIfNeeded: cx)) << 32 | UInt64(UInt32(truncatingIfNeeded: cy))
  }

  @inline(__always)
  private func home(_ key: UInt64) -> Int { Int(truncatingIfNeeded: SplitMix64.mix(key)) & mask }

  /// The slot holding `key`, or -1.
  @inline(__always)
  private func find(_ key: UInt64) -> Int {
    var slot = home(key)
    while counts[slot] != 0 {
      if keys[slot] == key { return slot }
      slot = (slot + 1) & mask
    }
    return -1
  }

  /// The slot holding `key`, claimed (count still 0 until the caller adds) if absent.
  private mutating func insert(_ key: UInt64) -> Int {
    if (occupied + 1) * 2 > keys.count { grow() }
    var slot = home(key)
    while counts[slot] != 0 {
      if keys[slot] == key { return slot }
      slot = (slot + 1) & mask
    }
    keys[slot] = key
    occupied += 1
    return slot
  }

  private mutating func grow() {
    let oldKeys = keys
    let oldCounts = counts
    keys = [UInt64](repeating: 0, count: oldKeys.count * 2)
    counts = [Int32](repeating: 0, count: oldKeys.count * 2)
    starts = [Int32](repeating: 0, count: oldKeys.count * 2)
    mask = keys.count - 1
    for slot in oldKeys.indices where oldCounts[slot] > 0 {
      var target = home(oldKeys[slot])
      while counts[target] != 0 { target = (target + 1) & mask }
      keys[target] = oldKeys[slot]
      counts[target] = oldCounts[slot]
    }
  }

  private static func powerOfTwo(atLeast n: Int) -> Int {
    var p = 1
    while p < n { p <<= 1 }
    return p
  }

  // MARK: Rasterization

  /// Calls `body` with every cell the segment from `a` to `b` passes through, column by column.
  @inline(__always)
  private static func forEachCell(
    from a: SIMD2<Float>, to b: SIMD2<Float>, size: Double, inverse: Double, _ body: (Int, Int) -> Void
  ) {
    let margin = size * 1e-6
    var x0 = Double(a.x)
    var y0 = Double(a.y)
    var x1 = Double(b.x)
    var y1 = Double(b.y)
    if x0 > x1 {
      swap(&x0, &x1)
      swap(&y0, &y1)
    }
    let yLow = Swift.min(y0, y1)
    let yHigh = Swift.max(y0, y1)
    // Most segments are shorter than a cell: when the widened box around the segment is in one
    // cell, that cell is the one the sweep below would find (its rows and columns lie inside
    // the box's), without the slope's division.
    let firstRow = floor((yLow - margin) * inverse)
    if firstRow == floor((yHigh + margin) * inverse) {
      let column = floor((x0 - margin) * inverse)
      if column == floor((x1 + margin) * inverse) {
        body(column, firstRow)
        return
      }
    }
    let slope = x1 > x0 ? (y1 - y0) / (x1 - x0) : 0
    let firstColumn = floor((x0 - margin) * inverse)
    let lastColumn = floor((x1 + margin) * inverse)
    for cx in firstColumn...lastColumn {
      let left = Swift.max(x0, Double(cx) * size - margin)
      let right = Swift.min(x1, Double(cx + 1) * size + margin)
      var ya = y0 + (left - x0) * slope
      var yb = y0 + (right - x0) * slope
      if x1 == x0 {
        ya = y0
        yb = y1
      }
      let low = Swift.max(yLow, Swift.min(ya, yb)) - margin
      let high = Swift.min(yHigh, Swift.max(ya, yb)) + margin
      for cy in floor(low * inverse)...floor(high * inverse) { body(cx, cy) }
    }
  }
}
