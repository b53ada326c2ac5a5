import CalmGeoReplay
import Foundation

/// One line the driver wrote (`k` names the kind: emit, heard, removed, cleared, send,
/// complete, mode, call, end).
package struct LibraryRecord: Decodable, Sendable, Hashable {
  package var k: String
  /// Virtual time, ms since 1970.
  package var t: Int64
  package var seq: Int?
  package var fixTime: Int64?
  package var isMoving: Bool?
  package var event: String?
  package var latitude: Double?
  package var longitude: Double?
  /// The stored record as the library's `JSONEncoder` wrote it.
  package var record: String?
  package var request: Int?
  package var completedAt: Int64?
  package var method: String?
  package var url: String?
  package var headers: [[String]]?
  package var outcome: String?
  package var ids: [Int]?
  package var body: String?
  package var name: String?
  package var result: String?
  package var from: String?
  package var to: String?
}

/// A trap of the library (or the driver) under the replay: where and why.
package struct LibraryTrap: Sendable, Hashable, CustomStringConvertible {
  /// The virtual time when it trapped, ms since 1970.
  package var time: Int64
  /// The fix being processed (1-based; 0 before the first) and its time.
  package var fixNumber: Int
  package var fixTime: Int64
  /// The runtime's message, e.g. "CalmGeo/MMKVStorageProvider.swift:39: Fatal error: Unexpectedly
  /// found nil while unwrapping an Optional value".
  package var message: String
  /// The signal that ended the driver.
  package var signal: Int32
  /// The app call running when it trapped (nil: the library's own work, e.g. an automatic sync).
  package var call: String?
  /// The expired record the library read last before the trap: emit index and store time.
  package var expiredRecord: (sequence: Int, storedAt: Int64)?

  package static func == (a: Self, b: Self) -> Bool {
    a.time == b.time && a.fixNumber == b.fixNumber && a.fixTime == b.fixTime && a.message == b.message
      && a.signal == b.signal && a.call == b.call && a.expiredRecord?.sequence == b.expiredRecord?.sequence
  }

  package func hash(into hasher: inout Hasher) {
    hasher.combine(time)
    hasher.combine(message)
  }

  package var description: String {
    "the library crashed at \(UTCTime.iso8601(time)) (fix \(fixNumber) at \(UTCTime.iso8601(fixTime))"
      + (call.map { ", in \($0)()" } ?? "") + "): \(message)"
  }

  /// The library call that trapped as the built-in engine names it: the app's `sync()` or
  /// `getStoredLocations()`, else an automatic sync (the library's own, after an append).
  package var trappedCall: (name: String, automatic: Bool) {
    if let call, call == "sync" || call == "getStoredLocations" { return (call, false) }
    return ("sync", true)
  }

  /// Reads the driver's stderr: the runtime's "Fatal error" line and the trap reporter's line.
  static func parse(stderr: String, signal: Int32) -> LibraryTrap {
    var crash = LibraryTrap(time: 0, fixNumber: 0, fixTime: 0, message: "signal \(signal)", signal: signal)
    for line in stderr.split(separator: "\n") {
      if line.contains("Fatal error") || line.contains("fatal error") {
        crash.message = line.trimmingCharacters(in: .whitespaces)
      } else if line.hasPrefix("calmgeo-driver-trap:") {
        for field in line.split(separator: " ") {
          let parts = field.split(separator: "=", maxSplits: 1)
          guard parts.count == 2, let value = Int64(parts[1]) else { continue }
          switch parts[0] {
          case "now_ms": crash.time = value
          case "fix": crash.fixNumber = Int(value)
          case "fix_ms": crash.fixTime = value
          default: break
          }
        }
      }
    }
    return crash
  }
}

/// What the driver wrote, and how it ended.
package struct LibraryOutcome: Sendable {
  package var records: [LibraryRecord]
  /// Set when the library trapped; `records` then hold what it did up to the trap.
  package var crash: LibraryTrap?

  /// Adds to `crash` what the records say: the app call begun and not finished, the expired
  /// record read last.
  mutating func completeCrash() {
    guard crash != nil else { return }
    var running: String?
    for record in records {
      switch record.k {
      case "begin": running = record.name
      case "call": running = nil
      case "expired":
        if let seq = record.seq { crash?.expiredRecord = (seq, record.fixTime ?? 0) }
      default: break
      }
    }
    crash?.call = running
  }
}
