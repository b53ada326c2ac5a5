import Testing

@testable import CalmGeoReplay

/// `ReplayOptions.expectedFixes` only makes room in the metrics' arrays at once: whatever the
/// guess (none, far too small, exact, far too large, past the cap), a replay measures the same.
struct MetricsRoomTests {
  static func replay(_ track: Track, expecting expected: Int) -> ReplayResult {
    // The min-# answers (dozens of exact solves) are left out to keep it short: the arrays made
    // room for are filled either way.
    var options = ReplayOptions(metrics: true, solvesEfficiency: false)
    options.expectedFixes = expected
    var observer = ObserverList([])
    return ReplayRunner.run(
      source: track, configuration: ReplayConfiguration(), observer: &observer, options: options)
  }

  static func expectSameWhateverTheGuess(_ track: Track, _ name: String) {
    let plain = replay(track, expecting: 0)
    #expect(plain.metrics != nil, "\(name)")
    // Int.max: room for `MetricsObserver.maxReservedFixes` only (more would not be granted).
    for expected in [1, track.fixes.count / 3, track.fixes.count, Int.max] {
      #expect(replay(track, expecting: expected) == plain, "\(name), \(expected) expected")
    }
  }

  @Test func theSamplesMeasureTheSameWhateverTheGuess() throws {
    for path in Corpus.samplePaths {
      Self.expectSameWhateverTheGuess(try TrackReader.load(path: path), path)
    }
  }

  @Test(.enabled(if: Corpus.isAvailable, Corpus.skipReason))
  func corpusLogsMeasureTheSameWhateverTheGuess() {
    var count = 0
    Corpus.forEachTrack { file, track in
      guard count < 6, track.fixes.count > 1_000 else { return }
      count += 1
      Self.expectSameWhateverTheGuess(track, file)
    }
    #expect(count > 0)
  }
}
