/// A circular geographic condition as an app gives it to Core Location's `CLMonitor`
/// (`CLMonitor.CircularGeographicCondition`): an identifier, a centre, a radius and the
/// state it is assumed to be in until the platform determines it.
///
/// Degrees WGS84, metres.
public struct GeofenceCondition: Sendable, Hashable {
  /// The record's key in the monitor (unique in a file).
  public var identifier: String
  public var latitude: Double
  public var longitude: Double
  /// The radius as written, metres (> 0). The platform may monitor a larger one (see
  /// `monitoredRadius(minimum:)`).
  public var radius: Double
  /// The initial state (`CLMonitor.add(_:identifier:assuming:)`; `unknown` when absent).
  public var assuming: GeofenceState
  /// Where the condition is written in its file (line 0 when made in code).
  public var line: Int

  public init(
    identifier: String, latitude: Double, longitude: Double, radius: Double,
    assuming: GeofenceState = .unknown, line: Int = 0
  ) {
    self.identifier = identifier
    self.latitude = latitude
    self.longitude = longitude
    self.radius = radius
    self.assuming = assuming
    self.line = line
  }

  /// The radius the platform monitors: the written one, raised to the platform's
  /// practical minimum (`replay.platform.geofenceMinimumRadius`; 0 = none).
  public func monitoredRadius(minimum: Double) -> Double {
    max(radius, minimum)
  }
}

/// The state of a condition as `CLMonitor` reports it (`CLMonitor.Event.state`).
public enum GeofenceState: String, Sendable, Hashable, CaseIterable {
  /// Inside the circle.
  case satisfied
  /// Outside the circle.
  case unsatisfied
  /// Not determined (the initial state, or a fix too inaccurate for the radius).
  case unknown
}
