import Foundation
import Testing

/// `merge` checks every row it joins: a hand-corrupted row of shard 2 (of the sample
/// sweep's 3 shards, 6 rows each) is refused with exit 65, its file and line, the fault
/// and what to do, quickly, and no output or work folder is left behind.
struct MergeValidationTests {
  /// How to corrupt line 3 of `shards/2/results.ndjson` (track 1 × configuration 1), and
  /// the message `merge` must print (after `shards/2/results.ndjson:`).
  struct Case: CustomStringConvertible, Sendable {
    var name: String
    var corrupt: @Sendable (_ line: String) -> String
    var message: String
    var description: String { name }
  }

  static let advice = "; the file is damaged or was edited: rerun the shard that wrote it"

  static let cases: [Case] = [
    Case(
      name: "missing stat", corrupt: { $0.replacingOccurrences(of: #""engine":{"#, with: #""engin":{"#) },
      message: "3: error: not a row of this sweep: 'stats.engine' is missing" + advice),
    Case(
      name: "string where a number belongs",
      corrupt: { $0.replacingOccurrences(of: #""engine":{"emitted":"#, with: #""engine":{"emitted":"12","x":"#) },
      message: "3: error: not a row of this sweep: 'stats.engine.emitted' is not a whole number" + advice),
    Case(
      name: "configuration out of range",
      corrupt: { $0.replacingOccurrences(of: #""configIndex":1,"#, with: #""configIndex":99,"#) },
      message: "3: error: not a row of this sweep: 'configIndex' 99 is outside the sweep's 6 configurations"
        + advice),
    Case(
      name: "fractional index",
      corrupt: { $0.replacingOccurrences(of: #""trackIndex":1,"#, with: #""trackIndex":1.5,"#) },
      message: "3: error: not a sweep result row: 'trackIndex' must be a whole number from 0, found 1.5" + advice),
    Case(
      name: "values not those of its configuration",
      corrupt: {
        $0.replacingOccurrences(of: #""values":{"distanceFilter":10,"#, with: #""values":{"distanceFilter":30,"#)
      },
      message: #"3: error: not a row of this sweep: 'values' are {"distanceFilter":30,"syncThreshold":12}, "#
        + #"but configuration 1 of sweep.json has {"distanceFilter":10,"syncThreshold":12}"# + advice),
    Case(
      name: "track name not its track's",
      corrupt: { $0.replacingOccurrences(of: #"stationary-drift.csv","#, with: #"other.csv","#) },
      message: "3: error: not a row of this sweep: 'track' is \"\(SweepCommandTests.samples)/other.csv\", "
        + "but track 1 of sweep.json is \"\(SweepCommandTests.samples)/stationary-drift.csv\"" + advice),
    Case(
      name: "truncated line", corrupt: { String($0.prefix($0.count / 2)) },
      message: "3: error: not a sweep result row: "),
    Case(
      name: "a million values",
      corrupt: { _ in
        #"{"specHash":"x","trackIndex":1,"configIndex":1,"stats":{"x":["#
          + String(repeating: "0,", count: 999_999) + "0]}}"
      },
      message: "3: error: not a sweep result row: a line of 2000063 bytes, longer than any row (1048576 bytes)"
        + advice),
  ]

  @Test func corruptRowsAreRefusedWithFileAndLineAndLeaveNothingBehind() throws {
    let folder = try SweepCommandTests.folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    for index in 1...3 {
      let shard = try CommandRunner.run(
        ["sweep", "sweep.yaml", "-o", "shards/\(index)", "--shard", "\(index)/3", "-q"],
        in: folder)
      try #require(shard.status == 0, "\(shard.stderr)")
    }
    let rowsFile = folder.appendingPathComponent("shards/2/results.ndjson")
    let original = try String(contentsOf: rowsFile, encoding: .utf8)
    let lines = original.split(separator: "\n").map(String.init)
    try #require(lines.count == 6 && lines[2].contains(#""trackIndex":1,"configIndex":1,"#))
    #expect(lines[2].contains("stationary-drift.csv") && lines[2].contains(#""values":{"distanceFilter":10,"#))
    let good = try CommandRunner.run(["merge", "shards/1", "shards/2", "shards/3", "-o", "merged", "-q"], in: folder)
    #expect(good.status == 0, "\(good.stderr)")
    try FileManager.default.removeItem(at: folder.appendingPathComponent("merged"))

    for item in Self.cases {
      var changed = lines
      changed[2] = item.corrupt(lines[2])
      #expect(changed[2] != lines[2], "\(item): the corruption changed nothing")
      try (changed.joined(separator: "\n") + "\n").write(to: rowsFile, atomically: true, encoding: .utf8)
      let started = Date()
      let run = try CommandRunner.run(["merge", "shards/1", "shards/2", "shards/3", "-o", "merged"], in: folder)
      let seconds = Date().timeIntervalSince(started)
      #expect(run.status == 65, "\(item): exit \(run.status), \(run.stderr)")
      #expect(run.stderr.hasPrefix("shards/2/results.ndjson:" + item.message), "\(item): \(run.stderr)")
      #expect(run.stdout.isEmpty, "\(item)")
      #expect(seconds < 20, "\(item): took \(seconds) s")
      let left = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
      #expect(left == ["shards", "sweep.yaml"], "\(item): left \(left)")
    }

    // A row twice with other numbers is refused at its second line.
    var twice = lines
    twice.insert(lines[2].replacingOccurrences(of: #""engine":{"emitted":"#, with: #""engine":{"emitted":1"#), at: 3)
    try (twice.joined(separator: "\n") + "\n").write(to: rowsFile, atomically: true, encoding: .utf8)
    let duplicate = try CommandRunner.run(["merge", "shards/1", "shards/2", "shards/3", "-o", "merged"], in: folder)
    #expect(duplicate.status == 65)
    #expect(
      duplicate.stderr.hasPrefix(
        "shards/2/results.ndjson:4: error: track 1 × configuration 1 again with other results "
          + "(also in shards/2)"),
      "\(duplicate.stderr)")
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == ["shards", "sweep.yaml"])
  }
}
