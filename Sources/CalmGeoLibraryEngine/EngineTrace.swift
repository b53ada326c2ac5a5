import CalmGeoReplay

/// What an engine did, as lines that both engines can produce and a person can read: the
/// locations the library emitted (stored; "unheard" when the app's listener was off), the
/// requests (send and completion times, outcome, the records by their times), the app calls
/// with their results, and a crash. Equal traces: the engines agree.
package struct EngineTrace: Sendable, Equatable {
  package var locations: [String] = []
  package var requests: [String] = []
  package var calls: [String] = []
  package var crash: String?

  package init() {}

  static func locationLine(time: Int64, isMoving: Bool, event: String?, heard: Bool) -> String {
    UTCTime.iso8601(time) + " isMoving=\(isMoving)" + (event.map { " " + $0 } ?? "") + (heard ? "" : " unheard")
  }

  static func requestLine(number: Int, sentAt: Int64, completedAt: Int64?, outcome: String, records: [Int64]) -> String
  {
    "#\(number) sent \(UTCTime.iso8601(sentAt)) "
      + (completedAt.map { "answered \(UTCTime.iso8601($0)) \(outcome)" } ?? "unanswered at the crash") + ", "
      + "\(records.count) records [" + records.map(UTCTime.iso8601).joined(separator: ", ") + "]"
  }

  static func callLine(time: Int64, name: String, result: String) -> String {
    UTCTime.iso8601(time) + " " + name + "()" + (result.isEmpty ? "" : " -> " + result)
  }

  static func crashLine(time: Int64, call: String, automatic: Bool) -> String {
    "crash at \(UTCTime.iso8601(time)) in \(automatic ? "an automatic " : "")\(call)()"
  }

  /// The built-in engine's trace, from what a `CollectingObserver` kept.
  /// With `cutoff` (the earlier crash of either engine), only what happened up to then:
  /// locations at or before it, requests sent before it (answered only if by then), calls before it.
  package static func builtin(_ observer: CollectingObserver, cutoff: Int64? = nil) -> EngineTrace {
    var trace = EngineTrace()
    let cutoff = cutoff ?? .max
    let times = observer.locations.map(\.time)
    var sequenceOf: [LocationID: Int] = [:]
    for location in observer.locations where location.time <= cutoff {
      sequenceOf[location.id] = location.sequence
      trace.locations.append(
        locationLine(
          time: location.time, isMoving: location.isMoving, event: location.event?.rawValue, heard: location.isHeard))
    }
    for request in observer.completed.sorted(by: { $0.sequence < $1.sequence }) where request.sentAt < cutoff {
      trace.requests.append(
        requestLine(
          number: request.sequence, sentAt: request.sentAt,
          completedAt: request.completedAt <= cutoff ? request.completedAt : nil,
          outcome: request.outcome.description, records: request.recordSequences.map { times[$0] }))
    }
    trace.crash = observer.crashes.first.map {
      crashLine(time: $0.time, call: $0.call.rawValue, automatic: $0.automatic)
    }
    for record in observer.calls where record.time < cutoff {
      let result: String
      switch record.result {
      case .none: result = ""
      case .location(let location): result = location.map { "location \(UTCTime.iso8601($0.time))" } ?? "nil"
      case .locations(let ids):
        result =
          "[" + ids.map { sequenceOf[$0].map { UTCTime.iso8601(times[$0]) } ?? "?" }.joined(separator: ", ") + "]"
      case .count(let count): result = String(count)
      case .syncState(let state):
        result = "timestamp \(UTCTime.iso8601(state.timestamp)) tried \(state.tried) wait \(state.wait)"
      case .state(let state): result = state.rawValue
      }
      trace.calls.append(callLine(time: record.time, name: record.call.name.rawValue, result: result))
    }
    return trace
  }

  /// The library engine's trace, from the driver's records.
  package static func library(_ outcome: LibraryOutcome, cutoff: Int64? = nil) -> EngineTrace {
    var trace = EngineTrace()
    let cutoff = cutoff ?? .max
    var completions: [Int: LibraryRecord] = [:]
    for record in outcome.records where record.k == "complete" {
      if let number = record.request { completions[number] = record }
    }
    var times: [Int: Int64] = [:]
    var heard = Set<Int>()
    for record in outcome.records where record.k == "heard" { if let seq = record.seq { heard.insert(seq) } }
    var answered: [(number: Int, line: String)] = []
    for record in outcome.records {
      switch record.k {
      case "emit":
        guard let seq = record.seq else { continue }
        let time = record.fixTime ?? record.t
        times[seq] = time
        guard time <= cutoff else { continue }
        // The location whose automatic sync trapped was stored but never reached the listener
        // (CalmGeoService calls it after storing): heard as far as the built-in engine can say.
        let trapped = outcome.crash != nil && record.t == cutoff
        trace.locations.append(
          locationLine(
            time: time, isMoving: record.isMoving ?? false, event: record.event, heard: trapped || heard.contains(seq)))
      case "send":
        guard let number = record.request, record.t < cutoff else { continue }
        let completion = completions[number].flatMap { $0.t <= cutoff ? $0 : nil }
        answered.append(
          (
            number,
            requestLine(
              number: number, sentAt: record.t, completedAt: completion?.t, outcome: completion?.outcome ?? "?",
              records: (record.ids ?? []).map { times[$0] ?? 0 })
          ))
      case "call":
        guard record.t < cutoff else { continue }
        trace.calls.append(callLine(time: record.t, name: record.name ?? "?", result: callResult(record, times: times)))
      default: break
      }
    }
    // In send order, as the built-in engine's trace.
    trace.requests = answered.sorted { $0.number < $1.number }.map(\.line)
    trace.crash = outcome.crash.map {
      crashLine(time: $0.time, call: $0.trappedCall.name, automatic: $0.trappedCall.automatic)
    }
    return trace
  }

  private static func callResult(_ record: LibraryRecord, times: [Int: Int64]) -> String {
    guard let result = record.result else { return "" }
    switch record.name {
    case "getGeoData":
      guard let seq = Int(result), let time = times[seq] else { return "nil" }
      return "location \(UTCTime.iso8601(time))"
    case "getStoredLocations":
      let seqs = result.split(separator: ",").compactMap { Int($0) }
      return "[" + seqs.map { times[$0].map(UTCTime.iso8601) ?? "?" }.joined(separator: ", ") + "]"
    case "getSyncState":
      // "timestamp=MS tried=N wait=-1.0"
      var fields: [String: String] = [:]
      for part in result.split(separator: " ") {
        let pair = part.split(separator: "=", maxSplits: 1)
        if pair.count == 2 { fields[String(pair[0])] = String(pair[1]) }
      }
      let stamp = Int64(fields["timestamp"] ?? "") ?? 0
      let wait = Int(Double(fields["wait"] ?? "") ?? 0)
      return "timestamp \(UTCTime.iso8601(stamp)) tried \(fields["tried"] ?? "?") wait \(wait)"
    default: return result
    }
  }

  /// The first difference, side by side, or nil when the traces are equal.
  package func firstDifference(from library: EngineTrace) -> String? {
    for (kind, mine, theirs) in [
      ("location", locations, library.locations), ("request", requests, library.requests),
      ("call", calls, library.calls),
    ] {
      let count = max(mine.count, theirs.count)
      for index in 0..<count {
        let a = index < mine.count ? mine[index] : "(none: \(mine.count) in all)"
        let b = index < theirs.count ? theirs[index] : "(none: \(theirs.count) in all)"
        if a != b {
          var text = "first difference at \(kind) \(index + 1):\n    builtin: \(a)\n    library: \(b)"
          if index > 0 { text += "\n    (the \(kind) before, equal: \(mine[index - 1]))" }
          return text
        }
      }
    }
    if crash != library.crash {
      return
        "first difference at the end:\n    builtin: \(crash ?? "no crash")\n    library: \(library.crash ?? "no crash")"
    }
    return nil
  }
}
