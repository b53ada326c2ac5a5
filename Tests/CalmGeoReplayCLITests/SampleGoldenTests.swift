import Foundation
import Testing

/// Replays of `Samples/` compared byte for byte with `Samples/expected/` (recorded by
/// `scripts/record-golden.sh` and checked by hand; see `Samples/README.md`).
struct SampleGoldenTests {
  static let samples = ["walk-with-long-stop", "drive-speed-changes", "stationary-drift"]

  private func files(under folder: URL) -> [String] {
    let enumerator = FileManager.default.enumerator(atPath: folder.path)
    var names: [String] = []
    while let name = enumerator?.nextObject() as? String {
      var isFolder: ObjCBool = false
      FileManager.default.fileExists(atPath: folder.appendingPathComponent(name).path, isDirectory: &isFolder)
      if !isFolder.boolValue { names.append(name) }
    }
    return names.sorted()
  }

  @Test(arguments: samples)
  func replayMatchesExpectedOutput(sample: String) throws {
    let folder = try CommandRunner.temporaryFolder()
    let root = CommandRunner.repositoryRoot
    // Relative paths, run from the checkout, as record-golden.sh does (stats.json names the input).
    let result = try CommandRunner.run([
      "Samples/\(sample).csv", "--config", "Samples/config.json", "--out", folder.path, "--quiet",
    ], in: root)
    #expect(result.status == 0, "stderr: \(result.stderr)")
    #expect(result.stdout.isEmpty)
    let expected = root.appendingPathComponent("Samples/expected/\(sample)")
    let produced = folder.appendingPathComponent(sample)
    let expectedFiles = files(under: expected)
    #expect(!expectedFiles.isEmpty, "no expected output: run scripts/record-golden.sh and check it")
    #expect(files(under: produced) == expectedFiles)
    for name in expectedFiles {
      let want = try Data(contentsOf: expected.appendingPathComponent(name))
      let got = try Data(contentsOf: produced.appendingPathComponent(name))
      #expect(got == want, "\(sample)/\(name) differs from Samples/expected")
    }
  }

  @Test func twoRunsAreByteIdentical() throws {
    let root = CommandRunner.repositoryRoot
    var outputs: [[Data]] = []
    for _ in 0..<2 {
      let folder = try CommandRunner.temporaryFolder()
      let result = try CommandRunner.run([
        root.appendingPathComponent("Samples/drive-speed-changes.csv").path, "--seed", "99",
        "--latency", "0-5000", "--failure-rate", "0.3", "--final-sync",
        "--config", root.appendingPathComponent("Samples/config.json").path, "--out", folder.path, "--quiet",
      ])
      #expect(result.status == 0, "stderr: \(result.stderr)")
      let produced = folder.appendingPathComponent("drive-speed-changes")
      outputs.append(try files(under: produced).map { try Data(contentsOf: produced.appendingPathComponent($0)) })
    }
    #expect(outputs[0] == outputs[1])
    #expect(outputs[0].count > 3)
  }

  @Test func replacesAnEarlierOutputWithoutLeftovers() throws {
    let folder = try CommandRunner.temporaryFolder()
    let root = CommandRunner.repositoryRoot
    let sample = root.appendingPathComponent("Samples/walk-with-long-stop.csv").path
    let config = root.appendingPathComponent("Samples/config.json").path
    // First with many small requests, then with one big batch: old body files must vanish.
    _ = try CommandRunner.run([sample, "--config", config, "--out", folder.path, "-q", "--schedule", "500", "--loop-schedule"])
    let second = try CommandRunner.run([sample, "--out", folder.path, "-q"])
    #expect(second.status == 0)
    let uploads = try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("walk-with-long-stop/uploads").path)
    #expect(uploads == ["requests.ndjson"])  // no url in the second run: no bodies
    let hidden = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasPrefix(".") }
    #expect(hidden.isEmpty)
  }
}
