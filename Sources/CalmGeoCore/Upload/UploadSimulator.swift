import DequeModule

/// CalmGeo's storage and upload logic (CALMGEO.md §4) on the virtual clock.
///
/// Requests are asynchronous: each completes `latency` ms after it was sent, and
/// records are deleted only by their own request's 200. A sync that starts while an
/// earlier request is in flight therefore sends those records again (counted).
/// Record expiry: a record stored at `s` is gone at any time `t` with
/// `t - s > maxDaysToPersist` days (strict, like the state machine's comparisons).
/// The app's calls (§7) reach storage through `clear(at:)`, `listStored(at:observer:)`,
/// `listedCount`, `syncState` and `reconfigure(_:)` (which keeps the first configuration's
/// maxDaysToPersist). An expired record stays listed, as in MMKV, until `clear` or a 200
/// for a request that carried it: the first sync or listing while one is listed is where
/// the real library crashes (`LibraryCrash`, reported once; the replay goes on).
/// Each request's answer comes from the `UploadTransport` (simulated, recorded or live);
/// a live answer not yet in stays in flight until the transport gives it.
public struct UploadSimulator: Sendable {
  public private(set) var counters = UploadCounters()

  /// A stored record as the storage and upload logic read it: 40 bytes, where the whole location
  /// (kept in `storedLocations` only when bodies are encoded) was copied and moved with every
  /// append, delivery and expiry.
  private struct Stored: Sendable {
    var id: LocationID
    var time: Int64
    var sequence: Int
    var inFlight: Int32 = 0
    /// The record's encoded length, counted at append when no observer wants bodies.
    var bytes: Int32 = 0
  }

  private enum Fate: UInt8 { case stored, delivered, expired, cleared }

  private struct ExpiredKey: Sendable {
    var id: LocationID
    var time: Int64
    var sequence: Int
    var expiredAt: Int64
  }

  private var storage = Deque<Stored>()
  /// The stored records' locations, position for position with `storage`, when request bodies
  /// are encoded (an observer or the transport wants them: `keepsLocations`, settled at the first
  /// record; an observer's `wantsRequestBodies` does not change during a replay).
  private var storedLocations = Deque<CalmGeoLocation>()
  private var keepsLocations: Bool?
  /// The time of `storage`'s first record (`Int64.max` when empty): what expiry checks on
  /// every advance, without copying a whole record out of the deque.
  private var storageFrontTime = Int64.max
  /// Without a url nothing is ever sent: only store times are kept (8 bytes a record),
  /// so memory stays small on long logs.
  private var storedTimesOnly = Deque<Int64>()
  private let keepsRecords: Bool
  /// What became of each emitted record, by emit index (one byte each).
  private var fates: [Fate] = []
  private var inFlight: [UploadRequest] = [] {
    didSet { earliestCompletion = nextCompletion()?.completedAt ?? .max }
  }
  /// The earliest completion in flight (`Int64.max` when none), kept with `inFlight`:
  /// what `advance` checks on every fix before doing anything.
  private var earliestCompletion = Int64.max
  /// Live requests sent whose answer is not in yet (completedAt, latency, outcome unset).
  private var unanswered: [UploadRequest] = []
  private var nextRequest = 1
  /// Expired records MMKV still lists (oldest first): what `getStoredCount()` counts and
  /// what makes `getAllData()` trap. Empty in the no-records mode (nothing can list them).
  private var listedExpired: [ExpiredKey] = []
  /// The first point where the library would have crashed.
  public private(set) var crash: LibraryCrash?
  /// Records every request the engine makes of this simulator when set: the sweep's shared
  /// pass (`UploadTape`). Calls the tape cannot stand for mark it unreplayable.
  package var tape: UploadTape?
  private var tried = 0
  private var lastFailure: Int64?
  /// Reused to count records' encoded bytes without keeping them.
  private var scratch = JSONBytes(reservingCapacity: 420)

  private var config: CalmGeoConfig
  private let settings: ReplaySettings
  /// The storage layer's own copy of maxDaysToPersist: set once (CALMGEO.md §7 quirk).
  private let ttl: Int64
  private var headers: [(name: String, value: String)]
  private let transport: UploadTransport

  /// With `keepsRecords`, whole records are kept even without a url (a scenario may set
  /// one later, or list what is stored).
  public init(
    config: CalmGeoConfig, settings: ReplaySettings, keepsRecords: Bool = false,
    transport: UploadTransport = .simulated
  ) {
    self.config = config
    self.settings = settings
    self.transport = transport
    ttl = Int64(config.maxDaysToPersist) * 86_400_000
    self.keepsRecords = keepsRecords || config.url != nil
    headers = Self.headers(config)
  }

  private static func headers(_ config: CalmGeoConfig) -> [(name: String, value: String)] {
    [
      ("Content-Type", "application/json"),
      ("Accept", "application/json"),
      ("Authorization", "Bearer \(config.token ?? "")"),
    ]
  }

  /// `restart(config)`: the sync settings take effect at once; maxDaysToPersist keeps the
  /// first configuration's value (the storage layer is created once).
  public mutating func reconfigure(_ config: CalmGeoConfig) {
    tape?.invalidate()
    self.config = config
    headers = Self.headers(config)
  }

  /// `clearAllLocations()`: every stored record is deleted and counted as cleared.
  /// Requests in flight still complete; their 200 deletes nothing more.
  /// - Returns: the number of records deleted.
  @discardableResult
  public mutating func clear<O: ReplayObserver>(at now: Int64, observer: inout O) -> Int {
    tape?.invalidate()
    advanceClock(to: now, observer: &observer)
    let count = storedCount
    for record in storage { fates[record.sequence] = .cleared }
    storage.removeAll()
    storedLocations.removeAll()
    storageFrontTime = .max
    storedTimesOnly.removeAll()
    listedExpired.removeAll()
    counters.cleared += count
    return count
  }

  /// `getStoredLocations()`: the stored records' ids, sorted by timestamp string (emit
  /// order); empty when records are not kept (no url and no scenario). The library would
  /// crash here with an expired record still listed (reported; the list is the replay's).
  public mutating func listStored<O: ReplayObserver>(at now: Int64, observer: inout O) -> [LocationID] {
    tape?.invalidate()
    advanceClock(to: now, observer: &observer)
    noteCrash(.getStoredLocations, at: now, automatic: false, observer: &observer)
    return storedIDs
  }

  /// The stored records' ids, sorted by timestamp string (emit order).
  public var storedIDs: [LocationID] { storage.map(\.id) }

  /// `getStoredCount()` as the library answers it: MMKV's key count, which still holds
  /// expired records until they are cleared or delivered (CALMGEO.md §7, storage quirk).
  public var listedCount: Int { storedCount + listedExpired.count }

  /// The app's `getStoredCount()`: `listedCount`, read by the app (a tape cannot stand for it).
  package mutating func getStoredCount() -> Int {
    tape?.invalidate()
    return listedCount
  }

  /// The app's `getSyncState()`: `syncState(createdAt:)`, read by the app (a tape cannot stand for it).
  package mutating func getSyncState(createdAt: Int64) -> SyncState {
    tape?.invalidate()
    return syncState(createdAt: createdAt)
  }

  /// `getSyncState()`, with `createdAt` the service's creation time (the timestamp before
  /// any failure).
  public func syncState(createdAt: Int64) -> SyncState {
    SyncState(timestamp: lastFailure ?? createdAt, tried: tried)
  }

  /// Records stored now.
  public var storedCount: Int { storage.count + storedTimesOnly.count }

  /// Moves the clock to `now`: expiries and request completions up to then, in time order.
  @inline(__always)
  public mutating func advance<O: ReplayObserver>(to now: Int64, observer: inout O) {
    tape?.advance(to: now)
    advanceClock(to: now, observer: &observer)
  }

  /// `advance(to:observer:)` without recording it: the clock moves inside a call already taped.
  /// The usual fix (nothing completes and nothing expires by `now`) is told in the caller's code.
  @inline(__always)
  private mutating func advanceClock<O: ReplayObserver>(to now: Int64, observer: inout O) {
    if unanswered.isEmpty, now < earliestCompletion, storageFrontTime == .max || now - storageFrontTime <= ttl,
      storedTimesOnly.first.map({ now - $0 <= ttl }) ?? true
    {
      return
    }
    runClock(to: now, observer: &observer)
  }

  /// The latest time the clock can move to with nothing completing or expiring: `advance(to:observer:)`
  /// up to it only records the move on the tape. `Int64.min` while live answers wait to be collected.
  package var quietThrough: Int64 {
    guard unanswered.isEmpty else { return .min }
    var quiet = earliestCompletion == .max ? Int64.max : earliestCompletion - 1
    if storageFrontTime != .max { quiet = min(quiet, Self.expiry(storedAt: storageFrontTime, ttl: ttl)) }
    if let first = storedTimesOnly.first { quiet = min(quiet, Self.expiry(storedAt: first, ttl: ttl)) }
    return quiet
  }

  /// The last time at which a record stored at `storedAt` has not expired (`now - storedAt <= ttl`),
  /// saturating instead of overflowing.
  private static func expiry(storedAt: Int64, ttl: Int64) -> Int64 {
    let (sum, overflow) = storedAt.addingReportingOverflow(ttl)
    return overflow ? (ttl > 0 ? .max : .min) : sum
  }

  /// `advanceClock(to:observer:)` when something may complete or expire by `now`.
  private mutating func runClock<O: ReplayObserver>(to now: Int64, observer: inout O) {
    if !unanswered.isEmpty { collectAnswers(by: now) }
    while let (index, completedAt) = nextCompletion(), completedAt <= now {
      let request = inFlight.remove(at: index)
      expire(before: request.completedAt, observer: &observer)
      complete(request)
      observer.replayDidComplete(request)
    }
    expire(before: now, observer: &observer)
  }

  /// Appends an emitted location and runs the automatic sync rule at `now` (the virtual
  /// clock: the location's time, or later for `getGeoData()` between fixes).
  ///
  /// `coordsBytes`, when known, is the length of the fix's `coords` object
  /// (`CalmGeoJSONWriter.coordsByteCount`), counted once per fix of a track that many
  /// replays share; it saves encoding it when no observer wants request bodies.
  public mutating func append<O: ReplayObserver>(
    _ location: CalmGeoLocation, at now: Int64? = nil, coordsBytes: Int? = nil, observer: inout O
  ) {
    let now = now ?? location.time
    tape?.append(location, at: now, coordsBytes: coordsBytes)
    counters.stored += 1
    guard keepsRecords else {
      storedTimesOnly.append(location.time)
      counters.maxStored = max(counters.maxStored, storedTimesOnly.count)
      return
    }
    let encodes = encodesBodies(observer)
    var bytes: Int32 = 0
    if !encodes {
      let coords = coordsBytes ?? CalmGeoJSONWriter.coordsByteCount(location.fix, scratch: &scratch)
      bytes = Int32(CalmGeoJSONWriter.byteCount(location, coordsBytes: coords, scratch: &scratch))
    }
    if keepsLocations == nil { keepsLocations = encodes }
    storage.append(Stored(id: location.id, time: location.time, sequence: location.sequence, bytes: bytes))
    if encodes {
      precondition(keepsLocations == true, "an observer's wantsRequestBodies changed during the replay")
      storedLocations.append(location)
    }
    if storage.count == 1 { storageFrontTime = location.time }
    fates.append(.stored)
    counters.maxStored = max(counters.maxStored, storage.count)
    guard config.autoSync, config.url != nil else { return }
    if !listedExpired.isEmpty
      && (location.event != nil || backOffElapsed(at: now) && listedCount >= max(1, config.syncThreshold))
    {
      // The library's own rule counts the expired keys too: it syncs, and traps.
      noteCrash(.sync, at: now, automatic: true, observer: &observer)
    }
    if location.event != nil {
      counters.eventSyncs += 1
      sync(at: now, observer: &observer)
    } else if backOffElapsed(at: now) && storage.count >= max(1, config.syncThreshold) {
      counters.thresholdSyncs += 1
      sync(at: now, observer: &observer)
    }
  }

  /// The app's `sync()`: ignores back-off and threshold; needs a url.
  public mutating func manualSync<O: ReplayObserver>(at now: Int64, observer: inout O) {
    tape?.manualSync(at: now)
    guard config.url != nil else { return }
    counters.manualSyncs += 1
    noteCrash(.sync, at: now, automatic: false, observer: &observer)
    sync(at: now, observer: &observer)
  }

  /// Lets every request in flight complete (virtual time runs on as needed).
  /// - Returns: the virtual time of the last completion, if any.
  @discardableResult
  public mutating func drain<O: ReplayObserver>(observer: inout O) -> Int64? {
    var last: Int64?
    if !unanswered.isEmpty { collectAnswers(by: nil) }
    while let (index, _) = nextCompletion() {
      let request = inFlight.remove(at: index)
      expire(before: request.completedAt, observer: &observer)
      complete(request)
      observer.replayDidComplete(request)
      last = request.completedAt
    }
    return last
  }

  /// Closes the accounting: what is still stored.
  public mutating func finish() -> UploadCounters {
    counters.storedAtEnd = storedCount
    return counters
  }

  /// Whether the back-off after failures allows a threshold sync at `now`.
  @inline(__always)
  public func backOffElapsed(at now: Int64) -> Bool {
    guard let lastFailure, tried > 0 else { return true }
    let wait = min(600, (Int64(1) << Int64(min(tried, 20))) - 1)
    return now - lastFailure >= wait * 1000
  }

  // MARK: - Sync

  private mutating func sync<O: ReplayObserver>(at now: Int64, observer: inout O) {
    guard let url = config.url, !storage.isEmpty else { return }
    // Stored records sorted by timestamp string = emit order (times strictly increase).
    let batch = max(1, config.maxBatchSize)
    var start = storage.startIndex
    while start < storage.endIndex {
      let end = min(start + batch, storage.endIndex)
      var duplicates = 0
      var sequences: [Int] = []
      sequences.reserveCapacity(end - start)
      for index in start..<end {
        if storage[index].inFlight > 0 { duplicates += 1 }
        storage[index].inFlight += 1
        sequences.append(storage[index].sequence)
      }
      // The body as sent, or only its length (`[`, records, commas, `]`) when neither an
      // observer nor the transport (a real network sends it) wants it: the same count.
      let body: [UInt8]
      let bodyBytes: Int
      if encodesBodies(observer) {
        precondition(keepsLocations == true, "an observer's wantsRequestBodies changed during the replay")
        body = CalmGeoJSONWriter.encodeBody(storedLocations[start..<end])
        bodyBytes = body.count
      } else {
        body = []
        bodyBytes = storage[start..<end].reduce(1 + end - start) { $0 + Int($1.bytes) }
      }
      var request = UploadRequest(
        sequence: nextRequest, sentAt: now, completedAt: now, latency: 0,
        method: config.method, url: url, headers: headers, recordCount: end - start,
        bodyBytes: bodyBytes, duplicates: duplicates, outcome: .timeout, recordSequences: sequences)
      nextRequest += 1
      counters.requests += 1
      counters.requestTimes.append(now)
      counters.recordsSent += end - start
      counters.duplicatesSent += duplicates
      counters.bytesSent += bodyBytes
      switch transport {
      case .simulated:
        request.answer(simulatedAnswer(for: request.sequence))
        inFlight.append(request)
      case .recorded(let network):
        if let answer = network.answer(to: request.sequence) {
          request.answer(answer)
        } else {
          counters.unrecordedAnswers += 1
          request.answer(simulatedAnswer(for: request.sequence))
        }
        inFlight.append(request)
      case .live:
        unanswered.append(request)
      }
      observer.replayDidSend(request, body: body)
      if case .live(let network) = transport { network.send(request, body: body) }
      start = end
    }
    advanceClock(to: now, observer: &observer)
  }

  /// Whether request bodies are encoded: an observer wants them, or the transport sends them.
  @inline(__always)
  private func encodesBodies<O: ReplayObserver>(_ observer: O) -> Bool {
    observer.wantsRequestBodies || transport.needsBodies
  }

  /// The simulated network's answer, with `httpTimeout` turning a long latency into a timeout.
  private func simulatedAnswer(for sequence: Int) -> TransportAnswer {
    let (latency, outcome) = settings.network.answer(index: sequence - 1, seed: settings.seed)
    let timeout = Int64(config.httpTimeout)
    if outcome == .timeout || latency > timeout { return TransportAnswer(latency: timeout, outcome: .timeout) }
    return TransportAnswer(latency: latency, outcome: outcome)
  }

  /// Moves the live requests whose answers are in by virtual time `now` (every one when
  /// `now` is nil, waiting as needed) to `inFlight`, where they complete in time order.
  private mutating func collectAnswers(by now: Int64?) {
    guard case .live(let network) = transport else { return }
    var answered: [UploadRequest] = []
    unanswered.removeAll { request in
      guard let answer = network.answer(to: request.sequence, by: now) else { return false }
      var request = request
      request.answer(answer)
      answered.append(request)
      return true
    }
    inFlight += answered
  }

  @inline(__always)
  private func nextCompletion() -> (index: Int, completedAt: Int64)? {
    guard !inFlight.isEmpty else { return nil }
    // Field by field through the buffer: copying whole requests (url, headers, sequences)
    // here cost a copy per fix while requests were in flight.
    return inFlight.withUnsafeBufferPointer { requests in
      var best = 0
      var bestKey = (requests[0].completedAt, requests[0].sequence)
      for index in 1..<requests.count {
        let key = (requests[index].completedAt, requests[index].sequence)
        if key < bestKey { (best, bestKey) = (index, key) }
      }
      return (best, bestKey.0)
    }
  }

  private mutating func complete(_ request: UploadRequest) {
    let success = request.succeeded
    if success {
      counters.succeeded += 1
      tried = 0
    } else {
      if request.outcome == .timeout { counters.timeouts += 1 } else { counters.failed += 1 }
      lastFailure = request.completedAt
      tried += 1
    }
    for sequence in request.recordSequences {
      let position = storedPosition(of: sequence)
      if let position { storage[position].inFlight -= 1 }
      guard success else { continue }
      switch fates[sequence] {
      case .stored:
        fates[sequence] = .delivered
        counters.recordsDelivered += 1
        if let position {
          storage.remove(at: position)
          if keepsLocations == true { storedLocations.remove(at: position) }
          if position == storage.startIndex { refreshStorageFront() }
        }
      case .delivered:
        counters.duplicatesDelivered += 1
      case .expired:
        // Sent before it expired: the server has it after all, and MMKV's key is removed.
        listedExpired.removeAll { $0.sequence == sequence }
        fates[sequence] = .delivered
        counters.expired -= 1
        counters.recordsDelivered += 1
      case .cleared:
        // Sent before it was cleared: the server has it after all.
        fates[sequence] = .delivered
        counters.cleared -= 1
        counters.recordsDelivered += 1
      }
    }
  }

  /// The index in `storage` of the record with emit index `sequence` (storage is sorted).
  private mutating func refreshStorageFront() {
    storageFrontTime = storage.isEmpty ? .max : storage[storage.startIndex].time
  }

  @inline(__always)
  private func storedPosition(of sequence: Int) -> Int? {
    // Hand-written, not `partitioningIndex`: it runs per delivered record, and a change here is unmeasured.
    var low = storage.startIndex
    var high = storage.endIndex
    while low < high {
      let mid = (low + high) / 2
      if storage[mid].sequence < sequence { low = mid + 1 } else { high = mid }
    }
    return low < storage.endIndex && storage[low].sequence == sequence ? low : nil
  }

  private mutating func expire<O: ReplayObserver>(before now: Int64, observer: inout O) {
    while let first = storedTimesOnly.first, now - first > ttl {
      // Records are stored in emit order: the oldest held one is emit number stored - held.
      let sequence = counters.stored - storedTimesOnly.count
      storedTimesOnly.removeFirst()
      counters.expired += 1
      observer.replayDidExpire(ExpiredRecord(sequence: sequence, storedAt: first, expiredAt: now))
    }
    while storageFrontTime != .max, now - storageFrontTime > ttl {
      let first = storage.removeFirst()
      if keepsLocations == true { storedLocations.removeFirst() }
      refreshStorageFront()
      fates[first.sequence] = .expired
      listedExpired.append(ExpiredKey(id: first.id, time: first.time, sequence: first.sequence, expiredAt: now))
      counters.expired += 1
      observer.replayDidExpire(ExpiredRecord(sequence: first.sequence, storedAt: first.time, expiredAt: now))
    }
  }

  /// Reports the library's crash at a call that reads every listed record, once a run.
  private mutating func noteCrash<O: ReplayObserver>(
    _ call: LibraryCrash.Call, at now: Int64, automatic: Bool, observer: inout O
  ) {
    guard crash == nil, let key = listedExpired.first else { return }
    let crash = LibraryCrash(
      time: now, call: call, automatic: automatic, record: key.id, recordTime: key.time,
      recordSequence: key.sequence, expiredAt: key.expiredAt)
    self.crash = crash
    observer.replayWouldCrash(crash)
  }
}
