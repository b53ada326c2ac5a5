import Testing

@testable import CalmGeoLibraryEngine
@testable import CalmGeoReplay

/// How `library check` shows a difference, and how it reads a trap.
struct EngineTraceTests {
  @Test func firstDifferenceIsShownSideBySideWithTheRecordBefore() {
    var builtin = EngineTrace()
    builtin.locations = ["a", "b", "c"]
    var library = EngineTrace()
    library.locations = ["a", "b", "x"]
    let text = builtin.firstDifference(from: library)
    #expect(
      text == """
        first difference at location 3:
            builtin: c
            library: x
            (the location before, equal: b)
        """)
    #expect(builtin.firstDifference(from: builtin) == nil)
  }

  @Test func aMissingRecordSaysHowManyThereAre() {
    var builtin = EngineTrace()
    builtin.requests = ["r1", "r2"]
    var library = EngineTrace()
    library.requests = ["r1"]
    #expect(builtin.firstDifference(from: library)?.contains("library: (none: 1 in all)") == true)
  }

  @Test func aTrapIsReadFromTheDriversStderr() {
    // The runtime's line, then the trap reporter's (shim.c): now 1714546800500 = 07:00:00.500Z.
    let stderr = """
      CalmGeo/MMKVStorageProvider.swift:39: Fatal error: Unexpectedly found nil while unwrapping an Optional value

      calmgeo-driver-trap: signal=4 now_ms=1714546800500 fix=3 fix_ms=1714546800000
      """
    let trap = LibraryTrap.parse(stderr: stderr, signal: 4)
    #expect(trap.time == 1_714_546_800_500 && trap.fixNumber == 3 && trap.fixTime == 1_714_546_800_000)
    #expect(trap.message.hasPrefix("CalmGeo/MMKVStorageProvider.swift:39: Fatal error"))
    #expect(trap.description.contains("2024-05-01T07:00:00.500Z"))
  }

  @Test func builtinTraceListsLocationsRequestsAndCalls() {
    // §6's track with a url, autoSync, threshold 3, batches of 2: the first request is the
    // motionchange at t 0 alone, answered at once (CALMGEO.md §6).
    var config = CalmGeoConfig()
    config.url = "https://example.test/u"
    config.autoSync = true
    config.syncThreshold = 3
    config.maxBatchSize = 2
    let (observer, _) = EquatorTrack.replay(EquatorTrack.workedExample, config: config)
    let trace = EngineTrace.builtin(observer)
    #expect(trace.locations.first == "2024-05-01T07:00:00.000Z isMoving=true motionchange")
    #expect(trace.locations[3] == "2024-05-01T07:01:13.000Z isMoving=false motionchange")
    #expect(
      trace.requests.first == "#1 sent 2024-05-01T07:00:00.000Z answered 2024-05-01T07:00:00.000Z 200, "
        + "1 records [2024-05-01T07:00:00.000Z]")
  }
}
