import CalmGeo
import Foundation

/// What calmgeo-replay asks the driver to run (JSON, written by `LibraryRequest`).
struct DriverRequest: Decodable {
  var config: CalmGeoConfig
  var seed: UInt64
  var network: Network
  /// Fixes in log order: [time ms, lat, lon, altitude, hAcc, vAcc, course, courseAcc, speed, speedAcc].
  var fixes: [[Double]]
  var calls: [Call]

  struct Network: Decodable {
    var latencyMin: Int64
    var latencyMax: Int64
    /// "200", "503", "timeout", "error".
    var schedule: [String]
    var loopSchedule: Bool
    var failureRate: Double
    var failureStatus: Int
  }

  struct Call: Decodable {
    var name: String
    /// Absolute virtual time, ms; nil for an event-timed or end call.
    var at: Int64?
    var afterEvent: String?
    var afterNumber: Int?
    var afterOffset: Int64?
    var atEnd: Bool?
    /// `restart(config)`'s whole configuration.
    var config: CalmGeoConfig?
  }
}

/// One line of the driver's NDJSON output.
struct DriverRecord: Encodable {
  var k: String
  var t: Int64
  var seq: Int?
  var fixTime: Int64?
  var isMoving: Bool?
  var event: String?
  var latitude: Double?
  var longitude: Double?
  var record: String?
  var request: Int?
  var completedAt: Int64?
  var method: String?
  var url: String?
  var headers: [[String]]?
  var outcome: String?
  var ids: [Int]?
  var body: String?
  var name: String?
  var result: String?
  var from: String?
  var to: String?
}
