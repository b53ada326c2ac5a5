import ArgumentParser
import CalmGeoReplay

/// How logs are read; shared by every command that reads logs.
struct InputOptions: ParsableArguments {
  @Option(help: ArgumentHelp("Read the input as this format instead of detecting it.", valueName: "format"))
  var inputFormat: InputFormat?

  // The parse options' flags: help and value names come from `ParseOptionDescriptor.all`
  // (argument-parser needs one static property per flag; `givenValues` maps them back).

  @Flag(help: InputOptions.help("--strict"))
  var strict = false

  @Flag(help: InputOptions.help("--sort"))
  var sort = false

  @Option(help: InputOptions.help("--time-format"))
  var timeFormat: String?

  @Option(
    parsing: .unconditional, help: InputOptions.help("--skip-lines"),
    transform: { try InputOptions.count($0, flag: "--skip-lines") })
  var skipLines: Int?

  @Option(name: .customLong("column"), help: InputOptions.help("--column"))
  var columns: [String] = []

  @Option(parsing: .unconditional, help: InputOptions.help("--utc-offset"))
  var utcOffset: String?

  @Option(help: InputOptions.help("--date"))
  var date: String?

  @Flag(help: InputOptions.help("--keep-bad-dates"))
  var keepBadDates = false

  @Option(
    parsing: .unconditional, help: InputOptions.help("--uere"),
    transform: { try NetworkOptions.number($0, flag: "--uere", expected: "a positive number of metres") })
  var uere: Double = 5.0

  @Option(help: InputOptions.help("--provider"))
  var provider: GnssLoggerProvider?

  @Option(
    parsing: .unconditional, help: InputOptions.help("--track"),
    transform: { try InputOptions.ordinal($0, flag: "--track") })
  var track: Int?

  @Option(
    parsing: .unconditional, help: InputOptions.help("--segment"),
    transform: { try InputOptions.ordinal($0, flag: "--segment") })
  var segment: Int?

  @Option(
    parsing: .unconditional, help: InputOptions.help("--assume-speed"),
    transform: { try NetworkOptions.number($0, flag: "--assume-speed", expected: "a speed in m/s from 0.01 to 1000") })
  var assumeSpeed: Double?

  @Option(help: "Derive speed from positions: auto (when the log has none), always, or never (unknown, -1).")
  var deriveSpeed: FixNormalizer.SpeedPolicy?

  func validate() throws {
    if let utcOffset, parseUTCOffset(utcOffset) == nil {
      throw ValidationError("--utc-offset must be an offset such as +02:00 or -0700, found '\(utcOffset)'.")
    }
    if let date, CivilDate(date) == nil {
      throw ValidationError("--date must be a date such as 2024-05-01, found '\(date)'.")
    }
    guard uere > 0, uere.isFinite else {
      throw ValidationError("--uere must be a positive number of metres, found \(uere).")
    }
    if let assumeSpeed, !ParseOptions.assumableSpeeds.contains(assumeSpeed) {
      throw ValidationError("--assume-speed must be a speed in m/s from 0.01 to 1000, found \(assumeSpeed).")
    }
    if let timeFormat, let problem = ParseOptions.timeFormatProblem(timeFormat) {
      throw ValidationError("--time-format: \(problem).")
    }
    _ = try csvColumns()
    // What the checks above let through must fit its descriptor too (a document's value does).
    var options = ParseOptions()
    for (flag, value) in givenValues.sorted(by: { $0.key < $1.key }) {
      if let mismatch = ParseOptionDescriptor.withFlag(flag)?.apply(value, to: &options) {
        throw ValidationError("\(flag) must be \(mismatch.expected).")
      }
    }
  }

  /// `--column role=name` as a dictionary, each role checked.
  func csvColumns() throws -> [String: String] {
    var result: [String: String] = [:]
    for assignment in columns {
      guard let equals = assignment.firstIndex(of: "="), equals != assignment.startIndex,
        assignment.index(after: equals) != assignment.endIndex
      else { throw ValidationError("--column takes role=name (e.g. lat=Breite), found '\(assignment)'.") }
      let role = String(assignment[..<equals])
      if let problem = ParseOptions.csvColumnRoleProblem(role) {
        throw ValidationError("--column \(assignment): \(problem).")
      }
      result[role] = String(assignment[assignment.index(after: equals)...])
    }
    return result
  }

  /// Reads a count flag (`--skip-lines`): a whole number from 0.
  static func count(_ text: String, flag: String) throws -> Int {
    guard let value = Int(text), value >= 0 else {
      throw ValidationError("\(flag) must be a whole number from 0, found '\(text)'.")
    }
    return value
  }

  /// The flags given that a log of `format` does not read, each with why (`--date`
  /// on a GPX), to be warned about rather than silently ignored.
  func unusedFlags(for format: InputFormat) -> [String] {
    let given = givenValues
    return ParseOptionDescriptor.all.compactMap { given[$0.flag] == nil ? nil : $0.warning(for: format) }
  }

  /// Reads a 1-based index flag (`--track`, `--segment`), saying what is wrong with a bad one.
  static func ordinal(_ text: String, flag: String) throws -> Int {
    guard let value = Int(text), value >= 1 else {
      throw ValidationError("\(flag) counts from 1 (a whole number such as \(flag) 2), found '\(text)'.")
    }
    // The same bound as a sweep spec's or check manifest's `track` and `segment`.
    guard NumberBounds.ordinal.contains(value) else {
      throw ValidationError("\(flag) must be at most \(NumberBounds.ordinal.upperBound), found '\(text)'.")
    }
    return value
  }

  /// The parser settings these options describe: each value given, applied through its
  /// descriptor (as a sweep spec's or check manifest's key is).
  var parseOptions: ParseOptions {
    var options = ParseOptions()
    let given = givenValues
    for descriptor in ParseOptionDescriptor.all {
      guard let value = given[descriptor.flag] else { continue }
      let mismatch = descriptor.apply(value, to: &options)
      assert(mismatch == nil, "\(descriptor.flag) passed validate() but not its descriptor: \(mismatch!.expected)")
    }
    return options
  }

  /// The parse options' flags given (and `--uere`, which has a default), by flag, as
  /// their descriptors read them.
  var givenValues: [String: ParseOptionValue] {
    var given: [String: ParseOptionValue] = [:]
    if strict { given["--strict"] = .bool(true) }
    if sort { given["--sort"] = .bool(true) }
    given["--time-format"] = timeFormat.map { .string($0) }
    given["--skip-lines"] = skipLines.map { .number(Double($0)) }
    if !columns.isEmpty {
      let roles = ((try? csvColumns()) ?? [:]).sorted { $0.key < $1.key }
      given["--column"] = .object(roles.map { ParseOptionValue.Field($0.key, .string($0.value)) })
    }
    given["--utc-offset"] = utcOffset.map { .string($0) }
    given["--date"] = date.map { .string($0) }
    if keepBadDates { given["--keep-bad-dates"] = .bool(true) }
    given["--uere"] = .number(uere)
    given["--provider"] = provider.map { .string($0.rawValue) }
    given["--track"] = track.map { .number(Double($0)) }
    given["--segment"] = segment.map { .number(Double($0)) }
    given["--assume-speed"] = assumeSpeed.map { .number($0) }
    return given
  }

  /// A parse option's help and value name, from its descriptor.
  static func help(_ flag: String) -> ArgumentHelp {
    guard let descriptor = ParseOptionDescriptor.withFlag(flag) else {
      preconditionFailure("\(flag) has no ParseOptionDescriptor")
    }
    return ArgumentHelp(descriptor.help, valueName: descriptor.valueName)
  }
}

extension InputFormat: ExpressibleByArgument {}
extension GnssLoggerProvider: ExpressibleByArgument {}
extension FixNormalizer.SpeedPolicy: ExpressibleByArgument {}
