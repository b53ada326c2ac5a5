/// The kind of a `ParseError`: the key that counts it in the stats (`parse.skipped` in
/// stats.json) and names it in messages.
///
/// An open set: the readers' own kinds are the static members below, one per key, so a
/// misspelt kind does not compile; a reader outside this package names its own with
/// `init(_:)`. Not expressible by a string literal, on purpose.
public struct ParseProblem: Hashable, Sendable, CustomStringConvertible {
  /// The key as written in the stats and reports (`bad_latitude`).
  public let key: String

  /// A kind of one's own, keyed `key` (snake_case, as the stats keys are).
  public init(_ key: String) { self.key = key }

  public var description: String { key }
}

// MARK: - Any input

extension ParseProblem {
  /// The input's format cannot be told from its name or first bytes.
  public static let unknownFormat = ParseProblem("unknown_format")
  /// The file cannot be read (an error from the operating system).
  public static let io = ParseProblem("io")
  /// The gzip stream is damaged or cut short.
  public static let gzip = ParseProblem("gzip")
  /// A line is longer than the reader accepts.
  public static let lineTooLong = ParseProblem("line_too_long")
  /// The input ends in the middle of a record or element (NMEA sentence, GPX element).
  public static let truncated = ParseProblem("truncated")
  /// A required field is absent or empty (CSV column, JSON member).
  public static let missingField = ParseProblem("missing_field")
  /// A field cannot be read (NMEA, GnssLogger).
  public static let badField = ParseProblem("bad_field")
  /// A time that is not one, or that cannot be dated (CSV, JSON, GPX `<time>`).
  public static let badTime = ParseProblem("bad_time")
  /// A latitude that is not a number or not in [-90, 90] (CSV, JSON).
  public static let badLatitude = ParseProblem("bad_latitude")
  /// A longitude that is not a number or not in [-180, 180] (CSV, JSON).
  public static let badLongitude = ParseProblem("bad_longitude")
  /// A fix whose time or measurements do not fit what the replay stores (`FixRangeCheck`).
  public static let outOfRange = ParseProblem("out_of_range")
  /// A fix with the same time as the one before it.
  public static let duplicateTime = ParseProblem("duplicate_time")
  /// A fix earlier than the one before it.
  public static let timeBackwards = ParseProblem("time_backwards")
  /// The log yields no usable fix at all.
  public static let noFix = ParseProblem("no_fix")
}

// MARK: - GPX

extension ParseProblem {
  /// Not a GPX document: not XML, no element, or a root other than `<gpx>`.
  public static let notGPX = ParseProblem("not_gpx")
  /// Malformed XML (libxml2's diagnosis), or the XML parser could not start.
  public static let xml = ParseProblem("xml")
  /// An entity reference, refused: entities are never expanded.
  public static let entity = ParseProblem("entity")
  /// A `<!DOCTYPE>`, refused: GPX needs no DTD.
  public static let dtd = ParseProblem("dtd")
  /// The file is empty, or only whitespace.
  public static let empty = ParseProblem("empty")
  /// A point without a `lat` attribute.
  public static let missingLat = ParseProblem("missing_lat")
  /// A point without a `lon` attribute.
  public static let missingLon = ParseProblem("missing_lon")
  /// A point's `lat` that is not a latitude.
  public static let badLat = ParseProblem("bad_lat")
  /// A point's `lon` that is not a longitude.
  public static let badLon = ParseProblem("bad_lon")
  /// A point without `<time>` (no `--assume-speed`), or a file in which none has one.
  public static let missingTime = ParseProblem("missing_time")
  /// `--track` selects a track the file does not have.
  public static let noTrack = ParseProblem("no_track")
  /// `--segment` selects a segment no selected track has.
  public static let noSegment = ParseProblem("no_segment")
  /// The file has no `<trkpt>`, `<rtept>` or `<wpt>`.
  public static let noPoints = ParseProblem("no_points")
  /// An `<ele>` that is not a number.
  public static let badEle = ParseProblem("bad_ele")
  /// A `<speed>` (core or extensions) that is not a number.
  public static let badSpeed = ParseProblem("bad_speed")
  /// A `<course>` or `<heading>` that is not a number.
  public static let badCourse = ParseProblem("bad_course")
  /// An `<hdop>` (core or extensions) that is not a number.
  public static let badHDOP = ParseProblem("bad_hdop")
  /// A `<vdop>` that is not a number.
  public static let badVDOP = ParseProblem("bad_vdop")
  /// A `<pdop>` that is not a number.
  public static let badPDOP = ParseProblem("bad_pdop")
  /// A `<sat>` that is not a satellite count.
  public static let badSat = ParseProblem("bad_sat")
  /// A `<fix>` whose text was cut off (unknown values are ignored, not bad).
  public static let badFix = ParseProblem("bad_fix")
  /// A `<geoidheight>` that is not a number.
  public static let badGeoidHeight = ParseProblem("bad_geoidheight")
  /// An extension's `hAcc`, `hacc` or `accuracy` that is not a number.
  public static let badHAcc = ParseProblem("bad_hacc")
  /// An extension's `vAcc` or `vacc` that is not a number.
  public static let badVAcc = ParseProblem("bad_vacc")
}

// MARK: - CSV

extension ParseProblem {
  /// The file is UTF-16, not UTF-8.
  public static let badEncoding = ParseProblem("bad_encoding")
  /// No usable header row (none, or no time or position column).
  public static let badHeader = ParseProblem("bad_header")
  /// A quoted field not closed before the end of the file, or within 1 MiB.
  public static let badQuote = ParseProblem("bad_quote")
  /// `--time-format` is not one the reader knows.
  public static let badTimeFormat = ParseProblem("bad_time_format")
}

// MARK: - NMEA

extension ParseProblem {
  /// A sentence whose checksum does not match its text.
  public static let checksum = ParseProblem("checksum")
  /// A checksum that is not two hex digits.
  public static let malformedChecksum = ParseProblem("malformed_checksum")
  /// A sentence without a checksum.
  public static let noChecksum = ParseProblem("no_checksum")
  /// No sentence gives a date (no RMC or ZDA, and no `--date`).
  public static let noDate = ParseProblem("no_date")
  /// An epoch with a fix whose date is implausibly early (unless bad dates are kept).
  public static let badDate = ParseProblem("bad_date")
  /// An epoch whose date disagrees with a date jump that was rejected.
  public static let dateJump = ParseProblem("date_jump")
}

// MARK: - JSON, GnssLogger and recorded networks

extension ParseProblem {
  /// A JSON record that is not a CalmGeo location.
  public static let badRecord = ParseProblem("bad_record")
  /// Text that is not a JSON object or array, or one not closed.
  public static let badJSON = ParseProblem("bad_json")
  /// A JSON file with no record.
  public static let noRecords = ParseProblem("no_records")
  /// A GnssLogger fix time outside the years a log can have.
  public static let timeOutOfRange = ParseProblem("time_out_of_range")
  /// A line of a recorded network file that cannot be read.
  public static let badLine = ParseProblem("bad_line")
}
