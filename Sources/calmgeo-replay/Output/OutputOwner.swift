/// Whom an output folder is for, and what may stand at its place: the rule by which the
/// tool decides whether an existing folder may be replaced. Anything else in the way is
/// an error naming the path and what to do, never a deletion.
struct OutputOwner: Sendable, Equatable {
  /// What an existing folder at the output's place may be.
  enum Existing: Sendable, Equatable {
    /// Only a folder with this tool's marker, of the same kind, for the same input; the
    /// new folder gets the marker.
    case ours
    /// A golden folder's track folder, named by its manifest (written by any version,
    /// with no marker) and holding only files the tool writes (`GoldenTrackContents`);
    /// the new folder gets no marker, so golden folders stay as recorded.
    case goldenTrack
    /// Nothing (`check --init`: a folder there is not the golden folder's yet).
    case nothing
  }

  var kind: OwnershipMarker.Kind
  /// The input's identity (`OwnershipMarker.identity(of:)`).
  var input: String
  var existing: Existing = .ours

  /// A log's output (`replay`, `check --out`, `--keep-best`) or, with `kind: .live`, a live run's.
  static func log(_ path: String, kind: OwnershipMarker.Kind = .track, existing: Existing = .ours) -> OutputOwner {
    OutputOwner(kind: kind, input: OwnershipMarker.identity(of: path), existing: existing)
  }

  /// A sweep's output (`sweep`, a shard, or `merge`, which writes the folder `sweep` would):
  /// the same input is the same sweep, by the spec hash that `sweep.json` records.
  static func sweep(specHash: String) -> OutputOwner {
    OutputOwner(kind: .sweep, input: "the sweep of spec hash \(specHash)")
  }

  /// The marker the finished folder carries, or `nil` for a golden folder's track.
  var finishedMarker: OwnershipMarker? {
    existing == .ours ? OwnershipMarker(kind: kind, input: input) : nil
  }

  /// Throws unless what is at `path` may be replaced by this output (or nothing is there).
  func checkPlace(_ path: String) throws(OutputError) {
    let what = "choose another --out, or remove it"
    switch FileKind.of(path) {
    case .missing:
      return
    case .symbolicLink, .other:
      throw OutputError(path: path, refusal: "is in the way and is not a folder calmgeo-replay wrote; \(what)")
    case .directory:
      break
    }
    switch existing {
    case .goldenTrack:
      try GoldenTrackContents.check(path)
    case .nothing:
      throw OutputError(
        path: path,
        refusal: "already exists and is not a track of the golden folder yet; "
          + "remove it, or record into another folder")
    case .ours:
      guard let marker = OwnershipMarker.read(folder: path) else {
        throw OutputError(
          path: path,
          refusal: "has no \(OwnershipMarker.fileName), so it is not an output of this "
            + "calmgeo-replay (someone else's folder, or an older version's output); \(what)")
      }
      guard marker.kind == kind else {
        throw OutputError(
          path: path,
          refusal: "is \(marker.kind.described) of calmgeo-replay, "
            + "not \(kind.described); \(what)")
      }
      guard marker.input == input else {
        throw OutputError(path: path, refusal: "holds the output of \(marker.input), not of \(input); \(what)")
      }
    }
  }
}
