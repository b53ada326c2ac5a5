import Foundation
import Testing

/// Bad flag values are usage errors (64) that say what is wrong, never a crash, a
/// "Missing value" or a data error (issue 12 item 11, and the flag crashes of issue 13).
struct FlagValidationTests {
  /// A one-fix CSV and an upload config, built here (the robustness reproducers).
  private func folder() throws -> URL {
    let folder = try CommandRunner.temporaryFolder()
    try Data("time,lat,lon\n2020-01-01T00:00:00Z,1,1\n".utf8).write(to: folder.appendingPathComponent("one.csv"))
    try Data(#"{"url":"https://a.test/x","autoSync":true}"#.utf8).write(to: folder.appendingPathComponent("u.json"))
    try Data("<gpx><trk><trkseg><trkpt lat=\"1\" lon=\"1\"/><trkpt lat=\"2\" lon=\"2\"/></trkseg></trk></gpx>".utf8)
      .write(to: folder.appendingPathComponent("notime.gpx"))
    return folder
  }

  @Test func negativeNumbersSayWhatIsWrong() throws {
    let folder = try folder()
    let cases: [([String], String)] = [
      (["--seed", "-1"], "--seed must be a whole number from 0 to 18446744073709551615, found '-1'."),
      (["--latency", "-5"], "--latency cannot be negative, found '-5'"),
      (["--failure-rate", "-0.5"], "--failure-rate must be between 0 and 1, found -0.5."),
      (["--track", "-2"], "--track counts from 1 (a whole number such as --track 2), found '-2'."),
      (["--uere", "-3"], "--uere must be a positive number of metres, found -3.0."),
    ]
    for (flags, message) in cases {
      let result = try CommandRunner.run(["one.csv", "-q"] + flags, in: folder)
      #expect(result.status == 64, "\(flags)")
      #expect(result.stderr.contains(message), "\(flags): \(result.stderr)")
      #expect(!result.stderr.contains("Missing value"), "\(flags)")
    }
  }

  @Test func unknownTimeFormatIsAUsageError() throws {
    let result = try CommandRunner.run(["one.csv", "--time-format", "%Q", "-q"], in: try folder())
    #expect(result.status == 64)
    #expect(result.stderr.contains("--time-format: unknown time format '%Q'"))
  }

  @Test func hugeValuesAreRefusedNotCrashes() throws {
    let folder = try folder()
    // Each crashed (signal, exit 132) before: an Int64 overflow in the network model, a
    // synthesized time past Int64 at 1e-12 m/s.
    let latency = try CommandRunner.run(
      ["one.csv", "-c", "u.json", "--latency", "0-9223372036854775807", "-q"], in: folder)
    #expect(latency.status == 64)
    #expect(latency.stderr.contains("from 0 to 86400000 (a day)"))
    let speed = try CommandRunner.run(["notime.gpx", "--assume-speed", "1e-12", "-q"], in: folder)
    #expect(speed.status == 64)
    #expect(speed.stderr.contains("--assume-speed must be a speed in m/s from 0.01 to 1000"))
    #expect(try CommandRunner.run(["notime.gpx", "--assume-speed", "1.5", "-q"], in: folder).status == 0)
  }

  @Test func hugeConfigValuesAreRefusedWithTheirPlace() throws {
    let folder = try folder()
    try Data(#"{"replay":{"network":{"schedule":[1e300]}}}"#.utf8).write(to: folder.appendingPathComponent("s.json"))
    try Data(#"{"replay":{"platform":{"geofenceExitDelay":1e16}}}"#.utf8).write(
      to: folder.appendingPathComponent("g.json"))
    let schedule = try CommandRunner.run(["one.csv", "-c", "s.json", "-q"], in: folder)
    #expect(schedule.status == 64)
    // Column 34: the schedule list starts after `{"replay":{"network":{"schedule":` (10 + 11 + 12 = 33 bytes).
    #expect(
      schedule.stderr
        == "s.json:1:34: error: config: 'replay.network.schedule': expected a status code or \"timeout\", found 1e+300\n"
    )
    let delay = try CommandRunner.run(["one.csv", "-c", "g.json", "-q"], in: folder)
    #expect(delay.status == 64)
    #expect(delay.stderr.contains("'replay.platform.geofenceExitDelay': must be at most 86400 seconds (a day)"))
  }

  @Test func configErrorsNameLineColumnAndCause() throws {
    let folder = try folder()
    try Data("{\"distanceFilter\": 10\n \"url\": 1}".utf8).write(to: folder.appendingPathComponent("comma.json"))
    try Data("{\"distanceFilter\": 1e400}".utf8).write(to: folder.appendingPathComponent("big.json"))
    try Data("{\"distanceFilter\": 1,\n \"distanceFilter\": 50}".utf8).write(
      to: folder.appendingPathComponent("twice.json"))
    let comma = try CommandRunner.run(["one.csv", "-c", "comma.json", "-q"], in: folder)
    #expect(comma.status == 64)
    // Line 2, column 2: the `"url"` where a ',' or '}' was expected.
    #expect(
      comma.stderr
        == "comma.json:2:2: error: config: not valid JSON: expected ',' or '}' in an object (a missing comma?)\n")
    let big = try CommandRunner.run(["one.csv", "-c", "big.json", "-q"], in: folder)
    #expect(
      big.stderr
        == "big.json:1:20: error: config: not valid JSON: number out of range: 1e400 (larger than any double)\n")
    #expect(!big.stderr.contains("DecodingError"))
    let twice = try CommandRunner.run(["one.csv", "-c", "twice.json", "-q"], in: folder)
    #expect(twice.status == 64)
    #expect(
      twice.stderr
        == "twice.json:2:2: error: config: not valid JSON: duplicate key \"distanceFilter\" (each key may appear once)\n"
    )
    try Data("{\"distanceFilter\": \"far\"}".utf8).write(to: folder.appendingPathComponent("type.json"))
    let type = try CommandRunner.run(["one.csv", "-c", "type.json", "-q"], in: folder)
    #expect(type.stderr == "type.json:1:20: error: config: 'distanceFilter': expected a number, found \"far\"\n")
  }

  @Test func configComesFromAPipeOrStandardInputAndSaysWhyItCannotBeRead() throws {
    let folder = try folder()
    let piped = try CommandRunner.run(
      ["one.csv", "-c", "-", "-o", "out", "-q"], in: folder, stdin: Data(#"{"distanceFilter": 7}"#.utf8))
    #expect(piped.status == 0, "\(piped.stderr)")
    let stats = try String(contentsOf: folder.appendingPathComponent("out/one/stats.json"), encoding: .utf8)
    #expect(stats.contains("\"distanceFilter\": 7"))
    let missing = try CommandRunner.run(["one.csv", "-c", "nope.json", "-q"], in: folder)
    #expect(missing.status == 64)
    #expect(
      missing.stderr == "nope.json: error: config: cannot read the configuration file: No such file or directory\n")
    let directory = try CommandRunner.run(["one.csv", "-c", ".", "-q"], in: folder)
    #expect(directory.stderr == ".: error: config: cannot read the configuration file: Is a directory\n")
  }

  @Test func oversizedConfigIsRefusedWithoutReadingItAll() throws {
    let folder = try folder()
    // 2 MiB of schedule: more than the 1 MiB a configuration may have.
    var text = #"{"replay":{"network":{"schedule":["#
    text += String(repeating: "200,", count: 2 * 1024 * 1024 / 4) + "200]}}}"
    try Data(text.utf8).write(to: folder.appendingPathComponent("huge.json"))
    let result = try CommandRunner.run(["one.csv", "-c", "huge.json", "-q"], in: folder)
    #expect(result.status == 64)
    #expect(
      result.stderr
        == "huge.json: error: config: cannot read the configuration file: larger than 1048576 bytes (1 MiB), the most a configuration may have\n"
    )
  }
}
