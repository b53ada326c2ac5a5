/// One replay of a sweep, a (track × configuration) pair: its `results.ndjson` line and
/// the numbers the CSV files, objectives and constraints read.
///
/// The line is `{"specHash", "trackIndex", "configIndex", "track", "values", "stats"}`
/// with the whole `stats.json` object; the numbers are the stats' numeric leaves by
/// dotted path, in stats order (`SweepRow.isResultPath` says which).
public struct SweepRow: Sendable, Hashable {
  public var specHash: String
  public var trackIndex: Int
  public var configIndex: Int
  /// The NDJSON line, without its newline.
  public var line: String
  /// Dotted paths of the numeric stats leaves, in stats order.
  public var paths: [String]
  /// Their values, one per path.
  public var values: [Double]

  /// The row of a finished replay.
  public init(stats: ReplayStats, trackIndex: Int, trackName: String, configIndex: Int,
              grid: SweepGrid, specHash: String) {
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
  public init(line: String, file: String, lineNumber: Int) throws(SweepDataError) {
    func bad(_ reason: String) -> SweepDataError {
      SweepDataError(file: file, line: lineNumber, reason: "not a sweep result row: \(reason)")
    }
    let node: SpecNode
    do {
      node = try SpecJSONReader.read(line, source: file)
    } catch {
      throw bad(error.reason)
    }
    guard let hash = node["specHash"]?.string, let track = node["trackIndex"]?.number,
      let configuration = node["configIndex"]?.number, let stats = node["stats"], stats.fields != nil
    else { throw bad("expected specHash, trackIndex, configIndex and stats") }
    guard track >= 0, configuration >= 0, track < 1e12, configuration < 1e12 else { throw bad("negative index") }
    specHash = hash
    trackIndex = Int(track)
    configIndex = Int(configuration)
    self.line = line
    (paths, values) = Self.numbers(stats.json)
  }

  /// Whether a stats path is a result column: every numeric leaf except the input's
  /// (which describe the log, not the configuration) other than `input.fixesUsed`,
  /// and except `schemaVersion`, `seed` and the echoed `configuration` (the varied
  /// values have their own columns).
  public static func isResultPath(_ path: String) -> Bool {
    if path.hasPrefix("input.") { return path == "input.fixesUsed" }
    if path.hasPrefix("configuration.") { return false }
    return path != "schemaVersion" && path != "seed"
  }

  /// The result paths of a stats document whose values are finite numbers, with the values.
  public static func numbers(_ json: OrderedJSON) -> (paths: [String], values: [Double]) {
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
