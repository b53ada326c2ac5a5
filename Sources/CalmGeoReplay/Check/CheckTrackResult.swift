/// What a check found for one track: the output files that differ from the stored
/// ones, the stats fields beyond the tolerance, and the gates its fresh stats break.
package struct CheckTrackResult: Sendable {
  /// One output file (`locations.json`, `uploads/…`) that is not byte-identical.
  package struct FileDifference: Sendable, Hashable {
    /// What differs.
    package enum Kind: Sendable, Hashable {
      /// Both have the file; where it first differs.
      case differs(CheckRecordDifference)
      /// Only the stored outputs have it (e.g. one request fewer).
      case onlyStored
      /// Only the fresh replay wrote it.
      case onlyFresh
    }

    /// The path inside the track's folder, e.g. `uploads/000003.json`.
    package var path: String
    package var kind: Kind

    package init(path: String, kind: Kind) {
      self.path = path
      self.kind = kind
    }
  }

  /// The track's folder name.
  package var name: String
  /// Files that differ, in path order (`locations.json` first, then `uploads/`).
  package var files: [FileDifference]
  /// The stats comparison; `nil` before it ran.
  package var stats: StatsCheck?
  /// Gates the fresh stats break.
  package var violations: [CheckGateViolation]

  package init(
    name: String, files: [FileDifference] = [], stats: StatsCheck? = nil, violations: [CheckGateViolation] = []
  ) {
    self.name = name
    self.files = files
    self.stats = stats
    self.violations = violations
  }

  /// Whether the fresh outputs differ from the stored ones (beyond the tolerance).
  package var differs: Bool { !files.isEmpty || !(stats?.changes.isEmpty ?? true) }

  /// The files that differ between two sets of outputs, given each set's relative paths
  /// and a way to read each side's file.
  package static func fileDifferences(
    stored: [String], fresh: [String], storedBytes: (String) throws -> [UInt8],
    freshBytes: (String) throws -> [UInt8]
  ) rethrows -> [FileDifference] {
    let freshSet = Set(fresh)
    let storedSet = Set(stored)
    var differences: [FileDifference] = []
    for path in Set(stored + fresh).sorted(by: Self.outputOrder) {
      if !freshSet.contains(path) {
        differences.append(FileDifference(path: path, kind: .onlyStored))
      } else if !storedSet.contains(path) {
        differences.append(FileDifference(path: path, kind: .onlyFresh))
      } else if let difference = CheckRecordDifference.first(stored: try storedBytes(path), fresh: try freshBytes(path))
      {
        differences.append(FileDifference(path: path, kind: .differs(difference)))
      }
    }
    return differences
  }

  /// `locations.json` before the uploads, then by name (bodies before `requests.ndjson`).
  static func outputOrder(_ a: String, _ b: String) -> Bool {
    let (aTop, bTop) = (!a.contains("/"), !b.contains("/"))
    return aTop != bTop ? aTop : a < b
  }
}
