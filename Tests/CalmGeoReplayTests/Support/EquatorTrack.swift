@testable import CalmGeoReplay

/// Builds fixes on the equator, `x` metres east of longitude 0, `t` seconds after T0,
/// as in CALMGEO.md §6: latitude 0, longitude x / (6 371 008.8 · π / 180).
enum EquatorTrack {
  /// 2024-05-01T07:00:00Z.
  static let t0: Int64 = 1_714_546_800_000

  static func fix(t: Double, x: Double, speed: Double? = nil) -> Fix {
    var fix = Fix(
      time: t0 + Int64((t * 1000).rounded()), latitude: 0,
      longitude: x / (GeoMath.earthRadius * .pi / 180))
    fix.speed = speed
    return fix
  }

  /// Seconds after T0 of a time.
  static func seconds(_ time: Int64) -> Double { Double(time - t0) / 1000 }

  /// The worked example's fixes: walk 0...20 s at 1.5 m/s, stand at x = 30 until 299 s,
  /// walk on at 1.5 m/s from 300 to 329 s.
  static var workedExample: [Fix] {
    (0...329).map { t -> Fix in
      let td = Double(t)
      switch t {
      case 0...20: return fix(t: td, x: 1.5 * td, speed: 1.5)
      case 21...299: return fix(t: td, x: 30, speed: 0)
      default: return fix(t: td, x: 30 + 1.5 * (td - 300), speed: 1.5)
      }
    }
  }

  /// Runs fixes through an engine and returns what it emitted and requested.
  static func replay(
    _ fixes: [Fix], config: CalmGeoConfig = CalmGeoConfig(), settings: ReplaySettings = ReplaySettings()
  ) -> (observer: CollectingObserver, result: ReplayResult) {
    var engine = ReplayEngine(config: config, settings: settings, observer: CollectingObserver())
    engine.process(fixes)
    let result = engine.finish()
    return (engine.observer, result)
  }

  /// (t, isMoving, isMotionChange) of each emitted location.
  static func emits(_ observer: CollectingObserver) -> [Emit] {
    observer.locations.map { Emit(seconds($0.time), $0.isMoving, $0.event == .motionchange) }
  }

  /// Per request: (send time s, record times s), in send order.
  static func requests(_ observer: CollectingObserver) -> [Sent] {
    let byIndex = Dictionary(uniqueKeysWithValues: observer.locations.map { ($0.sequence, seconds($0.time)) })
    return observer.completed.sorted { $0.sequence < $1.sequence }.map { request in
      Sent(seconds(request.sentAt), request.recordSequences.map { byIndex[$0]! })
    }
  }

  struct Emit: Equatable, CustomStringConvertible {
    var t: Double, isMoving: Bool, motionchange: Bool
    init(_ t: Double, _ isMoving: Bool, _ motionchange: Bool) {
      self.t = t
      self.isMoving = isMoving
      self.motionchange = motionchange
    }
    var description: String { "t=\(t) moving=\(isMoving)\(motionchange ? " motionchange" : "")" }
  }

  struct Sent: Equatable, CustomStringConvertible {
    var t: Double, records: [Double]
    init(_ t: Double, _ records: [Double]) {
      self.t = t
      self.records = records
    }
    var description: String { "t=\(t) \(records)" }
  }
}
