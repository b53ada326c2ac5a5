/// Everything one replay needs besides the fixes: CalmGeo's settings and the replay's own.
public struct ReplayConfiguration: Sendable, Hashable {
  public var calmGeo = CalmGeoConfig()
  public var replay = ReplaySettings()
  /// When to derive speed from positions (`--derive-speed`).
  public var speedPolicy: FixNormalizer.SpeedPolicy = .auto

  public init() {}
}
