import CalmGeo
import Foundation
import MMKV
import PlatformNetworking

/// Writes the driver's records, one JSON object a line, flushed at once (a trap keeps every
/// line written before it). Maps the library's random UUIDs to emit indexes: MMKV sees every
/// stored location, in emit order.
final class Recorder: MMKVObserver {
  private let file: UnsafeMutablePointer<FILE>
  private let encoder = JSONEncoder()
  private let decoder = JSONDecoder()
  private var sequences: [String: Int] = [:]
  var now: () -> Int64 = { 0 }
  var onEvent: ((String) -> Void)?

  init?(path: String) {
    guard let file = fopen(path, "w") else { return nil }
    self.file = file
  }

  func write(_ record: DriverRecord) {
    guard var data = try? encoder.encode(record) else { return }
    data.append(0x0A)
    data.withUnsafeBytes { _ = fwrite($0.baseAddress, 1, $0.count, file) }
    fflush(file)
  }

  func sequence(of id: String) -> Int { sequences[id] ?? -1 }

  func stored(key: String, data: Data) {
    guard sequences[key] == nil else { return }
    let sequence = sequences.count
    sequences[key] = sequence
    let location = try? decoder.decode(CalmGeoLocation.self, from: data)
    let fixTime = location?.coords.timestamp.map { Int64(($0.timeIntervalSince1970 * 1000).rounded()) }
    write(
      DriverRecord(
        k: "emit", t: now(), seq: sequence, fixTime: fixTime, isMoving: location?.isMoving,
        event: location?.event?.rawValue, latitude: location?.coords.latitude, longitude: location?.coords.longitude,
        record: String(decoding: data, as: UTF8.self)))
    onEvent?("location")
    if location?.event != nil { onEvent?("motionchange") }
  }

  func removed(keys: [String]) {
    guard !keys.isEmpty else { return }
    write(DriverRecord(k: "removed", t: now(), ids: keys.map(sequence(of:))))
  }

  func cleared(keys: [String]) {
    write(DriverRecord(k: "cleared", t: now(), ids: keys.map(sequence(of:))))
  }

  func readExpired(key: String, writtenMs: Int64) {
    write(DriverRecord(k: "expired", t: now(), seq: sequence(of: key), fixTime: writtenMs))
  }

  func heard(_ location: CalmGeoLocation) {
    write(DriverRecord(k: "heard", t: now(), seq: sequence(of: location.id)))
  }

  func sent(_ request: VirtualNetwork.Sent) {
    let records = (try? decoder.decode([CalmGeoLocation].self, from: request.body)) ?? []
    write(
      DriverRecord(
        k: "send", t: request.sentAt, request: request.sequence, completedAt: request.completedAt,
        method: request.method, url: request.url, headers: request.headers.map { [$0.0, $0.1] },
        outcome: Self.text(request.outcome), ids: records.map { sequence(of: $0.id) },
        body: String(decoding: request.body, as: UTF8.self)))
  }

  func completed(_ request: VirtualNetwork.Sent) {
    write(
      DriverRecord(
        k: "complete", t: request.completedAt, request: request.sequence,
        outcome: Self.text(request.outcome)))
  }

  static func text(_ outcome: VirtualNetwork.Outcome) -> String {
    switch outcome {
    case .status(let code): String(code)
    case .timeout: "timeout"
    case .error: "error"
    }
  }
}
