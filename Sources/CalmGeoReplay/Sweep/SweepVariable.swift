/// One varied key and the values it takes, in grid order.
package struct SweepVariable: Sendable, Hashable {
  /// A CalmGeo key (`distanceFilter`) or a dotted `replay.*` path (`replay.network.failureRate`).
  package var path: String
  /// At least one value.
  package var values: [SpecNode]

  package init(path: String, values: [SpecNode]) {
    self.path = path
    self.values = values
  }
}
