import ArgumentParser
import CalmGeoReplay

extension FilterModel: ExpressibleByArgument {}

/// The filter model and the platform's realism rules on the command line; each overrides
/// the config file's `replay.model` / `replay.platform` (all off by default).
struct ModelOptions: ParsableArguments {
  @Option(help: ArgumentHelp(
    "Filter model: calmgeo (default), bg-docs, bg-android, ios-distance-filter or significant-change.",
    valueName: "model"))
  var model: FilterModel?

  @Option(name: .customLong("platform-stationary-pause"), help: ArgumentHelp(
    "Withhold fixes once the device stays within R m for T s, as iOS 17 live updates pause (e.g. 20,30).",
    valueName: "R,T"))
  var stationaryPause: String?

  @Option(name: .customLong("platform-accuracy-gate"), help: ArgumentHelp(
    "Withhold fixes less accurate than the desiredAccuracy class ('class') or than this many metres.",
    valueName: "class|m"))
  var accuracyGate: String?

  @Option(name: .customLong("platform-min-interval"), help: ArgumentHelp(
    "Deliver at most one fix per this many seconds.", valueName: "s"))
  var minimumInterval: Double?

  @Option(name: .customLong("platform-exit-delay"), help: ArgumentHelp(
    "Report a geofence exit this many seconds after the first fix outside, or a seeded range (40-60).",
    valueName: "s"))
  var exitDelay: String?

  @Flag(name: .customLong("platform-unknown"), help: "Treat a fix less accurate than the geofence radius as the monitor's unknown state (an exit).")
  var geofenceUnknown = false

  func validate() throws {
    var configuration = ReplayConfiguration()
    try apply(to: &configuration)
  }

  /// Applies the options that were given on top of `configuration`.
  func apply(to configuration: inout ReplayConfiguration) throws {
    if let model { configuration.replay.model = model }
    if let stationaryPause {
      let parts = stationaryPause.split(separator: ",").map { Double($0.trimmingCharacters(in: .whitespaces)) }
      guard parts.count == 2, let radius = parts[0], let seconds = parts[1], radius >= 0, seconds >= 0 else {
        throw ValidationError("--platform-stationary-pause takes metres,seconds (e.g. 20,30), found '\(stationaryPause)'.")
      }
      var pause = PlatformModel.StationaryPause()
      pause.radius = radius
      pause.duration = Int64((seconds * 1000).rounded())
      configuration.replay.platform.stationaryPause = pause
    }
    if let accuracyGate {
      if accuracyGate == "class" {
        configuration.replay.platform.accuracyGate = .desiredAccuracyClass
      } else if let metres = Double(accuracyGate), metres > 0 {
        configuration.replay.platform.accuracyGate = .metres(metres)
      } else {
        throw ValidationError("--platform-accuracy-gate takes 'class' or metres above 0, found '\(accuracyGate)'.")
      }
    }
    if let minimumInterval {
      guard minimumInterval >= 0 else { throw ValidationError("--platform-min-interval must be 0 or more seconds.") }
      configuration.replay.platform.minimumInterval = Int64((minimumInterval * 1000).rounded())
    }
    if let exitDelay {
      let parts = exitDelay.split(separator: "-", omittingEmptySubsequences: false)
        .map { Double($0.trimmingCharacters(in: .whitespaces)) }
      guard (1...2).contains(parts.count), let low = parts[0], let high = parts.last!, low >= 0, high >= low else {
        throw ValidationError("--platform-exit-delay takes seconds (45) or a range (40-60), found '\(exitDelay)'.")
      }
      configuration.replay.geofenceExitDelay = Int64((low * 1000).rounded())
      configuration.replay.geofenceExitDelayMax = high > low ? Int64((high * 1000).rounded()) : nil
    }
    if geofenceUnknown { configuration.replay.platform.geofenceUnknown = true }
  }
}
