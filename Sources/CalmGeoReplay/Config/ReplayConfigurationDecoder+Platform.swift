extension ReplayConfigurationDecoder {
  static let platformKeys = [
    "geofenceExitDelay", "geofenceMinimumRadius", "geofenceUnknown", "stationaryPause", "accuracyGate",
    "minimumInterval",
  ]
  static let stationaryPauseKeys = ["radius", "duration"]
}

extension ReplayConfigurationDecoder.Reader {
  /// `replay.model`: one of `FilterModel.names`.
  func model(_ value: SpecNode) throws(DocumentError) -> FilterModel {
    let key = "replay.model"
    let text = try string(value, key) ?? FilterModel.calmgeo.rawValue
    guard let model = FilterModel(rawValue: text) else {
      let hint = ClosestName.find(text, in: FilterModel.names).map { "did you mean '\($0)'? " } ?? ""
      throw fail(
        key, "unknown model \(value.quoted); \(hint)known models: \(FilterModel.names.joined(separator: ", "))",
        at: value)
    }
    return model
  }

  /// `replay.platform`: seconds and metres, each rule off unless given.
  func platform(_ value: SpecNode, into settings: inout ReplaySettings) throws(DocumentError) {
    let fields = try object(value, path: "replay.platform", known: ReplayConfigurationDecoder.platformKeys)
    for (key, value) in fields {
      let path = "replay.platform.\(key)"
      switch key {
      case "geofenceExitDelay":
        let (low, high) = try secondsRange(value, path)
        settings.geofenceExitDelay = low
        settings.geofenceExitDelayMax = high > low ? high : nil
      case "geofenceMinimumRadius": settings.geofenceMinimumRadius = try nonNegative(value, path)
      case "geofenceUnknown": settings.platform.geofenceUnknown = try bool(value, path)
      case "minimumInterval": settings.platform.minimumInterval = Self.millis(try nonNegative(value, path))
      case "accuracyGate":
        switch value.kind {
        case .bool(let on): settings.platform.accuracyGate = on ? .desiredAccuracyClass : nil
        case .number:
          let limit = try nonNegative(value, path)
          guard limit > 0 else { throw fail(path, "must be more than 0 metres, found \(value.quoted)", at: value) }
          settings.platform.accuracyGate = .metres(limit)
        default:
          throw fail(
            path, "expected true (the desiredAccuracy class's limit), false or metres, found \(value.quoted)", at: value
          )
        }
      default: settings.platform.stationaryPause = try stationaryPause(value, path)
      }
    }
  }

  /// `stationaryPause`: `true` (defaults), `false`, or `{radius, duration}` (metres, seconds).
  private func stationaryPause(_ value: SpecNode, _ path: String) throws(DocumentError) -> PlatformModel
    .StationaryPause?
  {
    if case .bool(let on) = value.kind { return on ? PlatformModel.StationaryPause() : nil }
    guard case .object = value.kind else {
      throw fail(
        path, "expected true, false or {\"radius\": metres, \"duration\": seconds}, found \(value.quoted)", at: value)
    }
    _ = try object(value, path: path, known: ReplayConfigurationDecoder.stationaryPauseKeys)  // refuses unknown keys
    var pause = PlatformModel.StationaryPause()
    if let radius = value["radius"] { pause.radius = try nonNegative(radius, "\(path).radius") }
    if let duration = value["duration"] { pause.duration = Self.millis(try nonNegative(duration, "\(path).duration")) }
    return pause
  }

  /// Seconds, or `[min, max]` seconds for a seeded draw; in milliseconds.
  private func secondsRange(_ value: SpecNode, _ path: String) throws(DocumentError) -> (Int64, Int64) {
    switch value.kind {
    case .number:
      let ms = Self.millis(try delaySeconds(value, path))
      return (ms, ms)
    case .array(let bounds) where bounds.count == 2:
      // Errors in a pair point at the pair.
      let low = try delaySeconds(bounds[0].placed(at: value), path)
      let high = try delaySeconds(bounds[1].placed(at: value), path)
      guard high >= low else {
        throw fail(path, "expected [min, max] with min ≤ max, found \(value.quoted)", at: value)
      }
      return (Self.millis(low), Self.millis(high))
    default:
      throw fail(path, "expected seconds or [min, max] seconds, found \(value.quoted)", at: value)
    }
  }

  /// A platform delay in seconds: 0 to a day.
  private func delaySeconds(_ value: SpecNode, _ path: String) throws(DocumentError) -> Double {
    let number = try number(value, path)
    let bounds = NumberBounds.delaySeconds
    guard number >= bounds.lowerBound else { throw fail(path, "must be 0 or more, found \(value.quoted)", at: value) }
    guard number <= bounds.upperBound else {
      throw fail(path, "must be at most 86400 seconds (a day), found \(value.quoted)", at: value)
    }
    return number
  }

  private func nonNegative(_ value: SpecNode, _ path: String) throws(DocumentError) -> Double {
    let number = try number(value, path)
    guard NumberBounds.platformMeasure.contains(number) else {
      throw fail(path, "must be between 0 and 1000000000, found \(value.quoted)", at: value)
    }
    return number
  }

  private static func millis(_ seconds: Double) -> Int64 { Int64((seconds * 1000).rounded()) }
}
