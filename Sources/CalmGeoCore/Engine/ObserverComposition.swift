/// Two observers as one: each event goes to `first`, then to `second`.
public struct ObserverPair<First: ReplayObserver, Second: ReplayObserver>: ReplayObserver {
  public var first: First
  public var second: Second

  public init(_ first: First, _ second: Second) {
    self.first = first
    self.second = second
  }

  public mutating func replayDidDecide(_ fix: Fix, _ decision: FixDecision) {
    first.replayDidDecide(fix, decision)
    second.replayDidDecide(fix, decision)
  }
  public mutating func replayDidEmit(_ location: CalmGeoLocation) {
    first.replayDidEmit(location)
    second.replayDidEmit(location)
  }
  public mutating func replayDidChangeMode(_ change: ModeChange) {
    first.replayDidChangeMode(change)
    second.replayDidChangeMode(change)
  }
  public mutating func replayDidCall(_ record: AppCallRecord) {
    first.replayDidCall(record)
    second.replayDidCall(record)
  }
  public mutating func replayDidSend(_ request: UploadRequest, body: [UInt8]) {
    first.replayDidSend(request, body: body)
    second.replayDidSend(request, body: body)
  }
  public mutating func replayDidComplete(_ request: UploadRequest) {
    first.replayDidComplete(request)
    second.replayDidComplete(request)
  }
  public mutating func replayDidExpire(_ record: ExpiredRecord) {
    first.replayDidExpire(record)
    second.replayDidExpire(record)
  }
  public mutating func replayWouldCrash(_ crash: LibraryCrash) {
    first.replayWouldCrash(crash)
    second.replayWouldCrash(crash)
  }
  public mutating func replayDidEnd(at time: Int64) {
    first.replayDidEnd(at: time)
    second.replayDidEnd(at: time)
  }
  public var wantsRequestBodies: Bool { first.wantsRequestBodies || second.wantsRequestBodies }
  public var wantsDecisionDistances: Bool { first.wantsDecisionDistances || second.wantsDecisionDistances }
  public var takesQuietRuns: Bool { first.takesQuietRuns && second.takesQuietRuns }
  public mutating func replayDidDecide(_ count: Int, as kind: FixDecision.Kind, last: Fix) {
    first.replayDidDecide(count, as: kind, last: last)
    second.replayDidDecide(count, as: kind, last: last)
  }
}

extension ReplayObserver {
  /// This observer followed by `other`, as one observer (static dispatch).
  public func and<Other: ReplayObserver>(_ other: Other) -> ObserverPair<Self, Other> {
    ObserverPair(self, other)
  }
}

/// Any number of observers chosen at run time (the CLI's writers, trace, metrics),
/// each event delivered to each in order.
public struct ObserverList: ReplayObserver {
  public var observers: [any ReplayObserver]

  public init(_ observers: [any ReplayObserver] = []) {
    self.observers = observers
  }

  /// The first observer of type `T`, after a replay (to read its results).
  public func first<T: ReplayObserver>(_ type: T.Type) -> T? {
    observers.lazy.compactMap { $0 as? T }.first
  }

  public var wantsRequestBodies: Bool { observers.contains { $0.wantsRequestBodies } }
  public var wantsDecisionDistances: Bool { observers.contains { $0.wantsDecisionDistances } }

  public mutating func replayDidDecide(_ fix: Fix, _ decision: FixDecision) {
    for index in observers.indices { observers[index].replayDidDecide(fix, decision) }
  }
  public mutating func replayDidEmit(_ location: CalmGeoLocation) {
    for index in observers.indices { observers[index].replayDidEmit(location) }
  }
  public mutating func replayDidChangeMode(_ change: ModeChange) {
    for index in observers.indices { observers[index].replayDidChangeMode(change) }
  }
  public mutating func replayDidCall(_ record: AppCallRecord) {
    for index in observers.indices { observers[index].replayDidCall(record) }
  }
  public mutating func replayDidSend(_ request: UploadRequest, body: [UInt8]) {
    for index in observers.indices { observers[index].replayDidSend(request, body: body) }
  }
  public mutating func replayDidComplete(_ request: UploadRequest) {
    for index in observers.indices { observers[index].replayDidComplete(request) }
  }
  public mutating func replayDidExpire(_ record: ExpiredRecord) {
    for index in observers.indices { observers[index].replayDidExpire(record) }
  }
  public mutating func replayWouldCrash(_ crash: LibraryCrash) {
    for index in observers.indices { observers[index].replayWouldCrash(crash) }
  }
  public mutating func replayDidEnd(at time: Int64) {
    for index in observers.indices { observers[index].replayDidEnd(at: time) }
  }
}
