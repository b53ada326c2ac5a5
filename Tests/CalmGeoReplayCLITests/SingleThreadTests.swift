import Foundation
import Testing

/// `--single-thread` parses and replays on one thread; the default parses on a second one where
/// the machine has more than one core. Every output file is the same byte for byte.
struct SingleThreadTests {
  @Test func singleThreadWritesTheSameFilesAsTheDefault() throws {
    let folder = try CommandRunner.temporaryFolder()
    let log = CommandRunner.repositoryRoot.appendingPathComponent("Samples/drive-speed-changes.csv").path
    let common = [
      log, "--config", CommandRunner.repositoryRoot.appendingPathComponent("Samples/config.json").path, "-q",
      "--report", "html", "--ndjson",
    ]
    let two = try CommandRunner.run(common + ["--out", "two"], in: folder)
    let one = try CommandRunner.run(common + ["--out", "one", "--single-thread"], in: folder)
    #expect(two.status == 0 && one.status == 0, "\(two.stderr) \(one.stderr)")
    let twoOut = folder.appendingPathComponent("two/drive-speed-changes")
    let oneOut = folder.appendingPathComponent("one/drive-speed-changes")
    let files = try FileManager.default.subpathsOfDirectory(atPath: twoOut.path).sorted()
    #expect(files.contains("stats.json") && files.contains("locations.ndjson") && files.contains("report.html"))
    #expect(try FileManager.default.subpathsOfDirectory(atPath: oneOut.path).sorted() == files)
    for file in files {
      var isFolder: ObjCBool = false
      _ = FileManager.default.fileExists(atPath: twoOut.appendingPathComponent(file).path, isDirectory: &isFolder)
      guard !isFolder.boolValue else { continue }
      let a = try Data(contentsOf: twoOut.appendingPathComponent(file))
      let b = try Data(contentsOf: oneOut.appendingPathComponent(file))
      #expect(a == b, "\(file) differs")
    }
  }
}
