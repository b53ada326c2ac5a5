/// How CalmGeo's motionchanges matched the true stops of a raw log (`stops` in stats.json).
///
/// Delays are seconds, distances metres. See `StopMetrics` for each definition. Files
/// written before `covered` (schema 2) read with `covered` and `startsCovered` 0: those
/// stops and starts were counted as missed then.
public struct StopStats: Codable, Sendable, Hashable {
  /// The detector's radius, metres.
  public var radiusMetres: Double
  /// The detector's minimum stop duration, seconds.
  public var minDurationSeconds: Double
  /// True stops found in the raw fixes.
  public var trueStops: Int
  /// True stops with a still motionchange inside them.
  public var detected: Int
  /// True stops without one that began while the library was already stationary (still
  /// or monitoring): the phone shows the stop although no motionchange marked it.
  public var covered: Int
  /// True stops neither detected nor covered (the library moved throughout).
  public var missed: Int
  /// Still motionchanges outside every true stop.
  public var falseStops: Int
  /// From a stop's first fix to its detection, over detected stops.
  public var stopDelaySeconds: Summary
  /// From a stop's first fix to the GPS going off, over stops where it went off.
  public var monitoringDelaySeconds: Summary
  /// From a stop's centroid to the detecting motionchange's fix, over detected stops.
  public var positionErrorMetres: Summary
  /// True stops followed by more fixes (every stop but a final one).
  public var starts: Int
  /// Starts whose departure a moving motionchange detected before the next true stop.
  public var startsDetected: Int
  /// Starts not detected because the library stayed stationary into the next true stop
  /// (a covered one): no trip was seen between them.
  public var startsCovered: Int
  /// From a stop's last fix to that motionchange, over detected starts (negative when
  /// the library noticed while the device was still within the radius).
  public var startDelaySeconds: Summary
  /// Raw path from a stop's last fix to that motionchange's fix (0 when early), over
  /// detected starts.
  public var startDistanceLostMetres: Summary
  /// Moving motionchanges that detected no departure (the replay's first one always).
  public var unmatchedStarts: Int
  /// Whether the stop the log ends in was detected; nil (JSON null) if it ends moving.
  public var finalParkedRecorded: Bool?

  public init(
    radiusMetres: Double, minDurationSeconds: Double, trueStops: Int, detected: Int, covered: Int = 0, missed: Int,
    falseStops: Int, stopDelaySeconds: Summary, monitoringDelaySeconds: Summary,
    positionErrorMetres: Summary, starts: Int, startsDetected: Int, startsCovered: Int = 0,
    startDelaySeconds: Summary,
    startDistanceLostMetres: Summary, unmatchedStarts: Int, finalParkedRecorded: Bool?
  ) {
    self.radiusMetres = radiusMetres
    self.minDurationSeconds = minDurationSeconds
    self.trueStops = trueStops
    self.detected = detected
    self.covered = covered
    self.missed = missed
    self.falseStops = falseStops
    self.stopDelaySeconds = stopDelaySeconds
    self.monitoringDelaySeconds = monitoringDelaySeconds
    self.positionErrorMetres = positionErrorMetres
    self.starts = starts
    self.startsDetected = startsDetected
    self.startsCovered = startsCovered
    self.startDelaySeconds = startDelaySeconds
    self.startDistanceLostMetres = startDistanceLostMetres
    self.unmatchedStarts = unmatchedStarts
    self.finalParkedRecorded = finalParkedRecorded
  }

  /// The keys, in `stats.json` order.
  enum CodingKeys: String, CodingKey {
    case radiusMetres, minDurationSeconds, trueStops, detected, covered, missed, falseStops, stopDelaySeconds,
      monitoringDelaySeconds, positionErrorMetres, starts, startsDetected, startsCovered, startDelaySeconds,
      startDistanceLostMetres, unmatchedStarts, finalParkedRecorded
  }

  /// Encodes every key, `finalParkedRecorded` as null when nil (not left out).
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(radiusMetres, forKey: .radiusMetres)
    try container.encode(minDurationSeconds, forKey: .minDurationSeconds)
    try container.encode(trueStops, forKey: .trueStops)
    try container.encode(detected, forKey: .detected)
    try container.encode(covered, forKey: .covered)
    try container.encode(missed, forKey: .missed)
    try container.encode(falseStops, forKey: .falseStops)
    try container.encode(stopDelaySeconds, forKey: .stopDelaySeconds)
    try container.encode(monitoringDelaySeconds, forKey: .monitoringDelaySeconds)
    try container.encode(positionErrorMetres, forKey: .positionErrorMetres)
    try container.encode(starts, forKey: .starts)
    try container.encode(startsDetected, forKey: .startsDetected)
    try container.encode(startsCovered, forKey: .startsCovered)
    try container.encode(startDelaySeconds, forKey: .startDelaySeconds)
    try container.encode(startDistanceLostMetres, forKey: .startDistanceLostMetres)
    try container.encode(unmatchedStarts, forKey: .unmatchedStarts)
    try container.encode(finalParkedRecorded, forKey: .finalParkedRecorded)
  }
}

extension StopStats {
  /// Reads this or an older layout: before schema 3 there was no `covered` or
  /// `startsCovered` (such stops and starts were counted in `missed`), read as 0.
  public init(from decoder: any Decoder) throws {
    let c = try decoder.container(keyedBy: CodingKeys.self)
    self.init(
      radiusMetres: try c.decode(Double.self, forKey: .radiusMetres),
      minDurationSeconds: try c.decode(Double.self, forKey: .minDurationSeconds),
      trueStops: try c.decode(Int.self, forKey: .trueStops),
      detected: try c.decode(Int.self, forKey: .detected),
      covered: try c.decodeIfPresent(Int.self, forKey: .covered) ?? 0,
      missed: try c.decode(Int.self, forKey: .missed),
      falseStops: try c.decode(Int.self, forKey: .falseStops),
      stopDelaySeconds: try c.decode(Summary.self, forKey: .stopDelaySeconds),
      monitoringDelaySeconds: try c.decode(Summary.self, forKey: .monitoringDelaySeconds),
      positionErrorMetres: try c.decode(Summary.self, forKey: .positionErrorMetres),
      starts: try c.decode(Int.self, forKey: .starts),
      startsDetected: try c.decode(Int.self, forKey: .startsDetected),
      startsCovered: try c.decodeIfPresent(Int.self, forKey: .startsCovered) ?? 0,
      startDelaySeconds: try c.decode(Summary.self, forKey: .startDelaySeconds),
      startDistanceLostMetres: try c.decode(Summary.self, forKey: .startDistanceLostMetres),
      unmatchedStarts: try c.decode(Int.self, forKey: .unmatchedStarts),
      finalParkedRecorded: try c.decodeIfPresent(Bool.self, forKey: .finalParkedRecorded))
  }
}
