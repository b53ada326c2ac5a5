import Foundation
import Testing

@testable import CalmGeoReplay

/// Lines without end: refused at `LineReader`'s limit instead of held whole (a 1 GB
/// line cost 1.07 GB), whatever the format and whether gzipped or not.
struct HugeLineTests {
  /// The error reading `bytes` as the file `name` throws, or "no error".
  private func error(_ bytes: [UInt8], name: String) -> String {
    do {
      _ = try TrackReader.load(InputOpener.open(MemoryByteSource(bytes, name: name)))
      return "no error"
    } catch {
      return "\(error)"
    }
  }

  @Test(arguments: [
    ("one-line.csv", "time,lat,lon\n2024-05-01T07:03:12Z,1,", "csv", 2),
    ("one-line.nmea", "$GPGGA,120000.00,4807.038,N,", "nmea", 1),
    ("one-line.txt", "# Header\nFix,GPS,37.4,-122.1,", "gnsslogger", 2),
  ])
  func aLineOfTwoMebibytesIsRefused(name: String, head: String, format: String, line: Int) {
    let bytes = Array(head.utf8) + [UInt8](repeating: UInt8(ascii: "7"), count: 2 << 20)
    #expect(
      error(bytes, name: name)
        == "\(name):\(line): error: \(format): the line is 1 MiB or longer without a line end, more than any "
        + "\(format) record needs; the file is damaged or not a \(format) file (lines are limited to keep memory bounded)"
    )
  }

  @Test func aGzipBombOfOneLineStopsAtTheLimit() throws {
    // 16 MiB of one line compress to some 16 KB; reading stops after 1 MiB of it.
    let plain = Array("time,lat,lon\n".utf8) + [UInt8](repeating: UInt8(ascii: "1"), count: 16 << 20)
    let packed = try gzip(plain)
    #expect(packed.count < 100_000)
    let message = error(packed, name: "bomb.csv.gz")
    #expect(message.hasPrefix("bomb.csv.gz:2: error: csv: the line is 1 MiB or longer"), "\(message)")
  }

  @Test func aLineJustBelowTheLimitIsRead() throws {
    // 1 MiB minus the line end: the longest line accepted (the `note` column is not read).
    let filler = String(repeating: "x", count: (1 << 20) - 1 - "2024-05-01T07:03:12Z,1,2,".utf8.count)
    let text = "time,lat,lon,note\n2024-05-01T07:03:12Z,1,2,\(filler)\n2024-05-01T07:03:13Z,1,2,ok\n"
    let track = try TrackReader.load(InputOpener.open(MemoryByteSource(Array(text.utf8), name: "long.csv")))
    #expect(track.fixes.count == 2)
  }

  @Test func aCSVOfTenThousandColumnsIsRead() throws {
    // A header of 10,000 names (about 70 KB): the known columns are found among them.
    let names = ["time", "lat", "lon"] + (3..<10_000).map { "extra\($0)" }
    let values = ["2024-05-01T07:03:12Z", "47.5", "8.25"] + (3..<10_000).map { _ in "9" }
    let text = names.joined(separator: ",") + "\n" + values.joined(separator: ",") + "\n"
    let clock = ContinuousClock()
    var track: Track? = nil
    let elapsed = try clock.measure {
      track = try TrackReader.load(InputOpener.open(MemoryByteSource(Array(text.utf8), name: "wide.csv")))
    }
    #expect(track?.fixes.map(\.latitude) == [47.5])
    #expect(elapsed < .seconds(10))
  }
}
