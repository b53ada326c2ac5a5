import DequeModule

/// Gives each epoch a calendar date, turning UTC times of day into times since
/// 1970, and builds the fixes.
///
/// **The date rule.** An epoch's calendar day is its `key` day (times of day made
/// monotonic across midnights by `NMEAEpochMerger`) plus an *offset* in days:
/// - The offset is set by the first receiver date (RMC `ddmmyy` or ZDA) that is
///   plausible. Epochs with a fix seen before it (GGA-only starts) wait in a
///   buffer of at most `maxUndated` (10 000) epochs and are then dated backwards
///   from it, so a later date is back-filled across any midnight in between.
/// - Epochs without a date of their own use the offset: a GGA-only stream that
///   crosses midnight moves to the next day.
/// - A log that never carries a date uses `--date` (`ParseOptions.date`) as the
///   day of its first epoch; without it, reading stops with an error that says
///   to pass `--date YYYY-MM-DD` (when the buffer fills, or at the end).
/// - **Implausible dates** are dates before 2001-01-01: the GPS epoch defaults
///   that receivers report before lock (1980-01-05/06, ...) and the dates of
///   receivers hit by a GPS week rollover (1999-08-22 + ...). An epoch with such a
///   date is dropped (`bad_date`) unless `keepBadDates` is set.
/// - **Jumps.** A plausible date that disagrees with the offset (after midnight
///   rollover) is held, with the epochs after it, until three dated epochs in a
///   row confirm it (a recording that resumes on a later day); the offset then
///   moves. If the old date comes back first (a glitch), the held epochs that
///   carried the odd date are dropped (`date_jump`) and the others keep the old
///   date. At the end of the input an unconfirmed jump counts as a glitch.
/// - With `keepBadDates`, every receiver date is taken as it is (no plausibility
///   check, no jump detection): the escape hatch for logs that really are from
///   1999, or whose receiver is known to be right.
struct NMEADateResolver {
  /// How many fix epochs may wait for a first date.
  static let maxUndated = 10_000
  /// Dated epochs in a row that make a date jump real.
  static let confirmations = 3
  /// Days since 1970 of 2001-01-01: earlier receiver dates are implausible.
  static let earliestPlausibleDay = UTCTime.days(year: 2001, month: 1, day: 1)
  private static let dayMillis: Int64 = 86_400_000

  let file: String
  let options: ParseOptions
  private var offsetDays: Int64? = nil
  private var undated = Deque<NMEAEpoch>()
  private var jumpOffset: Int64 = 0
  private var jumpConfirmations = 0
  private var held: [NMEAEpoch] = []

  // Counts, added to the diagnostics at the end.
  private(set) var noFixEpochs = 0
  private(set) var badDates = 0
  private(set) var dateJumps = 0
  private(set) var horizontalFromHDOP = 0
  private(set) var verticalFromVDOP = 0
  /// The last DOP × UERE estimates: DOPs repeat from epoch to epoch.
  private var accuracyEstimates = AccuracyEstimateMemo()

  init(file: String, options: ParseOptions) {
    self.file = file
    self.options = options
  }

  /// Counts a void position sentence that has no time, so forms no epoch.
  mutating func countNoFixEpoch() { noFixEpochs += 1 }

  /// Takes a closed epoch; emits its fix (and those it released) when dated.
  ///
  /// `epoch` is `inout` only so that it is read where it lies: a struct this
  /// large passed by value is first copied. It is not changed.
  mutating func accept(_ epoch: inout NMEAEpoch, emit: (Fix) -> Void) throws(ParseError) {
    // (The epoch is not copied to mark a bad date: copies of it dominated the
    // profile; held epochs never carry a bad date, see below.)
    var day = epoch.day
    let badDate = day.map { $0 < Self.earliestPlausibleDay && !options.keepBadDates } ?? false
    if badDate { day = nil }
    if !epoch.hasFix {
      if epoch.sawPositionSentence { noFixEpochs += 1 }
      if day == nil { return }
    } else if badDate {
      badDates += 1
      return
    }
    let epochDay = Self.floorDiv(epoch.key, Self.dayMillis)
    let implied = day.map { Int64($0) - epochDay }

    if options.keepBadDates, let implied, offsetDays != nil {
      offsetDays = implied
      if epoch.hasFix { emitFix(&epoch, offset: implied, emit) }
      return
    }
    guard let offset = offsetDays else {
      if let implied {
        offsetDays = implied
        while var waiting = undated.popFirst() { emitFix(&waiting, offset: implied, emit) }
        if epoch.hasFix { emitFix(&epoch, offset: implied, emit) }
      } else if epoch.hasFix {
        undated.append(epoch)
        if undated.count > Self.maxUndated { try dateFromOptions(emit: emit, overflow: true) }
      }
      return
    }

    if !held.isEmpty {
      guard let implied else {
        if epoch.hasFix { held.append(epoch) }
        return
      }
      if implied == jumpOffset {
        jumpConfirmations += 1
        if epoch.hasFix { held.append(epoch) }
        if jumpConfirmations >= Self.confirmations || held.count > 64 { adoptJump(emit) }
        return
      }
      rejectJump(emit)
      if implied != offset {
        startJump(epoch, implied: implied)
        return
      }
    } else if let implied, implied != offset {
      startJump(epoch, implied: implied)
      return
    }
    if epoch.hasFix { emitFix(&epoch, offset: offset, emit) }
  }

  /// Ends the input: releases held epochs or reports that the log has no date.
  mutating func finish(emit: (Fix) -> Void) throws(ParseError) {
    if !held.isEmpty { rejectJump(emit) }
    if offsetDays == nil && !undated.isEmpty { try dateFromOptions(emit: emit, overflow: false) }
  }

  private mutating func dateFromOptions(emit: (Fix) -> Void, overflow: Bool) throws(ParseError) {
    guard let first = undated.first else { return }
    guard let date = options.date else {
      let why =
        overflow
        ? "no RMC or ZDA date in the first \(Self.maxUndated) epochs with a fix"
        : "the log has fixes but no RMC or ZDA sentence with a date"
      throw ParseError(
        format: "nmea", location: SourceLocation(file: file, line: first.line), problem: .noDate,
        reason: "\(why); pass --date YYYY-MM-DD (the UTC date of the first fix)", isFatal: true)
    }
    let offset =
      Int64(UTCTime.days(year: date.year, month: date.month, day: date.day))
      - Self.floorDiv(first.key, Self.dayMillis)
    offsetDays = offset
    while var waiting = undated.popFirst() { emitFix(&waiting, offset: offset, emit) }
  }

  private mutating func startJump(_ epoch: NMEAEpoch, implied: Int64) {
    jumpOffset = implied
    jumpConfirmations = 1
    held = [epoch]
  }

  private mutating func adoptJump(_ emit: (Fix) -> Void) {
    offsetDays = jumpOffset
    for var epoch in held where epoch.hasFix { emitFix(&epoch, offset: jumpOffset, emit) }
    held.removeAll(keepingCapacity: true)
  }

  private mutating func rejectJump(_ emit: (Fix) -> Void) {
    guard let offset = offsetDays else { return }
    for var epoch in held where epoch.hasFix {
      if epoch.day != nil { dateJumps += 1 } else { emitFix(&epoch, offset: offset, emit) }
    }
    held.removeAll(keepingCapacity: true)
  }

  @inline(__always)
  private static func floorDiv(_ a: Int64, _ b: Int64) -> Int64 {
    let q = a / b
    return (a % b != 0 && (a < 0) != (b < 0)) ? q - 1 : q
  }

  /// Builds the fix of a dated epoch.
  ///
  /// **Accuracy.** With GST, horizontal accuracy is the DRMS of the error ellipse
  /// projected on the axes, `sqrt(σlat² + σlon²)`, and vertical accuracy is σalt.
  /// Without GST, horizontal accuracy is HDOP × `uere` and vertical accuracy
  /// VDOP × `uere` (GSA), flagged as estimated and counted. (`epoch` is `inout`
  /// to be read in place, as in `accept`; it is not changed.)
  private mutating func emitFix(_ epoch: inout NMEAEpoch, offset: Int64, _ emit: (Fix) -> Void) {
    let time = epoch.key + offset * Self.dayMillis
    var fix = Fix(
      time: time, latitude: epoch.latitude, longitude: epoch.longitude,
      line: UInt32(clamping: epoch.line))
    if !epoch.speed.isNaN { fix.speed = epoch.speed }
    if !epoch.course.isNaN { fix.course = epoch.course }
    if !epoch.altitude.isNaN { fix.altitude = epoch.altitude }
    if !epoch.geoidSeparation.isNaN { fix.geoidSeparation = epoch.geoidSeparation }
    if !epoch.hdop.isNaN { fix.hdop = Fix.usableDOP(epoch.hdop) }
    if !epoch.vdop.isNaN { fix.vdop = Fix.usableDOP(epoch.vdop) }
    if !epoch.pdop.isNaN { fix.pdop = Fix.usableDOP(epoch.pdop) }
    if epoch.satellites >= 0 { fix.satellites = epoch.satellites }
    if epoch.quality >= 0 { fix.quality = epoch.quality }
    if !epoch.sigmaLatitude.isNaN && !epoch.sigmaLongitude.isNaN {
      fix.horizontalAccuracy =
        (epoch.sigmaLatitude * epoch.sigmaLatitude
        + epoch.sigmaLongitude * epoch.sigmaLongitude).squareRoot()
    }
    if !epoch.sigmaAltitude.isNaN { fix.verticalAccuracy = epoch.sigmaAltitude }
    let estimated = fix.estimateMissingAccuracy(uere: options.uere, memo: &accuracyEstimates)
    if estimated.horizontal { horizontalFromHDOP += 1 }
    if estimated.vertical { verticalFromVDOP += 1 }
    emit(fix)
  }

  /// Adds the counts to `diagnostics`.
  func record(into diagnostics: inout InputDiagnostics) {
    if noFixEpochs > 0 { diagnostics.ignore("no_fix_epoch", count: noFixEpochs) }
    if badDates > 0 { diagnostics.skipped[ParseProblem.badDate.key, default: 0] += badDates }
    if dateJumps > 0 { diagnostics.skipped[ParseProblem.dateJump.key, default: 0] += dateJumps }
    if horizontalFromHDOP > 0 { diagnostics.estimate("horizontal_accuracy_from_hdop", count: horizontalFromHDOP) }
    if verticalFromVDOP > 0 { diagnostics.estimate("vertical_accuracy_from_vdop", count: verticalFromVDOP) }
  }
}
