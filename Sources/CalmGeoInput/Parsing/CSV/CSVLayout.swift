/// Known producers of CSV logs, recognised by their header, and the units they write
/// where the header does not say.
///
/// Only a plain column whose unit is ambiguous needs a layout; everything else follows
/// from the names. The rules, each checked against the producer's format and GPSBabel's
/// reader for it:
/// - **Columbus V-900 / P-1** (`INDEX,TAG,DATE,TIME,LATITUDE N/S,…`): `SPEED` is km/h
///   (GPSBabel `v900.cc` applies `KPH_TO_MPS`); `DATE` is YYMMDD in 20YY, `TIME` is HHMMSS,
///   both UTC unless the device was set otherwise (GPSBabel's default is UTC too); `HEIGHT`
///   is metres.
/// - **iBlue 747 / Transystem** (`INDEX,RCR,DATE,TIME,VALID,LATITUDE,N/S,…`): `SPEED` is
///   km/h (GPSBabel `style/iblue747.style`: `PATH_SPEED_KPH`); `DATE`/`TIME` are UTC
///   (`GMT_TIME`); `HEIGHT` is metres.
/// - **Garmin G1000** (`Lcl Date, Lcl Time, UTCOfst, …`): the `#` units line above the
///   header gives `ft msl` for `AltMSL` and `kt` for `GndSpd`; the same units are assumed
///   if that line is missing. Local date and time minus `UTCOfst` is UTC.
/// - **GPSLogger for Android**, **GSDC ground truth** and **TU Chemnitz smartLoc** need no
///   rule: SI units, or units spelled in the names (`speedMps`, `[m/s]`, `[rad]`).
package enum CSVLayout: String, Sendable, CaseIterable {
  case generic
  case gpsLogger = "gpslogger"
  case columbus
  case iBlue747 = "iblue747"
  case garminG1000 = "garmin_g1000"
  case gsdcGroundTruth = "gsdc"
  case smartLoc = "smartloc"

  /// The layout whose signature columns the header has (keys as `CSVHeaderName.key`).
  static func detect(keys: Set<String>) -> CSVLayout {
    if keys.contains("tag") && (keys.contains("latitude_n_s") || keys.contains("longitude_e_w")) { return .columbus }
    if keys.contains("rcr") && keys.contains("n_s") { return .iBlue747 }
    if keys.contains("lcl_date") && keys.contains("utc_ofst") { return .garminG1000 }
    if keys.contains("millis_since_gps_epoch") { return .gsdcGroundTruth }
    if keys.contains("gps_seconds_of_week") && keys.contains("gps_week") { return .smartLoc }
    if keys.contains("provider") && keys.contains("time") && keys.contains("lat") { return .gpsLogger }
    return .generic
  }

  /// The unit of a column of `field` when neither its name nor a units line gives one.
  func defaultUnit(for field: CSVField) -> CSVUnit? {
    switch (self, field) {
    case (.columbus, .speed), (.iBlue747, .speed): return .kilometresPerHour
    case (.garminG1000, .speed): return .knots
    case (.garminG1000, .altitude): return .feet
    default: return nil
    }
  }
}
