import Testing

@testable import CalmGeoReplay

/// `fetchActivity` from a log's activity column, else the speed classifier; sources counted.
struct ActivitySourceTests {
  @Test(arguments: [
    ("ON_BICYCLE", MotionActivity.onBicycle), ("IN_VEHICLE", .inVehicle), ("ON_FOOT", .onFoot), ("STILL", .still),
    ("WALKING", .walking), ("RUNNING", .running), ("UNKNOWN", .unknown), ("in_vehicle", .inVehicle),
    ("automotive", .inVehicle), ("cycling", .onBicycle), ("stationary", .still),
  ])
  func readsLoggedNames(text: String, activity: MotionActivity) {
    #expect(MotionActivity(logged: Substring(text)) == activity)
  }

  @Test func theActivityFitsInTheFixsPadding() {
    // Fix's doc promises 96 bytes (sweeps hold millions; 72 before the wire values became
    // Doubles): the activity byte took a padding byte.
    #expect(MemoryLayout<Fix>.stride == 96)
  }

  @Test func tiltingIsNoMotionClass() {
    #expect(MotionActivity(logged: "TILTING") == nil)
    #expect(MotionActivity(logged: "") == nil)
  }

  /// GPSLogger's layout (corpus `csv/dat100__20170813.csv`): an `activity` column, often empty.
  static let gpsLogger = """
    time,lat,lon,elevation,accuracy,bearing,speed,satellites,provider,hdop,vdop,pdop,geoidheight,ageofdgpsdata,dgpsid,activity,battery,annotation
    2017-08-13T08:52:26.000Z,60.385390,5.217217,61.9,7.0,219.93,0.94605947,0,gps,1.02,0.85,1.33,,,,,100.0,
    2017-08-13T08:53:00.000Z,60.385588,5.217857,56.2,11.1,0.0,0.0,0,gps,2.22,0.94,2.41,,,,TILTING,100.0,
    2017-08-13T08:54:00.000Z,60.386588,5.217857,56.2,11.1,0.0,6.0,0,gps,2.22,0.94,2.41,,,,ON_BICYCLE,100.0,
    2017-08-13T08:55:00.000Z,60.387588,5.217857,56.2,11.1,0.0,6.0,0,gps,2.22,0.94,2.41,,,,IN_VEHICLE,100.0,

    """

  @Test func csvActivityColumnFeedsFetchActivityAndSourcesAreCounted() throws {
    let fixes = try CSVTestSupport.parse(Self.gpsLogger).fixes
    #expect(fixes.map(\.activity) == [nil, nil, .onBicycle, .inVehicle])
    var config = CalmGeoConfig()
    config.fetchActivity = true
    // Fixes 110+ m apart a minute apart: all four are emitted (one-shot, ref, then > 16 m each).
    let (observer, result) = EquatorTrack.replay(fixes, config: config)
    // Row 2: empty → speed 0.946 → walking (100); row 3: TILTING → speed 0 → still;
    // rows 4 and 5: logged, confidence 100 (the speed, 6 m/s, would say on_bicycle both times).
    #expect(observer.locations.map { $0.activity?.type } == ["walking", "still", "on_bicycle", "in_vehicle"])
    #expect(result.activitySources == ["speed": 2, "log": 2])
    #expect(EquatorTrack.replay(fixes).result.activitySources == nil)
  }
}

/// CalmGeo's own JSON output carries the activity it attached: replaying it reads that.
struct CalmGeoJSONActivityTests {
  private func fixes(_ text: String) throws -> [Fix] {
    var parser = CalmGeoJSONParser(file: "track.json", options: ParseOptions())
    var diagnostics = InputDiagnostics(strict: false, maxProblems: 10)
    var fixes: [Fix] = []
    try parser.parse(MemoryByteSource(text, name: "track.json"), diagnostics: &diagnostics) { fixes.append($0) }
    #expect(diagnostics.skipped.isEmpty)
    return fixes
  }

  @Test func readsTheActivityTypeAndIgnoresAMalformedOne() throws {
    let coords = "\"coords\":{\"latitude\":60.5,\"longitude\":5.25}"
    let text = [
      "{\"timestamp\":\"2024-05-01T07:03:12.000Z\",\(coords),\"activity\":{\"type\":\"on_bicycle\",\"confidence\":67}}",
      "{\"timestamp\":\"2024-05-01T07:03:13.000Z\",\(coords),\"activity\":\"walking\"}",
      "{\"timestamp\":\"2024-05-01T07:03:14.000Z\",\(coords)}",
    ].joined(separator: "\n")
    #expect(try fixes(text).map(\.activity) == [.onBicycle, nil, nil])
  }
}
