/// Reads a whole log with the parser for its format.
public enum TrackReader {
  /// Streams the fixes of an opened log, in input order, to `emit` (times moved to UTC
  /// by `options.utcOffsetMillis` when the log is in local time). Fixes whose time or
  /// values are out of range are skipped and counted (`FixRangeCheck`).
  public static func read(
    _ opened: InputOpener.Opened, options: ParseOptions,
    diagnostics: inout InputDiagnostics, emit: (Fix) -> Void
  ) throws(ParseError) {
    let offset = options.utcOffsetMillis
    guard offset == 0 else {
      var utcOptions = options
      utcOptions.utcOffsetMillis = 0
      try read(opened, options: utcOptions, diagnostics: &diagnostics) { fix in
        var local = fix
        local.time -= offset
        emit(local)
      }
      return
    }
    let file = opened.source.name
    var check = FixRangeCheck(file: file, format: opened.format.rawValue, diagnostics: diagnostics)
    let emit: (Fix) -> Void = { fix in if check.accept(fix) { emit(fix) } }
    switch opened.format {
    case .csv:
      var parser = CSVParser(file: file, options: options)
      try parser.parse(opened.source, diagnostics: &diagnostics, emit: emit)
    case .nmea:
      var parser = NMEAParser(file: file, options: options)
      try parser.parse(opened.source, diagnostics: &diagnostics, emit: emit)
    case .gpx:
      var parser = GPXParser(file: file, options: options)
      try parser.parse(opened.source, diagnostics: &diagnostics, emit: emit)
    case .gnssLogger:
      var parser = GnssLoggerParser(file: file, options: options)
      try parser.parse(opened.source, diagnostics: &diagnostics, emit: emit)
    case .calmgeoJSON:
      var parser = CalmGeoJSONParser(file: file, options: options)
      try parser.parse(opened.source, diagnostics: &diagnostics, emit: emit)
    }
    try check.record(into: &diagnostics)
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
    var normalizer = FixNormalizer(speedPolicy: speedPolicy)
    var kept = 0
    try read(opened, options: options, diagnostics: &diagnostics) { fix in
      guard let normalized = normalizer.accept(fix) else { return }
      kept += 1
      emit(normalized)
    }
    normalizer.record(into: &diagnostics)
    return kept
  }

  /// Reads and normalizes a whole log into memory (for sweeps and tests).
  public static func load(
    path: String, options: ParseOptions = ParseOptions(), forcedFormat: InputFormat? = nil,
    speedPolicy: FixNormalizer.SpeedPolicy = .auto
  ) throws -> Track {
    let opened = try InputOpener.open(path: path, forcedFormat: forcedFormat)
    return try load(opened, options: options, speedPolicy: speedPolicy)
  }

  /// Reads and normalizes an opened log into memory.
  public static func load(
    _ opened: InputOpener.Opened, options: ParseOptions = ParseOptions(),
    speedPolicy: FixNormalizer.SpeedPolicy = .auto
  ) throws(ParseError) -> Track {
    var diagnostics = InputDiagnostics(strict: options.strict, maxProblems: options.maxReportedProblems)
    var fixes: [Fix] = []
    try readNormalized(opened, options: options, speedPolicy: speedPolicy, diagnostics: &diagnostics) {
      fixes.append($0)
    }
    return Track(name: opened.source.name, format: opened.format, fixes: fixes, diagnostics: diagnostics,
                 gzipped: opened.gzipped, speedPolicy: speedPolicy)
  }
}
