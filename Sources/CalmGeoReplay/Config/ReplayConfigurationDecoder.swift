import Foundation

/// Reads a `ReplayConfiguration` from a JSON file's bytes.
///
/// The top level holds CalmGeo's keys (CALMGEO.md §1; missing keys keep the
/// library's defaults) and an optional `replay` object with the replay's own
/// settings. Unknown keys are errors that suggest the closest known key;
/// out-of-range values are errors that name the key and the value.
public enum ReplayConfigurationDecoder {
  static let calmGeoKeys = [
    "desiredAccuracy", "distanceFilter", "disableSpeedMultiplier", "speedMultiplier", "stationaryRadius",
    "url", "token", "httpTimeout", "method", "autoSync", "syncThreshold", "maxBatchSize",
    "maxDaysToPersist", "fetchActivity", "replay",
  ]
  static let replayKeys = ["seed", "finalSync", "deriveSpeed", "network", "platform", "energy", "metrics", "model"]
  static let networkKeys = ["latencyMs", "schedule", "loop", "failureRate", "failureStatus"]

  /// The largest configuration accepted, in bytes: a real one is under a kilobyte, and
  /// a bound keeps a runaway file (a 100 MB `schedule`) from costing gigabytes.
  public static let maximumSize = 1 << 20

  /// Decodes `data` (the file's bytes); `source` names the file in errors, which give
  /// the line and column of the value at fault (`positions: false` for text that is
  /// not the user's, such as a `--set` merged into a file).
  public static func decode(_ data: Data, source: String, positions: Bool = true) throws(DocumentError)
    -> ReplayConfiguration
  {
    try decode(read(data, source: source, positions: positions), source: source, positions: positions)
  }

  /// The document of a configuration file's bytes, refused past `maximumSize` or where it
  /// is not JSON (the error at its line and column unless `positions` is false).
  public static func read(_ data: Data, source: String, positions: Bool = true) throws(DocumentError) -> SpecNode {
    guard data.count <= maximumSize else {
      throw DocumentError(
        .config, source: source,
        reason: "the file is \(data.count) bytes; a configuration may have at most \(maximumSize) (1 MiB)")
    }
    do {
      return try SpecJSONReader.read(String(decoding: data, as: UTF8.self), source: source)
    } catch {
      throw DocumentError(
        .config, source: source, line: positions ? error.line : 0, column: positions ? error.column : 0,
        reason: error.reason)
    }
  }

  /// Decodes a document already read (a file's, or one patched by `--set` or a sweep's grid
  /// cell: never rendered to text and read again); `positions: false` leaves line and
  /// column out of errors when the nodes' places are not the user's file.
  public static func decode(_ node: SpecNode, source: String, positions: Bool = true) throws(DocumentError)
    -> ReplayConfiguration
  {
    var places: [String: (Int, Int)] = [:]
    let root = value(node, path: "", places: &places)
    var reader = Reader(source: source, places: positions ? places : [:])
    return try reader.configuration(root)
  }

  /// The `JSONValue` of `node`, noting where each key path's value starts.
  private static func value(_ node: SpecNode, path: String, places: inout [String: (Int, Int)]) -> JSONValue {
    if !path.isEmpty, places[path] == nil { places[path] = (node.line, node.column) }
    switch node.kind {
    case .null: return .null
    case .bool(let flag): return .bool(flag)
    case .number(let number): return .number(number)
    case .string(let text): return .string(text)
    case .array(let items): return .array(items.map { value($0, path: path, places: &places) })
    case .object(let fields):
      var object: [String: JSONValue] = [:]
      for field in fields {
        object[field.key] = value(field.value, path: path.isEmpty ? field.key : "\(path).\(field.key)", places: &places)
      }
      return .object(object)
    }
  }

  struct Reader {
    let source: String
    /// Where each key path's value starts (line, column).
    var places: [String: (Int, Int)] = [:]

    func fail(_ key: String, _ reason: String) -> DocumentError {
      let (line, column) = places[key] ?? (0, 0)
      return DocumentError(.config, source: source, line: line, column: column, key: key, reason: reason)
    }

    func object(_ value: JSONValue, path: String, known: [String]) throws(DocumentError) -> [String: JSONValue] {
      guard case .object(let fields) = value else {
        throw fail(path, "expected an object, found \(value.rendered)")
      }
      for key in fields.keys.sorted() where !known.contains(key) {
        let name = path.isEmpty ? key : "\(path).\(key)"
        if let suggestion = ClosestName.find(key, in: known) {
          throw fail(name, "unknown key; did you mean '\(suggestion)'?")
        }
        throw fail(name, "unknown key; known keys: \(known.joined(separator: ", "))")
      }
      return fields
    }

    func number(_ value: JSONValue, _ key: String) throws(DocumentError) -> Double {
      guard case .number(let number) = value else { throw fail(key, "expected a number, found \(value.rendered)") }
      guard number.isFinite else { throw fail(key, "must be finite") }
      return number
    }

    func integer(_ value: JSONValue, _ key: String, min: Int, max: Int = .max) throws(DocumentError) -> Int {
      let number = try number(value, key)
      guard number == number.rounded(), number >= Double(Int.min / 2), number <= Double(Int.max / 2) else {
        throw fail(key, "expected a whole number, found \(value.rendered)")
      }
      let whole = Int(number)
      guard whole >= min, whole <= max else {
        throw fail(
          key,
          max == .max ? "must be \(min) or more, found \(whole)" : "must be between \(min) and \(max), found \(whole)")
      }
      return whole
    }

    func bool(_ value: JSONValue, _ key: String) throws(DocumentError) -> Bool {
      guard case .bool(let flag) = value else { throw fail(key, "expected true or false, found \(value.rendered)") }
      return flag
    }

    func string(_ value: JSONValue, _ key: String) throws(DocumentError) -> String? {
      switch value {
      case .null: return nil
      case .string(let text): return text
      default: throw fail(key, "expected a string, found \(value.rendered)")
      }
    }

    mutating func configuration(_ root: JSONValue) throws(DocumentError) -> ReplayConfiguration {
      let fields = try object(root, path: "", known: ReplayConfigurationDecoder.calmGeoKeys)
      var result = ReplayConfiguration()
      var config = CalmGeoConfig()
      for (key, value) in fields.sorted(by: { $0.key < $1.key }) {
        switch key {
        case "desiredAccuracy": config.desiredAccuracy = try desiredAccuracy(value)
        case "distanceFilter": config.distanceFilter = try integer(value, key, min: 0)
        case "disableSpeedMultiplier": config.disableSpeedMultiplier = try bool(value, key)
        case "speedMultiplier":
          config.speedMultiplier = try number(value, key)
          guard config.speedMultiplier >= 0 else { throw fail(key, "must be 0 or more, found \(value.rendered)") }
        case "stationaryRadius":
          config.stationaryRadius = try number(value, key)
          guard config.stationaryRadius >= 0 else { throw fail(key, "must be 0 or more, found \(value.rendered)") }
        case "url": config.url = try url(value)
        case "token":
          // A credential: its errors never quote it (`Redaction`).
          switch value {
          case .null: config.token = nil
          case .string(let text): config.token = text
          default: throw fail(key, "expected a string, found another kind of value (not shown: it may be a secret)")
          }
        case "httpTimeout":
          config.httpTimeout = try integer(value, key, min: 0, max: Int(NumberBounds.latencyMilliseconds.upperBound))
        case "method":
          let text = try string(value, key) ?? "POST"
          guard let method = CalmGeoConfig.HTTPMethod(rawValue: text.uppercased()) else {
            throw fail(key, "expected POST, PUT, GET or DELETE, found \(value.rendered)")
          }
          config.method = method
        case "autoSync": config.autoSync = try bool(value, key)
        case "syncThreshold": config.syncThreshold = try integer(value, key, min: Int.min / 4)
        case "maxBatchSize": config.maxBatchSize = try integer(value, key, min: 0)
        case "maxDaysToPersist": config.maxDaysToPersist = UInt32(try integer(value, key, min: 0, max: Int(UInt32.max)))
        case "fetchActivity": config.fetchActivity = try bool(value, key)
        case "replay": try replay(value, into: &result)
        default: break
        }
      }
      result.calmGeo = config
      return result
    }

    func desiredAccuracy(_ value: JSONValue) throws(DocumentError) -> Double {
      switch value {
      case .number: return try number(value, "desiredAccuracy")
      case .string(let name):
        let folded = name.replacingOccurrences(of: "_", with: "").lowercased()
        for accuracy in CalmGeoConfig.DesiredAccuracy.allCases {
          let swiftName = accuracy.rawValue.lowercased()
          if folded == swiftName || folded == swiftName + "s" { return accuracy.metres }
        }
        let names =
          CalmGeoConfig.DesiredAccuracy.allCases.map(\.rawValue)
          + CalmGeoConfig.DesiredAccuracy.allCases.map(\.reactNativeName)
        let hint = ClosestName.find(name, in: names).map { "; did you mean '\($0)'?" } ?? ""
        throw fail("desiredAccuracy", "unknown accuracy \(value.rendered)\(hint)")
      default:
        throw fail("desiredAccuracy", "expected metres or an accuracy name, found \(value.rendered)")
      }
    }

    func url(_ value: JSONValue) throws(DocumentError) -> String? {
      guard let text = try string(value, "url") else { return nil }
      guard let components = URLComponents(string: text), let scheme = components.scheme?.lowercased(),
        scheme == "http" || scheme == "https", let host = components.host, !host.isEmpty
      else { throw fail("url", "not an http(s) URL: \(JSONValue.string(Redaction.url(text)).rendered)") }
      return text
    }

    mutating func replay(_ value: JSONValue, into result: inout ReplayConfiguration) throws(DocumentError) {
      let fields = try object(value, path: "replay", known: ReplayConfigurationDecoder.replayKeys)
      for (key, value) in fields.sorted(by: { $0.key < $1.key }) {
        let path = "replay.\(key)"
        switch key {
        case "seed": result.replay.seed = UInt64(try integer(value, path, min: 0))
        case "finalSync": result.replay.finalSync = try bool(value, path)
        case "deriveSpeed":
          let text = try string(value, path) ?? "auto"
          guard let policy = FixNormalizer.SpeedPolicy(rawValue: text) else {
            throw fail(path, "expected auto, always or never, found \(value.rendered)")
          }
          result.speedPolicy = policy
        case "network": result.replay.network = try network(value)
        case "platform": try platform(value, into: &result.replay)
        case "energy": result.replay.energy = try energy(value)
        case "metrics": try metrics(value, into: &result.replay)
        case "model": result.replay.model = try model(value)
        default: break
        }
      }
    }

    func network(_ value: JSONValue) throws(DocumentError) -> NetworkModel {
      let fields = try object(value, path: "replay.network", known: ReplayConfigurationDecoder.networkKeys)
      var model = NetworkModel()
      for (key, value) in fields.sorted(by: { $0.key < $1.key }) {
        let path = "replay.network.\(key)"
        switch key {
        case "latencyMs":
          let (low, high) = try NetworkModel.latencyRange(value, path: path, reader: self)
          model.latencyMin = low
          model.latencyMax = high
        case "schedule":
          guard case .array(let items) = value else {
            throw fail(path, "expected a list such as [200, 500, \"timeout\"]")
          }
          model.schedule = try items.map { (item) throws(DocumentError) -> NetworkModel.Outcome in
            let text: String
            switch item {
            case .number(let code) where code == code.rounded() && abs(code) < 1e6: text = String(Int(code))
            case .string(let word): text = word
            default: throw fail(path, "expected a status code or \"timeout\", found \(item.rendered)")
            }
            guard let outcome = NetworkModel.Outcome(text) else {
              throw fail(path, "expected a status code (100-599) or \"timeout\", found \(item.rendered)")
            }
            return outcome
          }
        case "loop": model.loopSchedule = try bool(value, path)
        case "failureRate":
          model.failureRate = try number(value, path)
          guard NumberBounds.probability.contains(model.failureRate) else {
            throw fail(path, "must be between 0 and 1, found \(value.rendered)")
          }
        case "failureStatus": model.failureStatus = try integer(value, path, min: 100, max: 599)
        default: break
        }
      }
      return model
    }
  }
}

extension NetworkModel {
  /// Reads a latency: milliseconds, or `[min, max]` for a seeded uniform draw.
  fileprivate static func latencyRange(
    _ value: JSONValue, path: String, reader: ReplayConfigurationDecoder.Reader
  ) throws(DocumentError) -> (Int64, Int64) {
    switch value {
    case .number:
      let ms = try reader.integer(value, path, min: 0, max: Int(NumberBounds.latencyMilliseconds.upperBound))
      return (Int64(ms), Int64(ms))
    case .array(let bounds) where bounds.count == 2:
      let low = try reader.integer(bounds[0], path, min: 0, max: Int(NumberBounds.latencyMilliseconds.upperBound))
      let high = try reader.integer(bounds[1], path, min: low, max: Int(NumberBounds.latencyMilliseconds.upperBound))
      return (Int64(low), Int64(high))
    default:
      throw reader.fail(path, "expected milliseconds or [min, max], found \(value.rendered)")
    }
  }
}
