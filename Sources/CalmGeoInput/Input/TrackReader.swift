import CalmGeoSystem

/// Reads a whole log with the parser for its format.
public enum TrackReader {
  /// Streams the fixes of an opened log, in input order, to `emit`. With
  /// `options.utcOffsetMillis`, times written without a zone are local times at that
  /// offset and are moved to UTC; times with their own zone (`Z`, `+02:00`, Unix, NMEA,
  /// GnssLogger) are left as they are (counted in `diagnostics`).
  /// Fixes whose time or values are out of range are skipped and counted (`FixRangeCheck`).
  public static func read(
    _ opened: InputOpener.Opened, options: ParseOptions,
    diagnostics: inout InputDiagnostics, emit: (Fix) -> Void
  ) throws(ParseError) {
    try read(Parsed(opened, options: options), options: options, diagnostics: &diagnostics, emit: emit)
  }

  /// What a parser hands on from one log, before the checks every format shares: its name and
  /// format for messages, and the reading itself (the format's parser over the opened file, or
  /// a CSV file's pieces read at once, `CSVPieces`).
  struct Parsed {
    let file: String
    let format: InputFormat
    let read: (inout InputDiagnostics, (Fix) -> Void) throws(ParseError) -> Void
  }

  /// `read(_:options:diagnostics:emit:)` of what `parsed` reads.
  private static func read(
    _ parsed: Parsed, options: ParseOptions, diagnostics: inout InputDiagnostics, emit: (Fix) -> Void
  ) throws(ParseError) {
    let offset = options.utcOffsetMillis
    guard offset == 0 else {
      var shifted = 0
      var kept = 0
      defer {
        diagnostics.localTimesShifted += shifted
        diagnostics.zonedTimesKept += kept
      }
      try readChecked(parsed, diagnostics: &diagnostics) { fix in
        guard fix.flags.contains(.timeWithoutZone) else {
          kept += 1
          return emit(fix)
        }
        var local = fix
        local.time -= offset
        local.flags.remove(.timeWithoutZone)
        shifted += 1
        emit(local)
      }
      return
    }
    try readChecked(parsed, diagnostics: &diagnostics, emit: emit)
  }

  /// The parsed fixes that pass `FixRangeCheck`.
  private static func readChecked(
    _ parsed: Parsed, diagnostics: inout InputDiagnostics, emit: (Fix) -> Void
  ) throws(ParseError) {
    let check = UncheckedCell(
      FixRangeCheck(file: parsed.file, format: parsed.format.rawValue, diagnostics: diagnostics))
    try parsed.read(&diagnostics) { fix in
      if check.value.accept(fix) { emit(fix) }
    }
    try check.value.record(into: &diagnostics)
  }

  /// Streams the fixes the engine would receive: read, then time order and speed
  /// derivation (`FixNormalizer`), with the normalizer's counts added to `diagnostics`.
  ///
  /// The one pipeline behind replays, `fixes`, `load` and the benchmarks.
  /// - Returns: how many fixes were handed to `emit`.
  @discardableResult
  public static func readNormalized(
    _ opened: InputOpener.Opened, options: ParseOptions, speedPolicy: FixNormalizer.SpeedPolicy,
    diagnostics: inout InputDiagnostics, emit: (Fix) -> Void
  ) throws(ParseError) -> Int {
    try readNormalized(
      Parsed(opened, options: options), options: options, speedPolicy: speedPolicy, diagnostics: &diagnostics,
      emit: emit)
  }

  /// `readNormalized(_:options:speedPolicy:diagnostics:emit:)` of what `parsed` reads.
  @discardableResult
  static func readNormalized(
    _ parsed: Parsed, options: ParseOptions, speedPolicy: FixNormalizer.SpeedPolicy,
    diagnostics: inout InputDiagnostics, emit: (Fix) -> Void
  ) throws(ParseError) -> Int {
    let stream = UncheckedCell(
      NormalizedStream(
        normalizer: FixNormalizer(speedPolicy: speedPolicy), strict: diagnostics.strict,
        room: diagnostics.maxProblems, format: parsed.format.rawValue, file: parsed.file))
    func accept(_ fix: Fix) { stream.value.accept(fix, emit: emit) }
    if options.sortByTime {
      // Buffered whole (72 bytes a fix) and sorted by time, ties in input order.
      var fixes: [Fix] = []
      try read(parsed, options: options, diagnostics: &diagnostics) { fixes.append($0) }
      var order = Array(fixes.indices)
      order.sort { (fixes[$0].time, $0) < (fixes[$1].time, $1) }
      let moved = zip(order, order.indices).reduce(0) { $0 + ($1.0 == $1.1 ? 0 : 1) }
      if moved > 0 { diagnostics.estimate("time_reordered", count: moved) }
      for index in order { accept(fixes[index]) }
    } else {
      try read(parsed, options: options, diagnostics: &diagnostics, emit: accept)
    }
    let done = stream.value
    if done.strict, let first = done.backwards.first { throw first }
    let backwardsKey = ParseProblem.timeBackwards.key
    diagnostics.skipped[backwardsKey, default: 0] += done.backwardCount == 0 ? 0 : done.backwardCount
    if diagnostics.skipped[backwardsKey] == 0 { diagnostics.skipped[backwardsKey] = nil }
    for problem in done.backwards where diagnostics.firstProblems.count < done.room {
      diagnostics.firstProblems.append(problem)
    }
    done.normalizer.record(into: &diagnostics)
    diagnostics.longGaps += done.normalizer.longGaps
    if let gap = done.normalizer.longestGap, gap.millis > diagnostics.longestGap?.millis ?? 0 {
      diagnostics.longestGap = gap
    }
    return done.kept
  }

  /// `readNormalized`'s work per fix: normalize, count what goes on, and keep the
  /// fixes that go back in time to report them once the reading is done (the parser
  /// holds `diagnostics` meanwhile); `--strict` stops at the first.
  private struct NormalizedStream {
    var normalizer: FixNormalizer
    let strict: Bool
    let room: Int
    let format: String
    let file: String
    var kept = 0
    var backwards: [ParseError] = []
    var backwardCount = 0

    mutating func accept(_ fix: Fix, emit: (Fix) -> Void) {
      guard !(strict && backwardCount > 0) else { return }
      var normalized = fix
      guard normalizer.normalize(&normalized) else {
        guard let drop = normalizer.lastDrop, drop.problem == .timeBackwards else { return }
        backwardCount += 1
        guard backwards.count < room else { return }
        let seconds = Double(drop.previousTime - fix.time) / 1000
        let back = seconds == seconds.rounded() ? String(Int64(seconds)) : String(seconds)
        backwards.append(
          ParseError(
            format: format, location: SourceLocation(file: file, line: Int(fix.line)), problem: .timeBackwards,
            reason: "time \(UTCTime.iso8601(fix.time)) is \(back) s before the fix of line \(drop.previousLine) "
              + "(a log whose rows are merely out of order can be replayed with --sort)"))
        return
      }
      kept += 1
      emit(normalized)
    }
  }

  /// About the fewest bytes a fix takes in a log of `format` (a CSV row with a time and a position, a GGA and
  /// an RMC sentence, a GPX point): the file's size over it guesses the number of fixes from above.
  private static func typicalBytesPerFix(_ format: InputFormat) -> Int {
    switch format {
    case .csv: 64
    case .gpx: 96
    case .nmea, .gnssLogger: 128
    case .calmgeoJSON: 256
    }
  }

  /// A guess from above of how many fixes a log of `bytes` bytes (as stored, not gzipped) of
  /// `format` holds: its size over about the fewest bytes a fix takes.
  package static func expectedFixes(bytes: Int, format: InputFormat) -> Int {
    max(0, bytes) / typicalBytesPerFix(format)
  }

  /// Reads and normalizes a whole log into memory (for sweeps and tests).
  public static func load(
    path: String, options: ParseOptions = ParseOptions(), forcedFormat: InputFormat? = nil,
    speedPolicy: FixNormalizer.SpeedPolicy = .auto
  ) throws -> Track {
    let opened = try InputOpener.open(path: path, forcedFormat: forcedFormat)
    let bytes = opened.gzipped ? nil : try? SystemFiles.status(path).size
    return try load(
      opened, options: options, speedPolicy: speedPolicy,
      expectedFixes: bytes.map { expectedFixes(bytes: Int($0), format: opened.format) } ?? 0)
  }

  /// Reads and normalizes an opened log into memory; `expectedFixes`, a guess of how many
  /// fixes it holds, is room made for them at once (an array of fixes grown by doubling was
  /// copied and given fresh pages about twenty times over a sweep's 400 000-fix log).
  public static func load(
    _ opened: InputOpener.Opened, options: ParseOptions = ParseOptions(),
    speedPolicy: FixNormalizer.SpeedPolicy = .auto, expectedFixes: Int = 0
  ) throws(ParseError) -> Track {
    var track = try load(
      Parsed(opened, options: options), options: options, speedPolicy: speedPolicy, expectedFixes: expectedFixes)
    track.gzipped = opened.gzipped
    track.sha256 = try opened.checksum?.finish()
    return track
  }

  /// The track of what `parsed` reads (not gzipped, without a checksum).
  static func load(
    _ parsed: Parsed, options: ParseOptions, speedPolicy: FixNormalizer.SpeedPolicy, expectedFixes: Int
  ) throws(ParseError) -> Track {
    var diagnostics = InputDiagnostics(strict: options.strict, maxProblems: options.maxReportedProblems)
    var fixes: [Fix] = []
    fixes.reserveCapacity(expectedFixes)
    try readNormalized(parsed, options: options, speedPolicy: speedPolicy, diagnostics: &diagnostics) {
      fixes.append($0)
    }
    // A guess far above the count (long NMEA lines, skipped rows) keeps no more than twice the room needed.
    // (`Array(fixes)` would share the same buffer: the fixes are copied into one of their size.)
    if fixes.capacity > 2 * fixes.count + 1024 {
      let read = fixes
      fixes = [Fix](unsafeUninitializedCapacity: read.count) { buffer, count in
        count = buffer.initialize(fromContentsOf: read)
      }
    }
    return Track(
      name: parsed.file, format: parsed.format, fixes: fixes, diagnostics: diagnostics, speedPolicy: speedPolicy)
  }
}

extension TrackReader.Parsed {
  /// The format's parser over `opened`: one call per file through the parser's type, so the
  /// per-fix loop is the parser's own `parse`, as specialized as when each format had its own
  /// case here.
  init(_ opened: InputOpener.Opened, options: ParseOptions) {
    self.init(file: opened.source.name, format: opened.format) { (diagnostics, emit) throws(ParseError) in
      try opened.format.parser.read(
        opened.source, file: opened.source.name, options: options, diagnostics: &diagnostics, emit: emit)
    }
  }
}
