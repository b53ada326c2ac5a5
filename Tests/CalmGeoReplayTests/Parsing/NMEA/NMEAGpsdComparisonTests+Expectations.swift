/// What the comparison finds for each gpsd log, and why.
extension NMEAGpsdComparisonTests {
  struct Expectation {
    var outcome: Outcome
    var why: String
  }

  /// `shifted` counts epochs where gpsd's date is the receiver's + 1024 weeks
  /// (see `rollover`); "ours only" epochs before gpsd has a date are ones gpsd
  /// prints without `time`.
  static let expectations: [String: Expectation] = [
    "gpsd__ac12.log": .init(
      outcome: .init(compared: 7, shifted: 7, onlyGpsd: 0, onlyOurs: 0, position: 0, speed: 0, altitude: 0),
      why: "gpsd adds 1024 weeks to this pre-2017 date. Agrees on every epoch."),
    "gpsd__GPSmap-76S.log": .init(
      outcome: .init(compared: 0, shifted: 0, onlyGpsd: 0, onlyOurs: 12, position: 0, speed: 0, altitude: 0),
      why:
        "Garmin in simulator mode: GGA quality 8 with RMC status V (mode S). gpsd reports the GGA fixes but never a time, so none can be compared; we keep the 12 GGA fixes."
    ),
    "gpsd__april6_2019.log": .init(
      outcome: .init(compared: 0, shifted: 0, onlyGpsd: 1, onlyOurs: 0, position: 0, speed: 0, altitude: 0),
      why:
        "Telit HE910 after the 2019 week rollover: the one RMC with a date says 1999-08-22, which we drop as implausible (bad_date); gpsd adds 1024 weeks (2019-04-07). The other RMC has the date \"2208-1\" (bad_field)."
    ),
    "gpsd__beidou-bd.log": .init(
      outcome: .init(compared: 4, shifted: 4, onlyGpsd: 0, onlyOurs: 1, position: 0, speed: 0, altitude: 0),
      why:
        "gpsd adds 1024 weeks to this pre-2017 date. Ours only: the first epoch, reported by gpsd before it knows the date (no time)."
    ),
    "gpsd__blumax-gps009.log": .init(
      outcome: .init(compared: 3, shifted: 3, onlyGpsd: 0, onlyOurs: 1, position: 0, speed: 0, altitude: 0),
      why:
        "gpsd adds 1024 weeks to this pre-2017 date. Ours only: the first epoch, reported by gpsd before it knows the date (no time)."
    ),
    "gpsd__bn-9015.log": .init(
      outcome: .init(compared: 5, shifted: 5, onlyGpsd: 0, onlyOurs: 1, position: 0, speed: 0, altitude: 0),
      why:
        "gpsd adds 1024 weeks to this pre-2017 date. Ours only: the first epoch, reported by gpsd before it knows the date (no time)."
    ),
    "gpsd__bt-q818.log": .init(
      outcome: .init(compared: 10, shifted: 10, onlyGpsd: 0, onlyOurs: 0, position: 0, speed: 0, altitude: 0),
      why: "gpsd adds 1024 weeks to this pre-2017 date. Agrees on every epoch."),
    "gpsd__bu353s4.log": .init(
      outcome: .init(compared: 25, shifted: 25, onlyGpsd: 0, onlyOurs: 0, position: 0, speed: 0, altitude: 0),
      why: "gpsd adds 1024 weeks to this pre-2017 date. Agrees on every epoch."),
    "gpsd__bt451.log": .init(
      outcome: .init(compared: 7, shifted: 7, onlyGpsd: 5, onlyOurs: 2, position: 0, speed: 0, altitude: 0),
      why:
        "gpsd adds 1024 weeks to this pre-2017 date. The capture goes back 52 min (15:25:08.5 -> 14:33:06, a second capture appended): FixNormalizer drops the 5 later fixes as time_backwards; gpsd dates them a day apart. Ours only: the first epoch (GLL+ZDA, before gpsd has a fix time) and 15:25:08.5, whose gpsd report is overwritten by the jump."
    ),
    "gpsd__ch-4711.log": .init(
      outcome: .init(compared: 7, shifted: 7, onlyGpsd: 0, onlyOurs: 0, position: 0, speed: 0, altitude: 0),
      why: "gpsd adds 1024 weeks to this pre-2017 date. Agrees on every epoch."),
    "gpsd__com-1289.log": .init(
      outcome: .init(compared: 14, shifted: 14, onlyGpsd: 0, onlyOurs: 0, position: 0, speed: 0, altitude: 0),
      why: "gpsd adds 1024 weeks to this pre-2017 date. Agrees on every epoch."),
    "gpsd__eXplorist210.log": .init(
      outcome: .init(compared: 4, shifted: 4, onlyGpsd: 0, onlyOurs: 0, position: 0, speed: 0, altitude: 0),
      why: "gpsd adds 1024 weeks to this pre-2017 date. Agrees on every epoch."),
    "gpsd__et-332.log": .init(
      outcome: .init(compared: 19, shifted: 19, onlyGpsd: 0, onlyOurs: 0, position: 0, speed: 0, altitude: 0),
      why: "gpsd adds 1024 weeks to this pre-2017 date. Agrees on every epoch."),
    "gpsd__foretrex-201.log": .init(
      outcome: .init(compared: 6, shifted: 6, onlyGpsd: 0, onlyOurs: 1, position: 0, speed: 0, altitude: 1),
      why:
        "gpsd adds 1024 weeks to this pre-2017 date. Ours only: the first epoch (gpsd has no date yet). Altitude at 20:00:04: gpsd takes Garmin's PGRMZ (-30 ft = -9.144 m) over GGA's -9.1 m; we read GGA."
    ),
    "gpsd__garmin17n.log": .init(
      outcome: .init(compared: 2, shifted: 1, onlyGpsd: 0, onlyOurs: 0, position: 0, speed: 0, altitude: 0),
      why:
        "One epoch only gets gpsd's rollover shift: gpsd learns the right GPS week from the later PGRMF and dates the second epoch 2005."
    ),
    "gpsd__garmin-10x.log": .init(
      outcome: .init(compared: 9, shifted: 9, onlyGpsd: 0, onlyOurs: 1, position: 0, speed: 0, altitude: 0),
      why:
        "gpsd adds 1024 weeks to this pre-2017 date. Ours only: the first epoch, reported by gpsd before it knows the date (no time)."
    ),
    "gpsd__garmin25lp.log": .init(
      outcome: .init(compared: 9, shifted: 9, onlyGpsd: 0, onlyOurs: 1, position: 0, speed: 0, altitude: 0),
      why:
        "gpsd adds 1024 weeks to this pre-2017 date. Ours only: the first epoch, reported by gpsd before it knows the date (no time)."
    ),
    "gpsd__garmin38.log": .init(
      outcome: .init(compared: 5, shifted: 5, onlyGpsd: 0, onlyOurs: 1, position: 0, speed: 0, altitude: 0),
      why:
        "gpsd adds 1024 weeks to this pre-2017 date. Ours only: the first epoch, reported by gpsd before it knows the date (no time)."
    ),
    "gpsd__garmin48.log": .init(
      outcome: .init(compared: 13, shifted: 13, onlyGpsd: 0, onlyOurs: 1, position: 0, speed: 6, altitude: 0),
      why:
        "gpsd adds 1024 weeks to this pre-2017 date. Ours only: the first epoch (gpsd has no date yet). Speed: 6 GGA-only epochs (this Garmin sends RMC every other second) where gpsd derives a speed from the position change; we leave it unknown (FixNormalizer derives it under --speed auto)."
    ),
    "gpsd__gp-320fw-2019-04-06-overflow.log": .init(
      outcome: .init(compared: 19, shifted: 0, onlyGpsd: 0, onlyOurs: 2, position: 0, speed: 0, altitude: 0),
      why:
        "Simulator-spoofed 2019-04-06 23:57 (just before the week rollover): no date shift. Ours only: 2 GLL-only epochs (GLL one second behind RMC at 23:57:23.02 and :25.02) that gpsd does not report as fixes."
    ),
    "gpsd__gps-360.log": .init(
      outcome: .init(compared: 13, shifted: 13, onlyGpsd: 0, onlyOurs: 1, position: 0, speed: 0, altitude: 0),
      why:
        "gpsd adds 1024 weeks to this pre-2017 date. Ours only: the first epoch, reported by gpsd before it knows the date (no time)."
    ),
    "gpsd__gr601-w.log": .init(
      outcome: .init(compared: 9, shifted: 9, onlyGpsd: 0, onlyOurs: 1, position: 0, speed: 0, altitude: 0),
      why:
        "gpsd adds 1024 weeks to this pre-2017 date. Ours only: the first epoch, reported by gpsd before it knows the date (no time)."
    ),
    "gpsd__gpslim236.log": .init(
      outcome: .init(compared: 20, shifted: 20, onlyGpsd: 0, onlyOurs: 0, position: 0, speed: 0, altitude: 0),
      why: "gpsd adds 1024 weeks to this pre-2017 date. Agrees on every epoch."),
    "gpsd__hab-gpspi.log": .init(
      outcome: .init(compared: 3, shifted: 3, onlyGpsd: 0, onlyOurs: 0, position: 0, speed: 0, altitude: 0),
      why: "gpsd adds 1024 weeks to this pre-2017 date. Agrees on every epoch."),
    "gpsd__holux-gm-210.log": .init(
      outcome: .init(compared: 0, shifted: 0, onlyGpsd: 0, onlyOurs: 0, position: 0, speed: 0, altitude: 0),
      why: "No epoch with a fix in either."),
    "gpsd__humminbird-M37.log": .init(
      outcome: .init(compared: 19, shifted: 19, onlyGpsd: 0, onlyOurs: 5, position: 2, speed: 7, altitude: 2),
      why:
        "gpsd adds 1024 weeks to this pre-2017 date. Fishfinder (IN talker) alternating RMC/GLL and GGA seconds, time going back 19:41:24 -> 19:41:11. Ours only: 5 epochs gpsd reports without a time. Position, altitude: at 19:41:14 and :18 the first pass has only a GLL (gpsd: mode 0), so gpsd's fix there is the second pass's GGA 40 m on. Speed: 5 GGA-only epochs where gpsd derives speed from positions, and the same 2 epochs."
    ),
    "gpsd__hemi.log": .init(
      outcome: .init(compared: 6, shifted: 0, onlyGpsd: 0, onlyOurs: 15, position: 0, speed: 6, altitude: 0),
      why:
        "Hemisphere at 2 Hz, GGA only with ZDA: ours only: 15 epochs before the first ZDA, which we back-fill with its date and gpsd reports without time. Speed: gpsd ignores this receiver's VTG (0.02 kn) and derives speed from successive positions."
    ),
    "gpsd__magellan-ec10.log": .init(
      outcome: .init(compared: 21, shifted: 21, onlyGpsd: 0, onlyOurs: 0, position: 0, speed: 0, altitude: 0),
      why: "gpsd adds 1024 weeks to this pre-2017 date. Agrees on every epoch."),
    "gpsd__isync.log": .init(
      outcome: .init(compared: 11, shifted: 11, onlyGpsd: 0, onlyOurs: 1, position: 0, speed: 0, altitude: 0),
      why:
        "gpsd adds 1024 weeks to this pre-2017 date. Ours only: the first epoch, reported by gpsd before it knows the date (no time)."
    ),
    "gpsd__magellan315.log": .init(
      outcome: .init(compared: 3, shifted: 3, onlyGpsd: 0, onlyOurs: 0, position: 0, speed: 0, altitude: 0),
      why: "gpsd adds 1024 weeks to this pre-2017 date. Agrees on every epoch."),
    "gpsd__mr-350p.log": .init(
      outcome: .init(compared: 13, shifted: 13, onlyGpsd: 0, onlyOurs: 1, position: 0, speed: 12, altitude: 0),
      why:
        "gpsd adds 1024 weeks to this pre-2017 date. GGA + ZDA only: ours only: the first GGA, before the first ZDA (back-filled). Speed: 12 GGA-only epochs where gpsd derives speed from positions; the log has none."
    ),
    "gpsd__motorola-t805.log": .init(
      outcome: .init(compared: 15, shifted: 15, onlyGpsd: 0, onlyOurs: 1, position: 0, speed: 0, altitude: 0),
      why:
        "gpsd adds 1024 weeks to this pre-2017 date. Ours only: the first epoch, reported by gpsd before it knows the date (no time)."
    ),
    "gpsd__mtk-3329.log": .init(
      outcome: .init(compared: 5, shifted: 5, onlyGpsd: 0, onlyOurs: 0, position: 0, speed: 0, altitude: 0),
      why: "gpsd adds 1024 weeks to this pre-2017 date. Agrees on every epoch."),
    "gpsd__mtk-3301.log": .init(
      outcome: .init(compared: 3, shifted: 3, onlyGpsd: 0, onlyOurs: 1, position: 0, speed: 0, altitude: 0),
      why:
        "gpsd adds 1024 weeks to this pre-2017 date. Ours only: the first epoch, reported by gpsd before it knows the date (no time)."
    ),
    "gpsd__myguide-3100.log": .init(
      outcome: .init(compared: 8, shifted: 8, onlyGpsd: 0, onlyOurs: 1, position: 0, speed: 0, altitude: 0),
      why:
        "gpsd adds 1024 weeks to this pre-2017 date. Ours only: the first epoch, reported by gpsd before it knows the date (no time)."
    ),
    "gpsd__navika-100-fix.log": .init(
      outcome: .init(compared: 20, shifted: 20, onlyGpsd: 0, onlyOurs: 0, position: 0, speed: 0, altitude: 0),
      why: "gpsd adds 1024 weeks to this pre-2017 date. Agrees on every epoch."),
    "gpsd__nd-1005.log": .init(
      outcome: .init(compared: 16, shifted: 16, onlyGpsd: 0, onlyOurs: 0, position: 0, speed: 0, altitude: 0),
      why: "gpsd adds 1024 weeks to this pre-2017 date. Agrees on every epoch."),
    "gpsd__nl402u.log": .init(
      outcome: .init(compared: 9, shifted: 9, onlyGpsd: 0, onlyOurs: 0, position: 0, speed: 0, altitude: 0),
      why: "gpsd adds 1024 weeks to this pre-2017 date. Agrees on every epoch."),
    "gpsd__nl2008u.log": .init(
      outcome: .init(compared: 9, shifted: 9, onlyGpsd: 0, onlyOurs: 0, position: 0, speed: 0, altitude: 0),
      why: "gpsd adds 1024 weeks to this pre-2017 date. Agrees on every epoch."),
    "gpsd__oncore.log": .init(
      outcome: .init(compared: 7, shifted: 7, onlyGpsd: 0, onlyOurs: 0, position: 0, speed: 0, altitude: 0),
      why: "gpsd adds 1024 weeks to this pre-2017 date. Agrees on every epoch."),
    "gpsd__nl551e.log": .init(
      outcome: .init(compared: 14, shifted: 14, onlyGpsd: 0, onlyOurs: 0, position: 0, speed: 0, altitude: 0),
      why: "gpsd adds 1024 weeks to this pre-2017 date. Agrees on every epoch."),
    "gpsd__pharos-360.log": .init(
      outcome: .init(compared: 21, shifted: 21, onlyGpsd: 0, onlyOurs: 1, position: 0, speed: 0, altitude: 0),
      why:
        "gpsd adds 1024 weeks to this pre-2017 date. Ours only: the first epoch, reported by gpsd before it knows the date (no time)."
    ),
    "gpsd__saab-r4.log": .init(
      outcome: .init(compared: 12, shifted: 12, onlyGpsd: 0, onlyOurs: 0, position: 0, speed: 0, altitude: 0),
      why: "gpsd adds 1024 weeks to this pre-2017 date. Agrees on every epoch."),
    "gpsd__rx210.log": .init(
      outcome: .init(compared: 40, shifted: 40, onlyGpsd: 0, onlyOurs: 0, position: 0, speed: 0, altitude: 0),
      why: "gpsd adds 1024 weeks to this pre-2017 date. Agrees on every epoch."),
    "gpsd__skytraq-fixB.log": .init(
      outcome: .init(compared: 6, shifted: 6, onlyGpsd: 0, onlyOurs: 0, position: 0, speed: 0, altitude: 0),
      why: "gpsd adds 1024 weeks to this pre-2017 date. Agrees on every epoch."),
    "gpsd__sl869.log": .init(
      outcome: .init(compared: 8, shifted: 8, onlyGpsd: 0, onlyOurs: 0, position: 0, speed: 0, altitude: 0),
      why: "gpsd adds 1024 weeks to this pre-2017 date. Agrees on every epoch."),
    "gpsd__tn200-all.log": .init(
      outcome: .init(compared: 0, shifted: 0, onlyGpsd: 0, onlyOurs: 0, position: 0, speed: 0, altitude: 0),
      why: "No epoch with a fix in either."),
    "gpsd__tn200.log": .init(
      outcome: .init(compared: 0, shifted: 0, onlyGpsd: 0, onlyOurs: 0, position: 0, speed: 0, altitude: 0),
      why: "No epoch with a fix in either (void RMCs dated 2020 by a confused receiver)."),
    "gpsd__tn204.log": .init(
      outcome: .init(compared: 7, shifted: 7, onlyGpsd: 0, onlyOurs: 1, position: 0, speed: 3, altitude: 0),
      why:
        "gpsd adds 1024 weeks to this pre-2017 date. Ours only: the first epoch (gpsd has no date yet). Speed: this receiver stamps GGA a second after RMC, so 3 epochs are GGA-only; gpsd derives speed from positions there."
    ),
    "gpsd__tr737A+.log": .init(
      outcome: .init(compared: 7, shifted: 7, onlyGpsd: 0, onlyOurs: 1, position: 0, speed: 1, altitude: 0),
      why:
        "gpsd adds 1024 weeks to this pre-2017 date. Ours only: the first epoch (gpsd has no date yet). Speed: one GGA-only epoch (071743) where gpsd derives speed from positions."
    ),
    "gpsd__skytraq-dgps.log": .init(
      outcome: .init(compared: 96, shifted: 96, onlyGpsd: 0, onlyOurs: 0, position: 0, speed: 0, altitude: 0),
      why: "gpsd adds 1024 weeks to this pre-2017 date. Agrees on every epoch."),
    "gpsd__ublox-lea-4h.log": .init(
      outcome: .init(compared: 9, shifted: 9, onlyGpsd: 0, onlyOurs: 0, position: 0, speed: 0, altitude: 0),
      why: "gpsd adds 1024 weeks to this pre-2017 date. Agrees on every epoch."),
    "gpsd__ublox-lea-4s.log": .init(
      outcome: .init(compared: 3, shifted: 3, onlyGpsd: 0, onlyOurs: 0, position: 0, speed: 0, altitude: 0),
      why: "gpsd adds 1024 weeks to this pre-2017 date. Agrees on every epoch."),
    "gpsd__ublox-lea-5h.log": .init(
      outcome: .init(compared: 19, shifted: 19, onlyGpsd: 0, onlyOurs: 1, position: 0, speed: 1, altitude: 0),
      why:
        "gpsd adds 1024 weeks to this pre-2017 date. Ours only: the first epoch (gpsd has no date yet). Speed: the GGA-only epoch 085515, whose 0.037 kn comes from the VTG printed before it (the capture starts between that burst's RMC and VTG: NMEAHeldVTG); gpsd derives speed from positions."
    ),
    "gpsd__ublox-lea-5q.log": .init(
      outcome: .init(compared: 0, shifted: 0, onlyGpsd: 0, onlyOurs: 0, position: 0, speed: 0, altitude: 0),
      why: "No epoch with a fix in either."),
    "gpsd__ublox-8.log": .init(
      outcome: .init(compared: 72, shifted: 0, onlyGpsd: 0, onlyOurs: 0, position: 0, speed: 0, altitude: 0),
      why: "Agrees on every epoch."),
    "gpsd__ublox-zed-f9p-nmea.log": .init(
      outcome: .init(compared: 29, shifted: 0, onlyGpsd: 0, onlyOurs: 0, position: 0, speed: 0, altitude: 0),
      why: "Agrees on every epoch."),
    "gpsd__ublox-zed-f9p_hpg1.11.log": .init(
      outcome: .init(compared: 654, shifted: 0, onlyGpsd: 0, onlyOurs: 1, position: 0, speed: 0, altitude: 0),
      why: "Ours only: the first epoch, reported by gpsd before it knows the date (no time)."),
  ]
}
