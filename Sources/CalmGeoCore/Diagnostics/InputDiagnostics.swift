/// What reading one input produced besides fixes: counts of records read, skipped
/// and ignored, and the first few problems.
///
/// Parsers report every bad record through `skip(_:)`; in strict mode that throws
/// the error instead of counting it.
public struct InputDiagnostics: Sendable, Hashable {
  /// Records (lines, sentences, points) looked at.
  public var recordsRead = 0
  /// Fixes handed on to the pipeline.
  public var fixesParsed = 0
  /// Bad records that were skipped, by reason key.
  public var skipped: [String: Int] = [:]
  /// Records that are valid but carry no fix for the replay (NMEA GSV, void epochs), by kind.
  public var ignored: [String: Int] = [:]
  /// Values that were estimated or synthesized rather than read, by kind.
  public var estimated: [String: Int] = [:]
  /// The first `maxProblems` skipped records, in input order.
  public var firstProblems: [ParseError] = []
  /// Pauses between kept fixes longer than `FixNormalizer.longGap`, and the longest
  /// (warned about: such a log is replayed as one session unless split).
  public var longGaps = 0
  public var longestGap: FixNormalizer.Gap? = nil
  /// Fixes whose zone-less time was moved by `--utc-offset`, and fixes whose time carried
  /// its own zone and was left alone (so that an offset that changed nothing is told).
  public var localTimesShifted = 0
  public var zonedTimesKept = 0
  /// Whether a bad record stops the reading (`--strict`).
  public var strict: Bool
  /// How many problems are kept in `firstProblems`.
  public var maxProblems: Int

  public init(strict: Bool = false, maxProblems: Int = 5) {
    self.strict = strict
    self.maxProblems = maxProblems
  }

  /// Counts a bad record, or throws it in strict mode (or when it is fatal).
  public mutating func skip(_ error: ParseError) throws(ParseError) {
    if strict || error.isFatal { throw error }
    skipped[error.problem.key, default: 0] += 1
    if firstProblems.count < maxProblems { firstProblems.append(error) }
  }

  /// Counts a record that is fine but yields no fix.
  public mutating func ignore(_ kind: String, count: Int = 1) {
    ignored[kind, default: 0] += count
  }

  /// Counts a value that was estimated instead of read.
  public mutating func estimate(_ kind: String, count: Int = 1) {
    estimated[kind, default: 0] += count
  }

  /// Total of skipped records.
  public var skippedTotal: Int { skipped.values.reduce(0, +) }
}
