import ArgumentParser
import CalmGeoReplay
import Foundation

/// Measures throughput for `scripts/bench.sh`: parsing, the engine alone, whole replays.
///
/// Prints one line of `key=value` pairs per measurement. Benchmarks may read the wall
/// clock; replays never do.
@main
struct CalmGeoBench: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "calmgeo-bench",
    abstract: "Measure parse, engine and replay throughput on a log.")

  enum Stage: String, ExpressibleByArgument, CaseIterable {
    /// Parse and drop out-of-order times only (no speed derivation); count fixes.
    case parse
    /// Load the log into memory once, then time the engine alone over it.
    case engine
    /// Parse, normalize and replay streaming, outputs discarded.
    case replay
    /// Load the log, then time the exact min-# optimum (and the greedy) at `--epsilon` metres.
    case efficiency
    /// Replay the log into memory, then time writing its emitted locations as `locations.json`
    /// records into a buffer (no file; best of `--repeats`).
    case locations
  }

  @Argument(help: "What to measure.") var stage: Stage
  @Argument(help: "The log.") var log: String
  @Option(help: "Repetitions (engine and locations stages).") var repeats = 5
  @Option(help: "Configuration JSON.") var config: String?
  @Option(help: "NMEA date for logs without one.") var date: String?
  @Option(help: "Force the input format.") var inputFormat: String?
  @Option(help: "SED tolerance in metres (efficiency stage).") var epsilon = 16.0

  func run() throws {
    var configuration = ReplayConfiguration()
    if let config, let data = FileManager.default.contents(atPath: config) {
      configuration = try ReplayConfigurationDecoder.decode(data, source: config)
    }
    var options = ParseOptions()
    options.date = date.flatMap(CivilDate.init)
    let forced = inputFormat.flatMap(InputFormat.init(rawValue:))
    let bytes = (try? FileManager.default.attributesOfItem(atPath: log)[.size] as? Int) ?? 0
    switch stage {
    case .parse:
      let start = Self.now()
      let opened = try InputOpener.open(path: log, forcedFormat: forced)
      var diagnostics = InputDiagnostics()
      let kept = try TrackReader.readNormalized(
        opened, options: options, speedPolicy: .never, diagnostics: &diagnostics
      ) { _ in }
      report(
        "parse", seconds: Self.now() - start, bytes: bytes, fixes: kept, extra: "records=\(diagnostics.recordsRead)")
    case .engine:
      let track = try TrackReader.load(path: log, options: options, forcedFormat: forced)
      var best = Double.infinity
      var emitted = 0
      for _ in 0..<max(1, repeats) {
        var observer = DiscardingObserver()
        let start = Self.now()
        let result = ReplayRunner.run(
          source: track, configuration: configuration, observer: &observer, options: ReplayOptions(metrics: false))
        best = min(best, Self.now() - start)
        emitted = result.emitted
      }
      report(
        "engine", seconds: best, bytes: 0, fixes: track.fixes.count, extra: "emitted=\(emitted) (best of \(repeats))")
    case .replay:
      let start = Self.now()
      let opened = try InputOpener.open(path: log, forcedFormat: forced)
      var observer = DiscardingObserver()
      let result = try ReplayRunner.run(
        source: ReplayLog(opened, options: options), configuration: configuration, observer: &observer,
        options: ReplayOptions(metrics: false))
      report(
        "replay", seconds: Self.now() - start, bytes: bytes, fixes: result.machine.fixes,
        extra: "emitted=\(result.emitted)")
    case .efficiency:
      let track = try TrackReader.load(path: log, options: options, forcedFormat: forced)
      let sed = SEDTrack(track.fixes)
      let solver = MinSED(sed, workBudget: .max)
      let start = Self.now()
      let optimum = solver.optimum(e2: epsilon * epsilon)
      let optimumSeconds = Self.now() - start
      let greedyStart = Self.now()
      let greedy = solver.greedy(e2: epsilon * epsilon)
      let greedySeconds = Self.now() - greedyStart
      report(
        "efficiency", seconds: optimumSeconds, bytes: 0, fixes: sed.count,
        extra: "epsilon=\(epsilon) optimum=\(optimum.points) exact=\(optimum.exact) work=\(optimum.work) "
          + "greedy=\(greedy.count) greedy_seconds=\(String(format: "%.3f", greedySeconds))")
    case .locations:
      let track = try TrackReader.load(path: log, options: options, forcedFormat: forced)
      var observer = CollectingObserver()
      _ = ReplayRunner.run(
        source: track, configuration: configuration, observer: &observer, options: ReplayOptions(metrics: false))
      let (seconds, bytes) = Self.timeRecords(observer.locations, repeats: repeats)
      report(
        "locations", seconds: seconds, bytes: 0, fixes: observer.locations.count,
        extra:
          "bytes=\(bytes) ns_per_record=\(String(format: "%.1f", seconds * 1e9 / Double(max(1, observer.locations.count)))) (best of \(repeats))"
      )
    }
  }

  /// The best time of writing every record's head and coords (what `OutputWriter` writes for
  /// most records), and the bytes written.
  private static func timeRecords(_ locations: [CalmGeoLocation], repeats: Int) -> (Double, Int) {
    let buffer = UnsafeMutablePointer<UInt8>.allocate(capacity: 1 << 20)
    defer { buffer.deallocate() }
    var best = Double.infinity
    var bytes = 0
    for _ in 0..<max(1, repeats) {
      var days = ISO8601Days()
      var used = 0
      bytes = 0
      let start = now()
      for location in locations {
        if used > (1 << 20) - CalmGeoJSONWriter.headCapacity {
          bytes += used
          used = 0
        }
        used += CalmGeoJSONWriter.writeHead(location, into: buffer + used, days: &days)
      }
      best = min(best, now() - start)
      bytes += used
    }
    return (best, bytes)
  }

  private func report(_ stage: String, seconds: Double, bytes: Int, fixes: Int, extra: String) {
    var line = "stage=\(stage) seconds=\(String(format: "%.3f", seconds)) fixes=\(fixes)"
    line += " fixes_per_s=\(String(format: "%.0f", Double(fixes) / seconds))"
    if bytes > 0 { line += " mb_per_s=\(String(format: "%.1f", Double(bytes) / 1e6 / seconds))" }
    print(line + " " + extra)
  }

  private static func now() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
  }
}
