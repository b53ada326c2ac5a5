import CalmGeoReplay
import Foundation

/// The driver's request (JSON): the configuration as CalmGeo's own `CalmGeoConfig` decodes it,
/// the simulated network, the fixes with the values a `CLLocation` holds, and the app's calls
/// with their times resolved where the log fixes them.
package enum LibraryRequest {
  /// What the library engine cannot model, or nil: those options shape the built-in engine only.
  package static func unsupported(_ configuration: ReplayConfiguration) -> String? {
    let settings = configuration.replay
    var options: [String] = []
    if settings.platform.filtersDelivery { options.append("replay.platform") }
    if settings.geofenceExitDelay != 0 || settings.geofenceExitDelayMax != nil {
      options.append("replay.platform geofence exit delay")
    }
    if settings.geofenceMinimumRadius != 0 { options.append("geofence minimum radius") }
    if settings.model != .calmgeo { options.append("replay.model \(settings.model)") }
    if configuration.calmGeo.method == .get || configuration.calmGeo.method == .delete {
      options.append("method \(configuration.calmGeo.method.rawValue) (CalmGeo's RequestMethod has POST and PUT)")
    }
    guard !options.isEmpty else { return nil }
    return "the library engine runs CalmGeo's own code, which has no \(options.joined(separator: ", ")): "
      + "remove it from the configuration or replay with --engine builtin"
  }

  /// The request's JSON bytes.
  static func encode(fixes: [Fix], configuration: ReplayConfiguration) -> [UInt8] {
    var text = "{\"seed\":\(configuration.replay.seed),\"config\":"
    text += config(configuration.calmGeo)
    let network = configuration.replay.network
    text += ",\"network\":{\"latencyMin\":\(network.latencyMin),\"latencyMax\":\(network.latencyMax),"
    text += "\"schedule\":[" + network.schedule.map { "\"\($0)\"" }.joined(separator: ",") + "],"
    text += "\"loopSchedule\":\(network.loopSchedule),\"failureRate\":\(network.failureRate),"
    text += "\"failureStatus\":\(network.failureStatus)},\"calls\":["
    text += calls(configuration, fixes: fixes).joined(separator: ",")
    text += "],\"fixes\":["
    var bytes = Array(text.utf8)
    bytes.reserveCapacity(bytes.count + fixes.count * 120)
    for (index, fix) in fixes.enumerated() {
      if index > 0 { bytes.append(UInt8(ascii: ",")) }
      let values = [
        Double(fix.time), fix.latitude, fix.longitude, fix.altitude ?? -1, fix.horizontalAccuracy ?? -1,
        fix.verticalAccuracy ?? -1, fix.course ?? -1, -1, fix.speed ?? -1, fix.speedAccuracy ?? -1,
      ]
      bytes += Array(("[" + values.map { number($0) }.joined(separator: ",") + "]").utf8)
    }
    bytes += Array("]}".utf8)
    return bytes
  }

  private static func number(_ value: Double) -> String {
    value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : "\(value)"
  }

  private static func string(_ value: String) -> String {
    var escaped = "\""
    for scalar in value.unicodeScalars {
      switch scalar {
      case "\"": escaped += "\\\""
      case "\\": escaped += "\\\\"
      case _ where scalar.value < 0x20: escaped += String(format: "\\u%04x", scalar.value)
      default: escaped.unicodeScalars.append(scalar)
      }
    }
    return escaped + "\""
  }

  /// `CalmGeoConfig` as the library's Codable reads it.
  static func config(_ config: CalmGeoConfig) -> String {
    var fields = [
      "\"desiredAccuracy\":\(number(config.desiredAccuracy))", "\"distanceFilter\":\(config.distanceFilter)",
      "\"disableSpeedMultiplier\":\(config.disableSpeedMultiplier)", "\"speedMultiplier\":\(config.speedMultiplier)",
      "\"stationaryRadius\":\(config.stationaryRadius)", "\"httpTimeout\":\(config.httpTimeout)",
      "\"method\":\"\(config.method.rawValue)\"", "\"autoSync\":\(config.autoSync)",
      "\"syncThreshold\":\(config.syncThreshold)", "\"maxBatchSize\":\(config.maxBatchSize)",
      "\"maxDaysToPersist\":\(config.maxDaysToPersist)", "\"fetchActivity\":\(config.fetchActivity)",
    ]
    if let url = config.url { fields.append("\"url\":" + string(url)) }
    if let token = config.token { fields.append("\"token\":" + string(token)) }
    return "{" + fields.joined(separator: ",") + "}"
  }

  /// The scenario's calls (the standard one without a scenario), `restart`'s patches applied in
  /// file order to give each its whole configuration.
  static func calls(_ configuration: ReplayConfiguration, fixes: [Fix]) -> [String] {
    let finalSync = configuration.replay.finalSync
    let scenario = configuration.scenario.map { finalSync ? $0.withFinalSync() : $0 } ?? .standard(finalSync: finalSync)
    var current = configuration.calmGeo
    let first = fixes.first?.time ?? 0
    return scenario.entries.map { entry in
      var fields = ["\"name\":\"\(entry.call.name.rawValue)\""]
      switch entry.time {
      case .absolute(let time): fields.append("\"at\":\(time)")
      case .sinceFirstFix(let offset): fields.append("\"at\":\(first + offset)")
      case .atFix(let number):
        fields.append(number >= 1 && number <= fixes.count ? "\"at\":\(fixes[number - 1].time)" : "\"atEnd\":true")
      case .after(let event, let number, let offset):
        fields.append("\"afterEvent\":\"\(event.rawValue)\",\"afterNumber\":\(number),\"afterOffset\":\(offset)")
      case .end: fields.append("\"atEnd\":true")
      }
      if case .restart(let patch) = entry.call {
        current = patch.applied(to: current)
        fields.append("\"config\":" + config(current))
      }
      return "{" + fields.joined(separator: ",") + "}"
    }
  }
}
