/// One replay of a sweep, a (track × configuration) pair: its `results.ndjson` line and
/// the numbers the CSV files, objectives and constraints read.
///
/// The line is `{"specHash", "trackIndex", "configIndex", "track", "values", "stats"}`
/// with the whole `stats.json` object; the numbers are the stats' numeric leaves by
/// dotted path, in stats order (`SweepRow.isResultPath` says which).
package struct SweepRow: Sendable, Hashable {
  package var specHash: String
  package var trackIndex: Int
  package var configIndex: Int
  /// The NDJSON line, without its newline.
  package var line: String
  /// Dotted paths of the numeric stats leaves, in stats order.
  package var paths: [String]
  /// Their values, one per path.
  package var values: [Double]

  /// The row of a finished replay.
  package init(
    stats: ReplayStats, trackIndex: Int, trackName: String, configIndex: Int,
    grid: SweepGrid, specHash: String
  ) {
    let json = (try? OrderedJSONEncoder().encode(stats)) ?? .object([])
    let values = zip(grid.variables, grid.values(at: configIndex)).map { ($0.path, $1.json) }
    line = OrderedJSON.object([
      ("specHash", .string(specHash)), ("trackIndex", .int(trackIndex)), ("configIndex", .int(configIndex)),
      ("track", .string(trackName)), ("values", .object(values)), ("stats", json),
    ]).rendered(pretty: false)
    self.specHash = specHash
    self.trackIndex = trackIndex
    self.configIndex = configIndex
    (paths, self.values) = Self.numbers(json)
  }

  /// A row read back from `results.ndjson` (`file` and `lineNumber` name it in errors).
  package init(line: String, file: String, lineNumber: Int) throws(SweepDataError) {
    let node: SpecNode
    do {
      node = try SpecJSONReader.read(line, source: file)
    } catch {
      throw SweepDataError(file: file, line: lineNumber, reason: "not a sweep result row: \(error.reason)")
    }
    try self.init(line: line, node: node, file: file, lineNumber: lineNumber)
  }

  /// A row from its line and that line as read: `specHash` a string, `trackIndex` and
  /// `configIndex` whole numbers from 0, `stats` an object.
  init(line: String, node: SpecNode, file: String, lineNumber: Int) throws(SweepDataError) {
    func bad(_ reason: String) -> SweepDataError {
      SweepDataError(file: file, line: lineNumber, reason: "not a sweep result row: \(reason)")
    }
    guard node.fields != nil else { throw bad("expected an object, found \(Self.preview(node))") }
    func index(_ key: String) throws(SweepDataError) -> Int {
      guard let field = node[key] else { throw bad("no '\(key)'") }
      guard let number = field.number, number >= 0, number < 1e12, number == number.rounded() else {
        throw bad("'\(key)' must be a whole number from 0, found \(Self.preview(field))")
      }
      return Int(number)
    }
    guard let hashNode = node["specHash"] else { throw bad("no 'specHash'") }
    guard let hash = hashNode.string else { throw bad("'specHash' must be a string, found \(Self.preview(hashNode))") }
    trackIndex = try index("trackIndex")
    configIndex = try index("configIndex")
    guard let stats = node["stats"] else { throw bad("no 'stats'") }
    guard stats.fields != nil else { throw bad("'stats' must be an object, found \(Self.preview(stats))") }
    specHash = hash
    self.line = line
    (paths, values) = Self.numbers(stats.json)
  }

  /// A value as a message shows it: its JSON, cut after 200 characters.
  static func preview(_ node: SpecNode) -> String {
    let text = node.rendered
    return text.count > 200 ? String(text.prefix(200)) + "…" : text
  }

  /// Whether a stats path is a result column: every numeric leaf except the input's
  /// (which describe the log, not the configuration) other than `input.fixesUsed`,
  /// and except `schemaVersion`, `seed` and the echoed `configuration` (the varied
  /// values have their own columns).
  package static func isResultPath(_ path: String) -> Bool {
    if path.hasPrefix("input.") { return path == "input.fixesUsed" }
    if path.hasPrefix("configuration.") { return false }
    return path != "schemaVersion" && path != "seed"
  }

  /// The result paths of a stats document whose values are finite numbers, with the values.
  package static func numbers(_ json: OrderedJSON) -> (paths: [String], values: [Double]) {
    var paths: [String] = []
    var values: [Double] = []
    for (path, value) in StatsComparison.leaves(json) where isResultPath(path) {
      switch value {
      case .int(let number):
        paths.append(path)
        values.append(Double(number))
      case .double(let number) where number.isFinite:
        paths.append(path)
        values.append(number)
      default: continue
      }
    }
    return (paths, values)
  }
}
