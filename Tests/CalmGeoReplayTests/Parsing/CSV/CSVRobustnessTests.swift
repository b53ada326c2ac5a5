import Testing

@testable import CalmGeoReplay

/// Mutated inputs: the readers work on raw pointers, so every kind of damage must end in
/// a counted skip or a fatal error, never a crash or a fix outside the valid ranges.
struct CSVRobustnessTests {

  /// Bytes that mean something to a CSV, time or number reader.
  private static let interesting: [UInt8] = Array(",;\t\"\n\r\0 #-+.:eENSWTZ0159".utf8) + [0xC3, 0xA9, 0xFF, 0xEF]

  static let seeds: [String] = [
    "time,lat,lon,ele,speed_kmh,course,hdop,sats\n2024-05-01T07:03:12.125Z,60.5,5.25,61.9,36,219.9,1.2,7(9)\n"
      + "1714546993,60.51,5.26,,\"18\",-1,99.99,\n",
    "# units\n#,deg,deg,ft msl,kt\nLcl Date, Lcl Time, UTCOfst, Latitude, Longitude, AltMSL, GndSpd\n"
      + "2014-03-29, 22:50:22, -06:00, 40.2171326, -111.7177124, 4503.9, 3.50\n",
    "INDEX,TAG,DATE,TIME,LATITUDE N/S,LONGITUDE E/W,HEIGHT,SPEED,HEADING\r\n1,T,250724,173418,49.07N,125.76W,38,0.2,0\r\n",
    "GPSWeek [weeks];GPSSecondsOfWeek [s];Latitude [deg];Longitude [deg];Heading (0° = East, counterclockwise) [rad]\n"
      + "1900;126641.499999971;52.5;13.37;1,2\n",
    "millisSinceGpsEpoch,latDeg,lngDeg\n1273529463442,37.42,-122.09\n",
  ]

  @Test(arguments: 0..<seeds.count)
  func mutatedCSVNeverCrashes(seed: Int) {
    var rng = SplitMix64(seed: UInt64(seed) &+ 99)
    let original = Array(Self.seeds[seed].utf8)
    for round in 0..<400 {
      var bytes = original
      for _ in 0..<(1 + rng.below(4)) {
        let at = rng.below(bytes.count)
        switch rng.below(3) {
        case 0: bytes[at] = Self.interesting[rng.below(Self.interesting.count)]
        case 1: bytes.insert(Self.interesting[rng.below(Self.interesting.count)], at: at)
        default: bytes.remove(at: at)
        }
      }
      let format = round % 7 == 0 ? "%d/%m/%Y %H:%M:%S.%f %z" : nil
      do {
        let result = try CSVTestSupport.parse(bytes: bytes, maxChunk: 1 + rng.below(40), timeFormat: format)
        for fix in result.fixes {
          #expect(abs(fix.latitude) <= 90 && abs(fix.longitude) <= 180, "seed \(seed) round \(round)")
          #expect((fix.course ?? 0) >= 0 && (fix.course ?? 0) < 360, "seed \(seed) round \(round)")
          #expect((fix.speed ?? 0) >= 0, "seed \(seed) round \(round)")
        }
      } catch {
        #expect(error.isFatal, "seed \(seed) round \(round): \(error)")
      }
    }
  }
}
