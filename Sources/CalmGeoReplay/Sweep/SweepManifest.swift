/// What a sweep folder holds (`sweep.json`): the resolved spec, the spec hash its rows
/// carry, the shard, whether the run finished, and which tracks could not be read.
///
/// `merge` and `--resume` rebuild everything from a folder's manifest and rows, so a
/// merged or resumed sweep writes the same bytes as one uninterrupted run.
package struct SweepManifest: Sendable, Hashable {
  /// The layout of `sweep.json`.
  package static let version = 1

  /// Whether every row of the run was written.
  package enum Status: String, Sendable, Hashable {
    case complete, interrupted
  }

  /// A track as the rows name it (its path relative to the spec) and the options it was read with.
  package struct Track: Sendable, Hashable {
    package var name: String
    package var options: [SpecNode.Field]

    package init(name: String, options: [SpecNode.Field] = []) {
      self.name = name
      self.options = options
    }
  }

  /// A track whose log could not be read: it has no rows.
  package struct FailedTrack: Sendable, Hashable {
    package var index: Int
    package var error: String

    package init(index: Int, error: String) {
      self.index = index
      self.error = error
    }
  }

  /// The spec's file name.
  package var spec: String
  package var tracks: [Track]
  package var grid: SweepGrid
  package var objectives: [SweepObjective]
  package var constraints: [SweepConstraint]
  /// The slice this folder holds; `nil` for a whole sweep.
  package var shard: SweepShard?
  package var status: Status = .complete
  /// Rows written to `results.ndjson`.
  package var rows = 0
  /// Sorted by index.
  package var failedTracks: [FailedTrack] = []

  /// The grid is kept with its credentials redacted (`Redaction`): `sweep.json`, the
  /// rows, `recommended.json` and the spec hash never hold a token.
  package init(
    spec: String, tracks: [Track], grid: SweepGrid, objectives: [SweepObjective],
    constraints: [SweepConstraint]
  ) {
    self.spec = spec
    self.tracks = tracks
    self.grid = SweepGrid(base: Redaction.json(grid.base), variables: grid.variables.map(Redaction.variable))
    self.objectives = objectives
    self.constraints = constraints
  }

  /// The hash every row carries: of what decides the rows' numbers (tracks with their
  /// options, base config, varied values, stats layout), not of objectives or
  /// constraints, so a resumed run may change those and keep its rows.
  package var specHash: String {
    let keyed = OrderedJSON.object([
      ("tracks", trackList), ("base", grid.base.json), ("vary", variableList),
      ("statsSchema", .int(ReplayStats.currentSchemaVersion)),
    ])
    return StableHash.hex(keyed.rendered(pretty: false))
  }

  /// Grid row of (track, configuration): `trackIndex × configurations + configIndex`.
  package func row(track: Int, configuration: Int) -> Int { track * grid.count + configuration }

  private var trackList: OrderedJSON {
    .array(tracks.map { .object([("path", .string($0.name))] + $0.options.map { ($0.key, $0.value.json) }) })
  }

  private var variableList: OrderedJSON {
    .array(grid.variables.map { .object([("path", .string($0.path)), ("values", .array($0.values.map(\.json)))]) })
  }

  /// The `sweep.json` document.
  package var json: OrderedJSON {
    var fields: [(String, OrderedJSON)] = [
      ("sweepVersion", .int(Self.version)), ("specHash", .string(specHash)), ("spec", .string(spec)),
      ("status", .string(status.rawValue)),
    ]
    if let shard { fields.append(("shard", .string(shard.description))) }
    fields += [
      ("tracks", trackList), ("base", grid.base.json), ("vary", variableList),
      ("objectives", .array(objectives.map { .string($0.description) })),
      ("constraints", .array(constraints.map { .string($0.description) })),
      ("configurations", .int(grid.count)), ("rows", .int(rows)),
      (
        "failedTracks",
        .array(
          failedTracks.map { failed in
            .object([
              ("index", .int(failed.index)), ("path", .string(tracks[failed.index].name)),
              ("error", .string(failed.error)),
            ])
          })
      ),
    ]
    return .object(fields)
  }
}
