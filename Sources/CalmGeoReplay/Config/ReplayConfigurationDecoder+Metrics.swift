extension ReplayConfigurationDecoder {
  static let energyKeys = [
    "gpsMilliamps", "wifiMilliamps", "cellMilliamps", "monitoringMilliamps", "wakeupMilliampHours",
    "requestMilliampHours", "megabyteMilliampHours", "batteryMilliampHours", "profile", "radioMilliamps",
    "radioTailSeconds",
  ]
  static let metricsKeys = ["stopRadius", "stopMinDuration"]
}

extension ReplayConfigurationDecoder.Reader {
  /// `replay.energy`: the battery model's coefficients, each a number from 0 to 10^6 (battery from 1).
  func energy(_ value: SpecNode) throws(DocumentError) -> EnergyModel {
    let fields = try object(value, path: "replay.energy", known: ReplayConfigurationDecoder.energyKeys)
    var model = EnergyModel()
    if let name = value["profile"] {
      let names = EnergyProfile.allCases.map(\.rawValue)
      guard case .string(let text) = name.kind, let profile = EnergyProfile(rawValue: text) else {
        throw fail(
          "replay.energy.profile", "must be one of \(names.joined(separator: ", ")), found \(name.quoted)", at: name)
      }
      model = profile.model
    }
    for (key, value) in fields where key != "profile" {
      let path = "replay.energy.\(key)"
      let number = try number(value, path)
      guard NumberBounds.energyCoefficient.contains(number) else {
        throw fail(path, "must be between 0 and 1000000, found \(value.quoted)", at: value)
      }
      switch key {
      case "gpsMilliamps": model.gpsMilliamps = number
      case "wifiMilliamps": model.wifiMilliamps = number
      case "cellMilliamps": model.cellMilliamps = number
      case "monitoringMilliamps": model.monitoringMilliamps = number
      case "wakeupMilliampHours": model.wakeupMilliampHours = number
      case "requestMilliampHours": model.requestMilliampHours = number
      case "megabyteMilliampHours": model.megabyteMilliampHours = number
      case "radioMilliamps": model.radioMilliamps = number
      case "radioTailSeconds": model.radioTailSeconds = number
      default:
        // At least 1 mAh: a phone's battery holds 1000-6000, and a tiny one (1e-300) made
        // every percentage overflow the report's number formatting.
        guard NumberBounds.batteryMilliampHours.contains(number) else {
          throw fail(
            path, "must be at least 1 (mAh; a phone's battery holds 1000 to 6000), found \(value.quoted)", at: value)
        }
        model.batteryMilliampHours = number
      }
    }
    return model
  }

  /// `replay.metrics`: the ground-truth stop rule (radius in metres, duration in seconds).
  func metrics(_ value: SpecNode, into settings: inout ReplaySettings) throws(DocumentError) {
    let fields = try object(value, path: "replay.metrics", known: ReplayConfigurationDecoder.metricsKeys)
    for (key, value) in fields {
      let path = "replay.metrics.\(key)"
      let number = try number(value, path)
      guard number > 0, number <= NumberBounds.stopRule.upperBound else {
        throw fail(path, "must be more than 0 (and at most 10000000), found \(value.quoted)", at: value)
      }
      if key == "stopRadius" {
        settings.stopRadius = number
      } else {
        settings.stopMinDuration = Int64((number * 1000).rounded())
      }
    }
  }
}
