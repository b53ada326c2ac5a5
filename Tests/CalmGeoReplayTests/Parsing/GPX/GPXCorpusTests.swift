import Foundation
import Testing

@testable import CalmGeoReplay

/// Every GPX of the shared corpus, read by `GPXParser` and compared with what GPSBabel
/// reports for the same file.
///
/// GPSBabel is run as `TZ=UTC gpsbabel -t -i gpx -f F -o unicsv -F -`. The `-t` matters:
/// without it `unicsv` writes waypoints only, and a track file comes out empty. When the
/// file has no track point, `-r` (routes) and then no flag (waypoints) are used, the
/// fallback `GPXParser` applies. Every point is compared, not only a sample: the number
/// of points, each time (to the millisecond GPSBabel prints) and each latitude and
/// longitude (to the 6 decimals it prints), plus altitude, speed, HDOP and satellites
/// wherever GPSBabel prints them.
///
/// The differences, file by file (any file not listed has none):
///
/// | file | GPSBabel | GPXParser | why |
/// |---|---|---|---|
/// | gpsbabel__googletakeout | 778 track points, 562 without time (empty Date/Time) | 216 fixes; 562 skipped as `missing_time` | a point without a time cannot be replayed; the file has timed points, so no `--assume-speed` is needed to read it |
/// | gpxpy__cerknicko-without-times | 296 track points, 291 without time | 5 fixes; 291 `missing_time` | as above |
/// | togeojson__empty_ele | `<ele></ele>` printed as altitude 0.0 | altitude absent | an empty element is no value, not zero metres |
/// | togeojson__unique_trkpt | no speed (it ignores `<extensions><speed>`) | speed 0.5 m/s | OsmAnd's plain `speed` extension is read |
/// | georustgpx__with_accuracy | `<fix>something_not_in_the_spec</fix>` printed empty | quality absent | same outcome; listed because the value is bad |
/// | gpsbabel__garmin-edge-800-output, gpsbabel__qstarz_bl-1000, gpxpy__cerknicko-jezero, gpxpy__cerknicko-without-times, gpxpy__gpx1.0_with_all_fields, gpsbabel__googletakeout, togeojson__blue_hills | `-t` leaves out the waypoints (and routes) | waypoints and route points counted as ignored | the file has track points, which win |
/// | gpxpy__unicode_with_bom | its one waypoint (no `-t`) | its one waypoint | the file has no track or route |
///
/// Both keep what the normalizer later drops, in file order: the duplicate times of
/// georustgpx__caltopo-export and togeojson__empty_ele, the 184 identical 1901 times of
/// gpxpy__Mojstrovka, and blue_hills' tracks whose times run backwards from one to the next.
@Suite(.enabled(if: Corpus.isAvailable, Corpus.skipReason))
struct GPXCorpusTests {
  /// Whether `gpsbabel` can be run; the comparison says it skipped when it cannot.
  static let gpsbabel: String? = {
    let path = ["/usr/bin/gpsbabel", "/usr/local/bin/gpsbabel", "/opt/homebrew/bin/gpsbabel"]
      .first { FileManager.default.isExecutableFile(atPath: $0) }
    if path == nil { print("skipped: the GPSBabel comparison needs gpsbabel (apt-get install gpsbabel)") }
    return path
  }()

  static let files = Corpus.files(in: "gpx")

  /// The expected outcome of files that differ from GPSBabel (see the table above).
  static let skippedTimeless = ["gpx/gpsbabel__googletakeout.gpx": 562, "gpx/gpxpy__cerknicko-without-times.gpx": 291]

  /// Reads a corpus file with `GPXParser` alone: fixes in file order, before normalization.
  private func parse(_ relative: String) throws -> GPXTesting.Result {
    var diagnostics = InputDiagnostics()
    var fixes: [Fix] = []
    var parser = GPXParser(file: relative, options: ParseOptions())
    try parser.parse(try FileByteSource(path: Corpus.path(relative)), diagnostics: &diagnostics) { fixes.append($0) }
    return GPXTesting.Result(fixes: fixes, diagnostics: diagnostics)
  }

  @Test(arguments: files)
  func leavesReadAsTheirThreeEventsRead(file: String) throws {
    // Whole, the file is one chunk and most fields reach the reading as one `leaf`
    // event; in chunks of 3 bytes every start, text and end comes on its own, as the
    // batch is replayed after each chunk. Both must read the same, bit for bit.
    let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: Corpus.path(file))))
    for options in [ParseOptions(), GPXTesting.options(assumeSpeed: 5)] {
      let whole = Result { try GPXTesting.parse(bytes: bytes, file: file, options: options) }
      let pieces = Result { try GPXTesting.parse(bytes: bytes, file: file, options: options, chunk: 3) }
      switch (whole, pieces) {
      case (.success(let a), .success(let b)):
        #expect(a.fixes == b.fixes)
        #expect(a.diagnostics.firstProblems.map(\.description) == b.diagnostics.firstProblems.map(\.description))
        #expect(a.diagnostics.skipped == b.diagnostics.skipped && a.diagnostics.ignored == b.diagnostics.ignored)
      case (.failure(let a), .failure(let b)):
        #expect("\(a)" == "\(b)")
      default:
        Issue.record("\(file): one reading failed, the other did not: \(whole) / \(pieces)")
      }
    }
  }

  @Test func theCorpusHasItsGPXFiles() {
    #expect(Self.files.count == 23)
  }

  @Test(arguments: files)
  func everyFileParses(file: String) throws {
    let result = try parse(file)
    #expect(!result.fixes.isEmpty)
    #expect(result.diagnostics.skipped.keys.allSatisfy { $0 == "missing_time" })
    #expect(result.diagnostics.skipped["missing_time"] == Self.skippedTimeless[file])
  }

  @Test(.enabled(if: gpsbabel != nil, "needs gpsbabel (apt-get install gpsbabel)"), arguments: files)
  func agreesWithGPSBabel(file: String) throws {
    let ours = try parse(file)
    var babel = try GPSBabelTrack(path: Corpus.path(file), flag: "-t", gpsbabel: Self.gpsbabel!)
    if babel.rows.isEmpty { babel = try GPSBabelTrack(path: Corpus.path(file), flag: "-r", gpsbabel: Self.gpsbabel!) }
    if babel.rows.isEmpty { babel = try GPSBabelTrack(path: Corpus.path(file), flag: nil, gpsbabel: Self.gpsbabel!) }

    #expect(!babel.rows.isEmpty)
    let timed = babel.rows.filter { $0.time != nil }
    #expect(babel.rows.count - timed.count == (Self.skippedTimeless[file] ?? 0))
    #expect(ours.fixes.count == timed.count)
    #expect(ours.fixes.first?.time == timed.first?.time)
    #expect(ours.fixes.last?.time == timed.last?.time)
    for (index, (fix, row)) in zip(ours.fixes, timed).enumerated() {
      let at = Comment(rawValue: "\(file) point \(index + 1)")
      #expect(fix.time == row.time, at)
      #expect(abs(fix.latitude - row.latitude) <= 0.000_000_5 + 1e-12, at)
      #expect(abs(fix.longitude - row.longitude) <= 0.000_000_5 + 1e-12, at)
      if let altitude = row.altitude {
        if let ours = fix.altitude {
          #expect(abs(ours - altitude) <= 0.05 + 1e-3, at)
        } else {
          // togeojson__empty_ele: GPSBabel prints 0.0 for <ele></ele>.
          #expect(file == "gpx/togeojson__empty_ele.gpx" && altitude == 0, at)
        }
      }
      if let speed = row.speed { #expect(abs((fix.speed ?? .nan) - speed) <= 0.005 + 1e-5, at) }
      if let hdop = row.hdop {
        if hdop >= 99.99 {
          // GPSLogger's "no HDOP" placeholder (dat100): GPSBabel prints it, we read it as unknown.
          #expect(fix.hdop == nil, at)
        } else {
          #expect(abs((fix.hdop ?? .nan) - hdop) <= 0.005 + 1e-5, at)
        }
      }
      if let satellites = row.satellites { #expect(fix.satellites == satellites, at) }
    }
  }

  @Test(arguments: files)
  func gzipGivesTheSameTrackAsPlainText(file: String) throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("calmgeo-gpx-\(UUID())")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let plain = try TrackReader.load(path: Corpus.path(file))
    let compressed = directory.appendingPathComponent(URL(fileURLWithPath: file).lastPathComponent + ".gz")
    try Data(try gzip(Array(try Data(contentsOf: URL(fileURLWithPath: Corpus.path(file)))))).write(to: compressed)
    let unzipped = try TrackReader.load(path: compressed.path)
    #expect(unzipped.format == .gpx)
    #expect(unzipped.fixes == plain.fixes)
    // The same diagnostics, but for the file name their problems carry.
    var renamed = unzipped.diagnostics
    renamed.firstProblems = renamed.firstProblems.map { problem in
      var problem = problem
      problem.location.file = plain.name
      return problem
    }
    #expect(renamed == plain.diagnostics)
  }
}

/// What `gpsbabel -o unicsv` prints for one file.
struct GPSBabelTrack {
  struct Row {
    var latitude: Double
    var longitude: Double
    var time: Int64?
    var altitude: Double?
    var speed: Double?
    var hdop: Double?
    var satellites: Int?
  }

  var rows: [Row] = []

  /// Runs `TZ=UTC gpsbabel [flag] -i gpx -f path -o unicsv -F -` and reads its rows.
  init(path: String, flag: String?, gpsbabel: String) throws {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: gpsbabel)
    process.arguments = (flag.map { [$0] } ?? []) + ["-i", "gpx", "-f", path, "-o", "unicsv", "-F", "-"]
    process.environment = ["TZ": "UTC", "PATH": "/usr/bin:/bin"]
    let output = Pipe()
    process.standardOutput = output
    try process.run()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    let lines = String(decoding: data, as: UTF8.self).split(whereSeparator: \.isNewline).map(String.init)
    guard let header = lines.first.map(Self.fields) else { return }
    func column(_ name: String) -> Int? { header.firstIndex(of: name) }
    for line in lines.dropFirst() {
      let cells = Self.fields(line)
      func cell(_ name: String) -> String? {
        column(name).flatMap { $0 < cells.count && !cells[$0].isEmpty ? cells[$0] : nil }
      }
      guard let latitude = cell("Latitude").flatMap(Double.init), let longitude = cell("Longitude").flatMap(Double.init)
      else { continue }
      var row = Row(latitude: latitude, longitude: longitude)
      if let date = cell("Date"), let time = cell("Time") { row.time = Self.millis(date: date, time: time) }
      row.altitude = cell("Altitude").flatMap(Double.init)
      row.speed = cell("Speed").flatMap(Double.init)
      row.hdop = cell("HDOP").flatMap(Double.init)
      row.satellites = cell("Satellites").flatMap { Int($0) }
      rows.append(row)
    }
  }

  /// The comma-separated fields of a line, `"…"` quoting honoured.
  static func fields(_ line: String) -> [String] {
    var fields: [String] = []
    var current = ""
    var quoted = false
    for character in line {
      if character == "\"" {
        quoted.toggle()
      } else if character == "," && !quoted {
        fields.append(current)
        current = ""
      } else {
        current.append(character)
      }
    }
    fields.append(current)
    return fields
  }

  /// `2017/04/12` and `17:00:36` or `17:00:36.994` (UTC) as milliseconds since 1970.
  static func millis(date: String, time: String) -> Int64? {
    let day = date.split(separator: "/").compactMap { Int($0) }
    let clock = time.split(separator: ":")
    guard day.count == 3, clock.count == 3, let hour = Int(clock[0]), let minute = Int(clock[1]),
      let seconds = Double(clock[2])
    else { return nil }
    let whole = Int(seconds)
    let millisecond = Int(((seconds - Double(whole)) * 1000).rounded())
    return UTCTime.millis(
      year: day[0], month: day[1], day: day[2], hour: hour, minute: minute, second: whole, millisecond: millisecond)
  }
}
