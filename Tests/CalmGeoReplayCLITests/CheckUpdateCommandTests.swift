import Foundation
import Testing

/// `check --update` and `check --init`: golden folders written from fresh replays.
struct CheckUpdateCommandTests {
  @Test func updateRewritesWhatDiffersByteForByteAsRecorded() throws {
    let copy = try GoldenCopy()
    try copy.replace(
      #""speed":1.43,"#, with: #""speed":1.5,"#, in: "Samples/expected/walk-with-long-stop/locations.json")
    try FileManager.default.removeItem(at: copy.url("Samples/expected/drive-speed-changes/uploads/000003.json"))
    try copy.replace(#""emitted": 113"#, with: #""emitted": 1"#, in: "Samples/expected/drive-speed-changes/stats.json")
    try copy.write("Samples/expected/summary.csv", "stale\n")
    let result = try copy.run(["check", "--update", "Samples/expected"])
    #expect(result.status == 0, "stderr: \(result.stderr)")
    #expect(
      result.stdout == """
        drive-speed-changes: updated
        stationary-drift: unchanged
        walk-with-long-stop: updated
        walk-with-geofences: unchanged
        commute: unchanged
        wrote 2 of 5 tracks in Samples/expected

        """)
    // What scripts/record-golden.sh recorded, summary.csv included; no temporary folders left.
    let recorded = CommandRunner.repositoryRoot.appendingPathComponent("Samples/expected")
    #expect(try GoldenCopy.identical(copy.url("Samples/expected"), recorded))
    let hidden = try FileManager.default.contentsOfDirectory(atPath: copy.url("Samples/expected").path).filter {
      $0.hasPrefix(".")
    }
    #expect(hidden.isEmpty)
    #expect(try copy.run(["check", "Samples/expected", "-q"]).status == 0)
  }

  @Test func updateAcceptsAChangedBehaviour() throws {
    let copy = try GoldenCopy()
    try copy.replace(#""distanceFilter": 16"#, with: #""distanceFilter": 20"#, in: "Samples/config.json")
    let update = try copy.run(["check", "--update", "Samples/expected", "-q"])
    #expect(update.status == 0)
    #expect(update.stdout.hasSuffix("wrote 5 of 5 tracks in Samples/expected\n"))
    let check = try copy.run(["check", "Samples/expected"])
    #expect(check.status == 0)
    #expect(try copy.read("Samples/expected/walk-with-long-stop/stats.json").contains(#""emitted": 92,"#))
  }

  @Test func initRecordsAGoldenFolderThatChecksClean() throws {
    let copy = try GoldenCopy()
    let result = try copy.run([
      "check", "--init", "golden", "--config", "Samples/config.json", "--input-format", "csv",
      "Samples/walk-with-long-stop.csv", "Samples/drive-speed-changes.csv",
    ])
    #expect(result.status == 0, "stderr: \(result.stderr)")
    #expect(
      result.stdout == """
        walk-with-long-stop: recorded
        drive-speed-changes: recorded
        wrote 2 of 2 tracks in golden
        manifest golden/check.json
        tolerance default 1e-09, fidelity.* 1e-06, stops.* 1e-06 (those of the project's own golden folder, \
        Samples/expected; edit check.json to change them)

        """)
    #expect(
      try copy.read("golden/check.json") == """
        {
          "tracks": [
            {
              "log": "../Samples/walk-with-long-stop.csv",
              "config": "../Samples/config.json",
              "name": "walk-with-long-stop",
              "options": {
                "format": "csv"
              }
            },
            {
              "log": "../Samples/drive-speed-changes.csv",
              "config": "../Samples/config.json",
              "name": "drive-speed-changes",
              "options": {
                "format": "csv"
              }
            }
          ],
          "tolerance": {
            "default": 1e-09,
            "fidelity.*": 1e-06,
            "stops.*": 1e-06
          }
        }

        """)
    // Run from the same folder as record-golden.sh, the outputs are the recorded ones.
    #expect(
      try GoldenCopy.identical(copy.url("golden/walk-with-long-stop"), copy.url("Samples/expected/walk-with-long-stop"))
    )
    let check = try copy.run(["check", "golden"])
    #expect(check.status == 0)
    #expect(check.stdout.hasSuffix("both tracks match\n"))
  }

  @Test func initRefusesAnExistingGoldenFolderAndNeedsLogs() throws {
    let copy = try GoldenCopy()
    let existing = try copy.run(["check", "--init", "Samples/expected", "Samples/walk-with-long-stop.csv"])
    #expect(existing.status == 64)
    #expect(existing.stderr.contains("Samples/expected/check.json: error: already a golden folder"))
    let noLogs = try copy.run(["check", "--init", "golden"])
    #expect(noLogs.status == 64 && noLogs.stderr.contains("--init needs the logs to record"))
    let missing = try copy.run(["check", "--init", "golden", "Samples/nope.csv"])
    #expect(missing.status == 66)
    #expect(!FileManager.default.fileExists(atPath: copy.url("golden/check.json").path))
  }
}
