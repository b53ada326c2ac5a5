extension GPXParser {
  /// One pass over a GPX document: XML nodes in, fixes out.
  ///
  /// Element names are compared as interned pointers and values are parsed from
  /// the bytes libxml2 holds, so no `String` is made per node. The open point is
  /// kept in plain stored properties (no optional struct, nothing reference
  /// counted) so that the per-node work stays a few compares.
  struct Reading {
    let reader: XMLEventReader
    let names: Names
    /// What the reading found so far; handed back by `GPXParser.parse`.
    var diagnostics: InputDiagnostics
    private let emit: (Fix) -> Void
    var file: String { reader.file }

    // Options, flattened (0 means "not set").
    private let selectedTrack: Int
    private let selectedSegment: Int
    private let assumedSpeed: Double
    /// Whether times without a zone are flagged (`--utc-offset` given).
    private let marksZonelessTimes: Bool
    private let uere: Double

    // Where the reader is.
    private var depth = 0
    private var rootSeen = false
    private var pointDepth = 0  // depth of the open point element, 0 when none
    private var pointIgnored = false
    private var extensionsDepth = 0  // depth of the open point's <extensions>, 0 when none
    private var field: Field? = nil
    private var fieldDepth = 0
    private var fieldLine = 0  // line of the open field's start tag
    private var childIndex = 0  // position of the next child element of the open point

    // The names last seen at each position among a point's children, and their
    // fields: points of one file list the same elements in the same order, so
    // one compare usually classifies a child.
    private let childNames: UnsafeMutablePointer<XMLName>
    private let childFields: UnsafeMutablePointer<Field?>
    private static let rememberedChildren = 16

    // The open point.
    private var point = Fix(time: 0, latitude: 0, longitude: 0)
    private var pointKind = PointKind.trkpt
    private var pointHasTime = false
    private var pointProblem: ParseError? = nil
    private var extensionSpeed = Double.nan
    private var extensionCourse = Double.nan
    private var extensionHDOP = Double.nan
    private var extensionHorizontalAccuracy = Double.nan
    private var extensionVerticalAccuracy = Double.nan

    // The text of the open field, leading whitespace dropped.
    private let text: UnsafeMutableBufferPointer<UInt8>
    private var textCount = 0
    private var textOverflow = false

    // Tracks, segments and selection.
    private var trackCount = 0
    private var segmentInTrack = 0
    private var mostSegmentsInSelectedTracks = 0
    private var pendingSegmentStart = false
    private var routeStartPending = false
    private var sawTrackPoint = false
    private var unselectedTrackPoints = 0
    private var heldRoutePoints: [Held] = []
    private var heldWaypoints: [Held] = []

    // Times.
    private var emitted = 0
    private var timeless = 0
    /// Depth of the open `<metadata>`, 0 when none.
    private var metadataDepth = 0
    /// The document's own time: `<metadata><time>` (GPX 1.1) or `<gpx><time>` (GPX 1.0),
    /// the first good one; anchors synthesized times when no point has a time.
    private(set) var documentTime: Int64? = nil

    // Estimates, counted here and added to the diagnostics by `recordEstimates`:
    // a dictionary update per point (hashing the key) cost 3% of a whole read.
    private var synthesizedTimes = 0
    private var horizontalFromHDOP = 0
    private var verticalFromVDOP = 0

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
      // Text is read only inside an open field (`fieldDepth`).
      reader.wantsText = false
    }

    func deallocate() {
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

    private var tracksSelected: Bool { selectedTrack != 0 || selectedSegment != 0 }
    private var isTrackSelected: Bool { selectedTrack == 0 || selectedTrack == trackCount }

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

    /// An element outside any point: the root, tracks, segments, routes, points.
    private mutating func startStructure(_ name: XMLName) throws(ParseError) {
      if name == names.trkpt {
        try startPoint(.trkpt)
      } else if !rootSeen {
        rootSeen = true
        guard name == names.gpx else {
          throw ParseError(
            format: "gpx", location: SourceLocation(file: file, line: reader.line), key: "not_gpx",
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
        fieldLine = reader.line
        textCount = 0
        textOverflow = false
      }
    }

    // MARK: - Points

    private mutating func startPoint(_ kind: PointKind) throws(ParseError) {
      if !rootSeen {
        // A <trkpt> as the root element.
        rootSeen = true
        throw ParseError(
          format: "gpx", location: SourceLocation(file: file, line: reader.line), key: "not_gpx",
          reason: "the root element is <\(reader.nameText)>, not <gpx>", isFatal: true)
      }
      pointDepth = depth
      extensionsDepth = 0
      pointKind = kind
      childIndex = 0
      switch kind {
      case .trkpt:
        if !sawTrackPoint {
          sawTrackPoint = true
          if !heldRoutePoints.isEmpty { diagnostics.ignore("rtept", count: heldRoutePoints.count) }
          if !heldWaypoints.isEmpty { diagnostics.ignore("wpt", count: heldWaypoints.count) }
          heldRoutePoints = []
          heldWaypoints = []
        }
        // A trkpt outside any trkseg belongs to its track's first segment.
        if segmentInTrack == 0 {
          segmentInTrack = 1
          if isTrackSelected { mostSegmentsInSelectedTracks = max(mostSegmentsInSelectedTracks, 1) }
        }
        pointIgnored = !isTrackSelected || (selectedSegment != 0 && selectedSegment != segmentInTrack)
      case .rtept, .wpt:
        pointIgnored = sawTrackPoint || tracksSelected
      }
      if !pointIgnored { readCoordinates(kind) }
    }

    /// Starts the open point from its `lat` and `lon` attributes.
    private mutating func readCoordinates(_ kind: PointKind) {
      let line = reader.line
      point = Fix(time: 0, latitude: 0, longitude: 0, line: UInt32(clamping: line))
      pointHasTime = false
      pointProblem = nil
      extensionSpeed = .nan
      extensionCourse = .nan
      extensionHDOP = .nan
      extensionHorizontalAccuracy = .nan
      extensionVerticalAccuracy = .nan
      var latitude: UnsafeBufferPointer<UInt8>? = nil
      var longitude: UnsafeBufferPointer<UInt8>? = nil
      var badLatitude: String? = nil
      var badLongitude: String? = nil
      let names = self.names
      reader.forEachAttribute { name, value in
        if name == names.lat {
          latitude = value
          if let number = DecimalText.parse(value), (-90...90).contains(number) {
            point.latitude = number
          } else {
            badLatitude = quoted(value)
          }
        } else if name == names.lon {
          longitude = value
          if let number = DecimalText.parse(value), (-180...180).contains(number) {
            point.longitude = number
          } else {
            badLongitude = quoted(value)
          }
        }
      }
      if latitude == nil {
        pointProblem = problem("missing_lat", line: line, "<\(kind)> has no lat attribute")
      } else if longitude == nil {
        pointProblem = problem("missing_lon", line: line, "<\(kind)> has no lon attribute")
      } else if let badLatitude {
        pointProblem = problem("bad_lat", line: line, "<\(kind)> lat is not a latitude: \(badLatitude)")
      } else if let badLongitude {
        pointProblem = problem("bad_lon", line: line, "<\(kind)> lon is not a longitude: \(badLongitude)")
      }
    }

    /// The end of a point: skip it, hold it, or deliver it.
    private mutating func finishPoint() throws(ParseError) {
      pointDepth = 0
      extensionsDepth = 0
      field = nil
      fieldDepth = 0
      reader.wantsText = false
      diagnostics.recordsRead += 1
      if pointIgnored {
        if pointKind == .trkpt { unselectedTrackPoints += 1 } else { diagnostics.ignore(pointKind.rawValue) }
        return
      }
      // A value written in the GPX core wins over one in extensions.
      if !extensionSpeed.isNaN, point.speed == nil { point.speed = extensionSpeed }
      if !extensionCourse.isNaN, point.course == nil { point.course = extensionCourse }
      if !extensionHDOP.isNaN, point.hdop == nil { point.hdop = Fix.usableDOP(extensionHDOP) }
      if !extensionHorizontalAccuracy.isNaN, point.horizontalAccuracy == nil {
        point.horizontalAccuracy = extensionHorizontalAccuracy
      }
      if !extensionVerticalAccuracy.isNaN, point.verticalAccuracy == nil {
        point.verticalAccuracy = extensionVerticalAccuracy
      }
      switch pointKind {
      case .trkpt:
        if let problem = pointProblem {
          try diagnostics.skip(problem)
          return
        }
        try deliver(point, hasTime: pointHasTime, kind: .trkpt)
      case .rtept:
        heldRoutePoints.append(
          Held(fix: point, hasTime: pointHasTime, startsSegment: routeStartPending, problem: pointProblem))
        routeStartPending = false
      case .wpt:
        heldWaypoints.append(
          Held(fix: point, hasTime: pointHasTime, startsSegment: heldWaypoints.isEmpty, problem: pointProblem))
      }
    }

    /// Applies the time rules to a good point and hands it on.
    private mutating func deliver(_ fix: Fix, hasTime: Bool, kind: PointKind) throws(ParseError) {
      var fix = fix
      if !hasTime && assumedSpeed > 0 {
        // Timed by `TimeSynthesizer` from the neighbouring real times.
        fix.time = 0
        fix.flags.insert(.timeSynthesized)
        synthesizedTimes += 1
      } else if !hasTime {
        timeless += 1
        try diagnostics.skip(
          problem(
            "missing_time", line: Int(fix.line),
            "<\(kind)> has no <time>; pass --assume-speed M/S to synthesize times along the path at that speed"))
        return
      }
      if pendingSegmentStart {
        fix.flags.insert(.segmentStart)
        pendingSegmentStart = false
      }
      let estimated = fix.estimateMissingAccuracy(uere: uere)
      if estimated.horizontal { horizontalFromHDOP += 1 }
      if estimated.vertical { verticalFromVDOP += 1 }
      emitted += 1
      emit(fix)
    }

    // MARK: - Fields

    @inline(__always)
    private mutating func startField(_ name: XMLName) {
      let found: Field?
      if extensionsDepth != 0 {
        found = extensionField(name)
      } else if depth == pointDepth + 1 {
        if name == names.extensions {
          extensionsDepth = depth
          found = nil
        } else {
          found = rememberedCoreField(name)
        }
      } else {
        found = nil
      }
      guard let found else { return }
      field = found
      fieldDepth = depth
      reader.wantsText = true
      fieldLine = reader.line
      textCount = 0
      textOverflow = false
    }

    /// `coreField(name)`, remembered by the child's position in the point.
    @inline(__always)
    private mutating func rememberedCoreField(_ name: XMLName) -> Field? {
      let index = childIndex
      guard index < Self.rememberedChildren else { return coreField(name) }
      childIndex = index + 1
      if childNames[index] == name { return childFields[index] }
      let found = coreField(name)
      childNames[index] = name
      childFields[index] = found
      return found
    }

    @inline(__always)
    private func coreField(_ name: XMLName) -> Field? {
      // One byte picks the candidate, one pointer compare confirms it.
      switch name.firstByte {
      case UInt8(ascii: "t"): return name == names.time ? .time : nil
      case UInt8(ascii: "e"): return name == names.ele ? .ele : nil
      case UInt8(ascii: "s"): return name == names.speed ? .speed : name == names.sat ? .sat : nil
      case UInt8(ascii: "c"): return name == names.course ? .course : nil
      case UInt8(ascii: "h"): return name == names.hdop ? .hdop : nil
      case UInt8(ascii: "v"): return name == names.vdop ? .vdop : nil
      case UInt8(ascii: "p"): return name == names.pdop ? .pdop : nil
      case UInt8(ascii: "f"): return name == names.fix ? .fix : nil
      case UInt8(ascii: "g"): return name == names.geoidheight ? .geoidHeight : nil
      default: return nil
      }
    }

    @inline(__always)
    private func extensionField(_ name: XMLName) -> Field? {
      if name == names.speed { return .extensionSpeed }
      if name == names.course || name == names.heading { return .extensionCourse }
      if name == names.hAcc || name == names.hacc || name == names.accuracy { return .extensionHorizontalAccuracy }
      if name == names.vAcc || name == names.vacc { return .extensionVerticalAccuracy }
      if name == names.hdop { return .extensionHDOP }
      return nil
    }

    @inline(__always)
    private mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) {
      var start = 0
      if textCount == 0 {
        while start < bytes.count, DecimalText.isSpace(bytes[start]) { start += 1 }
      }
      let count = bytes.count - start
      let room = text.count - textCount
      if count <= room {
        if count > 0 {
          (text.baseAddress! + textCount).update(from: bytes.baseAddress! + start, count: count)
          textCount += count
        }
      } else {
        (text.baseAddress! + textCount).update(from: bytes.baseAddress! + start, count: room)
        textCount += room
        // Only trailing whitespace may be cut off.
        for index in (start + room)..<bytes.count where !DecimalText.isSpace(bytes[index]) {
          textOverflow = true
          break
        }
      }
    }

    /// Parses the text of the field that just ended into the open point.
    private mutating func finishField() {
      guard let field = self.field else { return }
      self.field = nil
      fieldDepth = 0
      reader.wantsText = false
      var end = textCount
      while end > 0, DecimalText.isSpace(text[end - 1]) { end -= 1 }
      if end == 0 { return }  // <ele></ele>, <fix/>: absent, as OsmAnd writes it.
      let value = UnsafeBufferPointer(rebasing: text[0..<end])
      if field == .documentTime {
        // A bad document time only loses the anchor it would give; the points are unaffected.
        if documentTime == nil, !textOverflow { documentTime = ISO8601Parser.parse(value) }
        return
      }
      // A cut-off value is bad, except for `fix`, whose unknown values are ignored anyway.
      if !textOverflow || field == .fix, store(field, value) { return }
      switch field {
      case .time:
        reject(field, "<time> is not an ISO 8601 date-time: \(quoted(value))")
      case .sat where !textOverflow && DecimalText.parse(value) != nil:
        reject(field, "<sat> is not a satellite count: \(quoted(value))")
      default:
        reject(field, "<\(reader.nameText)> is not a number: \(quoted(value))")
      }
    }

    /// Stores the value of `field` read from `value` (not empty, no whitespace
    /// around it) in the open point; returns `false`, storing nothing, when the
    /// value is bad. An unknown `fix` is not bad: it leaves the quality unknown.
    @inline(__always)
    private mutating func store(_ field: Field, _ value: UnsafeBufferPointer<UInt8>) -> Bool {
      switch field {
      case .time:
        guard let time = ISO8601Parser.parse(value) else { return false }
        point.time = time
        pointHasTime = true
        if marksZonelessTimes && !ISO8601Parser.hasZone(value) { point.flags.insert(.timeWithoutZone) }
      case .fix:
        // Any other value (the corpus has "something_not_in_the_spec") leaves the quality unknown.
        if let quality = Self.quality(value) { point.quality = quality }
      default:
        guard let number = DecimalText.parse(value) else { return false }
        switch field {
        case .ele: point.altitude = number
        case .speed: point.speed = number
        case .course: point.course = number
        case .hdop: point.hdop = Fix.usableDOP(number)
        case .vdop: point.vdop = Fix.usableDOP(number)
        case .pdop: point.pdop = Fix.usableDOP(number)
        case .geoidHeight: point.geoidSeparation = number
        case .sat:
          guard number >= 0, number == number.rounded(.towardZero), number < 1e6 else { return false }
          point.satellites = Int(number)
        case .extensionSpeed: extensionSpeed = number
        case .extensionCourse: extensionCourse = number
        case .extensionHDOP: extensionHDOP = number
        case .extensionHorizontalAccuracy: extensionHorizontalAccuracy = number
        case .extensionVerticalAccuracy: extensionVerticalAccuracy = number
        case .time, .fix, .documentTime: break
        }
      }
      return true
    }

    /// Records the first problem of the open point; the line is the field element's.
    private mutating func reject(_ field: Field, _ reason: String) {
      guard pointProblem == nil else { return }
      pointProblem = problem(field.problemKey, line: fieldLine, reason)
    }

    /// The NMEA GGA quality of a GPX `fix` value: none 0, 2d and 3d 1, dgps 2, pps 3.
    private static func quality(_ value: UnsafeBufferPointer<UInt8>) -> Int? {
      if equals(value, "3d") || equals(value, "2d") { return 1 }
      if equals(value, "dgps") { return 2 }
      if equals(value, "none") { return 0 }
      if equals(value, "pps") { return 3 }
      return nil
    }

    private static func equals(_ value: UnsafeBufferPointer<UInt8>, _ word: StaticString) -> Bool {
      value.count == word.utf8CodeUnitCount
        && value.elementsEqual(UnsafeBufferPointer(start: word.utf8Start, count: word.utf8CodeUnitCount))
    }

    // MARK: - End of the file

    /// The end of the document: selection checks, held route points or waypoints.
    mutating func finish() throws(ParseError) {
      if unselectedTrackPoints > 0 { diagnostics.ignore("unselected_trkpt", count: unselectedTrackPoints) }
      if selectedTrack > trackCount {
        throw fatal(
          "no_track",
          "--track \(selectedTrack) selects nothing: the file has \(trackCount) track\(trackCount == 1 ? "" : "s")")
      }
      if selectedSegment > mostSegmentsInSelectedTracks {
        let whose = selectedTrack != 0 ? "track \(selectedTrack) has" : "no track has more than"
        throw fatal(
          "no_segment",
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
            "missing_time",
            "no point has a <time>, so the log has no clock to replay on; pass --assume-speed M/S "
              + "to synthesize times along the path at that speed")
        }
        if diagnostics.recordsRead == 0 { throw fatal("no_points", "the file has no <trkpt>, <rtept> or <wpt>") }
      }
    }

    // MARK: - Messages

    private func problem(_ key: String, line: Int, _ reason: String) -> ParseError {
      ParseError(format: "gpx", location: SourceLocation(file: file, line: line), key: key, reason: reason)
    }

    private func fatal(_ key: String, _ reason: String) -> ParseError {
      ParseError(format: "gpx", location: SourceLocation(file: file, line: 0), key: key, reason: reason, isFatal: true)
    }
  }
}

/// The text in double quotes, cut at 40 characters, for messages.
private func quoted(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
  let text = String(decoding: bytes, as: UTF8.self)
  return text.count > 40 ? "\"\(text.prefix(40))…\"" : "\"\(text)\""
}
