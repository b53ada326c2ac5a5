import Foundation
import Testing

/// Messages, names and exit codes a new user met (issue 12 items 6, 10, 11, 13, 14).
struct MessagesTests {
  private func write(_ text: String, _ name: String, in folder: URL) throws {
    try Data(text.utf8).write(to: folder.appendingPathComponent(name))
  }

  private let good = "time,lat,lon\n2024-05-01T07:00:00Z,35.0,135.0\n2024-05-01T07:00:10Z,35.001,135.0\n"

  /// Item 13: the most severe code, a tally, names that do not depend on order or failures,
  /// and no stale folder from an earlier success.
  @Test func severalLogsExitWithTheMostSevereCodeAndATally() throws {
    let folder = try CommandRunner.temporaryFolder()
    try FileManager.default.createDirectory(at: folder.appendingPathComponent("a"), withIntermediateDirectories: true)
    try FileManager.default.createDirectory(at: folder.appendingPathComponent("b"), withIntermediateDirectories: true)
    try write("time,lat,lon\nnot a time,1,1\n", "a/walk.csv", in: folder)  // no usable fix: 65
    try write(good, "b/walk.csv", in: folder)
    let result = try CommandRunner.run(["a/walk.csv", "missing.csv", "b/walk.csv", "-q", "-o", "out"], in: folder)
    // 65 (a/walk.csv) and 66 (missing.csv): 66 is the more severe, whatever the order.
    #expect(result.status == 66)
    #expect(result.stderr.hasSuffix("error: 2 of 3 logs failed: a/walk.csv (65), missing.csv (66); exit 66\n"))
    let reversed = try CommandRunner.run(["b/walk.csv", "missing.csv", "a/walk.csv", "-q", "-o", "out2"], in: folder)
    #expect(reversed.status == 66)
    // The clashing names are told apart by their folders, so b's is the same both times
    // (before, a failing a/walk.csv claimed `walk` and b/walk.csv became `walk-2`).
    #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("out/walk-b/stats.json").path))
    #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("out2/walk-b/stats.json").path))
  }

  @Test func aLogThatFailsNowLeavesNoFolderFromBefore() throws {
    let folder = try CommandRunner.temporaryFolder()
    try write(good + "2024-05-01T07:00:05Z,35.002,135.0\n", "log.csv", in: folder)
    #expect(try CommandRunner.run(["log.csv", "-q"], in: folder).status == 0)
    #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("replay-out/log/stats.json").path))
    let strict = try CommandRunner.run(["log.csv", "-q", "--strict"], in: folder)
    #expect(strict.status == 65)
    #expect(strict.stderr.contains("replay-out/log: note: removed the output of an earlier run, since this run failed"))
    #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("replay-out/log").path))
  }

  @Test func oddLogNamesGetAFolderAndUnmarkedLeftoversStay() throws {
    let folder = try CommandRunner.temporaryFolder()
    try write(good, "..csv", in: folder)
    // Named like an older version's leftover, but without the tool's marker: not the tool's to delete.
    let stale = folder.appendingPathComponent("replay-out/.other.partial-4194305/uploads")
    try FileManager.default.createDirectory(at: stale, withIntermediateDirectories: true)
    let result = try CommandRunner.run(["..csv", "-q"], in: folder)
    #expect(result.status == 0, "\(result.stderr)")
    let names = try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("replay-out").path)
    #expect(names.sorted() == [".other.partial-4194305", "track"])
  }

  /// Item 10: one prefix, the path, the OS's reason.
  @Test func outputErrorsNameThePathAndTheReason() throws {
    let folder = try CommandRunner.temporaryFolder()
    try write(good, "log.csv", in: folder)
    try write("x", "afile", in: folder)
    let result = try CommandRunner.run(["log.csv", "-q", "-o", "afile/sub"], in: folder)
    #expect(result.status == 1)
    #expect(result.stderr == "afile/sub: error: cannot write: Not a directory\n")
  }

  /// Item 11: flags the log's format does not read are warned about.
  @Test func flagsThatDoNotApplyAreWarnings() throws {
    let folder = try CommandRunner.temporaryFolder()
    try write("$GPRMC,070000,A,3500.000,N,13500.000,E,0.0,0.0,010524,,,A*74\n", "log.nmea", in: folder)
    let result = try CommandRunner.run(["log.nmea", "-q", "--track", "2", "--provider", "fused"], in: folder)
    #expect(result.stderr.contains("log.nmea: warning: --track applies to GPX logs only (this log is nmea); ignored"))
    #expect(
      result.stderr.contains(
        "log.nmea: warning: --provider applies to GnssLogger logs only (this log is nmea); ignored"))
  }

  /// Item 14: `-q` keeps warnings, `--silent` drops them; `fixes` does not point at a
  /// stats.json it never writes; the summary shows ignored records.
  @Test func quietKeepsWarningsSilentDropsThem() throws {
    let folder = try CommandRunner.temporaryFolder()
    var text = "time,lat,lon\n"
    for second in 0..<8 { text += "2024-05-01T07:00:0\(second)Z,\(second == 0 ? "x" : "35.00\(second)"),135.0\n" }
    text += "2024-05-01T07:00:09Z,0,0\n"
    try write(text, "log.csv", in: folder)
    let quiet = try CommandRunner.run(["log.csv", "-q"], in: folder)
    #expect(quiet.stdout.isEmpty)
    #expect(quiet.stderr.contains("log.csv:2:22: warning: skipped: csv: latitude 'x' is not a number"))
    let silent = try CommandRunner.run(["log.csv", "--silent"], in: folder)
    #expect(silent.status == 0)
    #expect(silent.stdout.isEmpty && silent.stderr.isEmpty)
    let loud = try CommandRunner.run(["log.csv"], in: folder)
    // 10 records: 1 skipped (bad latitude), 1 with 0,0 (no fix: ignored), 7 used.
    #expect(
      loud.stdout.contains(
        "fixes       9 records read = 7 used + 1 skipped (bad_latitude 1) + 1 ignored (no_fix 1)"))
    var many = "time,lat,lon\n"
    for second in 0..<7 { many += "2024-05-01T07:00:0\(second)Z,x,135.0\n" }
    many += good.split(separator: "\n").dropFirst().joined(separator: "\n") + "\n"
    try write(many, "many.csv", in: folder)
    let fixes = try CommandRunner.run(["fixes", "many.csv"], in: folder)
    #expect(fixes.stderr.contains("many.csv: note: 2 more records skipped (counted on the last line)"))
    #expect(!fixes.stderr.contains("stats.json"))
  }

  /// Item 6: numbers followed by a unit are read; a bad optional value is unknown, not a
  /// lost fix.
  @Test func unitsInCellsAndBadOptionalValues() throws {
    let folder = try CommandRunner.temporaryFolder()
    try write(
      """
      time,lat,lon,ele,speed
      2024-05-01T07:00:00Z,35.0,135.0,374.812 m,0.865 km/h
      2024-05-01T07:00:10Z,35.001,135.0,abc,2 kn
      2024-05-01T07:00:20Z,35.002,135.0,1000 ft,3

      """, "mtk.csv", in: folder)
    let result = try CommandRunner.run(["fixes", "mtk.csv", "--format", "ndjson"], in: folder)
    #expect(result.status == 0)
    let lines = result.stdout.split(separator: "\n")
    try #require(lines.count == 3)
    // 0.865 km/h = 0.865 / 3.6 = 0.24027777777777778 m/s; 2 kn = 2 · 1852 / 3600 = 1.02888… m/s,
    // written 1.028888888888889 (its Double's shortest digits)
    // (Doubles, as a CLLocation holds them); 1000 ft = 304.8 m.
    #expect(lines[0].contains("\"altitude\":374.812,\"speed\":0.24027777777777778"))
    #expect(lines[1].contains("\"speed\":1.028888888888889") && !lines[1].contains("altitude"))
    #expect(lines[2].contains("\"altitude\":304.8"))
    #expect(result.stderr.contains("ignored: unreadable_altitude=1"))
  }
}

/// "No usable fix" always says why and names the option that helps (items 5 and 7).
struct NoFixMessagesTests {
  /// `$<body>*hh` with the right checksum, or a wrong one.
  private func sentence(_ body: String, good: Bool = true) -> String {
    let xor = body.utf8.reduce(UInt8(0), ^) ^ (good ? 0 : 1)
    let hex = String(xor, radix: 16, uppercase: true)
    return "$\(body)*\(hex.count == 1 ? "0" + hex : hex)\n"
  }

  @Test func datedSentencesLostToChecksumsAreNamed() throws {
    let folder = try CommandRunner.temporaryFolder()
    let text =
      sentence("GPGGA,070000,3500.000,N,13500.000,E,1,08,1.0,10,M,0,M,,")
      + sentence("GPRMC,070000,A,3500.000,N,13500.000,E,0.0,0.0,010524,,,A", good: false)
      + sentence("GPGGA,070001,3500.001,N,13500.000,E,1,08,1.0,10,M,0,M,,")
    try Data(text.utf8).write(to: folder.appendingPathComponent("ck.nmea"))
    let result = try CommandRunner.run(["ck.nmea", "-q"], in: folder)
    #expect(result.status == 65)
    #expect(
      result.stderr.hasPrefix(
        "ck.nmea:1: error: nmea: the log has fixes but no RMC or ZDA sentence with a date; "
          + "pass --date YYYY-MM-DD (the UTC date of the first fix); 1 RMC/ZDA sentence was dropped for a bad checksum "
          + "(the first on line 2), so their dates were lost: --date recovers the fixes\n"))
    #expect(try CommandRunner.run(["ck.nmea", "-q", "--date", "2024-05-01"], in: folder).status == 0)
  }

  @Test func otherProvidersNameProviderAndInputFormat() throws {
    let folder = try CommandRunner.temporaryFolder()
    try Data("Fix,GT,35.0,135.0,10,0,0,5,1714546800000\nFix,GT,35.0,135.0,10,0,0,5,1714546801000\n".utf8)
      .write(to: folder.appendingPathComponent("gt.txt"))
    let result = try CommandRunner.run(["gt.txt", "-q"], in: folder)
    #expect(result.status == 65)
    #expect(
      result.stderr.contains(
        "no usable fix in 2 records read as gnsslogger: 2 Fix records are from other providers "
          + "than the one read (gps by default): --provider all reads them; a CSV that only looks like GnssLogger's is read "
          + "with --input-format csv"))
  }

  @Test func voidEpochsAreCounted() throws {
    let folder = try CommandRunner.temporaryFolder()
    let text = sentence("GPRMC,070000,V,,,,,,,010524,,,N") + sentence("GPRMC,070001,V,,,,,,,010524,,,N")
    try Data(text.utf8).write(to: folder.appendingPathComponent("void.nmea"))
    let result = try CommandRunner.run(["void.nmea", "-q"], in: folder)
    #expect(result.status == 65)
    #expect(result.stderr.contains("2 epochs, all without a fix (RMC status V, GGA quality 0 or an empty position)"))
  }
}

/// Files the CSV detector cannot map: `--skip-lines` and `--column` (item 6).
struct CSVMappingOptionsTests {
  static let text = """
    Logger XY-1 export, firmware 2.3
    Zeit;Breite;Länge;Höhe
    2024-05-01T07:00:00Z;35,0;135,0;12
    2024-05-01T07:00:10Z;35,001;135,0;13

    """

  @Test func noLatitudeColumnNamesBothOptions() throws {
    let folder = try CommandRunner.temporaryFolder()
    try Data(Self.text.utf8).write(to: folder.appendingPathComponent("xy.csv"))
    let plain = try CommandRunner.run(["xy.csv", "-q"], in: folder)
    #expect(plain.status == 65)
    #expect(
      plain.stderr.contains(
        "or name the columns with --column lat=NAME --column lon=NAME (and --column time=NAME), "
          + "and skip lines above the header with --skip-lines N"))
  }

  @Test func skipLinesAndColumnsReadTheFile() throws {
    let folder = try CommandRunner.temporaryFolder()
    try Data(Self.text.utf8).write(to: folder.appendingPathComponent("xy.csv"))
    let result = try CommandRunner.run(
      [
        "fixes", "xy.csv", "--skip-lines", "1", "--column", "time=Zeit", "--column", "lat=Breite", "--column",
        "lon=Länge",
        "--column", "ele=Höhe",
      ], in: folder)
    #expect(result.status == 0, "\(result.stderr)")
    let lines = result.stdout.split(separator: "\n").dropFirst().map {
      $0.split(separator: ",").prefix(4).joined(separator: ",")
    }
    #expect(lines == ["2024-05-01T07:00:00.000Z,35,135,12", "2024-05-01T07:00:10.000Z,35.001,135,13"])
    let unknown = try CommandRunner.run(["fixes", "xy.csv", "--column", "latitud=Breite"], in: folder)
    #expect(unknown.status == 64)
    #expect(unknown.stderr.contains("--column latitud=Breite: unknown column role 'latitud'"))
    let missing = try CommandRunner.run(["fixes", "xy.csv", "--skip-lines", "1", "--column", "lat=Lat"], in: folder)
    #expect(missing.status == 65)
    #expect(
      missing.stderr.contains(
        "--column lat=Lat: no column named 'Lat' in the header (found 'Zeit', 'Breite', 'Länge', 'Höhe')"))
  }
}
