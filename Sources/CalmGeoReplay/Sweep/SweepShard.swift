/// One of N deterministic slices of a sweep's (track × configuration) grid.
///
/// Row k (k = trackIndex × configurations + configIndex) belongs to shard k mod N + 1:
/// every shard gets every track and about 1/N of each track's configurations, so
/// shards take about the same time however long the tracks are.
package struct SweepShard: Sendable, Hashable, CustomStringConvertible {
  /// From 1 to `count`.
  package var index: Int
  package var count: Int

  package init?(index: Int, count: Int) {
    guard count >= 1, (1...count).contains(index) else { return nil }
    self.index = index
    self.count = count
  }

  /// Parses `I/N`, e.g. `2/8`.
  package init?(_ text: String) {
    let parts = text.split(separator: "/", omittingEmptySubsequences: false)
    guard parts.count == 2, let index = Int(parts[0]), let count = Int(parts[1]) else { return nil }
    self.init(index: index, count: count)
  }

  /// Whether grid row `row` is this shard's.
  package func contains(row: Int) -> Bool { row % count == index - 1 }

  /// `2/8`
  package var description: String { "\(index)/\(count)" }
}
