/// Joins the folders of a sharded sweep (`calmgeo-replay merge`): checks that they are
/// the N shards of one sweep, each complete, with every row exactly once, and returns
/// the manifest and rows of the whole sweep in grid order.
package enum SweepMerge {
  /// One shard folder as read.
  package struct Part: Sendable {
    /// The folder, for messages.
    package var folder: String
    package var manifest: SweepManifest
    /// Rows in file order, each with its 1-based line.
    package var rows: [SweepRow]

    package init(folder: String, manifest: SweepManifest, rows: [SweepRow]) {
      self.folder = folder
      self.manifest = manifest
      self.rows = rows
    }
  }

  /// Merges `parts`.
  /// - Throws: `SweepDataError` naming the folder (and row) at fault: another spec,
  ///   different objectives or constraints, a missing, repeated or unfinished shard,
  ///   a row outside its shard, a duplicate or a missing row.
  package static func merge(_ parts: [Part]) throws(SweepDataError) -> (manifest: SweepManifest, rows: [SweepRow]) {
    guard let first = parts.first else { throw SweepDataError(file: "merge", reason: "no folder to merge") }
    var merged = first.manifest
    merged.shard = nil
    merged.rows = 0
    var seenShards: [Int: String] = [:]
    for part in parts {
      let manifest = part.manifest
      let file = "\(part.folder)/sweep.json"
      guard let shard = manifest.shard else {
        throw SweepDataError(file: file, reason: "not a shard (run with --shard I/N); only shards are merged")
      }
      guard manifest.specHash == first.manifest.specHash else {
        throw SweepDataError(
          file: file,
          reason: "from another sweep (spec hash \(manifest.specHash), \(first.folder) has \(first.manifest.specHash))")
      }
      guard manifest.objectives == first.manifest.objectives, manifest.constraints == first.manifest.constraints,
        manifest.spec == first.manifest.spec
      else {
        throw SweepDataError(
          file: file, reason: "its spec file, objectives or constraints differ from \(first.folder)'s")
      }
      guard shard.count == first.manifest.shard?.count else {
        throw SweepDataError(
          file: file,
          reason:
            "shard \(shard) of a split into \(shard.count), \(first.folder) is of \(first.manifest.shard?.count ?? 1)")
      }
      if let other = seenShards.updateValue(part.folder, forKey: shard.index) {
        throw SweepDataError(file: file, reason: "shard \(shard) again (also in \(other))")
      }
      guard manifest.status == .complete else {
        throw SweepDataError(file: file, reason: "shard \(shard) was interrupted: finish it with --resume first")
      }
      guard manifest.failedTracks.map(\.index) == first.manifest.failedTracks.map(\.index) else {
        throw SweepDataError(
          file: file,
          reason:
            "could not read other tracks than \(first.folder) (see failedTracks): rerun the shards where the logs are readable"
        )
      }
    }
    let count = first.manifest.shard?.count ?? 1
    if let missing = (1...count).first(where: { seenShards[$0] == nil }) {
      throw SweepDataError(
        file: first.folder, reason: "shard \(missing)/\(count) is missing (\(seenShards.count) of \(count) given)")
    }
    return (merged, try rows(parts, manifest: merged))
  }

  /// Every row once, in grid order, each in its folder's shard.
  private static func rows(_ parts: [Part], manifest: SweepManifest) throws(SweepDataError) -> [SweepRow] {
    let configurations = manifest.grid.count
    var byRow: [Int: (row: SweepRow, folder: String)] = [:]
    for part in parts {
      let file = "\(part.folder)/results.ndjson"
      for (offset, row) in part.rows.enumerated() {
        guard row.specHash == manifest.specHash else {
          throw SweepDataError(
            file: file, line: offset + 1, reason: "a row of another sweep (spec hash \(row.specHash))")
        }
        guard manifest.tracks.indices.contains(row.trackIndex), row.configIndex < configurations else {
          throw SweepDataError(
            file: file, line: offset + 1,
            reason: "track \(row.trackIndex) × configuration \(row.configIndex) is outside the grid")
        }
        let index = manifest.row(track: row.trackIndex, configuration: row.configIndex)
        if let shard = part.manifest.shard, !shard.contains(row: index) {
          throw SweepDataError(file: file, line: offset + 1, reason: "row \(index) is not shard \(shard)'s")
        }
        if let other = byRow.updateValue((row, part.folder), forKey: index) {
          // A repeated row is refused; one whose results differ says so, since then the
          // two runs disagree and neither can be picked.
          let differing = other.row.line == row.line ? "" : " with other results"
          let which = "track \(row.trackIndex) × configuration \(row.configIndex)"
          throw SweepDataError(
            file: file, line: offset + 1,
            reason: "\(which) again\(differing) (also in \(other.folder))")
        }
      }
    }
    let failed = Set(manifest.failedTracks.map(\.index))
    for track in manifest.tracks.indices where !failed.contains(track) {
      for configuration in 0..<configurations
      where byRow[manifest.row(track: track, configuration: configuration)] == nil {
        let owner = parts.first {
          $0.manifest.shard?.contains(row: manifest.row(track: track, configuration: configuration)) ?? false
        }
        throw SweepDataError(
          file: owner.map { "\($0.folder)/results.ndjson" } ?? "merge",
          reason: "no row for track \(track) (\(manifest.tracks[track].name)) × configuration \(configuration)")
      }
    }
    return byRow.keys.sorted().compactMap { byRow[$0]?.row }
  }
}
