import Testing

@testable import CalmGeoReplay

/// Which epoch a VTG belongs to (`NMEAHeldVTG`): RMC and VTG of one fix report the same
/// speed in knots, so a VTG whose speed differs from the current epoch's RMC waits for
/// the next epoch. Every log is dated 2024-03-23 by its RMCs; times are 12:35:19 and :20.
@Suite struct NMEAVTGEpochTests {
  typealias Log = NMEATestLog
  /// Epoch 12:35:19, standing: 0.0 kn and no course (receivers leave it empty at rest).
  static let rmc19 = "GPRMC,123519,A,4807.038,N,01131.000,E,000.0,,230324,003.1,W"
  static let gga19 = "GPGGA,123519,4807.038,N,01131.000,E,1,08,0.9,545.4,M,46.9,M,,"
  /// Epoch 12:35:20, moving at 22.4 kn, its RMC again without a course.
  static let rmc20 = "GPRMC,123520,A,4807.038,N,01131.010,E,022.4,,230324,003.1,W"
  static let gga20 = "GPGGA,123520,4807.038,N,01131.010,E,1,08,0.9,545.4,M,46.9,M,,"
  /// 22.4 kn as `Fix` stores it: 22.4 × (1852 / 3600) m/s, a Double.
  static let speed20 = 22.4 * (1852.0 / 3600.0)

  @Test func aVTGPrintedBeforeItsBurstGoesToTheNextEpoch() throws {
    // Order VTG, GGA, RMC: the VTG of :20 (84.4°, 22.4 kn) arrives while :19 is the current
    // epoch. Its speed is not :19's RMC's (0.0), and is :20's: course 84.4 belongs to :20.
    // Before the rule, :19 (no course of its own) took 84.4 and :20 had none.
    let text = Log.lines(Self.gga19, Self.rmc19, "GPVTG,084.4,T,077.8,M,022.4,N,041.5,K,A", Self.gga20, Self.rmc20)
    let fixes = try Log.parse(text).fixes
    #expect(fixes.count == 2)
    #expect(fixes[0].course == nil)
    #expect(fixes[0].speed == 0)
    #expect(fixes[1].course == 84.4)
    #expect(fixes[1].speed == Self.speed20)
  }

  @Test func aVTGAfterItsOwnRMCStaysInItsEpoch() throws {
    // Order RMC, VTG, GGA: the VTG's 0.0 kn is its epoch's RMC's; it gives :19 its course.
    let text = Log.lines(Self.rmc19, "GPVTG,123.0,T,,M,000.0,N,000.0,K,A", Self.gga19, Self.rmc20, Self.gga20)
    let fixes = try Log.parse(text).fixes
    #expect(fixes.map(\.course) == [123.0, nil])
  }

  @Test func aVTGThatMatchesNeitherRMCStaysWhereItArrived() throws {
    // 5.0 kn is neither :19's 0.0 nor :20's 22.4: the plain rule, the current epoch (:19).
    let text = Log.lines(Self.rmc19, Self.gga19, "GPVTG,010.0,T,,M,005.0,N,009.3,K,A", Self.gga20, Self.rmc20)
    let fixes = try Log.parse(text).fixes
    #expect(fixes.map(\.course) == [10.0, nil])
  }

  @Test func aVTGBeforeAnEpochWithoutRMCGivesItsSpeed() throws {
    // u-blox LEA-5H (gpsd's ublox-lea-5h.log, 08:55:15): a capture cut between the RMC and
    // the VTG of one burst. The VTG (0.037 kn) disagrees with the RMC before it (0.178 kn)
    // and the next epoch has a GGA only: nothing contradicts it there, so :20 gets
    // 0.037 kn = 0.037 × 1852 / 3600 m/s (instead of a speed derived from positions).
    let rmc = "GPRMC,123519,A,4807.038,N,01131.000,E,0.178,,230324,003.1,W"
    let text = Log.lines(rmc, "GPVTG,,T,,M,0.037,N,0.069,K,A", Self.gga20)
    let fixes = try Log.parse(text).fixes
    #expect(fixes.count == 2)
    #expect(fixes[0].speed == 0.178 * (1852.0 / 3600.0))
    #expect(fixes[1].speed == 0.037 * (1852.0 / 3600.0))
    #expect(!fixes[1].flags.contains(.speedDerived))
  }

  @Test func aHeldVTGIsNotLostAtTheEndOfTheLog() throws {
    // The log ends before any other epoch opens: the VTG joins the epoch it arrived in.
    let text = Log.lines(Self.rmc19, Self.gga19, "GPVTG,010.0,T,,M,005.0,N,009.3,K,A")
    let fixes = try Log.parse(text).fixes
    #expect(fixes.map(\.course) == [10.0])
  }
}
