import CalmGeoReplay
import Histogram

/// What a fleet's devices sent and what became of it (`live.json`): per device and in
/// total, requests, answers by status, real latency percentiles, duplicates and records
/// lost. Computed from the answers (live, or read back from a recorded network) and the
/// replays' results only, so a recorded replay writes the same file.
public struct LiveReport: Sendable {
  /// One device's counts.
  public struct Device: Sendable {
    public var number: Int
    public var seed: UInt64
    public var offsetMs: Int64
    public var emitted = 0
    public var requests = 0
    /// Answers by outcome: status codes, `timeout`, `error`.
    public var outcomes: [String: Int] = [:]
    /// Requests given up at an interrupt (counted in `outcomes` as `error`).
    public var abandoned = 0
    public var recordsSent = 0
    public var recordsDelivered = 0
    public var duplicatesSent = 0
    public var duplicatesDelivered = 0
    /// Records that expired before any 200 carried them.
    public var recordsLost = 0
    public var storedAtEnd = 0
    fileprivate var latencies = Histogram<UInt64>(numberOfSignificantValueDigits: .three)

    fileprivate init(number: Int) {
      self.number = number
      seed = 0
      offsetMs = 0
    }

    public init(device: FleetDevice, entries: [RecordedNetwork.Entry], result: ReplayResult) {
      number = device.number
      seed = device.seed
      offsetMs = device.offset
      emitted = result.emitted
      // Requests sent: those the replay made after an interrupt never left.
      requests = result.uploads.requests - entries.filter(\.notSent).count
      for entry in entries where !entry.notSent {
        outcomes[entry.answer.outcome.description, default: 0] += 1
        if entry.abandoned { abandoned += 1 }
        _ = latencies.record(UInt64(max(0, (entry.wallMs * 1000).rounded())))
      }
      let uploads = result.uploads
      recordsSent = uploads.recordsSent
      recordsDelivered = uploads.recordsDelivered
      duplicatesSent = uploads.duplicatesSent
      duplicatesDelivered = uploads.duplicatesDelivered
      recordsLost = uploads.expired
      storedAtEnd = uploads.storedAtEnd
    }

    /// Real latency at `percentile` (0...100), ms; nil without answers.
    public func latency(_ percentile: Double) -> Double? {
      latencies.totalCount == 0 ? nil : Double(latencies.valueAtPercentile(percentile)) / 1000
    }
  }

  public var track: String
  public var url: String
  public var speed: LiveSpeed
  public var devices: [Device]

  public init(track: String, url: String, speed: LiveSpeed, devices: [Device]) {
    self.track = track
    self.url = url
    self.speed = speed
    self.devices = devices
  }

  /// The devices' counts added up (latencies over every answer).
  public var total: Device {
    var sum = Device(number: 0)
    for device in devices {
      sum.emitted += device.emitted
      sum.requests += device.requests
      for (key, count) in device.outcomes { sum.outcomes[key, default: 0] += count }
      sum.abandoned += device.abandoned
      sum.recordsSent += device.recordsSent
      sum.recordsDelivered += device.recordsDelivered
      sum.duplicatesSent += device.duplicatesSent
      sum.duplicatesDelivered += device.duplicatesDelivered
      sum.recordsLost += device.recordsLost
      sum.storedAtEnd += device.storedAtEnd
      sum.latencies.add(device.latencies)
    }
    return sum
  }

  /// `live.json`: pretty, keys in a fixed order.
  public func rendered() -> String {
    OrderedJSON.object([
      ("track", .string(track)),
      ("url", .string(url)),
      ("speed", .string(speed.description)),
      ("devices", .int(devices.count)),
      ("total", Self.json(total, isDevice: false)),
      ("perDevice", .array(devices.map { Self.json($0, isDevice: true) })),
    ]).rendered()
  }

  private static func json(_ device: Device, isDevice: Bool) -> OrderedJSON {
    var fields: [(String, OrderedJSON)] = []
    if isDevice {
      fields += [
        ("device", .int(device.number)), ("seed", .string(String(device.seed))),
        ("offsetMs", .int(Int(device.offsetMs))),
      ]
    }
    let outcomes = device.outcomes.sorted { lhs, rhs in
      switch (Int(lhs.key), Int(rhs.key)) {
      case (let a?, let b?): a < b
      case (_?, nil): true
      case (nil, _?): false
      case (nil, nil): lhs.key < rhs.key
      }
    }
    func latency(_ percentile: Double) -> OrderedJSON { device.latency(percentile).map { .double($0) } ?? .null }
    fields += [
      ("emitted", .int(device.emitted)),
      ("requests", .int(device.requests)),
      ("outcomes", .object(outcomes.map { ($0.key, .int($0.value)) })),
      ("abandoned", .int(device.abandoned)),
      ("latencyMs", .object([("p50", latency(50)), ("p95", latency(95)), ("p99", latency(99))])),
      ("recordsSent", .int(device.recordsSent)),
      ("recordsDelivered", .int(device.recordsDelivered)),
      ("duplicatesSent", .int(device.duplicatesSent)),
      ("duplicatesDelivered", .int(device.duplicatesDelivered)),
      ("recordsLost", .int(device.recordsLost)),
      ("storedAtEnd", .int(device.storedAtEnd)),
    ]
    return .object(fields)
  }
}
