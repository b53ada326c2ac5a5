/// One `CalmGeoLocation` as CalmGeo writes it (CALMGEO.md §2), with only what a replay
/// reads: every field optional so that a missing one is reported by name, not by the
/// decoder; unknown keys (`floor`, `mock`, …) are ignored.
struct CalmGeoJSONRecord: Decodable, Sendable {
  /// The coordinates and their quality.
  struct Coords: Decodable, Sendable {
    var latitude: Double?
    var longitude: Double?
    /// Horizontal accuracy, metres; negative for unknown.
    var accuracy: Double?
    /// m/s; negative for unknown.
    var speed: Double?
    var speedAccuracy: Double?
    /// Course over ground, degrees clockwise from north; negative for unknown.
    var heading: Double?
    var headingAccuracy: Double?
    /// Metres above mean sea level; -1 for unknown.
    var altitude: Double?
    var altitudeAccuracy: Double?
    /// A copy of `altitude` (a CalmGeo quirk), not read.
    var ellipsoidalAltitude: Double?
    /// Seconds since 2001-01-01T00:00:00Z (a `Date` as `JSONEncoder` writes it).
    var timestamp: Double?
  }

  var id: String?
  /// ISO 8601 UTC with milliseconds.
  var timestamp: String?
  var isMoving: Bool?
  var coords: Coords?
  var event: String?
  /// The activity CalmGeo attached (`fetchActivity`), for a replay with `fetchActivity`.
  var activity: Activity?

  /// `{type, confidence}`; only `type` is read, and a malformed value reads as none
  /// (the record stays usable).
  struct Activity: Decodable, Sendable {
    var type: String?

    init(from decoder: any Decoder) throws {
      struct Fields: Decodable { var type: String? }
      type = (try? Fields(from: decoder))?.type
    }
  }
}
