import ArgumentParser
import CalmGeoReplay
import Testing

@testable import calmgeo_replay

/// `ParseOptionDescriptor.all` drives the CLI's flags, their help, their warnings and the
/// keys of sweep specs and check manifests: each way in reaches `ParseOptions` the same.
struct ParseOptionTableTests {
  /// One option given every way: the CLI's arguments, the key and JSON value of a document,
  /// and the `ParseOptions` expected, written out by hand from what the option means.
  struct Case: Sendable {
    let flag: String
    let arguments: [String]
    let json: String?
    let expected: @Sendable (inout ParseOptions) -> Void
  }

  static let cases: [Case] = [
    Case(flag: "--strict", arguments: ["--strict"], json: nil) { $0.strict = true },
    Case(flag: "--sort", arguments: ["--sort"], json: #""sort": true"#) { $0.sortByTime = true },
    Case(flag: "--date", arguments: ["--date", "2024-05-01"], json: #""date": "2024-05-01""#) {
      $0.date = CivilDate(year: 2024, month: 5, day: 1)
    },
    Case(flag: "--keep-bad-dates", arguments: ["--keep-bad-dates"], json: #""keepBadDates": true"#) {
      $0.keepBadDates = true
    },
    Case(
      flag: "--time-format", arguments: ["--time-format", "%d/%m/%Y %H:%M"], json: #""timeFormat": "%d/%m/%Y %H:%M""#
    ) { $0.timeFormat = "%d/%m/%Y %H:%M" },
    Case(flag: "--skip-lines", arguments: ["--skip-lines", "2"], json: #""skipLines": 2"#) { $0.skipLines = 2 },
    Case(
      flag: "--column", arguments: ["--column", "lat=Breite", "--column", "lon=Länge"],
      json: #""columns": {"lat": "Breite", "lon": "Länge"}"#
    ) { $0.csvColumns = ["lat": "Breite", "lon": "Länge"] },
    // -07:00 is 7 h × 3 600 000 ms west of UTC.
    Case(flag: "--utc-offset", arguments: ["--utc-offset", "-07:00"], json: #""utcOffset": "-07:00""#) {
      $0.utcOffsetMillis = -25_200_000
    },
    Case(flag: "--provider", arguments: ["--provider", "fused"], json: #""provider": "fused""#) {
      $0.provider = .fused
    },
    Case(flag: "--track", arguments: ["--track", "2"], json: #""track": 2"#) { $0.track = 2 },
    Case(flag: "--segment", arguments: ["--segment", "3"], json: #""segment": 3"#) { $0.segment = 3 },
    Case(flag: "--assume-speed", arguments: ["--assume-speed", "1.5"], json: #""assumeSpeed": 1.5"#) {
      $0.assumeSpeed = 1.5
    },
    Case(flag: "--uere", arguments: ["--uere", "8"], json: #""uere": 8"#) { $0.uere = 8 },
  ]

  /// Every field of `ParseOptions`, to compare two of them.
  static func fields(_ options: ParseOptions) -> [String] {
    [
      "strict \(options.strict)", "maxReportedProblems \(options.maxReportedProblems)",
      "utcOffsetMillis \(options.utcOffsetMillis)", "sortByTime \(options.sortByTime)",
      "skipLines \(options.skipLines)", "csvColumns \(options.csvColumns.sorted { $0.key < $1.key })",
      "timeFormat \(String(describing: options.timeFormat))", "date \(String(describing: options.date))",
      "keepBadDates \(options.keepBadDates)", "uere \(options.uere)", "provider \(options.provider)",
      "track \(String(describing: options.track))", "segment \(String(describing: options.segment))",
      "assumeSpeed \(String(describing: options.assumeSpeed))",
    ]
  }

  @Test func theCasesCoverTheTable() {
    #expect(Self.cases.map(\.flag) == ParseOptionDescriptor.all.map(\.flag))
    #expect(Self.cases.map { $0.json != nil } == ParseOptionDescriptor.all.map { $0.key != nil })
  }

  /// The CLI flag, a sweep spec's key and a check manifest's key give the same options.
  @Test func everyOptionReachesParseOptionsTheSameEveryWay() throws {
    for item in Self.cases {
      var expected = ParseOptions()
      item.expected(&expected)
      let cli = try InputOptions.parse(item.arguments).parseOptions
      #expect(Self.fields(cli) == Self.fields(expected), "\(item.flag)")
      guard let json = item.json else { continue }
      let spec = try SweepSpecDecoder.decode(#"{"tracks": [{"path": "a.log", \#(json)}]}"#, source: "s.json")
      #expect(Self.fields(spec.tracks[0].options) == Self.fields(expected), "\(json) in a sweep spec")
      let manifest = try CheckManifestDecoder.decode(
        #"{"tracks": [{"log": "a.log", "options": {\#(json)}}]}"#, source: "check.json")
      #expect(Self.fields(manifest.tracks[0].options) == Self.fields(expected), "\(json) in a check manifest")
    }
  }

  /// The flags of `InputOptions` are the table's, besides `--input-format` and
  /// `--derive-speed` (not parse options), and their help is the table's.
  @Test func theFlagsAreTheTables() {
    let help = InputOptions.helpMessage(columns: 1000)
    let flags = help.split(separator: "\n").compactMap { line -> String? in
      let option = line.drop { $0 == " " }
      guard line.hasPrefix("  "), option.hasPrefix("--") else { return nil }
      return String(option.prefix { $0 != " " })
    }
    #expect(Set(flags) == Set(ParseOptionDescriptor.all.map(\.flag) + ["--input-format", "--derive-speed"]))
    #expect(flags.count == Set(flags).count)
    for descriptor in ParseOptionDescriptor.all {
      #expect(help.contains(descriptor.help), "\(descriptor.flag)'s help")
      if let valueName = descriptor.valueName { #expect(help.contains("\(descriptor.flag) <\(valueName)>")) }
    }
  }

  /// The warnings for flags a format does not read, in today's words and order (as
  /// `unusedFlags` wrote them flag by flag before the table).
  @Test func flagsThatDoNotApplyAreNamedWithTheirFormats() throws {
    let options = try InputOptions.parse([
      "--strict", "--sort", "--date", "2024-05-01", "--keep-bad-dates", "--time-format", "unix", "--skip-lines", "1",
      "--column", "lat=Breite", "--utc-offset", "+02:00", "--provider", "all", "--track", "1", "--segment", "1",
      "--assume-speed", "2", "--uere", "3",
    ])
    #expect(
      options.unusedFlags(for: .calmgeoJSON) == [
        "--date applies to NMEA logs and CSV times of day only",
        "--keep-bad-dates applies to NMEA logs only",
        "--time-format applies to CSV logs only",
        "--skip-lines applies to CSV logs only",
        "--column applies to CSV logs only",
        "--utc-offset applies to CSV and GPX times written without a zone only",
        "--provider applies to GnssLogger logs only",
        "--track applies to GPX logs only",
        "--segment applies to GPX logs only",
        "--assume-speed applies to GPX logs only",
      ])
    #expect(
      options.unusedFlags(for: .gpx) == [
        "--date applies to NMEA logs and CSV times of day only",
        "--keep-bad-dates applies to NMEA logs only",
        "--time-format applies to CSV logs only",
        "--skip-lines applies to CSV logs only",
        "--column applies to CSV logs only",
        "--provider applies to GnssLogger logs only",
      ])
    // A CSV reads --date (times of day), --time-format, --skip-lines, --column and --utc-offset.
    #expect(
      options.unusedFlags(for: .csv) == [
        "--keep-bad-dates applies to NMEA logs only",
        "--provider applies to GnssLogger logs only",
        "--track applies to GPX logs only",
        "--segment applies to GPX logs only",
        "--assume-speed applies to GPX logs only",
      ])
    #expect(try InputOptions.parse([]).unusedFlags(for: .gpx) == [])
  }

  /// A value the flag's own checks let through but its descriptor refuses is a usage
  /// error, not a silent default (1 000 000 000 lines is past every count's bound).
  @Test func aValueTheTableRefusesIsAUsageError() {
    do {
      _ = try InputOptions.parse(["--skip-lines", "1000000000"])
      Issue.record("--skip-lines 1000000000 was accepted")
    } catch {
      #expect(InputOptions.message(for: error) == "--skip-lines must be a whole number from 0 to 999999999.")
    }
  }
}
