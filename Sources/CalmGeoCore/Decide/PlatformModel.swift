/// What a real iPhone does between the GNSS receiver and the app (`replay.platform`),
/// beyond the geofence exit delay and minimum radius (`ReplaySettings`). Every rule is
/// off by default: the faithful replay is an ideal phone.
public struct PlatformModel: Sendable, Hashable {
  /// iOS 17 `CLLocationUpdate.liveUpdates` pauses while the device is stationary
  /// (`isStationary`): once the device has stayed within `radius` metres of a fix for
  /// `duration` ms, fixes are withheld until one lies farther than `radius` from it.
  public struct StationaryPause: Sendable, Hashable {
    /// Metres.
    public var radius: Double = 20
    /// Milliseconds.
    public var duration: Int64 = 30_000
    public init() {}
  }

  /// The stationary pause of live updates; `nil` = off.
  public var stationaryPause: StationaryPause?
  /// The accuracy gate: fixes whose horizontal accuracy is worse than a limit are not
  /// delivered (a fix without an accuracy passes).
  public enum AccuracyGate: Sendable, Hashable {
    /// The limit of the desiredAccuracy class (`PlatformModel.accuracyLimit(for:)`).
    case desiredAccuracyClass
    /// A limit in metres.
    case metres(Double)
  }

  /// The accuracy gate; `nil` = off.
  public var accuracyGate: AccuracyGate?
  /// At most one fix per this many ms is delivered (0 = every fix).
  public var minimumInterval: Int64 = 0
  /// While monitoring, a fix whose horizontal accuracy is worse than the geofence radius
  /// makes the monitor report `unknown`, which CalmGeo treats as an exit (CALMGEO.md §3).
  public var geofenceUnknown = false

  public init() {}

  /// Whether any delivery rule (pause, accuracy gate, rate) is on.
  public var filtersDelivery: Bool { stationaryPause != nil || accuracyGate != nil || minimumInterval > 0 }

  /// The gate's limit in metres for a run with `desiredAccuracy`; `nil` when off.
  public func accuracyLimit(desiredAccuracy: Double) -> Double? {
    switch accuracyGate {
    case nil: nil
    case .desiredAccuracyClass: Self.accuracyLimit(for: desiredAccuracy)
    case .metres(let limit): limit
    }
  }

  /// The accuracy limit of a desiredAccuracy class, metres: the upper edge of the class
  /// the battery estimate uses (`EnergyModel.accuracyClass`). GNSS class (best,
  /// bestForNavigation, tenMeters: desiredAccuracy < 100) 100 m; Wi-Fi class
  /// (hundredMeters) 1000 m; cell class (kilometer, threeKilometers) 3000 m.
  public static func accuracyLimit(for desiredAccuracy: Double) -> Double {
    desiredAccuracy < 100 ? 100 : desiredAccuracy < 1000 ? 1000 : 3000
  }
}
