import Foundation
import Testing

/// `Samples/expected` is a golden folder (recorded by `scripts/record-golden.sh` and
/// checked by hand; see `Samples/README.md`): the built binary's `check` replays its
/// tracks and compares them with the stored outputs, as CI does.
struct SampleGoldenTests {
  @Test func samplesMatchTheirGoldenFolder() throws {
    // Relative paths, from the checkout, as CI runs it.
    let result = try CommandRunner.run(["check", "Samples/expected"], in: CommandRunner.repositoryRoot)
    #expect(result.status == 0, "stdout: \(result.stdout)\nstderr: \(result.stderr)")
    #expect(
      result.stdout == """
        drive-speed-changes: ok
        stationary-drift: ok
        walk-with-long-stop: ok
        walk-with-geofences: ok
        commute: ok
        all 5 tracks match

        """)
    #expect(result.stderr.isEmpty)
  }

  @Test func theManifestListsEverySample() throws {
    let root = CommandRunner.repositoryRoot.appendingPathComponent("Samples")
    let manifest = try String(contentsOf: root.appendingPathComponent("expected/check.json"), encoding: .utf8)
    let samples = try FileManager.default.contentsOfDirectory(atPath: root.path).filter { $0.hasSuffix(".csv") }
    #expect(samples.count == 3)
    for sample in samples {
      #expect(manifest.contains("\"../\(sample)\""), "add \(sample) to Samples/expected/check.json")
    }
    let scenarios = try FileManager.default.contentsOfDirectory(atPath: root.path).filter {
      $0.hasSuffix("-scenario.yaml")
    }
    #expect(scenarios == ["commute-scenario.yaml"])
    for scenario in scenarios {
      #expect(manifest.contains("\"../\(scenario)\""), "add \(scenario) to Samples/expected/check.json")
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
      outputs.append(
        try GoldenCopy.files(under: produced).map { try Data(contentsOf: produced.appendingPathComponent($0)) })
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
    _ = try CommandRunner.run([
      sample, "--config", config, "--out", folder.path, "-q", "--schedule", "500", "--loop-schedule",
    ])
    let second = try CommandRunner.run([sample, "--out", folder.path, "-q"])
    #expect(second.status == 0)
    let uploads = try FileManager.default.contentsOfDirectory(
      atPath: folder.appendingPathComponent("walk-with-long-stop/uploads").path)
    #expect(uploads == ["requests.ndjson"])  // no url in the second run: no bodies
    let hidden = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasPrefix(".") }
    #expect(hidden.isEmpty)
  }
}
