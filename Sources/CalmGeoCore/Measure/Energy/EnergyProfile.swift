/// Named sets of `EnergyModel` coefficients, each from a published source (`replay.energy.profile`).
///
/// Currents are the *additional* current of a subsystem, mA, as Android's `power_profile.xml`
/// states them; the phones' values are the device makers' measured profiles. Where a profile has
/// no figure (Wi-Fi-class or cell-class location, region monitoring, a wake-up) it keeps the
/// default's, so profiles differ where their sources do: GNSS current, the radio and its tail,
/// and the battery.
public enum EnergyProfile: String, CaseIterable, Sendable, Hashable, Codable {
  /// The built-in coefficients (`EnergyModel()`): a fixed charge per request, no shared tail.
  case `default`
  /// AOSP `frameworks/base/core/res/res/xml/power_profile.xml`: the example real-world values in its
  /// comments (gps.on ~50 mA, radio.active ~200 mA); its own numbers are deliberate dummies.
  case aospExample = "aosp-example"
  /// Nexus 5 (hammerhead) `power_profile.xml`: gps.on 76.23 mA, radio.active 185.19 mA, 2300 mAh.
  case nexus5
  /// Pixel 2 XL (taimen) `power_profile.xml`: gps.on 30 mA, radio.active 50 mA, 3520 mAh.
  case pixel2XL = "pixel2xl"
  /// PowerTutor's HTC Dream model (Zhang et al., CODES+ISSS 2010; `DreamConstants.java`) at its
  /// 3.7 V: GPS on 429.55 mW → 116.1 mA; 3G DCH 570 mW for 6 s then FACH 401 mW for 4 s after a
  /// transfer → one 10 s tail of the same charge, (570·6 + 401·4)/10/3.7 = 135.8 mA; 1150 mAh.
  case powerTutorDream = "powertutor-dream"

  /// The radio tail assumed for the phones' profiles, seconds: LTE's RRC inactivity timer
  /// (Huang et al., MobiSys 2012: 11.576 s); power_profile.xml has no tail.
  public static let lteTailSeconds = 11.576

  /// The model of this profile.
  public var model: EnergyModel {
    var m = EnergyModel()
    switch self {
    case .default:
      return m
    case .aospExample:
      m.gpsMilliamps = 50
      m.radioMilliamps = 200
      m.radioTailSeconds = Self.lteTailSeconds
    case .nexus5:
      m.gpsMilliamps = 76.23
      m.radioMilliamps = 185.19
      m.radioTailSeconds = Self.lteTailSeconds
      m.batteryMilliampHours = 2300
    case .pixel2XL:
      m.gpsMilliamps = 30
      m.radioMilliamps = 50
      m.radioTailSeconds = Self.lteTailSeconds
      m.batteryMilliampHours = 3520
    case .powerTutorDream:
      m.gpsMilliamps = 429.55 / 3.7
      m.radioMilliamps = (570 * 6 + 401 * 4) / 10 / 3.7
      m.radioTailSeconds = 10
      m.batteryMilliampHours = 1150
    }
    m.profile = rawValue
    return m
  }
}

/// The seconds the radio is kept active by requests sent at `times` (ms, any order): each keeps it
/// active for `tail` seconds from its sending, and requests inside one tail share it (the union of
/// the intervals [t, t + tail]).
public func radioActiveSeconds(requestTimes times: [Int64], tail: Double) -> Double {
  guard tail > 0, !times.isEmpty else { return 0 }
  let tailMillis = tail * 1000
  var total = 0.0
  var end = -Double.infinity
  for time in times.sorted() {
    let start = Double(time)
    total += Swift.max(0, start + tailMillis - Swift.max(start, end))
    end = Swift.max(end, start + tailMillis)
  }
  return total / 1000
}
