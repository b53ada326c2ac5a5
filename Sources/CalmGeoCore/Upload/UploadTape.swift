/// What an engine asked of its upload simulator, in order: every `advance(to:)`, every
/// location stored and every manual sync. Replaying the tape under another upload
/// configuration (`replay(config:settings:)`) gives exactly the uploads that configuration
/// would have made, without deciding a fix again: the sweep's shared pass for
/// configurations that differ only in upload settings (`ReplayConfiguration.decisionKey`).
///
/// Memory: per location stored, the location (about 130 bytes), 32 bytes of request and
/// at most one advance time (8 bytes); runs of advances are kept as their last. An engine call the tape cannot stand for (clearing,
/// reconfiguring, reading the store) makes it `isReplayable == false`.
public struct UploadTape: Sendable {
  /// The times of every `advance(to:)`, in order.
  private var advances: [Int64] = []
  /// The other requests, each after `position` advances.
  private var events: [Event] = []
  /// The locations stored, in order.
  private var locations: [CalmGeoLocation] = []
  /// Whether every request the engine made is on the tape.
  public private(set) var isReplayable = true

  private struct Event: Sendable {
    enum Kind: UInt8, Sendable { case append, manualSync }
    var kind: Kind
    var position: Int
    var time: Int64
    /// `append`: the location's index and its `coords` byte count (-1: not counted).
    var location: Int32 = -1
    var coordsBytes: Int32 = -1
  }

  /// An empty tape.
  public init() {}

  /// Records `advance(to: time)`. Advances with no other request between them are kept
  /// as the last one: `advance(to: a)` then `advance(to: b)` leaves the simulator's counts
  /// as `advance(to: b)` alone does (completions are processed in time order, each after
  /// the expiries before it, and expiry only removes from the front), so the tape grows
  /// with the locations, not with the fixes.
  @inline(__always)
  mutating func advance(to time: Int64) {
    if advances.isEmpty || events.last?.position == advances.count {
      advances.append(time)
    } else {
      advances[advances.count - 1] = time
    }
  }

  mutating func append(_ location: CalmGeoLocation, at time: Int64, coordsBytes: Int?) {
    events.append(
      Event(
        kind: .append, position: advances.count, time: time, location: Int32(locations.count),
        coordsBytes: coordsBytes.map { Int32(clamping: $0) } ?? -1))
    locations.append(location)
  }

  mutating func manualSync(at time: Int64) {
    events.append(Event(kind: .manualSync, position: advances.count, time: time))
  }

  /// Marks the tape as unable to stand for what the engine did.
  mutating func invalidate() {
    isReplayable = false
  }

  /// The upload counters of the same replay under `config` and `settings`: the simulator
  /// the engine would have made (no scenario: only what syncs need is kept), given the
  /// same requests in the same order, then drained.
  public func replay(config: CalmGeoConfig, settings: ReplaySettings) -> UploadCounters {
    var observer = DiscardingObserver()
    return replayWithCrash(config: config, settings: settings, observer: &observer).counters
  }

  /// `replay(config:settings:)`, telling `observer` each stored location (as the emit it
  /// was, just before it is stored) and each request's sending and completion.
  public func replay<O: ReplayObserver>(config: CalmGeoConfig, settings: ReplaySettings, observer: inout O)
    -> UploadCounters
  {
    replayWithCrash(config: config, settings: settings, observer: &observer).counters
  }

  /// `replay(config:settings:observer:)`, with the first point where the real library would crash.
  public func replayWithCrash<O: ReplayObserver>(
    config: CalmGeoConfig, settings: ReplaySettings, observer: inout O
  ) -> (counters: UploadCounters, crash: LibraryCrash?) {
    precondition(isReplayable, "an upload tape replayed after a call it does not record")
    var uploads = UploadSimulator(config: config, settings: settings)
    var next = 0
    for position in 0...advances.count {
      while next < events.count, events[next].position == position {
        let event = events[next]
        switch event.kind {
        case .append:
          observer.replayDidEmit(locations[Int(event.location)])
          uploads.append(
            locations[Int(event.location)], at: event.time,
            coordsBytes: event.coordsBytes < 0 ? nil : Int(event.coordsBytes), observer: &observer)
        case .manualSync:
          uploads.manualSync(at: event.time, observer: &observer)
        }
        next += 1
      }
      if position < advances.count { uploads.advance(to: advances[position], observer: &observer) }
    }
    uploads.drain(observer: &observer)
    return (uploads.finish(), uploads.crash)
  }
}
