import CalmGeoReplay
import Foundation

/// The `network` target: the reader of `--record-network` files (`live --network`,
/// `replay --network`). Whatever the bytes, reading never traps; every entry it accepts
/// has validated numbers, writes back to a line that reads back to the same entry, and
/// drives a replay (its latencies added to send times) without a trap.
enum NetworkHarness {
  /// A 2-minute walk along the equator, one fix every 5 s, replayed with the recorded answers.
  static let track: Track = {
    var lines = ["time,lat,lon,speed,accuracy"]
    for index in 0..<24 {
      let time = UTCTime.iso8601(1_714_546_800_000 + Int64(index) * 5_000)
      lines.append("\(time),0.0,\(Double(index) * 0.0001),2.2,5")
    }
    do {
      let bytes = Array(lines.joined(separator: "\n").utf8)
      return try TrackReader.load(try InputOpener.open(MemoryByteSource(bytes, name: "walk"), forcedFormat: .csv))
    } catch {
      fatalError("the network harness's own track is refused: \(error)")
    }
  }()

  static func run(_ bytes: [UInt8]) {
    guard let entries = try? RecordedNetwork.entries(of: bytes, file: "fuzz.ndjson") else { return }
    for entry in entries {
      invariant((0...RecordedNetwork.maximumLatency).contains(entry.answer.latency), "latency \(entry.answer.latency)")
      if case .status(let code) = entry.answer.outcome { invariant((100...999).contains(code), "status \(code)") }
      invariant(entry.wallMs.isFinite && entry.wallMs >= 0, "wallMs \(entry.wallMs)")
      invariant(entry.sequence >= 1 && entry.device >= 1, "seq \(entry.sequence), device \(entry.device)")
      // The line written for an entry reads back to it (wallMs once rounded to the microsecond).
      guard let once = try? RecordedNetwork.entries(of: Array(entry.line.utf8), file: "again.ndjson").first,
        let twice = try? RecordedNetwork.entries(of: Array(once.line.utf8), file: "again.ndjson").first
      else {
        invariant(false, "an accepted entry's line is refused: \(entry.line)")
        return
      }
      invariant(
        once.answer == entry.answer && once.sequence == entry.sequence && once.device == entry.device,
        "round trip changed \(entry.line)")
      invariant(twice == once, "a second round trip changed \(once.line)")
    }
    var observer = DiscardingObserver()
    let network = RecordedNetwork.select(entries, track: nil, device: entries.first?.device ?? 1)
    _ = ReplayRunner.run(
      source: track, configuration: uploadConfiguration, observer: &observer,
      options: ReplayOptions(metrics: false, transport: .recorded(network)))
  }
}
