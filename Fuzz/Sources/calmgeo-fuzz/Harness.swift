import CalmGeoReplay
import Foundation

/// What one run of the fuzzer feeds its inputs to, chosen by `CALMGEO_FUZZ_TARGET`
/// (libFuzzer owns the command line).
enum FuzzTarget: String, CaseIterable {
  /// Format detection (gzip included), then the parser it picks, then normalization.
  case detect
  /// One parser each, the format forced, then normalization.
  case csv, nmea, gpx, gnsslogger, json
  /// Detection, parsing and a replay with uploads (failures, latencies, final sync),
  /// every upload body and location written as JSON and checked.
  case replay
  /// The configuration decoder (`--config` files).
  case config
  /// The sweep-spec decoder (YAML or JSON).
  case sweep
  /// The JSON and YAML document readers themselves, then every document kind's decoder
  /// (DocumentHarness.swift).
  case jsondoc, yamldoc
  /// The recorded-network reader (`--network` files; NetworkHarness.swift).
  case network

  static let current: FuzzTarget = {
    let name = ProcessInfo.processInfo.environment["CALMGEO_FUZZ_TARGET"] ?? ""
    guard let target = FuzzTarget(rawValue: name) else {
      fatalError("set CALMGEO_FUZZ_TARGET to one of: \(allCases.map(\.rawValue).joined(separator: ", "))")
    }
    return target
  }()

  var forcedFormat: InputFormat? {
    switch self {
    case .csv: .csv
    case .nmea: .nmea
    case .gpx: .gpx
    case .gnsslogger: .gnssLogger
    case .json: .calmgeoJSON
    default: nil
    }
  }
}

/// A configuration with uploads that fail often and answer late, so that retries,
/// expiry and the final sync all run.
let uploadConfiguration: ReplayConfiguration = {
  let text = """
    {"distanceFilter": 5, "url": "https://fuzz.test/v1", "autoSync": true, "syncThreshold": 3,
     "maxBatchSize": 4, "maxDaysToPersist": 1,
     "replay": {"seed": 7, "finalSync": true, "network": {"latencyMs": [10, 90000], "failureRate": 0.4}}}
    """
  do {
    return try ReplayConfigurationDecoder.decode(Data(text.utf8), source: "fuzz-config.json")
  } catch {
    fatalError("the harness's own configuration is refused: \(error)")
  }
}()

/// Stops the fuzzer with a finding when `condition` fails.
@inline(__always)
func invariant(_ condition: Bool, _ message: @autoclosure () -> String) {
  if !condition { fatalError("invariant broken: \(message())") }
}

/// Checks what every fix handed to the engine must satisfy.
func check(_ fix: Fix) {
  invariant(fix.time >= UTCTime.earliest && fix.time <= UTCTime.latest, "time \(fix.time) out of range")
  invariant(fix.latitude.isFinite && abs(fix.latitude) <= 90, "latitude \(fix.latitude)")
  invariant(fix.longitude.isFinite && abs(fix.longitude) <= 180, "longitude \(fix.longitude)")
  for value in [fix.altitude, fix.speed, fix.course, fix.horizontalAccuracy, fix.verticalAccuracy, fix.hdop] {
    if let value { invariant(value.isFinite, "a value of \(value)") }
  }
}

/// Checks that `bytes` is valid JSON.
func checkJSON(_ bytes: [UInt8], _ what: String) {
  let valid = (try? JSONSerialization.jsonObject(with: Data(bytes), options: [.fragmentsAllowed])) != nil
  invariant(valid, "\(what) is not valid JSON: \(String(decoding: bytes.prefix(200), as: UTF8.self))")
}

func runOne(_ bytes: [UInt8]) {
  let target = FuzzTarget.current
  switch target {
  case .config:
    _ = try? ReplayConfigurationDecoder.decode(Data(bytes), source: "fuzz.json")
  case .sweep:
    _ = try? DocumentCheck.sweepSpec(String(decoding: bytes, as: UTF8.self), source: "fuzz.yaml")
  case .jsondoc, .yamldoc:
    DocumentHarness.run(bytes, yaml: target == .yamldoc)
  case .network:
    NetworkHarness.run(bytes)
  case .detect, .csv, .nmea, .gpx, .gnsslogger, .json:
    do {
      let opened = try InputOpener.open(MemoryByteSource(bytes, name: "fuzz"), forcedFormat: target.forcedFormat)
      let track = try TrackReader.load(opened)
      var previous = Int64.min
      for fix in track.fixes {
        check(fix)
        invariant(fix.time >= previous, "normalized fixes out of time order")
        previous = fix.time
      }
    } catch {}
  case .replay:
    do {
      let opened = try InputOpener.open(MemoryByteSource(bytes, name: "fuzz"))
      var observer = CollectingObserver()
      let result = try ReplayRunner.run(
        source: ReplayLog(opened, options: ParseOptions()), configuration: uploadConfiguration, observer: &observer,
        options: ReplayOptions(metrics: true))
      _ = result
      for location in observer.locations { checkJSON(CalmGeoJSONWriter.encode(location), "a location") }
      for body in observer.bodies { checkJSON(body, "an upload body") }
    } catch {}
  }
}

/// libFuzzer's callback: one input.
func fuzzOne(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  runOne(size == 0 || data == nil ? [] : Array(UnsafeBufferPointer(start: data, count: size)))
  return 0
}
