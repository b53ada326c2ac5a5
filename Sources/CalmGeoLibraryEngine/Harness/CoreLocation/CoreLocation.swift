@_exported import Foundation
@_exported import PlatformNetworking

/// Stand-in for Core Location's types that CalmGeo uses, on the driver's virtual platform
/// (`LocationWorld`). Names and shapes follow the iOS 17 SDK.
public typealias CLLocationDegrees = Double
public typealias CLLocationAccuracy = Double
public typealias CLLocationDistance = Double
public typealias CLLocationSpeed = Double
public typealias CLLocationSpeedAccuracy = Double
public typealias CLLocationDirection = Double
public typealias CLLocationDirectionAccuracy = Double

public let kCLLocationAccuracyBestForNavigation: CLLocationAccuracy = -2
public let kCLLocationAccuracyBest: CLLocationAccuracy = -1
public let kCLLocationAccuracyNearestTenMeters: CLLocationAccuracy = 10
public let kCLLocationAccuracyHundredMeters: CLLocationAccuracy = 100
public let kCLLocationAccuracyKilometer: CLLocationAccuracy = 1000
public let kCLLocationAccuracyThreeKilometers: CLLocationAccuracy = 3000

public struct CLLocationCoordinate2D: Sendable {
  public var latitude: CLLocationDegrees
  public var longitude: CLLocationDegrees
  public init() { self.init(latitude: 0, longitude: 0) }
  public init(latitude: CLLocationDegrees, longitude: CLLocationDegrees) {
    self.latitude = latitude
    self.longitude = longitude
  }
}

public struct CLFloor: Sendable {
  public var level: Int
}

public final class CLLocationSourceInformation: @unchecked Sendable {
  public let isSimulatedBySoftware: Bool
  public let isProducedByAccessory: Bool
  public init(softwareSimulationState: Bool, andExternalAccessoryState: Bool) {
    isSimulatedBySoftware = softwareSimulationState
    isProducedByAccessory = andExternalAccessoryState
  }
}

public class CLLocation: NSObject, @unchecked Sendable {
  public let coordinate: CLLocationCoordinate2D
  public let altitude: CLLocationDistance
  public let horizontalAccuracy: CLLocationAccuracy
  public let verticalAccuracy: CLLocationAccuracy
  public let course: CLLocationDirection
  public let courseAccuracy: CLLocationDirectionAccuracy
  public let speed: CLLocationSpeed
  public let speedAccuracy: CLLocationSpeedAccuracy
  public let timestamp: Date
  public let floor: CLFloor?
  public let sourceInformation: CLLocationSourceInformation?

  public override convenience init() {
    self.init(latitude: 0, longitude: 0)
  }

  public convenience init(latitude: CLLocationDegrees, longitude: CLLocationDegrees) {
    self.init(
      coordinate: CLLocationCoordinate2D(latitude: latitude, longitude: longitude), altitude: 0,
      horizontalAccuracy: 0, verticalAccuracy: -1, course: -1, courseAccuracy: -1, speed: -1,
      speedAccuracy: -1, timestamp: Date())
  }

  public init(
    coordinate: CLLocationCoordinate2D, altitude: CLLocationDistance, horizontalAccuracy: CLLocationAccuracy,
    verticalAccuracy: CLLocationAccuracy, course: CLLocationDirection, courseAccuracy: CLLocationDirectionAccuracy,
    speed: CLLocationSpeed, speedAccuracy: CLLocationSpeedAccuracy, timestamp: Date, floor: CLFloor? = nil,
    sourceInfo: CLLocationSourceInformation? = nil
  ) {
    self.coordinate = coordinate
    self.altitude = altitude
    self.horizontalAccuracy = horizontalAccuracy
    self.verticalAccuracy = verticalAccuracy
    self.course = course
    self.courseAccuracy = courseAccuracy
    self.speed = speed
    self.speedAccuracy = speedAccuracy
    self.timestamp = timestamp
    self.floor = floor
    self.sourceInformation = sourceInfo
  }

  /// Great-circle (haversine) distance on a sphere of radius 6 371 008.8 m, computed term by
  /// term as calmgeo-replay's `GeoMath.Anchor` does (centre `location`), so that both engines
  /// compare the same numbers.
  public func distance(from location: CLLocation) -> CLLocationDistance {
    LocationWorld.distance(from: location.coordinate, to: coordinate)
  }
}

public enum CLAuthorizationStatus: Int32, Sendable {
  case notDetermined = 0
  case restricted, denied, authorizedAlways, authorizedWhenInUse
}

public enum CLActivityType: Int, Sendable {
  case other = 1
  case automotiveNavigation, fitness, otherNavigation, airborne
}

public protocol CLLocationManagerDelegate: AnyObject {
  func locationManager(_ manager: CLLocationManager, didUpdateLocations locations: [CLLocation])
  func locationManager(_ manager: CLLocationManager, didFailWithError error: any Error)
  func locationManagerDidChangeAuthorization(_ manager: CLLocationManager)
}

extension CLLocationManagerDelegate {
  public func locationManager(_ manager: CLLocationManager, didUpdateLocations locations: [CLLocation]) {}
  public func locationManager(_ manager: CLLocationManager, didFailWithError error: any Error) {}
  public func locationManagerDidChangeAuthorization(_ manager: CLLocationManager) {}
}

/// `location` is the latest fix at or before now; `requestLocation()` is answered by the
/// next fix, through the delegate (`LocationWorld.deliver`). Authorization is always granted.
public class CLLocationManager: NSObject, @unchecked Sendable {
  public weak var delegate: (any CLLocationManagerDelegate)?
  public var desiredAccuracy: CLLocationAccuracy = kCLLocationAccuracyBest
  public var distanceFilter: CLLocationDistance = -1
  public var activityType: CLActivityType = .other
  public var pausesLocationUpdatesAutomatically = true
  public var allowsBackgroundLocationUpdates = false
  public var authorizationStatus: CLAuthorizationStatus { .authorizedAlways }

  public override init() { super.init() }

  public var location: CLLocation? { LocationWorld.shared.latest }

  public func requestLocation() { LocationWorld.shared.requestOneShot(for: self) }
  public func requestWhenInUseAuthorization() {}
  public func requestAlwaysAuthorization() {}
  public func startUpdatingLocation() {}
  public func stopUpdatingLocation() {}
}

/// `CLBackgroundActivitySession`: nothing to model.
public final class CLBackgroundActivitySession: @unchecked Sendable {
  public init() {}
  public func invalidate() {}
}
