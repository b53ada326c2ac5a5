import Foundation
import Testing

/// `--ndjson` (for huge runs) writes the same locations and bodies as the default layout,
/// one a line, in two files instead of one file per request.
struct NDJSONOutputTests {
  @Test func sameRecordsOneALine() throws {
    let folder = try CommandRunner.temporaryFolder()
    let root = CommandRunner.repositoryRoot
    let arguments = ["Samples/walk-with-long-stop.csv", "--config", "Samples/config.json", "-q"]
    let plain = try CommandRunner.run(arguments + ["--out", folder.appendingPathComponent("plain").path], in: root)
    let lines = try CommandRunner.run(
      arguments + ["--out", folder.appendingPathComponent("nd").path, "--ndjson"], in: root)
    #expect(plain.status == 0 && lines.status == 0)
    let a = folder.appendingPathComponent("plain/walk-with-long-stop")
    let b = folder.appendingPathComponent("nd/walk-with-long-stop")

    // locations.json is "[\n" + records joined by ",\n" + "\n]\n"; the NDJSON has the same records.
    let array = try String(contentsOf: a.appendingPathComponent("locations.json"), encoding: .utf8)
    let ndjson = try String(contentsOf: b.appendingPathComponent("locations.ndjson"), encoding: .utf8)
    let records = array.dropFirst(2).dropLast(3).components(separatedBy: ",\n")
    #expect(records.count == 110)
    #expect(records.joined(separator: "\n") + "\n" == ndjson)

    // Body N of the default layout is line N of bodies.ndjson.
    let bodyLines = try String(contentsOf: b.appendingPathComponent("uploads/bodies.ndjson"), encoding: .utf8)
      .split(separator: "\n", omittingEmptySubsequences: false).dropLast()
    let bodyFiles = try FileManager.default.contentsOfDirectory(atPath: a.appendingPathComponent("uploads").path)
      .filter { $0 != "requests.ndjson" }.sorted()
    #expect(bodyLines.count == bodyFiles.count)
    for (line, file) in zip(bodyLines, bodyFiles) {
      #expect(String(line) == (try String(contentsOf: a.appendingPathComponent("uploads/\(file)"), encoding: .utf8)))
    }
    let log = try String(contentsOf: b.appendingPathComponent("uploads/requests.ndjson"), encoding: .utf8)
    #expect(log.hasPrefix("{\"seq\":1,\"body\":\"bodies.ndjson:1\","))
  }
}
