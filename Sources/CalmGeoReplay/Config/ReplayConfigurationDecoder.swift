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
    try Reader(source: source, positions: positions).configuration(node)
  }

  /// Reads the configuration's nodes, each error at the line and column of the value at fault.
  struct Reader {
    let source: String
    /// Whether errors give the nodes' lines and columns (false for nodes not from the user's file).
    var positions = true

    /// The error for the value `node` at key path `key`; one about the whole document (`key`
    /// empty) names no place.
    func fail(_ key: String, _ reason: String, at node: SpecNode) -> DocumentError {
      let placed = positions && !key.isEmpty
      return DocumentError(
        .config, source: source, line: placed ? node.line : 0, column: placed ? node.column : 0, key: key,
        reason: reason)
    }

    /// The fields of the object `node`, sorted by key, each one of `known`.
    func object(_ node: SpecNode, path: String, known: [String]) throws(DocumentError) -> [(
      key: String, value: SpecNode
    )] {
      guard let fields = node.fields else {
        throw fail(path, "expected an object, found \(node.quoted)", at: node)
      }
      let sorted = fields.sorted { $0.key < $1.key }
      for field in sorted where !known.contains(field.key) {
        let name = path.isEmpty ? field.key : "\(path).\(field.key)"
        if let suggestion = ClosestName.find(field.key, in: known) {
          throw fail(name, "unknown key; did you mean '\(suggestion)'?", at: field.value)
        }
        throw fail(name, "unknown key; known keys: \(known.joined(separator: ", "))", at: field.value)
      }
      return sorted.map { ($0.key, $0.value) }
    }

    func number(_ node: SpecNode, _ key: String) throws(DocumentError) -> Double {
      guard let number = node.number else { throw fail(key, "expected a number, found \(node.quoted)", at: node) }
      guard number.isFinite else { throw fail(key, "must be finite", at: node) }
      return number
    }

    func integer(_ node: SpecNode, _ key: String, min: Int, max: Int = .max) throws(DocumentError) -> Int {
      let number = try number(node, key)
      guard number == number.rounded(), number >= Double(Int.min / 2), number <= Double(Int.max / 2) else {
        throw fail(key, "expected a whole number, found \(node.quoted)", at: node)
      }
      let whole = Int(number)
      guard whole >= min, whole <= max else {
        throw fail(
          key,
          max == .max ? "must be \(min) or more, found \(whole)" : "must be between \(min) and \(max), found \(whole)",
          at: node)
      }
      return whole
    }

    func bool(_ node: SpecNode, _ key: String) throws(DocumentError) -> Bool {
      guard case .bool(let flag) = node.kind else {
        throw fail(key, "expected true or false, found \(node.quoted)", at: node)
      }
      return flag
    }

    func string(_ node: SpecNode, _ key: String) throws(DocumentError) -> String? {
      switch node.kind {
      case .null: return nil
      case .string(let text): return text
      default: throw fail(key, "expected a string, found \(node.quoted)", at: node)
      }
    }

    func configuration(_ root: SpecNode) throws(DocumentError) -> ReplayConfiguration {
      let fields = try object(root, path: "", known: ReplayConfigurationDecoder.calmGeoKeys)
      var result = ReplayConfiguration()
      var config = CalmGeoConfig()
      for (key, value) in fields {
        switch key {
        case "desiredAccuracy": config.desiredAccuracy = try desiredAccuracy(value)
        case "distanceFilter": config.distanceFilter = try integer(value, key, min: 0)
        case "disableSpeedMultiplier": config.disableSpeedMultiplier = try bool(value, key)
        case "speedMultiplier":
          config.speedMultiplier = try number(value, key)
          guard config.speedMultiplier >= 0 else {
            throw fail(key, "must be 0 or more, found \(value.quoted)", at: value)
          }
        case "stationaryRadius":
          config.stationaryRadius = try number(value, key)
          guard config.stationaryRadius >= 0 else {
            throw fail(key, "must be 0 or more, found \(value.quoted)", at: value)
          }
        case "url": config.url = try url(value)
        case "token":
          // A credential: its errors never quote it (`Redaction`).
          switch value.kind {
          case .null: config.token = nil
          case .string(let text): config.token = text
          default:
            throw fail(key, "expected a string, found another kind of value (not shown: it may be a secret)", at: value)
          }
        case "httpTimeout":
          config.httpTimeout = try integer(value, key, min: 0, max: Int(NumberBounds.latencyMilliseconds.upperBound))
        case "method":
          let text = try string(value, key) ?? "POST"
          guard let method = CalmGeoConfig.HTTPMethod(rawValue: text.uppercased()) else {
            throw fail(key, "expected POST, PUT, GET or DELETE, found \(value.quoted)", at: value)
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

    func desiredAccuracy(_ value: SpecNode) throws(DocumentError) -> Double {
      switch value.kind {
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
        throw fail("desiredAccuracy", "unknown accuracy \(value.quoted)\(hint)", at: value)
      default:
        throw fail("desiredAccuracy", "expected metres or an accuracy name, found \(value.quoted)", at: value)
      }
    }

    func url(_ value: SpecNode) throws(DocumentError) -> String? {
      guard let text = try string(value, "url") else { return nil }
      guard let components = URLComponents(string: text), let scheme = components.scheme?.lowercased(),
        scheme == "http" || scheme == "https", let host = components.host, !host.isEmpty
      else { throw fail("url", "not an http(s) URL: \"\(Redaction.url(text))\"", at: value) }
      return text
    }

    func replay(_ value: SpecNode, into result: inout ReplayConfiguration) throws(DocumentError) {
      let fields = try object(value, path: "replay", known: ReplayConfigurationDecoder.replayKeys)
      for (key, value) in fields {
        let path = "replay.\(key)"
        switch key {
        case "seed": result.replay.seed = UInt64(try integer(value, path, min: 0))
        case "finalSync": result.replay.finalSync = try bool(value, path)
        case "deriveSpeed":
          let text = try string(value, path) ?? "auto"
          guard let policy = FixNormalizer.SpeedPolicy(rawValue: text) else {
            throw fail(path, "expected auto, always or never, found \(value.quoted)", at: value)
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

    func network(_ value: SpecNode) throws(DocumentError) -> NetworkModel {
      let fields = try object(value, path: "replay.network", known: ReplayConfigurationDecoder.networkKeys)
      var model = NetworkModel()
      for (key, value) in fields {
        let path = "replay.network.\(key)"
        switch key {
        case "latencyMs":
          let (low, high) = try NetworkModel.latencyRange(value, path: path, reader: self)
          model.latencyMin = low
          model.latencyMax = high
        case "schedule":
          guard case .array(let items) = value.kind else {
            throw fail(path, "expected a list such as [200, 500, \"timeout\"]", at: value)
          }
          model.schedule = try items.map { (item) throws(DocumentError) -> NetworkModel.Outcome in
            let text: String
            switch item.kind {
            case .number(let code) where code == code.rounded() && abs(code) < 1e6: text = String(Int(code))
            case .string(let word): text = word
            default: throw fail(path, "expected a status code or \"timeout\", found \(item.quoted)", at: value)
            }
            guard let outcome = NetworkModel.Outcome(text) else {
              throw fail(path, "expected a status code (100-599) or \"timeout\", found \(item.quoted)", at: value)
            }
            return outcome
          }
        case "loop": model.loopSchedule = try bool(value, path)
        case "failureRate":
          model.failureRate = try number(value, path)
          guard NumberBounds.probability.contains(model.failureRate) else {
            throw fail(path, "must be between 0 and 1, found \(value.quoted)", at: value)
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
    _ value: SpecNode, path: String, reader: ReplayConfigurationDecoder.Reader
  ) throws(DocumentError) -> (Int64, Int64) {
    switch value.kind {
    case .number:
      let ms = try reader.integer(value, path, min: 0, max: Int(NumberBounds.latencyMilliseconds.upperBound))
      return (Int64(ms), Int64(ms))
    case .array(let bounds) where bounds.count == 2:
      // Errors in a pair point at the pair.
      let low = try reader.integer(
        bounds[0].placed(at: value), path, min: 0, max: Int(NumberBounds.latencyMilliseconds.upperBound))
      let high = try reader.integer(
        bounds[1].placed(at: value), path, min: low, max: Int(NumberBounds.latencyMilliseconds.upperBound))
      return (Int64(low), Int64(high))
    default:
      throw reader.fail(path, "expected milliseconds or [min, max], found \(value.quoted)", at: value)
    }
  }
}
