@_exported import Foundation

/// Stand-in for Core Motion: the activity manager never reports an activity (so CalmGeo
/// attaches its `standard` activity, unknown 0, when fetchActivity is on).
public enum CMMotionActivityConfidence: Int, Sendable {
  case low = 0
  case medium, high
}

public class CMMotionActivity: NSObject, @unchecked Sendable {
  public var automotive = false
  public var cycling = false
  public var running = false
  public var stationary = false
  public var unknown = true
  public var walking = false
  public var confidence: CMMotionActivityConfidence = .low
  public var startDate = Date()
}

public typealias CMMotionActivityHandler = (CMMotionActivity?) -> Void

public class CMMotionActivityManager: NSObject, @unchecked Sendable {
  public override init() { super.init() }
  public static func isActivityAvailable() -> Bool { false }
  public func startActivityUpdates(to queue: OperationQueue, withHandler handler: @escaping CMMotionActivityHandler) {}
  public func stopActivityUpdates() {}
}
