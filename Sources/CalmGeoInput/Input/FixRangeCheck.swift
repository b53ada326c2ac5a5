/// The last check of every fix a parser hands on, whatever the format: a time in
/// the years 0000-9999 (`UTCTime.isRepresentable`), and measurements that fit the
/// `Float` they are stored in.
///
/// A value such as an altitude of 1e39 is finite as a `Double` but infinite as a
/// `Float`: written out it would be `inf`, which is not JSON. Such a record is
/// skipped and counted (`out_of_range`) like any other bad record, with its line.
/// Parsers check times where they read them too (a time must fit an `Int64` to
/// become one); this is the net under all of them.
struct FixRangeCheck {
  let file: String
  let format: String
  let strict: Bool
  let maxProblems: Int
  /// The first problems found, in input order.
  private(set) var problems: [ParseError] = []
  /// How many fixes were refused.
  private(set) var refused = 0

  init(file: String, format: String, diagnostics: InputDiagnostics) {
    self.file = file
    self.format = format
    strict = diagnostics.strict
    maxProblems = max(1, diagnostics.maxProblems)
  }

  /// Whether `fix` may go on; records why not otherwise. In strict mode nothing
  /// goes on after the first refusal, which `record` then throws.
  mutating func accept(_ fix: Fix) -> Bool {
    if strict, refused > 0 { return false }
    guard let reason = Self.problem(fix) else { return true }
    refused += 1
    if problems.count < maxProblems {
      problems.append(
        ParseError(
          format: format, location: SourceLocation(file: file, line: Int(fix.line)), problem: .outOfRange,
          reason: reason))
    }
    return false
  }

  /// Adds the refusals to `diagnostics` (throwing the first in strict mode).
  func record(into diagnostics: inout InputDiagnostics) throws(ParseError) {
    guard refused > 0 else { return }
    for problem in problems { try diagnostics.skip(problem) }
    if refused > problems.count {
      diagnostics.skipped[ParseProblem.outOfRange.key, default: 0] += refused - problems.count
    }
  }

  /// Why `fix` cannot be replayed as it is, or `nil`.
  @inline(__always)
  static func problem(_ fix: Fix) -> String? {
    // The common case in a few compares; the names only when something is wrong.
    let infinite =
      tooLarge(fix.storedAltitude) || fix.storedGeoidSeparation.isInfinite
      || tooLarge(fix.storedSpeed) || tooLarge(fix.storedCourse) || tooLarge(fix.storedHorizontalAccuracy)
      || tooLarge(fix.storedVerticalAccuracy) || tooLarge(fix.storedSpeedAccuracy) || fix.storedHDOP.isInfinite
      || fix.storedVDOP.isInfinite || fix.storedPDOP.isInfinite
    if !infinite, UTCTime.isRepresentable(fix.time), fix.latitude.isFinite, fix.longitude.isFinite { return nil }
    return describe(fix)
  }

  /// Beyond a `Float`'s range (the values that are `Double`s now keep the limit they had
  /// as `Float`s, where they became infinite): NaN, absent, is not.
  @inline(__always)
  private static func tooLarge(_ value: Double) -> Bool { value.magnitude > Double(Float.greatestFiniteMagnitude) }

  @inline(never)
  private static func describe(_ fix: Fix) -> String? {
    if !UTCTime.isRepresentable(fix.time) {
      return "time \(fix.time) ms since 1970 is outside the years 0000-9999"
    }
    guard fix.latitude.isFinite, fix.longitude.isFinite else { return "the position is not a number" }
    let stored: [(String, Double)] = [
      ("altitude", fix.storedAltitude), ("geoid separation", Double(fix.storedGeoidSeparation)),
      ("speed", fix.storedSpeed), ("course", fix.storedCourse), ("horizontal accuracy", fix.storedHorizontalAccuracy),
      ("vertical accuracy", fix.storedVerticalAccuracy), ("speed accuracy", fix.storedSpeedAccuracy),
      ("HDOP", Double(fix.storedHDOP)), ("VDOP", Double(fix.storedVDOP)), ("PDOP", Double(fix.storedPDOP)),
    ]
    for (name, value) in stored where tooLarge(value) {
      return "\(name) is beyond ±3.4e38, too large to store (it would be written as inf)"
    }
    return nil
  }
}
