import CalmGeo
import CoreLocation
import Foundation
import MMKV
import PlatformNetworking
import VirtualPlatform

/// Drives CalmGeo as an app does (create, register the listener, the scenario's calls at their
/// virtual times) while the stand-ins feed it the log's fixes, one at a time, each at its own
/// virtual time; after every step the library's tasks run to completion (`JobQueue.drain`).
final class Driver {
  private let request: DriverRequest
  private let recorder: Recorder
  private var scheduler: Scheduler
  private var service: CalmGeoServiceType?
  private var mode = "stopped"
  private lazy var listener: CalmGeoLocationListener = { [recorder] location in recorder.heard(location) }

  init(request: DriverRequest, recorder: Recorder) {
    self.request = request
    self.recorder = recorder
    scheduler = Scheduler(request.calls)
    let network = DriverNetwork(model: request.network, seed: request.seed)
    VirtualNetwork.shared.answer = { network.answer(index: $0, timeoutMs: $1) }
    VirtualNetwork.shared.nowMs = { VirtualClock.nowMs }
    VirtualNetwork.shared.onSend = { recorder.sent($0) }
    VirtualNetwork.shared.onComplete = { recorder.completed($0) }
    MMKVStore.nowMs = { VirtualClock.nowMs }
    MMKVStore.observer = recorder
    recorder.now = { VirtualClock.nowMs }
    LocationWorld.shared.onModeChange = nil
  }

  func run() {
    recorder.onEvent = { [unowned self] kind in scheduler.occurred(kind, at: VirtualClock.nowMs) }
    let fixes = request.fixes
    for (index, values) in fixes.enumerated() {
      let time = Int64(values[0])
      runCalls(upTo: time, arriving: values)
      advance(to: time)
      VirtualClock.processing(fix: index + 1, at: time)
      LocationWorld.shared.deliver(location(values))
      settle()
      scheduler.occurred("fix", at: time)
      runCalls(upTo: time, arriving: nil)
    }
    if let last = fixes.last {
      let time = Int64(last[0])
      scheduler.end(at: time)
      runCalls(upTo: time, arriving: nil)
    }
    while let completion = VirtualNetwork.shared.nextCompletion {
      VirtualClock.nowMs = completion
      _ = VirtualNetwork.shared.completeNext(by: completion)
      settle()
    }
    recorder.write(DriverRecord(k: "end", t: VirtualClock.nowMs))
  }

  /// A fix as Core Location would hold it; its timestamp is `Date()` at its own time (the same
  /// arithmetic as every other `Date()` the library reads, so that equal times compare equal).
  private func location(_ values: [Double]) -> CLLocation {
    VirtualClock.nowMs = Int64(values[0])
    return CLLocation(
      coordinate: CLLocationCoordinate2D(latitude: values[1], longitude: values[2]), altitude: values[3],
      horizontalAccuracy: values[4], verticalAccuracy: values[5], course: values[6], courseAccuracy: values[7],
      speed: values[8], speedAccuracy: values[9], timestamp: Date())
  }

  /// Runs the library's tasks, then notes a change of the platform's mode.
  private func settle() {
    JobQueue.shared.drain()
    let now =
      LocationWorld.shared.isListening ? "listening" : LocationWorld.shared.isMonitoring ? "monitoring" : "stopped"
    guard now != mode else { return }
    recorder.write(DriverRecord(k: "mode", t: VirtualClock.nowMs, from: mode, to: now))
    if now == "monitoring" { scheduler.occurred("monitoring", at: VirtualClock.nowMs) }
    if mode == "monitoring" && now == "listening" { scheduler.occurred("geofenceExit", at: VirtualClock.nowMs) }
    mode = now
  }

  /// Completes the requests due by `time`, each at its own completion time, then sets the clock.
  private func advance(to time: Int64) {
    while let completion = VirtualNetwork.shared.nextCompletion, completion <= time {
      VirtualClock.nowMs = max(VirtualClock.nowMs, completion)
      _ = VirtualNetwork.shared.completeNext(by: completion)
      settle()
    }
    VirtualClock.nowMs = time
  }

  private func runCalls(upTo time: Int64, arriving: [Double]?) {
    while let (at, index, call) = scheduler.next(upTo: time) {
      advance(to: at)
      if let arriving, Int64(arriving[0]) == at {
        LocationWorld.shared.setLatest(location(arriving))
        VirtualClock.nowMs = at
      }
      recorder.write(DriverRecord(k: "begin", t: at, seq: index, name: call.name))
      let result = perform(call)
      settle()
      recorder.write(DriverRecord(k: "call", t: at, seq: index, name: call.name, result: result))
    }
  }

  private func perform(_ call: DriverRequest.Call) -> String? {
    if service == nil {
      service = createCalmGeo(config: request.config)
      service?.registerLocationListener(listener)
      settle()
    }
    guard let service else { return nil }
    switch call.name {
    case "start": service.start()
    case "stop": service.stop()
    case "restart": service.restart(config: call.config ?? request.config)
    case "sync": service.sync()
    case "clearAllLocations": service.clearAllLocations()
    case "getGeoData":
      guard let location = service.getGeoData() else { return "nil" }
      return String(recorder.sequence(of: location.id))
    case "getStoredLocations":
      return service.getStoredLocations().map { String(recorder.sequence(of: $0.id)) }.joined(separator: ",")
    case "getStoredCount": return String(service.getStoredCount())
    case "getSyncState":
      guard let state = service.getSyncState() else { return "nil" }
      let stamp = Int64((state.timestamp.timeIntervalSince1970 * 1000).rounded())
      return "timestamp=\(stamp) tried=\(state.tried) wait=\(state.wait)"
    case "registerLocationListener": service.registerLocationListener(listener)
    case "unregisterLocationListener": service.unregisterLocationListener()
    case "state": return service.state == .running ? "running" : "stopped"
    default: return "unknown call"
    }
    return nil
  }
}
