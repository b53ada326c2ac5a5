import Foundation
import Testing

/// `library check` and `--engine library:PATH` (docs/LIBRARY.md), with the real binary. Slow the
/// first time (the library is built into the tool's cache, shared with the library tests);
/// skipped without ../shared.
enum LibrarySources {
  static let source = CommandRunner.repositoryRoot.deletingLastPathComponent()
    .appendingPathComponent("shared/calmgeo-source")

  static let present: Bool = {
    let present = FileManager.default.fileExists(atPath: source.path + "/CalmGeo/Classes")
    if !present { print("skipped: the library commands' tests need \(source.path) (../shared is absent)") }
    return present
  }()
}

@Suite(.serialized, .enabled(if: LibrarySources.present, "needs ../shared/calmgeo-source"))
struct LibraryCommandTests {
  static let source = LibrarySources.source

  @Test func checkFindsTheSampleIdentical() throws {
    let result = try CommandRunner.run(["library", "check", Self.source.path, "Samples/walk-with-long-stop.csv"])
    #expect(result.status == 0, "\(result.stdout)\n\(result.stderr)")
    #expect(result.stdout.contains("Samples/walk-with-long-stop.csv [defaults]: identical"))
    #expect(result.stdout.contains("1 of 1 runs identical"))
  }

  @Test func aForksChangedTimerShowsAsADifference() throws {
    // A copy of the sources with TIME_TO_STILL 60 -> 90. The sample's stop is reported at
    // 07:12:53 (Samples/README.md: the last kept fix, 07:11:52, is then more than 60 s old).
    // With 90 s the reference 07:11:52 is not renewed at 07:12:53, and the café's noise puts the
    // fix of 07:13:21 more than 16 m from it (before the 90 s are up): kept as a moving location.
    let fork = try CommandRunner.temporaryFolder()
    try FileManager.default.copyItem(
      at: Self.source.appendingPathComponent("CalmGeo"),
      to: fork.appendingPathComponent("CalmGeo"))
    let file = fork.appendingPathComponent("CalmGeo/Classes/CalmGeoService/CalmGeoLocationManager.swift")
    let text = try String(contentsOf: file, encoding: .utf8)
    #expect(text.contains("let TIME_TO_STILL = 60.0"))
    try text.replacingOccurrences(of: "let TIME_TO_STILL = 60.0", with: "let TIME_TO_STILL = 90.0")
      .write(to: file, atomically: true, encoding: .utf8)
    let result = try CommandRunner.run(["library", "check", fork.path, "Samples/walk-with-long-stop.csv"])
    #expect(result.status == 3, "\(result.stdout)\n\(result.stderr)")
    #expect(result.stdout.contains("first difference at location"))
    #expect(result.stdout.contains("builtin: 2024-05-01T07:12:53.000Z isMoving=false motionchange"))
    #expect(result.stdout.contains("library: 2024-05-01T07:13:21.000Z isMoving=true\n"))
  }

  @Test func replayWithTheLibraryEngineWritesTheSameLocations() throws {
    // The same log and configuration through both engines: locations.json byte for byte.
    let out = try CommandRunner.temporaryFolder()
    let builtin = try CommandRunner.run([
      "Samples/walk-with-long-stop.csv", "-c", "Samples/config.json", "--out", out.appendingPathComponent("b").path,
      "-q",
    ])
    #expect(builtin.status == 0, "\(builtin.stderr)")
    let library = try CommandRunner.run([
      "Samples/walk-with-long-stop.csv", "-c", "Samples/config.json", "--out", out.appendingPathComponent("l").path,
      "-q",
      "--engine", "library:" + Self.source.path,
    ])
    #expect(library.status == 0, "\(library.stderr)")
    let path = "walk-with-long-stop/locations.json"
    let a = try Data(contentsOf: out.appendingPathComponent("b/" + path))
    let b = try Data(contentsOf: out.appendingPathComponent("l/" + path))
    #expect(a == b)
  }

  @Test func aMissingSourceFolderSaysWhatToGive() throws {
    let result = try CommandRunner.run(["library", "check", "/nonexistent/calm-geo", "Samples/walk-with-long-stop.csv"])
    #expect(result.status == 66)
    #expect(result.stderr.contains("/nonexistent/calm-geo: no CalmGeo/Classes/*.swift in it"))
  }

  @Test func helpHasExamples() throws {
    let result = try CommandRunner.run(["library", "check", "--help"])
    #expect(result.status == 0)
    #expect(result.stdout.contains("EXAMPLES") && result.stdout.contains("library check ../shared/calmgeo-source"))
  }
}
