/// A log read into memory: its fixes in time order and what reading it found.
public struct Track: Sendable {
  /// The input's name as given by the user.
  public var name: String
  /// The format it was read as.
  public var format: InputFormat
  /// Fixes with strictly increasing times.
  public var fixes: [Fix]
  /// Counts of records read, skipped and estimated.
  public var diagnostics: InputDiagnostics
  /// Whether the log was gzipped.
  public var gzipped: Bool
  /// The speed policy the fixes were normalized with. Loaded with `.auto` (the default)
  /// or `.never`, a track replays under any policy (derived speeds are flagged);
  /// loaded with `.always`, logged speeds are gone and only `.always` is faithful.
  public var speedPolicy: FixNormalizer.SpeedPolicy
  /// The SHA-256 of the stored bytes, when the log was opened with `checksum: true`.
  public var sha256: String?

  public init(
    name: String, format: InputFormat, fixes: [Fix], diagnostics: InputDiagnostics,
    gzipped: Bool = false, speedPolicy: FixNormalizer.SpeedPolicy = .auto
  ) {
    self.name = name
    self.format = format
    self.fixes = fixes
    self.diagnostics = diagnostics
    self.gzipped = gzipped
    self.speedPolicy = speedPolicy
  }
}
