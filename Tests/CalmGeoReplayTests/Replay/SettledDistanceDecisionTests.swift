import Foundation
import Testing

@testable import CalmGeoReplay

/// When no observer reads decision distances (`ReplayObserver.wantsDecisionDistances` false, as
/// in sweeps and the default replay's writers), the state machine settles its comparisons with
/// cheap bounds (`GeoMath.Anchor.settledComparison(to:with:)`). Every decision, emit and result is
/// the same as with the haversine for every comparison; only `distance` may stay NaN.
struct SettledDistanceDecisionTests {
  /// Collects what the engine reports, with or without distances.
  struct Recorder: ReplayObserver {
    let wantsDecisionDistances: Bool
    var decisions: [FixDecision] = []
    var locations: [CalmGeoLocation] = []
    var modeChanges: [ModeChange] = []
    mutating func replayDidDecide(_ fix: Fix, _ decision: FixDecision) { decisions.append(decision) }
    mutating func replayDidEmit(_ location: CalmGeoLocation) { locations.append(location) }
    mutating func replayDidChangeMode(_ change: ModeChange) { modeChanges.append(change) }
    var wantsRequestBodies: Bool { false }
  }

  /// The configurations compared: CalmGeo's defaults; a judge of 0 (every comparison left to
  /// the haversine: under a millimetre); wide filters with a geofence floor and a random exit
  /// delay; Android's judge with `unknown` geofence states.
  static let configurations: [ReplayConfiguration] = {
    var defaults = ReplayConfiguration()
    defaults.replay.seed = 7
    var zero = defaults
    zero.calmGeo.distanceFilter = 0
    zero.calmGeo.disableSpeedMultiplier = true
    var wide = defaults
    wide.calmGeo.distanceFilter = 50
    wide.calmGeo.stationaryRadius = 150
    wide.replay.geofenceMinimumRadius = 200
    wide.replay.geofenceExitDelay = 10_000
    wide.replay.geofenceExitDelayMax = 90_000
    var android = defaults
    android.replay.model = .bgAndroid
    android.replay.platform.geofenceUnknown = true
    android.calmGeo.stationaryRadius = 5
    return [defaults, zero, wide, android]
  }()

  /// The first difference between the two replays of `track`, or nil.
  static func difference(_ track: Track, _ configuration: ReplayConfiguration) -> String? {
    var exact = Recorder(wantsDecisionDistances: true)
    var settled = Recorder(wantsDecisionDistances: false)
    let options = ReplayOptions(metrics: false)
    let exactResult = ReplayRunner.run(source: track, configuration: configuration, observer: &exact, options: options)
    let settledResult = ReplayRunner.run(
      source: track, configuration: configuration, observer: &settled, options: options)
    if exactResult != settledResult { return "result" }
    if exact.decisions.count != settled.decisions.count { return "decision count" }
    for (index, (a, b)) in zip(exact.decisions, settled.decisions).enumerated() {
      // The settled replay's distance is NaN or the haversine's; everything else is equal.
      guard b.distance.isNaN || b.distance == a.distance else { return "distance of fix \(index)" }
      var withoutDistance = a
      withoutDistance.distance = b.distance
      if "\(withoutDistance)" != "\(b)" { return "decision of fix \(index): \(a) vs \(b)" }
    }
    if "\(exact.locations)" != "\(settled.locations)" { return "locations" }
    if exact.modeChanges != settled.modeChanges { return "mode changes" }
    return nil
  }

  @Test func theSampleLogsDecideAlike() throws {
    for path in Corpus.samplePaths {
      let track = try TrackReader.load(path: path)
      for configuration in Self.configurations {
        #expect(Self.difference(track, configuration) == nil, "\(path)")
      }
    }
  }

  /// A walk that stops 2 minutes and leaves (hand-made): the machine keeps, stills, sleeps,
  /// monitors and exits, and the settled replay does so at the same fixes. The distances are
  /// NaN where the bounds settled them.
  @Test func aWalkWithAStopLeavesDistancesOutOnlyWhereSettled() {
    var fixes: [Fix] = []
    for second in 0..<400 {
      // Walking north at 1.5 m/s for 100 s, standing 200 s, then walking on.
      let metres = Double(min(second, 100) + max(0, second - 300)) * 1.5
      fixes.append(Fix(time: Int64(second) * 1000, latitude: 59.9 + metres / 111_195, longitude: 10.75))
    }
    let track = Track(name: "walk", format: .csv, fixes: fixes, diagnostics: InputDiagnostics())
    #expect(Self.difference(track, ReplayConfiguration()) == nil)
    var settled = Recorder(wantsDecisionDistances: false)
    _ = ReplayRunner.run(
      source: track, configuration: ReplayConfiguration(), observer: &settled, options: ReplayOptions(metrics: false))
    let kinds = Set(settled.decisions.map(\.kind))
    #expect(kinds.isSuperset(of: [.keptBeyondJudge, .filtered, .sleepRule, .ignoredWhileMonitoring, .geofenceExit]))
    #expect(settled.decisions.contains { $0.kind == .filtered && $0.distance.isNaN })
  }

  @Test(.enabled(if: Corpus.isAvailable, Corpus.skipReason))
  func everyCorpusLogDecidesAlike() {
    let compared = Corpus.forEachTrack { file, track in
      for configuration in Self.configurations {
        #expect(Self.difference(track, configuration) == nil, "\(file)")
      }
    }
    #expect(compared >= 100)
  }
}
