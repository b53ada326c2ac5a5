import CalmGeoReplay

/// `--engine library:PATH`: the driver's records fed to the replay's observers as the built-in
/// engine's events, so that locations.json, the requests, stats.json, the report and `check`
/// work with either engine.
///
/// What the library cannot tell is not invented: there is no per-fix decision (the library
/// does not say why it dropped a fix), so the machine counters hold only what the platform sees
/// (fixes, motionchanges, geofence exits, time listening and monitoring). Records are identified
/// by the replay's deterministic ids (the library's are random UUIDs), and bodies are written in
/// the replay's wire encoding of the library's records.
package enum LibraryReplay {
  /// The result, and the library's crash if it trapped (outputs hold what it did up to then).
  package static func replay<Observer: ReplayObserver>(
    track: Track, configuration: ReplayConfiguration, engine: LibraryEngine, observer: inout Observer
  ) throws(LibraryError) -> (result: ReplayResult, crash: LibraryTrap?) {
    let outcome = try engine.run(fixes: track.fixes, configuration: configuration)
    var feeder = Feeder(track: track, configuration: configuration)
    feeder.heard = Set(outcome.records.lazy.filter { $0.k == "heard" }.compactMap(\.seq))
    for record in outcome.records { feeder.feed(record, observer: &observer) }
    var crash: LibraryCrash?
    if let trap = outcome.crash, let expired = trap.expiredRecord {
      // The trap as the built-in engine reports the same point (stats.json's library section).
      let (call, automatic) = trap.trappedCall
      let ttl = Int64(configuration.calmGeo.maxDaysToPersist) * 86_400_000
      let occurrence = feeder.occurrences[expired.sequence] ?? 0
      crash = LibraryCrash(
        time: trap.time, call: call == "getStoredLocations" ? .getStoredLocations : .sync, automatic: automatic,
        record: LocationID(
          seed: configuration.replay.seed, time: feeder.times[expired.sequence] ?? expired.storedAt,
          occurrence: occurrence),
        recordTime: feeder.times[expired.sequence] ?? expired.storedAt, recordSequence: expired.sequence,
        expiredAt: expired.storedAt + ttl + 1)
      observer.replayWouldCrash(crash!)
    }
    let end = outcome.crash?.time ?? feeder.endTime ?? track.fixes.last?.time ?? 0
    if outcome.crash != nil || feeder.endTime == nil { observer.replayDidEnd(at: end) }
    var result = feeder.result(end: end)
    result.libraryCrash = crash
    return (result, outcome.crash)
  }

  private struct Feeder {
    let seed: UInt64
    let entries: [Scenario.Entry]
    let hasScenario: Bool
    let fixes: [Int64: Fix]
    let firstTime: Int64?
    let lastTime: Int64?
    var heard = Set<Int>()
    var locations: [Int: CalmGeoLocation] = [:]
    var times: [Int: Int64] = [:]
    var occurrences: [Int: Int] = [:]
    var lastEmit: (time: Int64, occurrence: Int)?
    var sent: [Int: UploadRequest] = [:]
    var inFlight: [Int: Int] = [:]
    var delivered = Set<Int>()
    var cleared = Set<Int>()
    var counters = UploadCounters.zero
    var machine = TrackingStateMachine.Counters.zero
    var emitted = 0
    var mode = ModeChange.Mode.stopped
    var modeSince: Int64 = 0
    var calls: [AppCall.Name: Int] = [:]
    var endTime: Int64?

    init(track: Track, configuration: ReplayConfiguration) {
      seed = configuration.replay.seed
      let finalSync = configuration.replay.finalSync
      hasScenario = configuration.scenario != nil
      entries =
        (configuration.scenario.map { finalSync ? $0.withFinalSync() : $0 } ?? .standard(finalSync: finalSync))
        .entries
      var byTime: [Int64: Fix] = [:]
      byTime.reserveCapacity(track.fixes.count)
      for fix in track.fixes { byTime[fix.time] = fix }
      fixes = byTime
      firstTime = track.fixes.first?.time
      lastTime = track.fixes.last?.time
      machine.fixes = track.fixes.count
    }

    mutating func feed<Observer: ReplayObserver>(_ record: LibraryRecord, observer: inout Observer) {
      switch record.k {
      case "emit": emit(record, observer: &observer)
      case "send": send(record, observer: &observer)
      case "complete": complete(record, observer: &observer)
      case "cleared":
        let ids = (record.ids ?? []).filter { !delivered.contains($0) }
        cleared.formUnion(ids)
        counters.cleared += ids.count
      case "mode":
        let to = ModeChange.Mode(rawValue: record.to ?? "") ?? .stopped
        account(until: record.t)
        observer.replayDidChangeMode(ModeChange(time: record.t, from: mode, to: to))
        if mode == .monitoring && to == .listening { machine.geofenceExits += 1 }
        mode = to
      case "call": call(record, observer: &observer)
      case "end":
        account(until: record.t)
        endTime = record.t
        observer.replayDidEnd(at: record.t)
      default: break
      }
    }

    private mutating func account(until time: Int64) {
      let span = max(0, time - modeSince)
      if mode == .listening { machine.millisListening += span }
      if mode == .monitoring { machine.millisMonitoring += span }
      modeSince = time
    }

    private mutating func emit<Observer: ReplayObserver>(_ record: LibraryRecord, observer: inout Observer) {
      guard let seq = record.seq else { return }
      let time = record.fixTime ?? record.t
      let fix = fixes[time] ?? Fix(time: time, latitude: record.latitude ?? 0, longitude: record.longitude ?? 0)
      let occurrence = lastEmit?.time == time ? (lastEmit?.occurrence ?? 0) + 1 : 0
      lastEmit = (time, occurrence)
      let event: CalmGeoLocation.Event? = record.event == "motionchange" ? .motionchange : nil
      var location = CalmGeoLocation(
        id: LocationID(seed: seed, time: time, occurrence: occurrence), sequence: seq,
        isMoving: record.isMoving ?? true, event: event, activity: nil, fix: fix)
      location.isHeard = heard.contains(seq)
      locations[seq] = location
      times[seq] = time
      occurrences[seq] = occurrence
      emitted += 1
      counters.stored += 1
      counters.maxStored = max(counters.maxStored, counters.stored - delivered.count - cleared.count)
      if event != nil {
        if location.isMoving { machine.motionChangesToMoving += 1 } else { machine.motionChangesToStationary += 1 }
      }
      observer.replayDidEmit(location)
    }

    private static let headerOrder = ["Content-Type", "Accept", "Authorization"]

    private mutating func send<Observer: ReplayObserver>(_ record: LibraryRecord, observer: inout Observer) {
      guard let number = record.request else { return }
      let ids = record.ids ?? []
      let records = ids.compactMap { locations[$0] }
      let body = CalmGeoJSONWriter.encodeBody(records)
      let headers = (record.headers ?? []).compactMap { pair in pair.count == 2 ? (name: pair[0], value: pair[1]) : nil
      }
      .sorted { (Self.headerOrder.firstIndex(of: $0.name) ?? 9) < (Self.headerOrder.firstIndex(of: $1.name) ?? 9) }
      let duplicates = ids.filter { (inFlight[$0] ?? 0) > 0 }.count
      for id in ids { inFlight[id, default: 0] += 1 }
      let completedAt = record.completedAt ?? record.t
      let request = UploadRequest.make(
        sequence: number, sentAt: record.t, completedAt: completedAt, latency: completedAt - record.t,
        method: CalmGeoConfig.HTTPMethod(rawValue: record.method ?? "POST") ?? .post, url: record.url ?? "",
        headers: headers, recordCount: ids.count, bodyBytes: body.count, duplicates: duplicates,
        outcome: NetworkModel.Outcome(record.outcome ?? "") ?? .error, recordSequences: ids)
      sent[number] = request
      counters.requests += 1
      counters.recordsSent += ids.count
      counters.duplicatesSent += duplicates
      counters.bytesSent += body.count
      observer.replayDidSend(request, body: observer.wantsRequestBodies ? body : [])
    }

    private mutating func complete<Observer: ReplayObserver>(_ record: LibraryRecord, observer: inout Observer) {
      guard let number = record.request, let request = sent[number] else { return }
      for id in request.recordSequences { inFlight[id, default: 1] -= 1 }
      if request.succeeded {
        counters.succeeded += 1
        for id in request.recordSequences {
          if delivered.contains(id) {
            counters.duplicatesDelivered += 1
          } else {
            delivered.insert(id)
            counters.recordsDelivered += 1
            if cleared.remove(id) != nil { counters.cleared -= 1 }
          }
        }
      } else if request.outcome == .timeout {
        counters.timeouts += 1
      } else {
        counters.failed += 1
      }
      observer.replayDidComplete(request)
    }

    private mutating func call<Observer: ReplayObserver>(_ record: LibraryRecord, observer: inout Observer) {
      guard let index = record.seq, index < entries.count else { return }
      let entry = entries[index]
      calls[entry.call.name, default: 0] += 1
      var result = AppCallResult.none
      let text = record.result ?? ""
      switch entry.call.name {
      case .getGeoData: result = .location(Int(text).flatMap { locations[$0] })
      case .getStoredLocations:
        result = .locations(text.split(separator: ",").compactMap { Int($0).flatMap { locations[$0]?.id } })
      case .getStoredCount: result = .count(Int(text) ?? 0)
      case .getSyncState:
        var fields: [String: String] = [:]
        for part in text.split(separator: " ") {
          let pair = part.split(separator: "=", maxSplits: 1)
          if pair.count == 2 { fields[String(pair[0])] = String(pair[1]) }
        }
        result = .syncState(
          SyncState(timestamp: Int64(fields["timestamp"] ?? "") ?? 0, tried: Int(fields["tried"] ?? "") ?? 0))
      case .state: result = .state(text == "running" ? .running : .stopped)
      default: break
      }
      observer.replayDidCall(
        AppCallRecord(index: index, line: entry.line, call: entry.call, time: record.t, result: result))
    }

    func result(end: Int64) -> ReplayResult {
      var counters = counters
      counters.storedAtEnd = counters.stored - counters.recordsDelivered - counters.cleared
      var result = ReplayResult(
        firstFixTime: firstTime, lastFixTime: lastTime, emitted: emitted, machine: machine, uploads: counters)
      result.calls = hasScenario ? calls : nil
      return result
    }
  }
}
