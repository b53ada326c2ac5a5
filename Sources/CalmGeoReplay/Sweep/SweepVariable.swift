/// One varied key and the values it takes, in grid order.
public struct SweepVariable: Sendable, Hashable {
  /// A CalmGeo key (`distanceFilter`) or a dotted `replay.*` path (`replay.network.failureRate`).
  public var path: String
  /// At least one value.
  public var values: [SpecNode]

  public init(path: String, values: [SpecNode]) {
    self.path = path
    self.values = values
  }
}
