import Testing

@testable import CalmGeoReplay

/// Ids come from the seed and the emitted fix's time, so one extra location changes
/// only its own id (a golden diff stays local).
struct LocalIDTests {
  @Test func locationsAtTheSameTimeKeepTheirIDsWhenOthersChange() {
    let base = EquatorTrack.workedExample
    // A detour fix at t = 6.5 s, 40 m north of x = 9.75: 40.8 m from ref (t1) → kept and
    // becomes ref; t7 (x 10.5) is 40.0 m from it → kept; t18 (x 27) 16.5 m from t7 → kept;
    // standing at x 30, the still rule fires at t79 (ref t18 61 s old, 3 m < 16), the
    // sleep rule at t200, the geofence (centre x 30) exits at t317 as before, then t318
    // (one-shot) and t319 (28.5 m from x 30).
    var detour = EquatorTrack.fix(t: 6.5, x: 9.75, speed: 1.5)
    detour.latitude = 40 / (GeoMath.earthRadius * .pi / 180)
    let changed = Array(base[...6]) + [detour] + Array(base[7...])
    let a = EquatorTrack.replay(base).observer.locations
    let b = EquatorTrack.replay(changed).observer.locations
    #expect(a.map { EquatorTrack.seconds($0.time) } == [0, 1, 12, 73, 317, 318, 319])
    #expect(b.map { EquatorTrack.seconds($0.time) } == [0, 1, 6.5, 7, 18, 79, 317, 318, 319])
    // t317 is emit 4 in one run and emit 6 in the other: ids from the emit index would
    // differ; ids from the time do not.
    let idsA = Dictionary(uniqueKeysWithValues: a.map { ($0.time, $0.id) })
    let common = b.filter { idsA[$0.time] != nil }
    #expect(common.map { EquatorTrack.seconds($0.time) } == [0, 1, 317, 318, 319])
    #expect(common.allSatisfy { idsA[$0.time] == $0.id })
    #expect(Set(b.map(\.id)).count == b.count)
  }

  @Test func sameTimeDifferentOccurrenceOrSeedGivesAnotherID() {
    let t: Int64 = 1_714_546_800_000
    #expect(LocationID(seed: 1, time: t) == LocationID(seed: 1, time: t, occurrence: 0))
    #expect(LocationID(seed: 1, time: t, occurrence: 1) != LocationID(seed: 1, time: t))
    #expect(LocationID(seed: 2, time: t) != LocationID(seed: 1, time: t))
    #expect(LocationID(seed: 1, time: t + 1) != LocationID(seed: 1, time: t))
    let text = LocationID(seed: 1, time: t).description
    #expect(text.count == 36 && Array(text)[14] == "4")
  }
}
