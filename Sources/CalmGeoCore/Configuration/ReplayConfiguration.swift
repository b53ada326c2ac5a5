/// Everything one replay needs besides the fixes: CalmGeo's settings and the replay's own.
public struct ReplayConfiguration: Sendable, Hashable {
  public var calmGeo = CalmGeoConfig()
  public var replay = ReplaySettings()
  /// When to derive speed from positions (`--derive-speed`).
  public var speedPolicy: FixNormalizer.SpeedPolicy = .auto
  /// The app's calls (`--scenario`); `nil` for the standard scenario (CALMGEO.md §7).
  public var scenario: Scenario?

  public init() {}
}
