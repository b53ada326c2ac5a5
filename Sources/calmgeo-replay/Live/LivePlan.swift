import ArgumentParser
import CalmGeoLive
import CalmGeoReplay
import Foundation

/// A `live` run's options, checked and resolved before anything is read or sent.
struct LivePlan {
  let command: CalmGeoReplayCommand.Live
  let configuration: ReplayConfiguration
  let speed: LiveSpeed
  /// Nil with `--network` (nothing is sent).
  let endpoint: LiveEndpoint?
  let recorded: [RecordedNetwork.Entry]?

  init(command: CalmGeoReplayCommand.Live) throws {
    self.command = command
    var configuration = try ConfigurationLoader.load(file: command.config, assignments: command.set)
    if let policy = command.input.deriveSpeed { configuration.speedPolicy = policy }
    if let seed = command.seed { configuration.replay.seed = seed }
    if let finalSync = command.finalSync { configuration.replay.finalSync = finalSync }
    if let url = command.url { configuration.calmGeo.url = url }
    guard let url = configuration.calmGeo.url else {
      throw ValidationError("live needs an endpoint: pass --url or set url in the config.")
    }
    if command.network == nil, let key = Redaction.placeholderKey(configuration.calmGeo) {
      let how = key == "url" ? "--url" : "--set \(key)=…"
      throw ValidationError(
        "'\(key)' holds \"\(Redaction.marker)\", the placeholder calmgeo-replay writes in place of "
          + "a secret (recommended.json, sweep.json): set the real \(key) in the config or with \(how).")
    }
    self.configuration = configuration
    speed = LiveSpeed(command.speed) ?? .max
    if let file = command.network {
      guard let data = FileManager.default.contents(atPath: file) else {
        throw InputUnavailable(file: file, reason: "cannot read the recorded network file")
      }
      recorded = try RecordedNetwork.entries(of: Array(data), file: file)
      endpoint = nil
    } else {
      recorded = nil
      endpoint = try LiveEndpoint(url, allowInsecure: command.allowInsecure)
    }
  }

  /// Runs every log; returns the exit code.
  func execute() -> Int32 {
    let client = endpoint.map {
      LiveHTTPClient(
        endpoint: $0, redirects: command.noRedirects ? .never : .sameOrigin,
        timeout: Double(configuration.calmGeo.httpTimeout) / 1000,
        connections: max(6, command.devices * 2))
    }
    defer { client?.close() }
    let transports = LiveTransports()
    let interrupt =
      command.dryRun
      ? nil
      : LiveInterrupt(
        onStop: { currentPacer.value?.stop() },
        onAbandon: { transports.abandonAll() })
    defer { interrupt?.stop() }
    var exitCode: Int32 = 0
    var names = OutputNames()
    var entries: [RecordedNetwork.Entry] = []
    for log in command.logs {
      if interrupt?.isStopped == true { break }
      do {
        let session = try session(log: log, name: names.claim(for: log), client: client)
        let expected = session.expectedRequests()
        printPlan(session, expected: expected)
        if command.dryRun { continue }
        let logPacer = LivePacer(speed: speed, origin: session.track.fixes.first?.time ?? 0)
        currentPacer.value = logPacer
        if interrupt?.isStopped == true { logPacer.stop() }
        let outcome = try session.run(interrupt: interrupt, pacer: logPacer, transports: transports)
        transports.removeAll()
        entries += outcome.entries
        if outcome.unrecordedAnswers > 0 {
          Terminal.printError(
            "\(command.network ?? "network"): warning: \(outcome.unrecordedAnswers) requests had no "
              + "recorded answer and were answered by the simulated network: the run differs from the recorded one "
              + "(same configuration, seed, --devices and --final-sync?)")
        }
        if !command.quiet { print(LiveSummary.render(outcome, expected: expected.reduce(0, +)), terminator: "") }
      } catch {
        exitCode = exitCode == 0 ? Terminal.report(error) : exitCode
      }
    }
    if let file = command.recordNetwork, !command.dryRun {
      do {
        try OutputFolder.writeAtomically(Array(entries.map(\.line).joined().utf8), to: file)
      } catch {
        exitCode = exitCode == 0 ? Terminal.report(error) : exitCode
      }
    }
    if interrupt?.isStopped == true && exitCode == 0 { exitCode = 130 }
    if exitCode == 0, client != nil, let message = Self.noAnswer(entries, url: configuration.calmGeo.url ?? "") {
      Terminal.printError(message)
      exitCode = CalmGeoReplayCommand.Live.noAnswerExitCode
    }
    return exitCode
  }

  /// The error when requests were sent and not one got an answer (every one an error or
  /// a timeout): nothing listens there, or nothing answers.
  static func noAnswer(_ entries: [RecordedNetwork.Entry], url: String) -> String? {
    guard !entries.isEmpty else { return nil }
    var errors = 0
    var timeouts = 0
    for entry in entries {
      switch entry.answer.outcome {
      case .status: return nil
      case .error: errors += 1
      case .timeout: timeouts += 1
      }
    }
    return "live: error: no request got an answer from \(Redaction.url(url)): \(entries.count) request"
      + "\(entries.count == 1 ? "" : "s"), \(errors) connection error\(errors == 1 ? "" : "s") (refused, reset, "
      + "closed or a malformed answer), \(timeouts) timeout\(timeouts == 1 ? "" : "s"); is the server running and "
      + "answering there? (exit \(CalmGeoReplayCommand.Live.noAnswerExitCode); the outputs are written)"
  }

  private func session(log: String, name: String, client: LiveHTTPClient?) throws -> LiveSession {
    let opened = try InputOpener.open(
      ProgressByteSource(try FileByteSource(path: log), totalBytes: ProgressByteSource.size(of: log)),
      forcedFormat: command.input.inputFormat, checksum: true)
    let track = try TrackReader.load(
      opened, options: command.input.parseOptions, speedPolicy: configuration.speedPolicy)
    guard !track.fixes.isEmpty else { throw ReplayRunner.noFix(opened, track.diagnostics) }
    let network: LiveSession.Network
    if let recorded {
      network = .recorded(recorded)
    } else if let client {
      network = .live(client)
    } else {
      throw ValidationError("live needs --url or --network.")
    }
    return LiveSession(
      name: name, log: log, track: track, configuration: configuration,
      devices: FleetDevice.fleet(
        count: command.devices, seed: configuration.replay.seed,
        spread: Int64(command.deviceSpread) * 1000, jitter: command.jitter),
      speed: speed, network: network, out: command.out, ndjson: command.ndjson, reports: command.reports)
  }

  /// Where it sends and how much: always printed (stderr), before anything is sent.
  private func printPlan(_ session: LiveSession, expected: [Int]) {
    let calmGeo = configuration.calmGeo
    let total = expected.reduce(0, +)
    let target =
      command.network.map { "answers recorded in \($0) (nothing is sent)" }
      ?? "\(calmGeo.method.rawValue) \(Redaction.url(calmGeo.url ?? ""))"
    var lines = ["live: \(session.name): \(target)"]
    let perDevice = expected.count == 1 ? "" : " (\(expected.min() ?? 0)–\(expected.max() ?? 0) per device)"
    lines.append(
      "live: \(session.devices.count) device\(session.devices.count == 1 ? "" : "s") at speed "
        + "\(speed); a simulated run sends \(total) request\(total == 1 ? "" : "s")\(perDevice); "
        + "httpTimeout \(calmGeo.httpTimeout) ms")
    if command.network == nil, case .factor(let factor) = speed, let first = session.track.fixes.first?.time,
      let last = session.track.fixes.last?.time
    {
      let spread = session.devices.map(\.offset).max() ?? 0
      let seconds = Double(last - first + spread) / 1000 / factor
      lines.append("live: paced: about \(Self.duration(seconds)) of wall time")
    }
    if total == 0 {
      lines.append(
        "live: warning: nothing to send (autoSync is \(calmGeo.autoSync ? "on" : "off"), "
          + "finalSync \(configuration.replay.finalSync ? "on" : "off"))")
    }
    Terminal.printError(lines.joined(separator: "\n"))
  }

  static func duration(_ seconds: Double) -> String {
    if seconds < 120 { return "\(Int(seconds.rounded())) s" }
    if seconds < 7200 { return "\(Int((seconds / 60).rounded())) min" }
    return String(format: "%.1f h", seconds / 3600)
  }
}

/// The pacer of the log being sent, for the interrupt handler.
let currentPacer = CurrentPacer()

final class CurrentPacer: @unchecked Sendable {
  private let lock = NSLock()
  private var pacer: LivePacer?
  var value: LivePacer? {
    get {
      lock.lock()
      defer { lock.unlock() }
      return pacer
    }
    set {
      lock.lock()
      pacer = newValue
      lock.unlock()
    }
  }
}
