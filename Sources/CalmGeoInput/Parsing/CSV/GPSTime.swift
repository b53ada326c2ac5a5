/// GPS time (continuous since 1980-01-06T00:00:00Z, no leap seconds) turned into UTC.
///
/// GPS − UTC grows by one second at each leap second inserted into UTC. The table below
/// is the IERS list of leap seconds since the GPS epoch (IERS Bulletin C; the same
/// dates as `leap-seconds.list`): from the given UTC date on, UTC = GPS − offset.
///
/// | from (UTC)  | GPS − UTC |     | from (UTC)  | GPS − UTC |
/// |-------------|-----------|-----|-------------|-----------|
/// | 1980-01-06  | 0 s       |     | 1994-07-01  | 10 s      |
/// | 1981-07-01  | 1 s       |     | 1996-01-01  | 11 s      |
/// | 1982-07-01  | 2 s       |     | 1997-07-01  | 12 s      |
/// | 1983-07-01  | 3 s       |     | 1999-01-01  | 13 s      |
/// | 1985-07-01  | 4 s       |     | 2006-01-01  | 14 s      |
/// | 1988-01-01  | 5 s       |     | 2009-01-01  | 15 s      |
/// | 1990-01-01  | 6 s       |     | 2012-07-01  | 16 s      |
/// | 1991-01-01  | 7 s       |     | 2015-07-01  | 17 s      |
/// | 1992-07-01  | 8 s       |     | 2017-01-01  | 18 s      |
/// | 1993-07-01  | 9 s       |     |             |           |
///
/// No leap second has been announced after 2017-01-01, so 18 s holds for every later
/// date until one is (add a row here then). Times before 1980-01-06 are taken as 0 s.
package enum GPSTime {
  /// 1980-01-06T00:00:00Z in milliseconds since 1970.
  static let epochMillis: Int64 = 315_964_800_000

  /// Milliseconds in one GPS week.
  static let weekMillis: Int64 = 604_800_000

  /// The UTC dates from which GPS − UTC takes one more second, in order.
  package static let leapSecondDates: [(year: Int, month: Int)] = [
    (1981, 7), (1982, 7), (1983, 7), (1985, 7), (1988, 1), (1990, 1), (1991, 1), (1992, 7), (1993, 7),
    (1994, 7), (1996, 1), (1997, 7), (1999, 1), (2006, 1), (2009, 1), (2012, 7), (2015, 7), (2017, 1),
  ]

  /// Each leap second's start in the GPS time scale, as milliseconds since 1970 counted
  /// without leap seconds: the UTC instant plus the new offset.
  private static let leapStartsInGPSScale: [Int64] = leapSecondDates.enumerated().map { index, date in
    UTCTime.millis(year: date.year, month: date.month, day: 1) + Int64(index + 1) * 1000
  }

  /// GPS − UTC in seconds at the GPS-scale instant `gps` (milliseconds since 1970
  /// counted as GPS time).
  package static func offsetSeconds(atGPSScale gps: Int64) -> Int {
    var offset = 0
    for start in leapStartsInGPSScale {
      guard gps >= start else { break }
      offset += 1
    }
    return offset
  }

  /// UTC milliseconds since 1970 of a time given in milliseconds since the GPS epoch.
  package static func utc(gpsMillis: Int64) -> Int64 {
    let gpsScale = epochMillis + gpsMillis
    return gpsScale - Int64(offsetSeconds(atGPSScale: gpsScale)) * 1000
  }

  /// UTC milliseconds since 1970 of a GPS week (no rollover: 1900, not 876) and a time
  /// into it in milliseconds.
  package static func utc(week: Int64, millisOfWeek: Int64) -> Int64 {
    utc(gpsMillis: week * weekMillis + millisOfWeek)
  }
}
