/// How late the server learns each emitted location: from the location's fix to the
/// completion (latency included) of the first request answered 200 that carries it.
///
/// An observer on the engine's event stream: an emit records the fix time under the
/// location's emit index, a completed 200 turns each record it carries that was not yet
/// delivered into one delay. Later copies (duplicates, a second 200) change nothing.
/// Work is per emit and per request, never per fix; memory is 9 bytes per emit.
public struct DeliveryMetrics: ReplayObserver, Sendable {
  /// Fix time of each emitted location, by emit index (ms since 1970).
  private var fixTimes: [Int64] = []
  /// Whether a 200 has carried it yet, by emit index.
  private var delivered: [Bool] = []
  /// One delay per delivered location, in delivery order, milliseconds.
  private var delays: [Int64] = []

  public init() {}

  /// The same, with room made at once for `expectedEmits` emits (a guess from above).
  package init(expectedEmits: Int) {
    fixTimes.reserveCapacity(expectedEmits)
    delivered.reserveCapacity(expectedEmits)
  }

  /// Only completions and emits matter: no request body is needed.
  public var wantsRequestBodies: Bool { false }
  public var wantsDecisionDistances: Bool { false }

  public mutating func replayDidEmit(_ location: CalmGeoLocation) {
    let index = location.sequence
    guard index >= 0 else { return }
    if index == fixTimes.count {
      // The usual emit, the next index: appended as such, not as a run of one through the generic path.
      fixTimes.append(location.time)
      delivered.append(false)
      return
    }
    if index > fixTimes.count {
      fixTimes.append(contentsOf: repeatElement(0, count: index + 1 - fixTimes.count))
      delivered.append(contentsOf: repeatElement(false, count: index + 1 - delivered.count))
    }
    fixTimes[index] = location.time
  }

  public mutating func replayDidComplete(_ request: UploadRequest) {
    guard request.succeeded else { return }
    for index in request.recordSequences where index >= 0 && index < fixTimes.count && !delivered[index] {
      delivered[index] = true
      delays.append(request.completedAt - fixTimes[index])
    }
  }

  /// The delays measured so far (all of them once the replay has drained its requests).
  public func finish() -> DeliveryDelays { DeliveryDelays(millis: delays) }
}

/// The raw delays of `DeliveryMetrics`, one per delivered location, milliseconds.
public struct DeliveryDelays: Sendable, Hashable {
  public var millis: [Int64]

  public init(millis: [Int64] = []) {
    self.millis = millis
  }

  /// Locations delivered.
  public var delivered: Int { millis.count }
}
