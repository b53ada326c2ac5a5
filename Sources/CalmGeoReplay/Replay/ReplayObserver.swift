/// Receives what a replay produces, as it happens (for streaming outputs).
public protocol ReplayObserver {
  /// A location the app's listener receives.
  mutating func replayDidEmit(_ location: CalmGeoLocation)
  /// A request leaving the phone, with its body exactly as sent.
  mutating func replayDidSend(_ request: UploadRequest, body: [UInt8])
  /// A request's answer (or timeout) arriving.
  mutating func replayDidComplete(_ request: UploadRequest)
}

/// An observer that keeps nothing (the engine alone, for benchmarks and sweeps).
public struct DiscardingObserver: ReplayObserver {
  public init() {}
  public mutating func replayDidEmit(_ location: CalmGeoLocation) {}
  public mutating func replayDidSend(_ request: UploadRequest, body: [UInt8]) {}
  public mutating func replayDidComplete(_ request: UploadRequest) {}
}

/// An observer that keeps everything in memory (tests, small runs).
public struct CollectingObserver: ReplayObserver {
  public var locations: [CalmGeoLocation] = []
  public var bodies: [[UInt8]] = []
  /// Requests in completion order.
  public var completed: [UploadRequest] = []
  public init() {}
  public mutating func replayDidEmit(_ location: CalmGeoLocation) { locations.append(location) }
  public mutating func replayDidSend(_ request: UploadRequest, body: [UInt8]) { bodies.append(body) }
  public mutating func replayDidComplete(_ request: UploadRequest) { completed.append(request) }
}
