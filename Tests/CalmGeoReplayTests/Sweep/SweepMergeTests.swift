import Testing

@testable import CalmGeoReplay

/// Merge checks on hand-made shards of a 2 tracks × 3 configurations sweep.
struct SweepMergeTests {
  static let base = SweepManifest(
    spec: "s.yaml", tracks: [.init(name: "a.csv"), .init(name: "b.csv")],
    grid: SweepGrid(
      base: SpecNode(.object([])),
      variables: [
        SweepVariable(
          path: "distanceFilter", values: [SpecNode(.number(10)), SpecNode(.number(20)), SpecNode(.number(30))])
      ]),
    objectives: [], constraints: [])

  static func part(_ index: Int, of count: Int, rows: [Int], hash: String? = nil) throws -> SweepMerge.Part {
    var manifest = base
    manifest.shard = SweepShard(index: index, count: count)
    let lines = try rows.map { row in
      try SweepRow(
        line:
          #"{"specHash":"\#(hash ?? base.specHash)","trackIndex":\#(row / 3),"configIndex":\#(row % 3),"stats":{"x":\#(row)}}"#,
        file: "t", lineNumber: 1)
    }
    return SweepMerge.Part(folder: "shard\(index)", manifest: manifest, rows: lines)
  }

  private func failure(_ parts: [SweepMerge.Part]) -> String {
    do {
      _ = try SweepMerge.merge(parts)
      return "no error"
    } catch {
      return error.description
    }
  }

  @Test func shardsJoinInGridOrder() throws {
    // Row k is shard k mod 2 + 1: shard 1 has rows 0, 2, 4; shard 2 has 1, 3, 5.
    #expect(SweepShard("1/2")!.contains(row: 4) && !SweepShard("1/2")!.contains(row: 5))
    let (manifest, rows) = try SweepMerge.merge([
      try Self.part(2, of: 2, rows: [1, 3, 5]), try Self.part(1, of: 2, rows: [0, 2, 4]),
    ])
    #expect(manifest.shard == nil && manifest.specHash == Self.base.specHash)
    #expect(rows.map { $0.trackIndex * 3 + $0.configIndex } == [0, 1, 2, 3, 4, 5])
  }

  @Test func refusesShardsThatDoNotFit() throws {
    #expect(
      failure([try Self.part(1, of: 2, rows: [0, 2, 4])]) == "shard1: error: shard 2/2 is missing (1 of 2 given)")
    #expect(
      failure([try Self.part(1, of: 2, rows: [0, 2, 4]), try Self.part(1, of: 2, rows: [0, 2, 4])])
        == "shard1/sweep.json: error: shard 1/2 again (also in shard1)")
    #expect(
      failure([try Self.part(1, of: 2, rows: [0, 2]), try Self.part(2, of: 2, rows: [1, 3, 5])])
        == "shard1/results.ndjson: error: no row for track 1 (b.csv) × configuration 1")
    #expect(
      failure([try Self.part(1, of: 2, rows: [0, 2, 4, 4]), try Self.part(2, of: 2, rows: [1, 3, 5])])
        == "shard1/results.ndjson:4: error: track 1 × configuration 1 again (also in shard1)")
    var disagreeing = try Self.part(1, of: 2, rows: [0, 2, 4])
    let other = disagreeing.rows[1].line.replacingOccurrences(of: #""x":2"#, with: #""x":7"#)
    disagreeing.rows.append(try SweepRow(line: other, file: "t", lineNumber: 4))
    #expect(
      failure([disagreeing, try Self.part(2, of: 2, rows: [1, 3, 5])])
        == "shard1/results.ndjson:4: error: track 0 × configuration 2 again with other results (also in shard1)")
    #expect(
      failure([try Self.part(1, of: 2, rows: [0, 2, 3]), try Self.part(2, of: 2, rows: [1, 3, 5])])
        == "shard1/results.ndjson:3: error: row 3 is not shard 1/2's")
    #expect(
      failure([
        try Self.part(1, of: 2, rows: [0, 2, 4], hash: "0123456789abcdef"), try Self.part(2, of: 2, rows: [1, 3, 5]),
      ])
        == "shard1/results.ndjson:1: error: a row of another sweep (spec hash 0123456789abcdef)")
    var interrupted = try Self.part(2, of: 2, rows: [1])
    interrupted.manifest.status = .interrupted
    #expect(
      failure([try Self.part(1, of: 2, rows: [0, 2, 4]), interrupted])
        == "shard2/sweep.json: error: shard 2/2 was interrupted: finish it with --resume first")
  }

  @Test func manifestRoundTripsThroughItsJSON() throws {
    var manifest = Self.base
    manifest.shard = SweepShard(index: 2, count: 3)
    manifest.status = .interrupted
    manifest.rows = 4
    manifest.failedTracks = [.init(index: 1, error: "b.csv: error: no such file")]
    let text = manifest.json.rendered(pretty: true)
    let read = try SweepManifest(reading: text, file: "sweep.json")
    #expect(read == manifest)
    #expect(read.json.rendered(pretty: true) == text)
  }
}
