import Foundation
import Testing

/// `check` on a copy of `Samples/expected`: a deliberately changed behaviour shows as a
/// readable diff with exit 3; tolerances, kept outputs and the error exit codes.
struct CheckCommandTests {
  @Test func aChangedConfigShowsTheFirstDifferingRecordAndTheChangedStats() throws {
    let copy = try GoldenCopy()
    try copy.replace(#""distanceFilter": 16"#, with: #""distanceFilter": 20"#, in: "Samples/config.json")
    let result = try copy.run(["check", "Samples/expected"])
    #expect(result.status == 3, "stderr: \(result.stderr)")
    let walk = try #require(result.stdout.components(separatedBy: "walk-with-long-stop: differs\n").last)
    let firstRecord = """
        locations.json: record 3 (line 4) differs first; 108 of 110 records differ (110 stored, 92 fresh)
          stored, line 4                                  │ fresh, line 4
          {                                               │ {
        *   "id": "5bfd3b00-311a-4260-86f4-8342abe42e36", │   "id": "dcfc1a52-68f9-4270-99d8-aae12fbc530c",
        *   "timestamp": "2024-05-01T07:00:11.000Z",      │   "timestamp": "2024-05-01T07:00:14.000Z",

      """
    // Ids come from the fix time: the record at another time has another id.
    #expect(walk.hasPrefix(firstRecord))
    // The upload carrying that record is not shown a second time.
    #expect(
      walk.contains(
        "\n  uploads/000002.json: record 2 differs first; 11 of 12 records differ; it is the record shown above\n"))
    #expect(walk.contains("\n  stats.json: "))
    #expect(walk.contains("\n    engine.emitted: 110 → 92\n"))
    #expect(walk.contains("\n    uploads.bytesSent: 35647 → "))
    #expect(!walk.contains("input.file"))
    // All four tracks share config.json (the commute, until its restart, too).
    #expect(
      result.stdout.hasSuffix(
        """
        5 of 5 tracks differ
        to accept the fresh outputs: calmgeo-replay check --update Samples/expected

        """))
  }

  @Test func anEditedStoredRecordIsShownOldAndNewWithItsKeyMarked() throws {
    let copy = try GoldenCopy()
    try copy.replace(
      #""speed":1.43,"#, with: #""speed":1.5,"#, in: "Samples/expected/walk-with-long-stop/locations.json")
    let result = try copy.run(["check", "Samples/expected", "--quiet"])
    #expect(result.status == 3)
    #expect(
      result.stdout.hasPrefix(
        """
        walk-with-long-stop: differs
          locations.json: record 3 (line 4) differs first; 1 of 110 records differ

        """))
    #expect(result.stdout.contains("\n  *     \"speed\": 1.5,                               │     \"speed\": 1.43,\n"))
    #expect(
      result.stdout.contains("\n        \"accuracy\": 5.7,                            │     \"accuracy\": 5.7,\n"))
    #expect(!result.stdout.contains("stats.json"))
    #expect(!result.stdout.contains("drive-speed-changes"))
    #expect(result.stdout.contains("\n1 of 5 tracks differ\n"))
  }

  @Test func anEditedRequestBodyIsShownSideBySide() throws {
    let copy = try GoldenCopy()
    try copy.replace(
      #""speed":1.43,"#, with: #""speed":1.5,"#, in: "Samples/expected/walk-with-long-stop/uploads/000002.json")
    let result = try copy.run(["check", "Samples/expected", "-q"])
    #expect(result.status == 3)
    #expect(
      result.stdout.hasPrefix(
        """
        walk-with-long-stop: differs
          uploads/000002.json: record 2 differs first; 1 of 12 records differ
            stored                                          │ fresh

        """))
    #expect(result.stdout.contains("\n  *     \"speed\": 1.5,                               │     \"speed\": 1.43,\n"))
  }

  @Test func anEditedCallLogIsCompared() throws {
    // The commute's getStoredCount at 07:25 returned 3 (Samples/README.md): a stored 4 differs.
    let copy = try GoldenCopy()
    try copy.replace(#""returned":3"#, with: #""returned":4"#, in: "Samples/expected/commute/calls.ndjson")
    let result = try copy.run(["check", "Samples/expected", "-q"])
    #expect(result.status == 3)
    #expect(
      result.stdout.hasPrefix("commute: differs\n  calls.ndjson: line 5 (line 5) differs first; 1 of 11 lines differ\n")
    )
    #expect(result.stdout.contains("\n1 of 5 tracks differ\n"))
  }

  @Test func uploadFilesMissingOnOneSideAreNamed() throws {
    let copy = try GoldenCopy()
    try FileManager.default.removeItem(at: copy.url("Samples/expected/walk-with-long-stop/uploads/000011.json"))
    let result = try copy.run(["check", "Samples/expected", "-q"])
    #expect(result.status == 3)
    #expect(
      result.stdout.hasPrefix("walk-with-long-stop: differs\n  only in the fresh replay: uploads/000011.json\n1 of 5"))
  }

  @Test func floatsWithinTheToleranceMatchAndOutsideItDiffer() throws {
    let copy = try GoldenCopy()
    // 25.467984597047465 → 25.46798: a relative change of 1.8e-7, inside fidelity.*'s 1e-6.
    try copy.replace(
      #""max": 25.467984597047465"#, with: #""max": 25.46798"#, in: "Samples/expected/walk-with-long-stop/stats.json")
    let within = try copy.run(["check", "Samples/expected"])
    #expect(within.status == 0, "stdout: \(within.stdout)")
    #expect(within.stdout.contains("walk-with-long-stop: ok (1 field within tolerance)\n"))
    try copy.replace(#""fidelity.*": 1e-6"#, with: #""fidelity.*": 1e-8"#, in: "Samples/expected/check.json")
    let outside = try copy.run(["check", "Samples/expected", "-q"])
    #expect(outside.status == 3)
    #expect(
      outside.stdout.hasPrefix(
        """
        walk-with-long-stop: differs
          stats.json: 1 field differs
            fidelity.sed.max: 25.46798 → 25.467984597047465
        1 of 5 tracks differ
        """))
    // A count is exact whatever the tolerance.
    try copy.replace(#""fidelity.*": 1e-8"#, with: #""*": 1"#, in: "Samples/expected/check.json")
    try copy.replace(
      #""emitted": 110"#, with: #""emitted": 111"#, in: "Samples/expected/walk-with-long-stop/stats.json")
    let count = try copy.run(["check", "Samples/expected", "-q"])
    #expect(count.status == 3)
    #expect(count.stdout.contains("    engine.emitted: 111 → 110\n"))
  }

  @Test func outKeepsTheFreshOutputs() throws {
    let copy = try GoldenCopy()
    let result = try copy.run(["check", "Samples/expected", "--out", "fresh", "-q"])
    #expect(result.status == 0)
    #expect(result.stdout == "all 5 tracks match\n")
    // The kept folder is the tool's (its marker); everything else is the golden folder's bytes.
    let marker = copy.url("fresh/walk-with-long-stop/.calmgeo-replay.json")
    #expect(FileManager.default.fileExists(atPath: marker.path))
    try FileManager.default.removeItem(at: marker)
    #expect(
      try GoldenCopy.identical(copy.url("fresh/walk-with-long-stop"), copy.url("Samples/expected/walk-with-long-stop")))
  }

  @Test(arguments: [
    (
      #"{"tracks": [{"log": "../walk-with-long-stop.csv", "confg": "../config.json"}]}"#, Int32(64),
      "Samples/expected/check.json:1: error: check manifest: 'tracks[0].confg': unknown field; did you mean 'config'?"
    ),
    (
      #"{"tracks": [{"log": "../walk-with-long-stop.csv", "config": "../missing.json"}]}"#, 66,
      "missing.json: error: no such file"
    ),
    (#"{"tracks": [{"log": "../walk-with-long-stop.csv", "config": "../README.md"}]}"#, 64, "README.md"),
    (
      #"{"tracks": [{"log": "../walk-with-long-stop.csv", "name": "walk"}]}"#, 66,
      "Samples/expected/walk: error: no stored outputs for track 'walk' (record them with check --update)"
    ),
    (
      #"{"tracks": [{"log": "../README.md", "name": "walk-with-long-stop", "options": {"format": "csv"}}]}"#, 65,
      "Samples/README.md:3: error: csv: no latitude column"
    ),
    (
      "tracks:\n  - log: ../walk-with-long-stop.csv\n    options: {date: 2024-13-01}\n", 64,
      "Samples/expected/check.yaml:3: error: check manifest: 'tracks[0].options.date'"
    ),
  ])
  func badManifestsConfigsAndLogsHaveTheirExitCodes(manifest: String, status: Int32, message: String) throws {
    let copy = try GoldenCopy()
    if manifest.hasPrefix("{") {
      try copy.write("Samples/expected/check.json", manifest)
    } else {
      try FileManager.default.removeItem(at: copy.url("Samples/expected/check.json"))
      try copy.write("Samples/expected/check.yaml", manifest)
    }
    let result = try copy.run(["check", "Samples/expected"])
    #expect(result.status == status, "stderr: \(result.stderr)")
    #expect(result.stderr.contains(message), "stderr: \(result.stderr)")
  }

  @Test func aFailedTrackDoesNotStopTheOthers() throws {
    let copy = try GoldenCopy()
    try FileManager.default.removeItem(at: copy.url("Samples/stationary-drift.csv"))
    try copy.write("Samples/expected/walk-with-long-stop/stats.json", "{\"schemaVersion\": 2}")
    let result = try copy.run(["check", "Samples/expected"])
    #expect(result.status == 66)  // the first failure's code
    #expect(result.stderr.contains("stationary-drift.csv: error:"))
    #expect(
      result.stderr.contains("walk-with-long-stop/stats.json: error: not a calmgeo-replay stats.json: missing 'input'"))
    // The commute replays the walk's log against its own stored outputs: still ok.
    #expect(
      result.stdout
        == "drive-speed-changes: ok\nwalk-with-geofences: ok\ncommute: ok\n2 of 5 tracks could not be checked\n")
  }

  @Test func missingGoldenFoldersAndUsageErrors() throws {
    let copy = try GoldenCopy()
    let nowhere = try copy.run(["check", "nowhere"])
    #expect(nowhere.status == 66 && nowhere.stderr.contains("nowhere: error: no such golden folder"))
    let empty = try copy.run(["check", "Samples"])
    #expect(empty.status == 66 && empty.stderr.contains("Samples: error: no check.json or check.yaml"))
    let logs = try copy.run(["check", "Samples/expected", "Samples/walk-with-long-stop.csv"])
    #expect(logs.status == 64 && logs.stderr.contains("Logs are given only with --init"))
    let both = try copy.run(["check", "--init", "--update", "golden", "Samples/walk-with-long-stop.csv"])
    #expect(both.status == 64)
    // The manifest file itself may be named instead of its folder.
    let file = try copy.run(["check", "Samples/expected/check.json", "-q"])
    #expect(file.status == 0 && file.stdout == "all 5 tracks match\n")
  }

  @Test func helpDocumentsTheManifestAndTheExitCodes() throws {
    let help = try CommandRunner.run(["check", "--help"])
    #expect(help.status == 0)
    for text in [
      "\"tolerance\": {\"default\": 1e-9, \"fidelity.*\": 1e-6}", "3   a track's outputs differ",
      "4   every track matches, but a gate is violated", "--update", "--init", "--assert <file>",
    ] {
      #expect(help.stdout.contains(text), "\(text)")
    }
    let root = try CommandRunner.run(["--help"])
    #expect(root.stdout.contains("3   check: outputs differ"))
  }
}

/// `check --set`: what would a change of one key do to every golden track?
struct CheckSetTests {
  @Test func setOverridesEveryTrackAndShowsTheDifference() throws {
    let copy = try GoldenCopy()
    // Same change as editing the config file (distanceFilter 16 → 20): walk emits 92, not 110.
    let changed = try copy.run(["check", "Samples/expected", "--set", "distanceFilter=20"])
    #expect(changed.status == 3, "stderr: \(changed.stderr)")
    #expect(changed.stdout.contains("\n    engine.emitted: 110 → 92\n"))
    // The advice repeats the --set (an update without it would change nothing, and --update refuses it).
    #expect(
      changed.stdout.contains(
        "to see these differences again: calmgeo-replay check Samples/expected "
          + "--set distanceFilter=20;"), "\(changed.stdout)")
    #expect(!changed.stdout.contains("to accept the fresh outputs"))
    let bareUpdate = try copy.run(["check", "--update", "Samples/expected", "-q"])
    #expect(bareUpdate.stdout == "wrote 0 of 5 tracks in Samples/expected\n", "\(bareUpdate.stdout)")
    // Setting a key to the value it already has changes nothing.
    let same = try copy.run(["check", "Samples/expected", "--set", "distanceFilter=16", "-q"])
    #expect(same.status == 0, "stdout: \(same.stdout) stderr: \(same.stderr)")
    let bad = try copy.run(["check", "Samples/expected", "--set", "distanceFiltr=20"])
    #expect(bad.status == 64 && bad.stderr.contains("did you mean 'distanceFilter'?"))
    let update = try copy.run(["check", "--update", "Samples/expected", "--set", "distanceFilter=20"])
    #expect(update.status == 64)
  }
}
