/// A small parametric battery model that turns what a replay did into an estimate.
///
/// A proxy for ranking configurations against each other, not a measurement: real
/// drain depends on the phone, the OS, the radio and what else runs. Coefficients live
/// in the config (`replay.energy`); the defaults come from published measurements:
/// - GPS on: 143 mW in Carroll & Heiser, "An Analysis of Power Consumption in a
///   Smartphone" (USENIX ATC 2010) → 37 mA at 3.85 V for `best`/`bestForNavigation`
///   and `tenMeters` (GNSS); `hundredMeters` is served mostly by Wi-Fi (10 mA),
///   `kilometer`/`threeKilometers` by cell (3 mA).
/// - Monitoring a region (cell and Wi-Fi based, no GNSS): 1 mA.
/// - A geofence wake-up: the app runs about 10 s at about 100 mA → 0.28 mAh.
/// - One HTTP request on LTE: the radio's tail (about 11.6 s at about 1 W, Huang et
///   al., "A Close Examination of Performance and Power Characteristics of 4G LTE
///   Networks", MobiSys 2012) ≈ 12 J ≈ 0.87 mAh; bytes: 0.23 mAh per MB on uplink.
/// - Battery: 3000 mAh.
public struct EnergyModel: Sendable, Hashable, Codable {
  /// Current while listening with GNSS-class accuracy (desiredAccuracy < 100 m), mA.
  public var gpsMilliamps: Double = 37
  /// Current while listening with `hundredMeters` accuracy (100 ≤ desiredAccuracy < 1000), mA.
  public var wifiMilliamps: Double = 10
  /// Current while listening with `kilometer` or coarser accuracy, mA.
  public var cellMilliamps: Double = 3
  /// Current while monitoring the stationary geofence, mA.
  public var monitoringMilliamps: Double = 1
  /// Charge per geofence wake-up, mAh.
  public var wakeupMilliampHours: Double = 0.28
  /// Charge per HTTP request (radio tail included), mAh.
  public var requestMilliampHours: Double = 0.87
  /// Charge per megabyte of request bodies, mAh.
  public var megabyteMilliampHours: Double = 0.23
  /// Battery capacity, mAh.
  public var batteryMilliampHours: Double = 3000
  /// The profile these coefficients started from (`replay.energy.profile`); absent for the default.
  public var profile: String?
  /// With a radio tail: the radio's active current, mA (then `requestMilliampHours` is not used).
  public var radioMilliamps: Double?
  /// The radio tail, seconds: a request keeps the radio active this long, and requests inside
  /// one tail share it. Absent: a fixed `requestMilliampHours` per request.
  public var radioTailSeconds: Double?

  /// A per-hour rate needs at least this much listening + monitoring time (5 minutes): below it
  /// one-off costs dominate and the rate extrapolates them (a 1-second log read 210 %/h). At 5 minutes
  /// one request and one wake-up (1.15 mAh with the default coefficients) add at most 0.46 %/h of a
  /// 3000 mAh battery.
  public static let minimumHoursForRate = 5.0 / 60

  public init() {}

  /// The accuracy class of a `desiredAccuracy` (metres; negative = best).
  public static func accuracyClass(_ desiredAccuracy: Double) -> String {
    desiredAccuracy < 100 ? "gps" : desiredAccuracy < 1000 ? "wifi" : "cell"
  }

  /// The listening current for an accuracy class, mA.
  public func listeningMilliamps(_ accuracyClass: String) -> Double {
    switch accuracyClass {
    case "wifi": wifiMilliamps
    case "cell": cellMilliamps
    default: gpsMilliamps
    }
  }

  /// The estimate for a finished replay.
  public func estimate(_ result: ReplayResult) -> EnergyStats { estimate(result, withProfiles: true) }

  func estimate(_ result: ReplayResult, withProfiles: Bool) -> EnergyStats {
    let m = result.machine
    let u = result.uploads
    let accuracyClass = Self.accuracyClass(result.configuration?.calmGeo.desiredAccuracy ?? -1)
    let listeningHours = Double(m.millisListening) / 3_600_000
    let monitoringHours = Double(m.millisMonitoring) / 3_600_000
    let listening = listeningHours * listeningMilliamps(accuracyClass)
    let monitoring = monitoringHours * monitoringMilliamps
    let wakeups = Double(m.geofenceExits + m.significantChanges) * wakeupMilliampHours
    let requests = requestCharge(result.uploads)
    let bytes = Double(u.bytesSent) / 1_000_000 * megabyteMilliampHours
    let total = listening + monitoring + wakeups + requests + bytes
    let hours = listeningHours + monitoringHours
    return EnergyStats(
      profile: profile, profiles: withProfiles ? Self.profileEstimates(result) : nil,
      secondsListeningByAccuracy: [accuracyClass: Double(m.millisListening) / 1000],
      secondsMonitoring: Double(m.millisMonitoring) / 1000, geofenceWakeups: m.geofenceExits + m.significantChanges,
      requests: u.requests, bytes: u.bytesSent,
      milliampHours: .init(
        listening: Self.round(listening), monitoring: Self.round(monitoring),
        wakeups: Self.round(wakeups), requests: Self.round(requests),
        bytes: Self.round(bytes), total: Self.round(total)),
      percentPerHour: hours >= Self.minimumHoursForRate ? Self.round(total / hours / batteryMilliampHours * 100) : nil)
  }

  /// The charge of the requests, mAh: a fixed one each, or the radio's shared tails.
  package func requestCharge(_ uploads: UploadCounters) -> Double {
    guard let tail = radioTailSeconds, let current = radioMilliamps else {
      return Double(uploads.requests) * requestMilliampHours
    }
    return radioActiveSeconds(requestTimes: uploads.requestTimes, tail: tail) / 3600 * current
  }

  /// The estimate under every built-in profile (`EnergyStats.profiles`).
  static func profileEstimates(_ result: ReplayResult) -> EnergyStats.ProfileEstimates {
    func estimate(_ profile: EnergyProfile) -> EnergyStats.ProfileEstimate {
      let stats = profile.model.estimate(result, withProfiles: false)
      return .init(milliampHours: stats.milliampHours.total, percentPerHour: stats.percentPerHour)
    }
    return .init(
      default: estimate(.default), aospExample: estimate(.aospExample), nexus5: estimate(.nexus5),
      pixel2xl: estimate(.pixel2XL), powertutorDream: estimate(.powerTutorDream))
  }

  static func round(_ value: Double) -> Double { (value * 1e4).rounded() / 1e4 }
}

/// What the energy model estimates for one replay (a proxy for ranking, not a measurement).
public struct EnergyStats: Codable, Sendable, Hashable {
  /// The profile the configured coefficients started from (absent: the default).
  public var profile: String?
  /// The total under every built-in profile (`EnergyProfile`), by name, whatever the configuration's
  /// own coefficients: the spread of the estimate across phones (absent in files before version 3).
  public var profiles: ProfileEstimates?
  /// Seconds listening, by accuracy class (`gps`, `wifi`, `cell`).
  public var secondsListeningByAccuracy: [String: Double]
  public var secondsMonitoring: Double
  /// Wake-ups of the app: geofence exits (and significant-change deliveries).
  public var geofenceWakeups: Int
  public var requests: Int
  /// Request body bytes.
  public var bytes: Int
  public var milliampHours: Charge
  /// Total charge per hour of listening + monitoring, as % of the battery; absent below
  /// `EnergyModel.minimumHoursForRate` (5 minutes), where one-off costs would be extrapolated.
  public var percentPerHour: Double?

  /// The estimate under each built-in profile (fixed keys, so stats.json keeps its order and each
  /// number has a path: `energy.profiles.nexus5.percentPerHour`).
  public struct ProfileEstimates: Codable, Sendable, Hashable {
    public var `default`: ProfileEstimate
    public var aospExample: ProfileEstimate
    public var nexus5: ProfileEstimate
    public var pixel2xl: ProfileEstimate
    public var powertutorDream: ProfileEstimate

    /// Every profile's estimate with its `replay.energy.profile` name, in `EnergyProfile` order.
    public var all: [(name: String, estimate: ProfileEstimate)] {
      [
        (EnergyProfile.default.rawValue, `default`), (EnergyProfile.aospExample.rawValue, aospExample),
        (EnergyProfile.nexus5.rawValue, nexus5), (EnergyProfile.pixel2XL.rawValue, pixel2xl),
        (EnergyProfile.powerTutorDream.rawValue, powertutorDream),
      ]
    }
  }

  /// One profile's estimate.
  public struct ProfileEstimate: Codable, Sendable, Hashable {
    /// Total charge, mAh (4 decimals).
    public var milliampHours: Double
    /// As `EnergyStats.percentPerHour`, under the profile's battery.
    public var percentPerHour: Double?
  }

  /// Charge by cause, mAh (4 decimals).
  public struct Charge: Codable, Sendable, Hashable {
    public var listening: Double
    public var monitoring: Double
    public var wakeups: Double
    public var requests: Double
    public var bytes: Double
    public var total: Double
  }
}
