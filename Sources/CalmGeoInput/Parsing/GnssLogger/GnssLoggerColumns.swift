/// Where each value of a GnssLogger `Fix` record is, by column index.
///
/// Read from the file's `# Fix,Provider,LatitudeDegrees,…` header line when it has
/// one (GnssLogger 2.x and 3.x name the columns differently); else GnssLogger
/// 3.x's layout.
struct GnssLoggerColumns: Equatable {
  var provider = 1
  var latitude = 2
  var longitude = 3
  var altitude = 4
  var mslAltitude: Int? = nil
  var speed: Int? = 5
  var accuracy: Int? = 6
  var bearing: Int? = 7
  var time = 8
  var speedAccuracy: Int? = 9
  var verticalAccuracy: Int? = 12

  /// GnssLogger 3.x: `Fix,Provider,LatitudeDegrees,LongitudeDegrees,AltitudeMeters,
  /// SpeedMps,AccuracyMeters,BearingDegrees,UnixTimeMillis,SpeedAccuracyMps,
  /// BearingAccuracyDegrees,elapsedRealtimeNanos,VerticalAccuracyMeters,…`.
  static let version3 = GnssLoggerColumns()

  init() {}

  /// The columns named in a header (`Fix,Provider,…` without the leading `# `);
  /// `nil` when position or time columns are missing.
  init?(header names: [Substring]) {
    func index(_ candidates: String...) -> Int? {
      names.firstIndex { name in candidates.contains { $0.caseInsensitiveCompare(name) } }
    }
    guard let provider = index("Provider"), let latitude = index("LatitudeDegrees", "Latitude"),
      let longitude = index("LongitudeDegrees", "Longitude"),
      let time = index("UnixTimeMillis", "(UTC)TimeInMs", "UTCTimeInMs", "TimeInMs")
    else { return nil }
    self.provider = provider
    self.latitude = latitude
    self.longitude = longitude
    self.time = time
    altitude = index("AltitudeMeters", "Altitude") ?? -1
    mslAltitude = index("MslAltitudeMeters")
    speed = index("SpeedMps", "Speed")
    accuracy = index("AccuracyMeters", "Accuracy")
    bearing = index("BearingDegrees", "Bearing")
    speedAccuracy = index("SpeedAccuracyMps")
    verticalAccuracy = index("VerticalAccuracyMeters")
  }
}

extension String {
  /// Case-insensitive ASCII equality.
  fileprivate func caseInsensitiveCompare(_ other: Substring) -> Bool {
    count == other.count && zip(utf8, other.utf8).allSatisfy { a, b in a | 0x20 == b | 0x20 }
  }
}
