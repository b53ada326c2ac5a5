/// Renders `calls.ndjson`: one compact JSON line an app call, in the order the calls
/// ran: the scenario entry, its virtual time, and what the call returned, as the
/// library returns it (CALMGEO.md §7).
///
/// `returned` is absent for calls without a value; `getGeoData` gives the id and
/// timestamp of the location it returns (`null` before the first fix) and `emitted`
/// the ids of both its locations; `getStoredLocations` gives `{count, ids}`;
/// `getSyncState` gives `{timestamp, tried, wait}` with the timestamp a `Date` as the
/// library's `JSONEncoder` writes one (seconds since 2001-01-01T00:00:00Z) and `wait`
/// negative; `clearAllLocations` adds `cleared`, the records it deleted.
public enum CallLogWriter {
  /// One line.
  public static func line(_ record: AppCallRecord) -> String {
    var fields: [(String, OrderedJSON)] = [("entry", .int(record.index))]
    if record.line > 0 { fields.append(("line", .int(record.line))) }
    fields.append(("call", .string(record.call.name.rawValue)))
    fields.append(("time", .string(UTCTime.iso8601(record.time))))
    if case .restart(let patch) = record.call {
      fields.append(("keys", .array(patch.keys.sorted().map { .string($0) })))
    }
    if let returned = returned(record.result) { fields.append(("returned", returned)) }
    if !record.emitted.isEmpty { fields.append(("emitted", .array(record.emitted.map { .string($0.description) }))) }
    if case .clearAllLocations = record.call { fields.append(("cleared", .int(record.cleared))) }
    return OrderedJSON.object(fields).rendered(pretty: false) + "\n"
  }

  static func returned(_ result: AppCallResult) -> OrderedJSON? {
    switch result {
    case .none:
      return nil
    case .location(let location):
      guard let location else { return .null }
      return .object([("id", .string(location.id.description)), ("timestamp", .string(UTCTime.iso8601(location.time)))])
    case .locations(let ids):
      return .object([("count", .int(ids.count)), ("ids", .array(ids.map { .string($0.description) }))])
    case .count(let count):
      return .int(count)
    case .syncState(let state):
      let seconds = Double(state.timestamp - CalmGeoJSONWriter.referenceDateMillis) / 1000
      return .object([("timestamp", .double(seconds)), ("tried", .int(state.tried)), ("wait", .int(state.wait))])
    case .state(let state):
      return .string(state.rawValue)
    }
  }
}

/// Streams `calls.ndjson` to a sink as the calls run.
public struct CallLogRecorder: ReplayObserver {
  private let sink: ([UInt8]) -> Void

  public init(sink: @escaping ([UInt8]) -> Void) {
    self.sink = sink
  }

  public mutating func replayDidCall(_ record: AppCallRecord) {
    sink(Array(CallLogWriter.line(record).utf8))
  }
}

extension CallLogRecorder {
  /// It reads no decision's distance: the state machine may settle its comparisons without one.
  public var wantsDecisionDistances: Bool { false }
}
