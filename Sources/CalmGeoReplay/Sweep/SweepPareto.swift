/// The Pareto front of points to be minimised in every coordinate.
package enum SweepPareto {
  /// Whether `a` dominates `b`: no worse in every coordinate, better in one.
  package static func dominates(_ a: [Double], _ b: [Double]) -> Bool {
    var better = false
    for (x, y) in zip(a, b) {
      if x > y { return false }
      if x < y { better = true }
    }
    return better
  }

  /// The indexes (ascending) of the points no other point dominates; equal points are
  /// all kept.
  ///
  /// Points are visited in lexicographic order, so a point can only be dominated by one
  /// visited earlier, and only needs comparing with the front found so far: if any
  /// point dominates it, a front member does.
  package static func front(_ points: [[Double]]) -> [Int] {
    let order = points.indices.sorted { a, b in
      points[a].lexicographicallyPrecedes(points[b]) || (points[a] == points[b] && a < b)
    }
    var front: [Int] = []
    for index in order where !front.contains(where: { dominates(points[$0], points[index]) }) {
      front.append(index)
    }
    return front.sorted()
  }
}
