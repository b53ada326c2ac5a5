extension GPXParser {
  /// One pass over a GPX document: XML nodes in, fixes out.
  ///
  /// Element names are compared as interned pointers and values are parsed from
  /// the bytes libxml2 holds, so no `String` is made per node. The open point is
  /// kept in plain stored properties (no optional struct, nothing reference
  /// counted) so that the per-node work stays a few compares.
  ///
  /// Noncopyable: it owns its text buffer and remembered children and frees them in
  /// `deinit`, so no copy can outlive them.
  struct Reading: ~Copyable {
    let reader: XMLEventReader
    let names: Names
    /// What the reading found so far; handed back by `GPXParser.parse`.
    var diagnostics: InputDiagnostics
    let emit: (Fix) -> Void
    var file: String { reader.file }

    // Options, flattened (0 means "not set").
    let selectedTrack: Int
    let selectedSegment: Int
    let assumedSpeed: Double
    /// Whether times without a zone are flagged (`--utc-offset` given).
    let marksZonelessTimes: Bool
    let uere: Double

    // Where the reader is.
    var depth = 0
    var rootSeen = false
    var pointDepth = 0  // depth of the open point element, 0 when none
    var pointIgnored = false
    var extensionsDepth = 0  // depth of the open point's <extensions>, 0 when none
    var field: Field? = nil
    var fieldDepth = 0
    var childIndex = 0  // position of the next child element of the open point

    // The names last seen at each position among a point's children, and their
    // fields: points of one file list the same elements in the same order, so
    // one compare usually classifies a child.
    let childNames: UnsafeMutablePointer<XMLName>
    let childFields: UnsafeMutablePointer<Field?>
    static let rememberedChildren = 16

    // The open point.
    var point = Fix(time: 0, latitude: 0, longitude: 0)
    var pointKind = PointKind.trkpt
    var pointHasTime = false
    /// The open point's first problem (`noteProblem`, `takeProblem`). Kept apart
    /// from a flag that says whether there is one: clearing the optional error per
    /// point, or testing it, moved the whole error (1% of a read each).
    var pointProblem: ParseError? = nil
    var pointHasProblem = false
    var extensionSpeed = Double.nan
    var extensionCourse = Double.nan
    var extensionHDOP = Double.nan
    var extensionHorizontalAccuracy = Double.nan
    var extensionVerticalAccuracy = Double.nan

    // The text of the open field, leading whitespace dropped.
    let text: UnsafeMutableBufferPointer<UInt8>
    var textCount = 0
    var textOverflow = false

    // Tracks, segments and selection.
    var trackCount = 0
    var segmentInTrack = 0
    var mostSegmentsInSelectedTracks = 0
    var pendingSegmentStart = false
    var routeStartPending = false
    var sawTrackPoint = false
    var unselectedTrackPoints = 0
    var heldRoutePoints: [Held] = []
    var heldWaypoints: [Held] = []

    // Times.
    var emitted = 0
    var timeless = 0
    /// Depth of the open `<metadata>`, 0 when none.
    var metadataDepth = 0
    /// The document's own time: `<metadata><time>` (GPX 1.1) or `<gpx><time>` (GPX 1.0),
    /// the first good one; anchors synthesized times when no point has a time.
    var documentTime: Int64? = nil

    // Estimates, counted here and added to the diagnostics by `recordEstimates`:
    // a dictionary update per point (hashing the key) cost 3% of a whole read.
    var synthesizedTimes = 0
    var horizontalFromHDOP = 0
    var verticalFromVDOP = 0

    init(reader: XMLEventReader, options: ParseOptions, diagnostics: InputDiagnostics, emit: @escaping (Fix) -> Void) {
      self.reader = reader
      self.diagnostics = diagnostics
      self.emit = emit
      names = Names(reader)
      selectedTrack = max(0, options.track ?? 0)
      selectedSegment = max(0, options.segment ?? 0)
      assumedSpeed = options.assumeSpeed ?? 0
      marksZonelessTimes = options.utcOffsetMillis != 0
      uere = options.uere
      text = .allocate(capacity: 128)
      childNames = .allocate(capacity: Self.rememberedChildren)
      childNames.initialize(repeating: XMLName(), count: Self.rememberedChildren)
      childFields = .allocate(capacity: Self.rememberedChildren)
      childFields.initialize(repeating: nil, count: Self.rememberedChildren)
      // Text is read only inside an open field (`fieldDepth`), so only the text of
      // elements that can be fields is recorded.
      reader.wantsText = false
      reader.recordText(onlyInside: names.fields)
    }

    deinit {
      text.deallocate()
      childNames.deallocate()
      childFields.deallocate()
    }

    /// Adds the estimates counted so far to `diagnostics`; called once, when the
    /// reading ends, whether it finished or threw.
    mutating func recordEstimates() {
      if synthesizedTimes > 0 { diagnostics.estimate("time_synthesized", count: synthesizedTimes) }
      if horizontalFromHDOP > 0 { diagnostics.estimate("horizontal_accuracy_from_hdop", count: horizontalFromHDOP) }
      if verticalFromVDOP > 0 { diagnostics.estimate("vertical_accuracy_from_vdop", count: verticalFromVDOP) }
    }

    var tracksSelected: Bool { selectedTrack != 0 || selectedSegment != 0 }
    var isTrackSelected: Bool { selectedTrack == 0 || selectedTrack == trackCount }

    // MARK: - The events

    /// An element starts: a structure element outside points, a field inside one.
    @inline(__always)
    mutating func startElement(_ name: XMLName) throws(ParseError) {
      depth += 1
      if pointDepth != 0 {
        if !pointIgnored, field == nil { startField(name) }
      } else {
        try startStructure(name)
      }
    }

    /// The innermost open element ends.
    @inline(__always)
    mutating func endElement() throws(ParseError) {
      if depth == fieldDepth {
        finishField()
      } else if depth == extensionsDepth {
        extensionsDepth = 0
      } else if depth == metadataDepth {
        metadataDepth = 0
      } else if depth == pointDepth {
        try finishPoint()
      }
      depth -= 1
    }

    /// Text: kept only when it is the open field's own (not a grandchild's).
    @inline(__always)
    mutating func text(_ bytes: UnsafeBufferPointer<UInt8>) {
      if depth == fieldDepth { append(bytes) }
    }

    /// An element whose only content is one text: a field's text is read where it lies,
    /// not copied; anything else goes through the three events. The same as
    /// `startElement`, `text` and `endElement` in a row.
    @inline(__always)
    mutating func leaf(_ name: XMLName, _ bytes: UnsafeBufferPointer<UInt8>) throws(ParseError) {
      try startElement(name)
      if depth == fieldDepth, bytes.count <= text.count {
        finishField(bytes, overflow: false)
        depth -= 1
      } else {
        self.text(bytes)
        try endElement()
      }
    }

    /// An element outside any point: the root, tracks, segments, routes, points.
    mutating func startStructure(_ name: XMLName) throws(ParseError) {
      if name == names.trkpt {
        try startPoint(.trkpt)
      } else if !rootSeen {
        rootSeen = true
        guard name == names.gpx else {
          throw ParseError(
            format: "gpx", location: SourceLocation(file: file, line: reader.line), problem: .notGPX,
            reason: "the root element is <\(reader.nameText)>, not <gpx>", isFatal: true)
        }
      } else if name == names.trkseg {
        segmentInTrack += 1
        pendingSegmentStart = true
        if isTrackSelected { mostSegmentsInSelectedTracks = max(mostSegmentsInSelectedTracks, segmentInTrack) }
      } else if name == names.trk {
        trackCount += 1
        segmentInTrack = 0
        pendingSegmentStart = true
      } else if name == names.rtept {
        try startPoint(.rtept)
      } else if name == names.wpt {
        try startPoint(.wpt)
      } else if name == names.rte {
        routeStartPending = true
      } else if name == names.metadata, depth == 2 {
        metadataDepth = depth
      } else if name == names.time, depth == 2 || (metadataDepth != 0 && depth == metadataDepth + 1) {
        field = .documentTime
        fieldDepth = depth
        reader.wantsText = true
        textCount = 0
        textOverflow = false
      }
    }

    // MARK: - End of the file

    /// The end of the document: selection checks, held route points or waypoints.
    mutating func finish() throws(ParseError) {
      if unselectedTrackPoints > 0 { diagnostics.ignore("unselected_trkpt", count: unselectedTrackPoints) }
      if selectedTrack > trackCount {
        throw fatal(
          .noTrack,
          "--track \(selectedTrack) selects nothing: the file has \(trackCount) track\(trackCount == 1 ? "" : "s")")
      }
      if selectedSegment > mostSegmentsInSelectedTracks {
        let whose = selectedTrack != 0 ? "track \(selectedTrack) has" : "no track has more than"
        throw fatal(
          .noSegment,
          "--segment \(selectedSegment) selects nothing: \(whose) \(mostSegmentsInSelectedTracks) segment"
            + (mostSegmentsInSelectedTracks == 1 ? "" : "s"))
      }
      if !sawTrackPoint && !tracksSelected {
        let held = heldRoutePoints.isEmpty ? heldWaypoints : heldRoutePoints
        let kind: PointKind = heldRoutePoints.isEmpty ? .wpt : .rtept
        if !heldRoutePoints.isEmpty, !heldWaypoints.isEmpty { diagnostics.ignore("wpt", count: heldWaypoints.count) }
        heldRoutePoints = []
        heldWaypoints = []
        for point in held {
          if let problem = point.problem {
            try diagnostics.skip(problem)
            continue
          }
          if point.startsSegment { pendingSegmentStart = true }
          try deliver(point.fix, hasTime: point.hasTime, kind: kind)
        }
      }
      if emitted == 0 {
        if timeless > 0 {
          throw fatal(
            .missingTime,
            "no point has a <time>, so the log has no clock to replay on; pass --assume-speed M/S "
              + "to synthesize times along the path at that speed")
        }
        if diagnostics.recordsRead == 0 { throw fatal(.noPoints, "the file has no <trkpt>, <rtept> or <wpt>") }
      }
    }

    // MARK: - Messages

    func problem(_ problem: ParseProblem, line: Int, _ reason: String) -> ParseError {
      ParseError(format: "gpx", location: SourceLocation(file: file, line: line), problem: problem, reason: reason)
    }

    func fatal(_ problem: ParseProblem, _ reason: String) -> ParseError {
      ParseError(
        format: "gpx", location: SourceLocation(file: file, line: 0), problem: problem, reason: reason, isFatal: true)
    }

    /// The text in double quotes, cut at 40 characters, for messages.
    static func quoted(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
      let text = String(decoding: bytes, as: UTF8.self)
      return text.count > 40 ? "\"\(text.prefix(40))…\"" : "\"\(text)\""
    }
  }
}
