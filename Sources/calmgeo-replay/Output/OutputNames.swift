import Foundation

/// Output folder names: the log's file name without extensions, made unique.
struct OutputNames {
  private var used: Set<String> = []

  /// Takes `name` as it is; `false` when it is already taken.
  mutating func reserve(_ name: String) -> Bool {
    used.insert(name).inserted
  }

  /// The next free name for `log` in the order logs are claimed (`-2`, `-3` … on a clash).
  mutating func claim(for log: String) -> String {
    let base = Self.base(of: log)
    var name = base
    var counter = 2
    while used.contains(name) {
      name = "\(base)-\(counter)"
      counter += 1
    }
    used.insert(name)
    return name
  }

  /// The folder names of a `replay` of `logs`, decided before any is replayed, so that a
  /// name depends on the logs named and never on their order or on which of them fail.
  ///
  /// A log's name is its file name without extensions (`walk.csv.gz` → `walk`). Logs
  /// whose names clash get their extension added when that tells them apart
  /// (`walk.csv`, `walk.gpx` → `walk-csv`, `walk-gpx`), else their folder's name
  /// (`day1/track.csv`, `day2/track.csv` → `track-day1`, `track-day2`); what still clashes
  /// is numbered `-2`, `-3` … in the sorted order of the paths.
  static func assign(_ logs: [String]) -> [String] {
    let bases = logs.map(base(of:))
    var names = bases
    let groups = Dictionary(grouping: logs.indices, by: { bases[$0] })
    for (base, members) in groups where Set(members.map { logs[$0] }).count > 1 {
      let extensions = members.map { extensionName(of: logs[$0]) }
      let byExtension = Set(extensions).count == Set(members.map { logs[$0] }).count
      for (member, ext) in zip(members, extensions) {
        let folder = ((logs[member] as NSString).deletingLastPathComponent as NSString).lastPathComponent
        let tag = byExtension ? ext : folder
        names[member] = tag.isEmpty || tag == "." || tag == ".." ? base : "\(base)-\(tag)"
      }
    }
    // Numbered last: clashes left (the same file twice, or the same folder name).
    var result = names
    for (name, members) in Dictionary(grouping: logs.indices, by: { names[$0] }) where members.count > 1 {
      let ordered = members.sorted { (logs[$0], $0) < (logs[$1], $1) }
      for (rank, member) in ordered.enumerated() where rank > 0 { result[member] = "\(name)-\(rank + 1)" }
    }
    return result
  }

  /// The file name without directory and extensions; never empty, `.` or `..`
  /// (`..csv` → `track`), so that it is always a folder of its own.
  static func base(of log: String) -> String {
    var base = log == "-" ? "stdin" : (log as NSString).lastPathComponent
    if base.lowercased().hasSuffix(".gz") { base.removeLast(3) }
    if let dot = base.lastIndex(of: "."), dot != base.startIndex { base = String(base[..<dot]) }
    base = String(base.drop { $0 == "." })
    return base.isEmpty ? "track" : base
  }

  /// The last extension before any `.gz`, lowercased (`walk.CSV.gz` → `csv`).
  private static func extensionName(of log: String) -> String {
    var name = (log as NSString).lastPathComponent.lowercased()
    if name.hasSuffix(".gz") { name.removeLast(3) }
    return (name as NSString).pathExtension
  }
}
