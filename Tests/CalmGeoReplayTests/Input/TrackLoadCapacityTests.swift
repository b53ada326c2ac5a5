import Testing

@testable import CalmGeoReplay

/// `TrackReader.load` makes room for the fixes it expects at once: the same fixes whatever the
/// guess, and a guess far above the count keeps no more than twice the room needed.
struct TrackLoadCapacityTests {
  /// 300 fixes a second apart from 07:00:00 UTC.
  static let csv = (0..<300).map { second -> String in
    let (minutes, seconds) = second.quotientAndRemainder(dividingBy: 60)
    return "2024-05-01T07:0\(minutes):\(seconds < 10 ? "0" : "")\(seconds)Z,59.9\(second),10.7\(second)"
  }.joined(separator: "\n")

  static func load(expecting expected: Int) throws -> Track {
    try TrackReader.load(
      InputOpener.open(MemoryByteSource("time,lat,lon\n" + csv, name: "t.csv")), expectedFixes: expected)
  }

  @Test(arguments: [0, 10, 300, 100_000])
  func theGuessChangesNothingButRoom(expected: Int) throws {
    let track = try Self.load(expecting: expected)
    let plain = try Self.load(expecting: 0)
    #expect(track.fixes.count == 300)
    #expect(track.fixes.map(\.time) == plain.fixes.map(\.time))
    #expect(track.fixes.map(\.latitude) == plain.fixes.map(\.latitude))
    #expect(track.fixes.map(\.longitude) == plain.fixes.map(\.longitude))
    // 100 000 expected for 300 read: the room is given back (at most 2 × 300 + 1 024 kept).
    #expect(track.fixes.capacity <= 2 * 300 + 1_024)
  }

  @Test func aFileOnDiskIsLoadedWithItsSizesGuess() throws {
    for path in Corpus.samplePaths {
      let track = try TrackReader.load(path: path)
      #expect(!track.fixes.isEmpty && track.fixes.capacity <= 2 * track.fixes.count + 1_024, "\(path)")
    }
  }
}
