import Foundation

/// The driver's side of the platform: where fixes enter, in log order, each at its virtual
/// time. Rules (docs/LIBRARY.md): a fix first updates `CLLocationManager.location`, then goes to
/// every monitor condition, then answers pending `requestLocation()` calls through their
/// delegates (such a fix is not also a live update), and otherwise to every live-updates iterator.
public final class LocationWorld: @unchecked Sendable {
  public static let shared = LocationWorld()

  /// The latest fix delivered (`CLLocationManager.location`).
  public private(set) var latest: CLLocation?
  private var oneShots: [CLLocationManager] = []
  private var subscriptions: [LiveSubscription] = []
  private var monitors: [WeakMonitor] = []
  /// Called when listening or monitoring may have started or stopped.
  public var onModeChange: (() -> Void)?

  private struct WeakMonitor { weak var monitor: CLMonitor? }

  /// Whether a live-updates iterator is running (the GPS is on).
  public var isListening: Bool { !subscriptions.isEmpty }
  /// Whether a geofence is being waited on.
  public var isMonitoring: Bool { monitors.contains { $0.monitor?.isWatching == true } }

  /// Sets the latest fix without delivering it (the log's fixes up to a call's time).
  public func setLatest(_ location: CLLocation) { latest = location }

  /// Delivers one fix at the current virtual time.
  public func deliver(_ location: CLLocation) {
    latest = location
    for entry in monitors { entry.monitor?.observe(location) }
    if !oneShots.isEmpty {
      let managers = oneShots
      oneShots.removeAll()
      for manager in managers {
        manager.delegate?.locationManager(manager, didUpdateLocations: [location])
      }
      return
    }
    let update = CLLocationUpdate(location: location)
    for subscription in subscriptions { subscription.push(update) }
  }

  func requestOneShot(for manager: CLLocationManager) {
    if !oneShots.contains(where: { $0 === manager }) { oneShots.append(manager) }
  }

  func subscribe() -> LiveSubscription {
    let subscription = LiveSubscription()
    subscriptions.append(subscription)
    onModeChange?()
    return subscription
  }

  func unsubscribe(_ subscription: LiveSubscription) {
    subscriptions.removeAll { $0 === subscription }
    onModeChange?()
  }

  func register(_ monitor: CLMonitor) {
    monitors.removeAll { $0.monitor == nil }
    monitors.append(WeakMonitor(monitor: monitor))
  }

  func conditionsChanged() { onModeChange?() }

  /// calmgeo-replay's `GeoMath.Anchor.distance`, term by term (centre `from`).
  public static func distance(from centre: CLLocationCoordinate2D, to point: CLLocationCoordinate2D) -> Double {
    let toRadians = Double.pi / 180
    let cosLatitude = cos(centre.latitude * (Double.pi / 180))
    let s1 = sin((point.latitude - centre.latitude) * toRadians / 2)
    let s2 = sin((point.longitude - centre.longitude) * toRadians / 2)
    let h = s1 * s1 + cosLatitude * cos(point.latitude * toRadians) * s2 * s2
    return 2 * 6_371_008.8 * asin(min(1, h.squareRoot()))
  }
}
