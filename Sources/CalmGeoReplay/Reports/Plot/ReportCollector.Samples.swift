extension ReportCollector {
  /// A fix as drawn: where it was and the numbers its decision used.
  ///
  /// Time ms since 1970; degrees WGS84; speed m/s (-1 unknown); judge metres (NaN when
  /// not evaluated; the geofence radius while monitoring).
  public struct TrackSample: Sendable, Hashable {
    public var time: Int64
    public var latitude: Double
    public var longitude: Double
    public var speed: Float
    public var judge: Float
    /// The rule that decided the fix, the distance it measured, the threshold it compared
    /// that with (`FixDecision.threshold`: the still rule's is distanceFilter) and `ref`'s age
    /// in ms (-1 without one): the report's cursor readout. NaN where not part of the decision.
    public var kind: FixDecision.Kind = .filtered
    public var distance: Float = .nan
    public var threshold: Float = .nan
    public var refAge: Int64 = -1
  }

  /// An app call on the timeline (scenario entries, the standard start and final sync).
  public struct CallMark: Sendable, Hashable {
    /// ms since 1970.
    public var time: Int64
    public var name: AppCall.Name
    /// The scenario file's line (0 for a call made in code).
    public var line: Int
  }

  /// An emitted location as drawn.
  public struct EmitSample: Sendable, Hashable {
    public var time: Int64
    public var latitude: Double
    public var longitude: Double
    public var isMoving: Bool
    public var isMotionChange: Bool
  }

  /// A stationary geofence: centred on the filter's reference when monitoring started.
  public struct Geofence: Sendable, Hashable {
    /// When monitoring started, ms since 1970.
    public var time: Int64
    public var latitude: Double
    public var longitude: Double
    /// Metres, as the monitoring decisions report it (or an earlier geofence, when the
    /// log ended at the fix that started monitoring); NaN when neither did.
    public var radius: Double
  }

  /// A time interval, ms since 1970, `start` included and `end` excluded.
  public struct TimeSpan: Sendable, Hashable {
    public var start: Int64
    public var end: Int64
  }

  /// A run of fixes the platform model withheld (`replay.platform`), by the same rule.
  public struct WithheldRun: Sendable, Hashable {
    /// The first and last withheld fix, ms since 1970.
    public var start: Int64
    public var end: Int64
    /// `stationary`, `accuracy` or `rate`.
    public var rule: PlatformDelivery.Rule
    /// Fixes withheld in the run.
    public var fixes: Int
  }

  /// A request as drawn on the upload timeline.
  public struct RequestMark: Sendable, Hashable {
    public var sequence: Int
    /// ms since 1970.
    public var sentAt: Int64
    public var completedAt: Int64
    public var outcome: NetworkModel.Outcome
    public var records: Int
  }

  /// Records held in storage from `time` on.
  public struct QueueSample: Sendable, Hashable {
    public var time: Int64
    public var size: Int
    /// The most held from `time` until the next drawn sample (`size` when nothing is
    /// decimated): a decimated sawtooth keeps its peaks.
    public var peak: Int
  }
}
