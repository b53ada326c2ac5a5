import CalmGeoReplay

// CALMGEO.md §6: fixes once a second on the equator, x metres east of the start.
let t0: Int64 = 1_714_546_800_000  // 2024-05-01T07:00:00Z
let metresPerDegree = GeoMath.earthRadius * .pi / 180

func fix(second t: Int, x: Double, speed: Double) -> Fix {
  var fix = Fix(time: t0 + Int64(t) * 1000, latitude: 0, longitude: x / metresPerDegree)
  fix.speed = speed
  return fix
}

let fixes = (0...329).map { t in
  switch t {
  case 0...20: fix(second: t, x: 1.5 * Double(t), speed: 1.5)
  case 21...299: fix(second: t, x: 30, speed: 0)
  default: fix(second: t, x: 30 + 1.5 * Double(t - 300), speed: 1.5)
  }
}

// The defaults (distanceFilter 16, speedMultiplier 3.1, stationaryRadius 25), uploading
// every 3 records in batches of 2, every request answered 200 at once, a final sync().
var configuration = ReplayConfiguration()
configuration.calmGeo.url = "https://example.invalid/locations"
configuration.calmGeo.autoSync = true
configuration.calmGeo.syncThreshold = 3
configuration.calmGeo.maxBatchSize = 2
configuration.replay.finalSync = true

let track = Track(name: "worked-example", format: .csv, fixes: fixes, diagnostics: InputDiagnostics())
var observer = CollectingObserver()
let result = ReplayRunner.run(
  source: track, configuration: configuration, observer: &observer, options: ReplayOptions(metrics: false))

func seconds(_ time: Int64) -> Int { Int((time - t0) / 1000) }

print("emitted")
for location in observer.locations {
  let x = location.fix.longitude * metresPerDegree
  let event = location.event.map { "\($0)" } ?? "-"
  print("t \(seconds(location.time)) x \((x * 10).rounded() / 10) isMoving \(location.isMoving) event \(event)")
}
print("requests")
let timeOfSequence = Dictionary(uniqueKeysWithValues: observer.locations.map { ($0.sequence, seconds($0.time)) })
for request in observer.completed.sorted(by: { $0.sequence < $1.sequence }) {
  let records = request.recordSequences.compactMap { timeOfSequence[$0] }.map(String.init)
  print("t \(seconds(request.sentAt)) records at t \(records.joined(separator: ", ")) status \(request.outcome)")
}
print("delivered \(result.uploads.recordsDelivered), stored at end \(result.uploads.storedAtEnd)")
