import Foundation
import Testing

/// A gzipped log replays to the same outputs as the plain one, byte for byte (stats.json
/// differs only where it names the input file and says it was gzipped).
struct GzipInputTests {
  static let corpus = CommandRunner.repositoryRoot.deletingLastPathComponent().appendingPathComponent("shared/corpus")
  static let available = FileManager.default.fileExists(atPath: corpus.appendingPathComponent("MANIFEST.tsv").path)

  @Test(
    .enabled(if: available, "needs ../shared/corpus beside the checkout"),
    arguments: ["gpx/dat100__20170813.gpx", "nmea/gpsd__bu353s4.log", "csv/gpsbabel__iblue747.csv"])
  func gzippedLogGivesTheSameOutputs(log: String) throws {
    let folder = try CommandRunner.temporaryFolder()
    let name = (log as NSString).lastPathComponent
    let plain = folder.appendingPathComponent(name)
    try FileManager.default.copyItem(at: Self.corpus.appendingPathComponent(log), to: plain)
    let gzip = Process()
    gzip.executableURL = URL(fileURLWithPath: "/bin/gzip")
    gzip.arguments = ["-k", plain.path]
    try gzip.run()
    gzip.waitUntilExit()
    #expect(gzip.terminationStatus == 0)
    let common = ["--config", CommandRunner.repositoryRoot.appendingPathComponent("Samples/config.json").path, "-q"]
    let a = try CommandRunner.run([name] + common + ["--out", "plain"], in: folder)
    let b = try CommandRunner.run([name + ".gz"] + common + ["--out", "gz"], in: folder)
    #expect(a.status == 0 && b.status == 0, "\(a.stderr) \(b.stderr)")
    let stem = (name as NSString).deletingPathExtension
    let plainOut = folder.appendingPathComponent("plain/\(stem)")
    let gzOut = folder.appendingPathComponent("gz/\(stem)")
    let files = try FileManager.default.subpathsOfDirectory(atPath: plainOut.path).sorted()
    #expect(try FileManager.default.subpathsOfDirectory(atPath: gzOut.path).sorted() == files)
    // The ownership marker names the log, which differs (`.gz`) by design.
    for file in files where (file.hasSuffix(".json") || file.hasSuffix(".ndjson")) && file != ".calmgeo-replay.json" {
      var want = try String(contentsOf: plainOut.appendingPathComponent(file), encoding: .utf8)
      var got = try String(contentsOf: gzOut.appendingPathComponent(file), encoding: .utf8)
      if file == "stats.json" {
        // The checksum is of the bytes as stored: the compressed ones for the .gz.
        let sha = #/"sha256": "[0-9a-f]{64}",\n    /#
        #expect(want.firstMatch(of: sha)?.output != got.firstMatch(of: sha)?.output)
        want = want.replacing(sha, with: "")
        got = got.replacing(sha, with: "")
        want = want.replacingOccurrences(of: "\"file\": \"\(name)\",\n    \"format\": ", with: "")
          .replacingOccurrences(of: "\"gzip\": false", with: "")
        got = got.replacingOccurrences(of: "\"file\": \"\(name).gz\",\n    \"format\": ", with: "")
          .replacingOccurrences(of: "\"gzip\": true", with: "")
      }
      #expect(got == want, "\(file) differs")
    }
  }
}
