import Foundation
import Testing

/// Number flags pass the same validation as the config keys they set (issue 23): the
/// values below crashed (exit 132, an Int64 overflow of seconds × 1000 or of the sweep
/// runner's 4 × jobs) or were accepted beyond the config file's bound.
struct NumberFlagBoundsTests {
  private func folder() throws -> URL {
    let folder = try CommandRunner.temporaryFolder()
    try Data("time,lat,lon\n2020-01-01T00:00:00Z,1,1\n2020-01-01T00:00:10Z,1,1.0001\n".utf8)
      .write(to: folder.appendingPathComponent("one.csv"))
    return folder
  }

  @Test func platformFlagsHaveTheConfigBounds() throws {
    let folder = try folder()
    let day = "must be at most 86400 seconds (a day)"
    let measure = "must be between 0 and 1000000000"
    let cases: [([String], String)] = [
      (
        ["--platform-exit-delay", "1e16"],
        "--platform-exit-delay \(day), found 1e+16 (the bound of 'replay.platform.geofenceExitDelay' in a config file)."
      ),
      // Passed before, while the same key in a config file was refused above 86 400.
      (["--platform-exit-delay", "1e10"], "--platform-exit-delay \(day), found 10000000000"),
      (["--platform-exit-delay", "40-1e10"], "--platform-exit-delay \(day), found 10000000000"),
      (
        ["--platform-min-interval", "1e16"],
        "--platform-min-interval \(measure), found 1e+16 (the bound of 'replay.platform.minimumInterval' in a config file)."
      ),
      (["--platform-stationary-pause", "20,1e16"], "--platform-stationary-pause \(measure), found 1e+16"),
      (["--platform-accuracy-gate", "1e16"], "--platform-accuracy-gate \(measure), found 1e+16"),
      (["--platform-min-interval", "inf"], "--platform-min-interval must be 0 or more seconds."),
      // A sweep spec's `track` stops below 10^9; the flag took any Int.
      (["--track", "9223372036854775807"], "--track must be at most 999999999, found '9223372036854775807'."),
    ]
    for (flags, message) in cases {
      let result = try CommandRunner.run(["one.csv", "-q", "-o", "out"] + flags, in: folder)
      #expect(result.status == 64, "\(flags): \(result.stderr)")
      #expect(result.stderr.contains(message), "\(flags): \(result.stderr)")
    }
    // The largest values of the bounds still run.
    let ok = try CommandRunner.run(
      ["one.csv", "-q", "-o", "out", "--platform-exit-delay", "40-86400", "--platform-min-interval", "1e9"], in: folder)
    #expect(ok.status == 0, "\(ok.stderr)")
  }

  @Test func sweepJobsAreBounded() throws {
    let folder = try folder()
    try Data("tracks: [one.csv]\n".utf8).write(to: folder.appendingPathComponent("s.yaml"))
    for jobs in ["9223372036854775807", "1025", "0"] {
      let result = try CommandRunner.run(["sweep", "s.yaml", "--out", "r", "-j", jobs], in: folder)
      #expect(result.status == 64, "-j \(jobs): \(result.stderr)")
      #expect(result.stderr.contains("--jobs must be from 1 to 1024, found \(jobs)."), "\(result.stderr)")
    }
  }
}
