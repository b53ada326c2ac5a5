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
      }
      try reader.run(handler)
      try handler.reading.finish()
    }
  }

  /// Hands the reader's events to the reading; one class so that the reader
  /// holds one reference, and one access to `reading` per event.
  final class Handler: XMLEventHandler {
    @exclusivity(unchecked) var reading: Reading

    init(_ reading: consuming Reading) { self.reading = reading }

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
  /// An element whose text a point's reading reads, and the field it fills: `core` as a
  /// child of the point, `inExtensions` inside the point's `<extensions>` (by local name,
  /// whatever the namespace); nil where the element means nothing there.
  package struct FieldElement {
    package let name: String
    package let core: Field?
    package let inExtensions: Field?
  }

  /// Every element whose text is read, one line each. The names whose text the reader
  /// records and the field each one fills both come from this table (`Names`), so that
  /// a new element is one line here (a new field also needs its case in `Field` and its
  /// line in `Reading.store`).
  package static let fieldElements: [FieldElement] = [
    FieldElement(name: "ele", core: .ele, inExtensions: nil),
    FieldElement(name: "time", core: .time, inExtensions: nil),
    FieldElement(name: "speed", core: .speed, inExtensions: .extensionSpeed),
    FieldElement(name: "course", core: .course, inExtensions: .extensionCourse),
    FieldElement(name: "heading", core: nil, inExtensions: .extensionCourse),
    FieldElement(name: "hdop", core: .hdop, inExtensions: .extensionHDOP),
    FieldElement(name: "vdop", core: .vdop, inExtensions: nil),
    FieldElement(name: "pdop", core: .pdop, inExtensions: nil),
    FieldElement(name: "sat", core: .sat, inExtensions: nil),
    FieldElement(name: "fix", core: .fix, inExtensions: nil),
    FieldElement(name: "geoidheight", core: .geoidHeight, inExtensions: nil),
    FieldElement(name: "hAcc", core: nil, inExtensions: .extensionHorizontalAccuracy),
    FieldElement(name: "hacc", core: nil, inExtensions: .extensionHorizontalAccuracy),
    FieldElement(name: "accuracy", core: nil, inExtensions: .extensionHorizontalAccuracy),
    FieldElement(name: "vAcc", core: nil, inExtensions: .extensionVerticalAccuracy),
    FieldElement(name: "vacc", core: nil, inExtensions: .extensionVerticalAccuracy),
  ]

  /// The element names GPX reading looks for, interned in the reader's dictionary.
  ///
  /// A class so that the hot loop holds one pointer to it instead of copying the names.
  final class Names {
    let gpx, metadata, trk, trkseg, trkpt, rte, rtept, wpt, extensions: XMLName
    let lat, lon: XMLName
    /// `<time>` outside points: the document's own time.
    let time: XMLName
    /// `fieldElements`' names, interned, in the table's order; then the fields each fills.
    let fields: [XMLName]
    private let coreFields: [Field?]
    private let extensionFields: [Field?]

    init(_ reader: XMLEventReader) {
      (gpx, trk, trkseg, trkpt) = (
        reader.intern("gpx"), reader.intern("trk"), reader.intern("trkseg"), reader.intern("trkpt")
      )
      (rte, rtept, wpt) = (reader.intern("rte"), reader.intern("rtept"), reader.intern("wpt"))
      metadata = reader.intern("metadata")
      (extensions, lat, lon) = (reader.intern("extensions"), reader.intern("lat"), reader.intern("lon"))
      time = reader.intern("time")
      fields = GPXParser.fieldElements.map { reader.intern($0.name) }
      coreFields = GPXParser.fieldElements.map(\.core)
      extensionFields = GPXParser.fieldElements.map(\.inExtensions)
    }

    /// The field a point's child element `name` fills, if any. A pass over a few
    /// pointers, made only when the child is not the one remembered at its position
    /// (`Reading.rememberedCoreField`).
    @inline(__always)
    func coreField(_ name: XMLName) -> Field? {
      guard let index = fields.firstIndex(of: name) else { return nil }
      return coreFields[index]
    }

    /// The field element `name` fills inside a point's `<extensions>`, if any.
    @inline(__always)
    func extensionField(_ name: XMLName) -> Field? {
      guard let index = fields.firstIndex(of: name) else { return nil }
      return extensionFields[index]
    }
  }

  /// The kinds of point a GPX holds.
  enum PointKind: String {
    case trkpt, rtept, wpt
  }

  /// A value of a point that is read from an element's text.
  package enum Field {
    case ele, time, speed, course, hdop, vdop, pdop, sat, fix, geoidHeight
    /// The document's time, outside any point.
    case documentTime
    case extensionSpeed, extensionCourse, extensionHDOP, extensionHorizontalAccuracy, extensionVerticalAccuracy

    /// The kind of problem that counts a point skipped for a bad value of this field.
    var problem: ParseProblem {
      switch self {
      case .ele: .badEle
      case .time, .documentTime: .badTime
      case .speed, .extensionSpeed: .badSpeed
      case .course, .extensionCourse: .badCourse
      case .hdop, .extensionHDOP: .badHDOP
      case .vdop: .badVDOP
      case .pdop: .badPDOP
      case .sat: .badSat
      case .fix: .badFix
      case .geoidHeight: .badGeoidHeight
      case .extensionHorizontalAccuracy: .badHAcc
      case .extensionVerticalAccuracy: .badVAcc
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
