/// CalmGeo's settings (`CalmGeoConfigType`), with the library's defaults (CALMGEO.md §1).
public struct CalmGeoConfig: Sendable, Hashable {
  /// Requested accuracy in metres (Core Location constants for the named cases; -1 = best).
  public var desiredAccuracy: Double = DesiredAccuracy.best.metres
  /// Base minimum movement between kept fixes, metres.
  public var distanceFilter: Int = 16
  /// Turns the speed elasticity off.
  public var disableSpeedMultiplier = false
  /// Scale of the speed elasticity.
  public var speedMultiplier: Double = 3.1
  /// Geofence radius while stationary, metres.
  public var stationaryRadius: Double = 25
  /// Upload endpoint; no url means no uploads.
  public var url: String? = nil
  /// Sent as `Authorization: Bearer <token>` (empty when nil).
  public var token: String? = nil
  /// Request timeout, milliseconds.
  public var httpTimeout: Int = 10_000
  /// HTTP method.
  public var method: HTTPMethod = .post
  /// Upload automatically.
  public var autoSync = false
  /// Stored count that triggers an automatic upload.
  public var syncThreshold: Int = 12
  /// Records per request.
  public var maxBatchSize: Int = 250
  /// A stored record expires this many days after it was stored.
  public var maxDaysToPersist: UInt32 = 7
  /// Attach a motion activity to each location.
  public var fetchActivity = false

  public init() {}

  /// The six `CalmGeoDesiredAccuracy` cases and their Core Location values.
  public enum DesiredAccuracy: String, CaseIterable, Sendable {
    case bestForNavigation, best, tenMeters, hundredMeters, kilometer, threeKilometer

    /// The Core Location constant, metres (negative for the "best" cases).
    public var metres: Double {
      switch self {
      case .bestForNavigation: -2
      case .best: -1
      case .tenMeters: 10
      case .hundredMeters: 100
      case .kilometer: 1000
      case .threeKilometer: 3000
      }
    }

    /// The React Native wrapper's spelling (`BEST_FOR_NAVIGATION`, ...).
    public var reactNativeName: String {
      switch self {
      case .bestForNavigation: "BEST_FOR_NAVIGATION"
      case .best: "BEST"
      case .tenMeters: "TEN_METERS"
      case .hundredMeters: "HUNDRED_METERS"
      case .kilometer: "KILOMETER"
      case .threeKilometer: "THREE_KILOMETER"
      }
    }
  }

  /// Upload methods (the React Native wrapper also names GET and DELETE).
  public enum HTTPMethod: String, CaseIterable, Sendable {
    case post = "POST"
    case put = "PUT"
    case get = "GET"
    case delete = "DELETE"
  }
}
