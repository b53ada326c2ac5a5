extension SweepManifest {
  /// Reads a `sweep.json` written by `json`; `file` names it in errors.
  package init(reading text: String, file: String) throws(SweepDataError) {
    func bad(_ reason: String, _ node: SpecNode? = nil) -> SweepDataError {
      SweepDataError(file: file, line: node?.line ?? 0, reason: "not a calmgeo-replay sweep.json: \(reason)")
    }
    let root: SpecNode
    do {
      root = try SpecJSONReader.read(text, source: file)
    } catch {
      throw bad(error.reason)
    }
    guard let version = root["sweepVersion"]?.number else { throw bad("no sweepVersion") }
    guard version.isFinite, version <= Double(Self.version) else {
      throw bad(
        "version \(SweepText.number(version)) is newer than this tool's \(Self.version): use a newer calmgeo-replay")
    }
    func list(_ key: String) throws(SweepDataError) -> [SpecNode] {
      guard case .array(let items) = root[key]?.kind else { throw bad("'\(key)' is not a list", root[key]) }
      return items
    }
    func strings(_ key: String) throws(SweepDataError) -> [String] {
      var result: [String] = []
      for item in try list(key) {
        guard let text = item.string else { throw bad("'\(key)' holds \(item.rendered), not a string", item) }
        result.append(text)
      }
      return result
    }
    var tracks: [Track] = []
    for item in try list("tracks") {
      guard let fields = item.fields, let name = item["path"]?.string else { throw bad("a track without a path", item) }
      tracks.append(Track(name: name, options: fields.filter { $0.key != "path" }))
    }
    var variables: [SweepVariable] = []
    for item in try list("vary") {
      guard let path = item["path"]?.string, case .array(let values)? = item["values"]?.kind, !values.isEmpty else {
        throw bad("a vary entry without a path and values", item)
      }
      variables.append(SweepVariable(path: path, values: values))
    }
    guard let base = root["base"], base.fields != nil else { throw bad("no base object") }
    var objectives: [SweepObjective] = []
    for text in try strings("objectives") {
      guard let objective = SweepObjective(text) else { throw bad("objective '\(text)'") }
      objectives.append(objective)
    }
    var constraints: [SweepConstraint] = []
    for text in try strings("constraints") {
      guard let constraint = SweepConstraint(text) else { throw bad("constraint '\(text)'") }
      constraints.append(constraint)
    }
    self.init(
      spec: root["spec"]?.string ?? "", tracks: tracks, grid: SweepGrid(base: base, variables: variables),
      objectives: objectives, constraints: constraints)
    guard let status = root["status"]?.string.flatMap(Status.init(rawValue:)) else { throw bad("no status") }
    self.status = status
    if let text = root["shard"]?.string {
      guard let shard = SweepShard(text) else { throw bad("shard '\(text)'") }
      self.shard = shard
    }
    let rowCount = root["rows"]?.number ?? 0
    guard rowCount >= 0, rowCount < 1e15, rowCount == rowCount.rounded() else {
      throw bad("'rows' is not a count", root["rows"])
    }
    rows = Int(rowCount)
    for item in try list("failedTracks") {
      guard let index = item["index"]?.number, index >= 0, index < Double(tracks.count), index == index.rounded() else {
        throw bad("a failed track without a valid index", item)
      }
      failedTracks.append(FailedTrack(index: Int(index), error: item["error"]?.string ?? ""))
    }
    // Row indices are track × configurations + configuration: they must fit an Int.
    guard !tracks.count.multipliedReportingOverflow(by: grid.count).overflow, grid.count < Int.max
    else { throw bad("a grid of more rows than this tool can index") }
    guard root["specHash"]?.string == specHash else { throw bad("its specHash does not match its contents (edited?)") }
  }
}
