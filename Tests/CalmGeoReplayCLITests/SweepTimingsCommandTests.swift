import Foundation
import Testing

/// `sweep --timings`: each phase's time on stderr, and the same files as without it (the
/// clock is read only to print; nothing written depends on it).
struct SweepTimingsCommandTests {
  @Test func timingsListEveryPhaseAndChangeNoFile() throws {
    let folder = try SweepCommandTests.folder()
    let plain = try CommandRunner.run(["sweep", "sweep.yaml", "--out", "plain", "--jobs", "1", "-q"], in: folder)
    let timed = try CommandRunner.run(
      ["sweep", "sweep.yaml", "--out", "timed", "--jobs", "2", "-q", "--timings"],
      in: folder)
    #expect(plain.status == 0 && timed.status == 0, "\(plain.stderr)\(timed.stderr)")
    #expect(!plain.stderr.contains("sweep timings"))
    // The grid of SweepCommandTests: 3 sample tracks × 6 configurations = 18 rows.
    let lines = timed.stderr.split(separator: "\n").map(String.init)
    #expect(lines.first == "sweep timings, seconds (task time summed over 2 jobs):", "\(timed.stderr)")
    for (phase, note) in [
      ("parse", "3 tracks"), ("analysis", "per-track analysis"), ("configurations", "18 rows replayed"),
      ("summary", "Pareto"), ("sweep.html", ""), ("writing", "result files"), ("wall", "outside configurations"),
    ] {
      let line = lines.first { $0.hasPrefix("  \(phase) ") }
      #expect(line != nil && (note.isEmpty || line!.contains(note)), "\(phase): \(timed.stderr)")
      // Each line holds a non-negative number of seconds.
      let number = line?.split(separator: " ").dropFirst().first.flatMap { Double($0) }
      #expect(number.map { $0 >= 0 } == true, "\(phase): \(line ?? "none")")
    }
    let a = try SweepCommandTests.files(folder.appendingPathComponent("plain"))
    let b = try SweepCommandTests.files(folder.appendingPathComponent("timed"))
    #expect(a.keys.sorted() == b.keys.sorted())
    for (name, data) in a where name != ".calmgeo-replay.json" { #expect(b[name] == data, "\(name) differs") }
  }
}
