import Foundation
import Testing

/// The shared reproducers of `../shared/robustness` (this part of them) through
/// the real binary, and libxml2's leak measured in a process of its own.
struct RobustnessCLITests {
  static let folder = CommandRunner.repositoryRoot.deletingLastPathComponent()
    .appendingPathComponent("shared/robustness")
  static let available: Bool = {
    let found = FileManager.default.fileExists(atPath: folder.appendingPathComponent("README.md").path)
    if !found { print("skipped: robustness reproducers need \(folder.path) (the shared folder beside the checkout)") }
    return found
  }()

  /// (reproducer, exit code, what stderr says). None may crash (a signal) or write `inf`.
  @Test(
    .enabled(if: RobustnessCLITests.available, "needs ../shared/robustness beside the checkout"),
    arguments: [
      // A single Fix whose time is out of range: nothing left to replay.
      ("gnss-min.txt", Int32(65), "no usable fix in 1 records read as gnsslogger (skipped: time_out_of_range 1)"),
      ("gnss-span.txt", Int32(65), "no usable fix in 2 records read as gnsslogger (skipped: time_out_of_range 2)"),
      // The ZDA is skipped; the GGA then has no date.
      (
        "zda-min.nmea", Int32(65),
        "zda-min.nmea:2: error: nmea: the log has fixes but no RMC or ZDA sentence with a date"
      ),
      ("inf.csv", Int32(65), "no usable fix in 1 records read as csv (skipped: out_of_range 1)"),
      ("inf.gpx", Int32(65), "no usable fix in 1 records read as gpx (skipped: out_of_range 1)"),
    ])
  func reproducerEndsInAClearErrorNotACrash(name: String, status: Int32, says: String) throws {
    let out = try CommandRunner.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: out) }
    let result = try CommandRunner.run([Self.folder.appendingPathComponent(name).path, "--out", out.path])
    #expect(result.status == status, "\(result.stderr)")
    #expect(result.stderr.contains(says), "\(result.stderr)")
  }

  @Test func aGPXEndingInAnXMLErrorLeaksNothing() throws {
    // The tree reader leaked its document: 7-23 KB per file (measured before the fix:
    // 26.6 MB peak for 20 such files, 39.2 MB for 1000, 13 KB a file). One process
    // reads the same bad file 20 times, another 500 times: peak RSS may differ by 3 MB
    // at most (the leak would make it 3.5-11 MB).
    let folder = try CommandRunner.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let points = String(repeating: "<trkpt lat=\"1\" lon=\"2\"><desc>some words</desc></trkpt>", count: 100)
    try Data(
      ("<?xml version=\"1.0\"?><gpx><trk><trkseg><trkpt lat=\"1\" lon=\"2\"><time>2024-05-01T07:03:12Z</time></trkpt>"
        + points + "</trkseg></trk><oops>").utf8
    ).write(to: folder.appendingPathComponent("bad.gpx"))
    func peakKB(_ copies: Int) throws -> Int {
      let process = Process()
      process.executableURL = URL(fileURLWithPath: "/usr/bin/time")
      let report = folder.appendingPathComponent("rss-\(copies)")
      process.arguments =
        ["-f", "%M", "-o", report.path, CommandRunner.binary.path]
        + Array(repeating: "bad.gpx", count: copies) + ["--out", folder.appendingPathComponent("out").path]
      process.currentDirectoryURL = folder
      process.standardOutput = FileHandle.nullDevice
      process.standardError = FileHandle.nullDevice
      try process.run()
      process.waitUntilExit()
      #expect(process.terminationStatus == 65)
      let text = try String(contentsOf: report, encoding: .utf8)
      return Int(text.split(separator: "\n").last.map(String.init) ?? "") ?? -1
    }
    try #require(FileManager.default.isExecutableFile(atPath: "/usr/bin/time"), "needs GNU time")
    let few = try peakKB(20)
    let many = try peakKB(500)
    #expect(few > 0 && many > 0)
    #expect(many - few < 3_000, "peak RSS \(few) KB for 20 files, \(many) KB for 500")
  }
}
