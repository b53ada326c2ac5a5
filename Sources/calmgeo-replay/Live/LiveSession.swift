import CalmGeoLive
import CalmGeoReplay
import Foundation

/// One log sent by a fleet: the plan printed, the devices run concurrently (one thread
/// each, since a device blocks on its own requests), the outputs committed together.
///
/// Writes `<out>/<name>/device-NNN/` (each what `replay` writes) and
/// `<out>/<name>/live.json`; the whole folder appears at once when the run ends, even an
/// interrupted one.
struct LiveSession {
  enum Network {
    /// Real HTTP through `client`.
    case live(LiveHTTPClient)
    /// Answers read from a file (nothing is sent).
    case recorded([RecordedNetwork.Entry])
  }

  let name: String
  /// The log's path: whose output the folder is (see `OwnershipMarker`).
  let log: String
  let track: Track
  let configuration: ReplayConfiguration
  let devices: [FleetDevice]
  let speed: LiveSpeed
  let network: Network
  let out: String
  let ndjson: Bool
  let reports: ReportOptions

  struct Outcome {
    var report: LiveReport
    var entries: [RecordedNetwork.Entry]
    var folder: String
    var wallSeconds: Double
    var unrecordedAnswers: Int
  }

  /// Requests a simulated run of each device sends (the plan's estimate).
  func expectedRequests() -> [Int] {
    devices.map { device in
      var configuration = configuration
      configuration.replay.seed = device.seed
      var observer = DiscardingObserver()
      let options = ReplayOptions(metrics: false)
      return ReplayRunner.run(
        source: device.apply(to: track), configuration: configuration, observer: &observer, options: options
      ).uploads.requests
    }
  }

  /// Runs every device; `interrupt` stops them and abandons requests.
  func run(interrupt: LiveInterrupt?, pacer: LivePacer, transports: LiveTransports) throws -> Outcome {
    let folder = try OutputFolder(parent: out, name: name, owner: .log(log, kind: .live))
    do {
      let started = LivePacer.now()
      let results = try runDevices(folder: folder, pacer: pacer, transports: transports, interrupt: interrupt)
      let wallSeconds = Double(LivePacer.now() - started) / 1e9
      var entries: [RecordedNetwork.Entry] = []
      var reportDevices: [LiveReport.Device] = []
      var unrecorded = 0
      for (device, result) in zip(devices, results) {
        let answers = deviceEntries(device.number, transports: transports)
        entries += answers
        unrecorded += result.uploads.unrecordedAnswers
        reportDevices.append(LiveReport.Device(device: device, entries: answers, result: result))
      }
      let report = LiveReport(track: name, url: configuration.calmGeo.url ?? "", speed: speed, devices: reportDevices)
      try folder.write("live.json", Array(report.rendered().utf8))
      rmdir(folder.path("uploads"))  // OutputFolder makes one; a fleet's are per device.
      try folder.commit()
      return Outcome(
        report: report, entries: entries, folder: folder.finalPath, wallSeconds: wallSeconds,
        unrecordedAnswers: unrecorded)
    } catch {
      folder.discard()
      throw error
    }
  }

  private func deviceEntries(_ number: Int, transports: LiveTransports) -> [RecordedNetwork.Entry] {
    switch network {
    case .live: return (transports.transport(number)?.entries ?? []).sorted { $0.sequence < $1.sequence }
    case .recorded(let entries):
      return entries.filter { $0.track == name && $0.device == number }.sorted { $0.sequence < $1.sequence }
    }
  }

  private func transport(for device: FleetDevice, pacer: LivePacer, transports: LiveTransports) -> UploadTransport {
    switch network {
    case .live(let client):
      let transport = LiveTransport(
        device: device.number, track: name, client: client, pacer: pacer,
        timeout: configuration.calmGeo.httpTimeout)
      transports.add(transport)
      return .live(transport)
    case .recorded(let entries):
      return .recorded(RecordedNetwork.select(entries, track: name, device: device.number))
    }
  }

  private func runDevices(
    folder: OutputFolder, pacer: LivePacer, transports: LiveTransports,
    interrupt: LiveInterrupt?
  ) throws -> [ReplayResult] {
    let collected = Collected(count: devices.count)
    let group = DispatchGroup()
    let stop: @Sendable () -> Bool = { interrupt?.isStopped ?? false }
    for (index, device) in devices.enumerated() {
      let run = LiveDeviceRun(
        device: device, track: track, name: name, owner: .log(log), configuration: configuration,
        parent: folder.workPath,
        ndjson: ndjson, reports: reports, transport: transport(for: device, pacer: pacer, transports: transports),
        shouldStop: stop)
      group.enter()
      let thread = Thread {
        collected.set(index, Result { try run.run() })
        group.leave()
      }
      thread.stackSize = 4 << 20
      thread.start()
    }
    group.wait()
    return try collected.results()
  }

  /// Results of the device threads.
  private final class Collected: @unchecked Sendable {
    private let lock = NSLock()
    private var values: [Result<ReplayResult, any Error>?]
    init(count: Int) { values = Array(repeating: nil, count: count) }
    func set(_ index: Int, _ value: Result<ReplayResult, any Error>) {
      lock.lock()
      values[index] = value
      lock.unlock()
    }
    func results() throws -> [ReplayResult] {
      lock.lock()
      defer { lock.unlock() }
      return try values.map { try $0!.get() }
    }
  }
}

/// The live transports of a run, so an interrupt can abandon their requests.
final class LiveTransports: @unchecked Sendable {
  private let lock = NSLock()
  private var byDevice: [Int: LiveTransport] = [:]

  func add(_ transport: LiveTransport) {
    lock.lock()
    byDevice[transport.device] = transport
    lock.unlock()
  }

  func transport(_ device: Int) -> LiveTransport? {
    lock.lock()
    defer { lock.unlock() }
    return byDevice[device]
  }

  /// Abandons every transport's requests in flight.
  func abandonAll() {
    lock.lock()
    let all = Array(byDevice.values)
    lock.unlock()
    for transport in all { transport.abandon() }
  }

  func removeAll() {
    lock.lock()
    byDevice = [:]
    lock.unlock()
  }
}
