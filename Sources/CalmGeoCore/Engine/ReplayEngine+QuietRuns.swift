extension ReplayEngine {
  /// Processes the fixes from `start` on that change nothing but counters, as
  /// `process(_:coordsBytes:cosLatitude:)` of each would: those the distance filter drops while
  /// listening, and those inside the geofence (or before a pending exit) while monitoring
  /// (`TrackingStateMachine.quietRun`). It stops before the first fix that may do more: one the
  /// machine keeps or acts on, a time rule, a call due, a completion or expiry due, a fix out of
  /// order. Only where the observer takes such runs whole (`ReplayObserver.takesQuietRuns`), no
  /// platform rule filters delivery and the scenario waits on no fix number or event; elsewhere
  /// it takes nothing. The fixes it takes are counted and told to the observer in one go.
  ///
  /// A track replayed many times (a sweep's rows) spends most of its fixes here: each is a
  /// distance compared with a threshold, without a decision built and handed to the observer.
  /// - Returns: how many fixes it took (0: the next one goes through `process`).
  @inline(__always)
  package mutating func processQuietRun(
    _ fixes: UnsafeBufferPointer<Fix>, cosLatitudes: UnsafeBufferPointer<Double>, coordsBytes: [Int32],
    from start: Int
  ) -> Int {
    guard takesQuietRuns, firstTime != nil, scheduler.countsFixesOnly else { return 0 }
    // `hasDue(upTo:)` is false before the next due time; the upload clock is quiet through its own.
    let limit = min(scheduler.nextDueTime &- 1, uploads.quietThrough)
    let (taken, kind) = machine.quietRun(
      fixes, cosLatitudes: cosLatitudes, from: start, after: lastFixTime, through: limit)
    guard taken > 0 else { return 0 }
    let lastIndex = start + taken - 1
    let last = fixes[lastIndex]
    currentCoordsBytes = Int(coordsBytes[lastIndex])
    fixCount += taken
    scheduler.fixesOccurred(taken)
    now = last.time
    lastFixTime = last.time
    // Nothing completes or expires through `limit`: this only records the clock's move on a tape.
    uploads.advance(to: last.time, observer: &observer)
    decisions.add(kind, count: taken)
    observer.replayDidDecide(taken, as: kind, last: last)
    if keepsLastFix { lastFix = last }
    return taken
  }
}
