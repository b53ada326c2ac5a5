import Foundation
import Testing

/// stats.json ties a result to its input: the SHA-256 of the file's bytes as stored
/// (issue 12 item 15).
struct InputChecksumTests {
  static let csv = "time,lat,lon\n2024-05-01T07:00:00Z,35.0,135.0\n2024-05-01T07:00:10Z,35.001,135.0\n"
  /// `gzip -n` of `csv`.
  static let gzipped: [UInt8] = [
    31, 139, 8, 0, 0, 0, 0, 0, 0, 3, 43, 201, 204, 77, 213, 201, 73, 44, 209, 201, 201, 207, 227, 50, 50, 48, 50, 209,
    53, 48, 213, 53, 48, 12, 49, 48, 183, 50, 48, 0, 162, 40, 29, 99, 83, 61, 3, 29, 67, 16, 137, 41, 111, 8, 149, 55,
    48, 132, 170, 0, 0, 180, 9, 111, 116, 79, 0, 0, 0,
  ]

  @Test func statsCarryTheSHA256OfTheStoredBytes() throws {
    let folder = try CommandRunner.temporaryFolder()
    try Data(Self.csv.utf8).write(to: folder.appendingPathComponent("h.csv"))
    try Data(Self.gzipped).write(to: folder.appendingPathComponent("g.csv.gz"))
    #expect(try CommandRunner.run(["h.csv", "g.csv.gz", "-q", "-o", "out"], in: folder).status == 0)
    #expect(try CommandRunner.run(["-", "-q", "-o", "out"], in: folder, stdin: Data(Self.csv.utf8)).status == 0)
    func sha(_ name: String) throws -> String? {
      let data = try Data(contentsOf: folder.appendingPathComponent("out/\(name)/stats.json"))
      let object = try JSONSerialization.jsonObject(with: data) as? [String: Any]
      return (object?["input"] as? [String: Any])?["sha256"] as? String
    }
    // `sha256sum h.csv` and `sha256sum g.csv.gz` (the compressed bytes, as stored).
    #expect(try sha("h") == "8c20fed25124aee6aa7a5b024e577a849066090b3526078fd1add7412367f15c")
    #expect(try sha("g") == "56d4947b618b1c44ff8eefc55d1b5b23f05eda968d34d7ec12e00bf8775e43d5")
    #expect(try sha("stdin") == "8c20fed25124aee6aa7a5b024e577a849066090b3526078fd1add7412367f15c")
  }
}
