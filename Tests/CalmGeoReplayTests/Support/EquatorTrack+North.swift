@testable import CalmGeoReplay

extension EquatorTrack {
  /// A fix `x` metres east and `y` metres north of latitude 0, longitude 0, `t` seconds after T0:
  /// latitude y / (R·π/180), longitude x / (R·π/180).
  static func planarFix(t: Double, x: Double, y: Double) -> Fix {
    var fix = fix(t: t, x: x)
    fix.latitude = y / (GeoMath.earthRadius * .pi / 180)
    return fix
  }
}
