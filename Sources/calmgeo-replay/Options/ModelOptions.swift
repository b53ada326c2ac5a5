import ArgumentParser
import CalmGeoReplay
import Foundation

extension FilterModel: ExpressibleByArgument {}

/// The filter model and the platform's realism rules on the command line; each overrides
/// the config file's `replay.model` / `replay.platform` (all off by default).
struct ModelOptions: ParsableArguments {
  @Option(
    help: ArgumentHelp(
      "Filter model: calmgeo (default), bg-docs, bg-android, ios-distance-filter or significant-change.",
      valueName: "model"))
  var model: FilterModel?

  @Option(
    name: .customLong("platform-stationary-pause"),
    help: ArgumentHelp(
      "Withhold fixes once the device stays within R m for T s, as iOS 17 live updates pause (e.g. 20,30).",
      valueName: "R,T"))
  var stationaryPause: String?

  @Option(
    name: .customLong("platform-accuracy-gate"),
    help: ArgumentHelp(
      "Withhold fixes less accurate than the desiredAccuracy class ('class') or than this many metres.",
      valueName: "class|m"))
  var accuracyGate: String?

  @Option(
    name: .customLong("platform-min-interval"),
    help: ArgumentHelp(
      "Deliver at most one fix per this many seconds.", valueName: "s"))
  var minimumInterval: Double?

  @Option(
    name: .customLong("platform-exit-delay"),
    help: ArgumentHelp(
      "Report a geofence exit this many seconds after the first fix outside, or a seeded range (40-60).",
      valueName: "s"))
  var exitDelay: String?

  @Flag(
    name: .customLong("platform-unknown"),
    help: "Treat a fix less accurate than the geofence radius as the monitor's unknown state (an exit).")
  var geofenceUnknown = false

  func validate() throws {
    var configuration = ReplayConfiguration()
    try apply(to: &configuration)
  }

  /// Applies the options that were given on top of `configuration`.
  ///
  /// Each number goes through the config decoder as the config key it sets
  /// (`replay.platform.*`), so a flag accepts exactly what a config file accepts
  /// (`NumberBounds`), and its errors name the flag, the key and the bound.
  func apply(to configuration: inout ReplayConfiguration) throws {
    if let model { configuration.replay.model = model }
    if let stationaryPause {
      let parts = stationaryPause.split(separator: ",").map { Double($0.trimmingCharacters(in: .whitespaces)) }
      guard parts.count == 2, let radius = parts[0], let seconds = parts[1], radius >= 0, seconds >= 0,
        radius.isFinite, seconds.isFinite
      else {
        throw ValidationError(
          "--platform-stationary-pause takes metres,seconds (e.g. 20,30), found '\(stationaryPause)'.")
      }
      let pause = SpecNode(.object([.init("radius", number(radius)), .init("duration", number(seconds))]))
      configuration.replay.platform.stationaryPause = try Self.decode(
        "--platform-stationary-pause", key: "stationaryPause", value: pause
      ).replay.platform.stationaryPause
    }
    if let accuracyGate {
      if accuracyGate == "class" {
        configuration.replay.platform.accuracyGate = .desiredAccuracyClass
      } else if let metres = Double(accuracyGate), metres > 0, metres.isFinite {
        configuration.replay.platform.accuracyGate = try Self.decode(
          "--platform-accuracy-gate", key: "accuracyGate", value: number(metres)
        ).replay.platform.accuracyGate
      } else {
        throw ValidationError("--platform-accuracy-gate takes 'class' or metres above 0, found '\(accuracyGate)'.")
      }
    }
    if let minimumInterval {
      guard minimumInterval >= 0, minimumInterval.isFinite else {
        throw ValidationError("--platform-min-interval must be 0 or more seconds.")
      }
      configuration.replay.platform.minimumInterval = try Self.decode(
        "--platform-min-interval", key: "minimumInterval", value: number(minimumInterval)
      ).replay.platform.minimumInterval
    }
    if let exitDelay {
      let parts = exitDelay.split(separator: "-", omittingEmptySubsequences: false)
        .map { Double($0.trimmingCharacters(in: .whitespaces)) }
      guard (1...2).contains(parts.count), let low = parts[0], let high = parts[parts.count - 1], low >= 0, high >= low,
        high.isFinite
      else {
        throw ValidationError("--platform-exit-delay takes seconds (45) or a range (40-60), found '\(exitDelay)'.")
      }
      let value = high > low ? SpecNode(.array([number(low), number(high)])) : number(low)
      let decoded = try Self.decode("--platform-exit-delay", key: "geofenceExitDelay", value: value).replay
      configuration.replay.geofenceExitDelay = decoded.geofenceExitDelay
      configuration.replay.geofenceExitDelayMax = decoded.geofenceExitDelayMax
    }
    if geofenceUnknown { configuration.replay.platform.geofenceUnknown = true }
  }

  private func number(_ value: Double) -> SpecNode { SpecNode(.number(value)) }

  /// A configuration holding only `replay.platform.<key>: value`, read by the config
  /// decoder; its error becomes the flag's usage error.
  private static func decode(_ flag: String, key: String, value: SpecNode) throws -> ReplayConfiguration {
    let path = "replay.platform.\(key)"
    let object = SpecNode.object(setting: path, to: value)
    do {
      return try ReplayConfigurationDecoder.decode(object, source: flag, positions: false)
    } catch {
      let key = error.key.isEmpty ? path : error.key
      throw ValidationError("\(flag) \(error.reason) (the bound of '\(key)' in a config file).")
    }
  }
}
