/// Reads GPX 1.0 and 1.1 files (and files that declare no namespace) in one
/// streaming pass.
///
/// Points come from `trk/trkseg/trkpt`, all segments in file order, the first fix
/// of each segment flagged `.segmentStart`; `ParseOptions.track` and `.segment`
/// (1-based) pick one track and/or one segment of each track. When the file has no
/// `trkpt` at all, its `rtept`s are read instead, or else its `wpt`s (Xcode's
/// simulated locations). Since a stream cannot be read twice, `rtept` and `wpt`
/// fixes are held in memory until the first `trkpt` shows up, then dropped (and
/// counted as ignored); only a file without tracks keeps them to the end.
///
/// Per point: `lat`, `lon`, `ele`, `time`, the GPX 1.0 `speed` and `course`,
/// `hdop`, `vdop`, `pdop`, `sat`, `fix`, `geoidheight`; inside `extensions`, by
/// local name whatever the namespace: `speed`, `course` (Garmin
/// TrackPointExtension v1/v2, Apple Health, OsmAnd, plain), `heading` (OsmAnd),
/// `hdop` (OsmAnd), `hAcc`/`hacc`/`accuracy` and `vAcc`/`vacc` (Apple Health,
/// TPX, loggers' `accuracy`). A value written in the GPX core wins over one in
/// `extensions`. Unknown elements are skipped.
///
/// Times: a point without `time` is skipped (`missing_time`), and a file in which
/// no point has one is a fatal error that names `--assume-speed M/S`. With
/// `ParseOptions.assumeSpeed`, a timeless point is handed on flagged `.timeSynthesized`
/// (time 0) and `TimeSynthesizer` gives it a time from its timed neighbours, or, when
/// no point has a time, from the document's own time (`documentTime`).
///
/// A DOCTYPE is refused: GPX has no DTD, and DTDs are where XXE and
/// entity-expansion ("billion laughs") attacks live.
public struct GPXParser: FixParser {
  let file: String
  let options: ParseOptions

  /// The document's own time, once parsed: `<metadata><time>` (GPX 1.1) or a `<time>`
  /// directly under `<gpx>` (GPX 1.0); nil when the file has none or it is not a date-time.
  public private(set) var documentTime: Int64?

  public init(file: String, options: ParseOptions) {
    self.file = file
    self.options = options
  }

  public mutating func parse(
    _ source: any ByteSource, diagnostics: inout InputDiagnostics, emit: (Fix) -> Void
  ) throws(ParseError) {
    let reader = try XMLEventReader(source: source, file: file)
    let options = self.options
    try withoutActuallyEscaping(emit) { (emit) throws(ParseError) in
      let handler = Handler(Reading(reader: reader, options: options, diagnostics: diagnostics, emit: emit))
      defer {
        handler.reading.recordEstimates()
        diagnostics = handler.reading.diagnostics
        documentTime = handler.reading.documentTime
        handler.reading.deallocate()
      }
      try reader.run(handler)
      try handler.reading.finish()
    }
  }

  /// Hands the reader's events to the reading; one class so that the reader
  /// holds one reference, and one access to `reading` per event.
  final class Handler: XMLEventHandler {
    @exclusivity(unchecked) var reading: Reading

    init(_ reading: Reading) { self.reading = reading }

    override func startElement(_ name: XMLName) throws(ParseError) {
      try reading.startElement(name)
    }

    override func endElement() throws(ParseError) {
      try reading.endElement()
    }

    override func text(_ bytes: UnsafeBufferPointer<UInt8>) {
      reading.text(bytes)
    }

    override func leaf(_ name: XMLName, _ bytes: UnsafeBufferPointer<UInt8>) throws(ParseError) -> Bool {
      try reading.leaf(name, bytes)
      return true
    }
  }
}

extension GPXParser {
  /// The element names GPX reading looks for, interned in the reader's dictionary.
  ///
  /// A class so that the hot loop holds one pointer to it instead of copying 26 names.
  final class Names {
    let gpx, metadata, trk, trkseg, trkpt, rte, rtept, wpt, extensions: XMLName
    let lat, lon, ele, time, speed, course, heading, hdop, vdop, pdop, sat, fix, geoidheight: XMLName
    let hAcc, hacc, accuracy, vAcc, vacc: XMLName

    /// Every name a field may have (`Field`), in a point, its extensions, or the metadata.
    var fields: [XMLName] {
      [ele, time, speed, course, heading, hdop, vdop, pdop, sat, fix, geoidheight, hAcc, hacc, accuracy, vAcc, vacc]
    }

    init(_ reader: XMLEventReader) {
      (gpx, trk, trkseg, trkpt) = (
        reader.intern("gpx"), reader.intern("trk"), reader.intern("trkseg"), reader.intern("trkpt")
      )
      (rte, rtept, wpt) = (reader.intern("rte"), reader.intern("rtept"), reader.intern("wpt"))
      metadata = reader.intern("metadata")
      (extensions, lat, lon) = (reader.intern("extensions"), reader.intern("lat"), reader.intern("lon"))
      (ele, time, speed, course) = (
        reader.intern("ele"), reader.intern("time"), reader.intern("speed"), reader.intern("course")
      )
      (heading, hdop, vdop, pdop) = (
        reader.intern("heading"), reader.intern("hdop"), reader.intern("vdop"), reader.intern("pdop")
      )
      (sat, fix, geoidheight) = (reader.intern("sat"), reader.intern("fix"), reader.intern("geoidheight"))
      (hAcc, hacc, accuracy) = (reader.intern("hAcc"), reader.intern("hacc"), reader.intern("accuracy"))
      (vAcc, vacc) = (reader.intern("vAcc"), reader.intern("vacc"))
    }
  }

  /// The kinds of point a GPX holds.
  enum PointKind: String {
    case trkpt, rtept, wpt
  }

  /// A value of a point that is read from an element's text.
  enum Field {
    case ele, time, speed, course, hdop, vdop, pdop, sat, fix, geoidHeight
    /// The document's time, outside any point.
    case documentTime
    case extensionSpeed, extensionCourse, extensionHDOP, extensionHorizontalAccuracy, extensionVerticalAccuracy

    /// The key that counts a point skipped for a bad value of this field.
    var problemKey: String {
      switch self {
      case .ele: "bad_ele"
      case .time, .documentTime: "bad_time"
      case .speed, .extensionSpeed: "bad_speed"
      case .course, .extensionCourse: "bad_course"
      case .hdop, .extensionHDOP: "bad_hdop"
      case .vdop: "bad_vdop"
      case .pdop: "bad_pdop"
      case .sat: "bad_sat"
      case .fix: "bad_fix"
      case .geoidHeight: "bad_geoidheight"
      case .extensionHorizontalAccuracy: "bad_hacc"
      case .extensionVerticalAccuracy: "bad_vacc"
      }
    }
  }

  /// A route point or waypoint held until the end of the file shows whether there are tracks.
  struct Held {
    var fix: Fix
    var hasTime: Bool
    var startsSegment: Bool
    var problem: ParseError?
  }
}
