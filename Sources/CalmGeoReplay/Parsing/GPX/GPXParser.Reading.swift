extension GPXParser {
  /// One pass over a GPX document: XML nodes in, fixes out.
  ///
  /// Element names are compared as interned pointers and values are parsed from
  /// the bytes libxml2 holds, so no `String` is made per node.
  struct Reading {
    let reader: XMLEventReader
    let names: Names
    let options: ParseOptions
    var file: String { reader.file }

    // Where the reader is.
    private var depth = 0
    private var rootSeen = false
    private var pointDepth = 0  // depth of the open point element, 0 when none
    private var pointIgnored = false
    private var extensionsDepth = 0  // depth of the open point's <extensions>, 0 when none
    private var field: Field? = nil
    private var fieldDepth = 0
    private var draft: Draft? = nil

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
    private var anchorTime: Int64? = nil  // the last real time, or the synthesized epoch
    private var distanceSinceAnchor = 0.0
    private var previous: (latitude: Double, longitude: Double)? = nil

    init(reader: XMLEventReader, options: ParseOptions) {
      self.reader = reader
      self.options = options
      names = Names(reader)
      text = .allocate(capacity: 128)
    }

    func deallocate() { text.deallocate() }

    private var tracksSelected: Bool { options.track != nil || options.segment != nil }

    // MARK: - The node loop

    mutating func run(diagnostics: inout InputDiagnostics, emit: (Fix) -> Void) throws(ParseError) {
      while try next() {
        switch reader.kind {
        case .startElement:
          let name = reader.localName
          let empty = reader.isEmptyElement
          depth += 1
          if pointDepth != 0 {
            if !pointIgnored, field == nil { try startField(name, empty: empty) }
          } else {
            try startStructure(name, empty: empty, diagnostics: &diagnostics, emit: emit)
          }
          if empty { depth -= 1 }
        case .endElement:
          if field != nil, depth == fieldDepth {
            finishField()
          } else if depth == extensionsDepth {
            extensionsDepth = 0
          } else if depth == pointDepth {
            try finishPoint(diagnostics: &diagnostics, emit: emit)
          }
          depth -= 1
        case .text:
          if field != nil, depth == fieldDepth { reader.withText { append($0) } }
        case .documentType:
          throw documentTypeRefused(detail: nil)
        case .entityReference:
          throw ParseError(
            format: "gpx", location: SourceLocation(file: file, line: reader.line), key: "entity",
            reason: "entity reference &\(reader.localNameText); is refused: entities are never expanded",
            isFatal: true)
        case .other:
          break
        }
      }
      try finish(diagnostics: &diagnostics, emit: emit)
    }

    /// Moves the reader on; a document with a DTD is refused as such even when
    /// libxml2 stopped on it first (its own entity-loop check fires while it
    /// parses ahead, before the DOCTYPE node is handed over).
    @inline(__always)
    private func next() throws(ParseError) -> Bool {
      do {
        return try reader.read()
      } catch {
        if error.key == "xml", reader.hasDocumentType { throw documentTypeRefused(detail: error) }
        throw error
      }
    }

    private func documentTypeRefused(detail: ParseError?) -> ParseError {
      var reason = "<!DOCTYPE> is refused: GPX needs no DTD, and DTDs are how external-entity (XXE) "
        + "and entity-expansion (billion laughs) attacks work"
      if let detail {
        reason += " (libxml2 stopped first, at \(detail.location.line):\(detail.location.column ?? 0): \(detail.reason))"
      }
      return ParseError(
        format: "gpx", location: SourceLocation(file: file, line: 0), key: "dtd", reason: reason, isFatal: true)
    }

    /// An element outside any point: the root, tracks, segments, routes, points.
    private mutating func startStructure(
      _ name: XMLName, empty: Bool, diagnostics: inout InputDiagnostics, emit: (Fix) -> Void
    ) throws(ParseError) {
      if !rootSeen {
        rootSeen = true
        guard name == names.gpx else {
          throw ParseError(
            format: "gpx", location: SourceLocation(file: file, line: reader.line), key: "not_gpx",
            reason: "the root element is <\(reader.localNameText)>, not <gpx>", isFatal: true)
        }
        return
      }
      if name == names.trkpt {
        try startPoint(.trkpt, empty: empty, diagnostics: &diagnostics, emit: emit)
      } else if name == names.trkseg {
        segmentInTrack += 1
        pendingSegmentStart = true
        if isTrackSelected { mostSegmentsInSelectedTracks = max(mostSegmentsInSelectedTracks, segmentInTrack) }
      } else if name == names.trk {
        trackCount += 1
        segmentInTrack = 0
        pendingSegmentStart = true
      } else if name == names.rtept {
        try startPoint(.rtept, empty: empty, diagnostics: &diagnostics, emit: emit)
      } else if name == names.wpt {
        try startPoint(.wpt, empty: empty, diagnostics: &diagnostics, emit: emit)
      } else if name == names.rte {
        routeStartPending = true
      }
    }

    private var isTrackSelected: Bool { options.track.map { $0 == trackCount } ?? true }

    // MARK: - Points

    private mutating func startPoint(
      _ kind: PointKind, empty: Bool, diagnostics: inout InputDiagnostics, emit: (Fix) -> Void
    ) throws(ParseError) {
      pointDepth = depth
      extensionsDepth = 0
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
        pointIgnored = !isTrackSelected || options.segment.map { $0 != segmentInTrack } ?? false
      case .rtept, .wpt:
        pointIgnored = sawTrackPoint || tracksSelected
      }
      if pointIgnored {
        draft = Draft(kind: kind, fix: Fix(time: 0, latitude: 0, longitude: 0))
      } else {
        let line = reader.line
        var draft = Draft(kind: kind, fix: Fix(time: 0, latitude: 0, longitude: 0, line: UInt32(clamping: line)))
        reader.forEachAttribute { name, value in
          if name == names.lat {
            draft.hasLatitude = true
            if let latitude = DecimalText.parse(value), (-90...90).contains(latitude) {
              draft.fix.latitude = latitude
            } else if draft.problem == nil {
              draft.problem = problem("bad_lat", line: line, "<\(kind)> lat is not a latitude: \(quoted(value))")
            }
          } else if name == names.lon {
            draft.hasLongitude = true
            if let longitude = DecimalText.parse(value), (-180...180).contains(longitude) {
              draft.fix.longitude = longitude
            } else if draft.problem == nil {
              draft.problem = problem("bad_lon", line: line, "<\(kind)> lon is not a longitude: \(quoted(value))")
            }
          }
        }
        if draft.problem == nil, !draft.hasLatitude {
          draft.problem = problem("missing_lat", line: line, "<\(kind)> has no lat attribute")
        } else if draft.problem == nil, !draft.hasLongitude {
          draft.problem = problem("missing_lon", line: line, "<\(kind)> has no lon attribute")
        }
        self.draft = draft
      }
      if empty {
        try finishPoint(diagnostics: &diagnostics, emit: emit)
      }
    }

    /// The end of a point: skip it, hold it, or deliver it.
    private mutating func finishPoint(diagnostics: inout InputDiagnostics, emit: (Fix) -> Void) throws(ParseError) {
      pointDepth = 0
      extensionsDepth = 0
      field = nil
      guard let draft = self.draft else { return }
      self.draft = nil
      diagnostics.recordsRead += 1
      if pointIgnored {
        if draft.kind == .trkpt { unselectedTrackPoints += 1 } else { diagnostics.ignore(draft.kind.rawValue) }
        return
      }
      switch draft.kind {
      case .trkpt:
        if let problem = draft.problem {
          try diagnostics.skip(problem)
          return
        }
        try deliver(draft.merged, hasTime: draft.hasTime, kind: .trkpt, diagnostics: &diagnostics, emit: emit)
      case .rtept:
        heldRoutePoints.append(
          Held(fix: draft.merged, hasTime: draft.hasTime, startsSegment: routeStartPending, problem: draft.problem))
        routeStartPending = false
      case .wpt:
        heldWaypoints.append(
          Held(fix: draft.merged, hasTime: draft.hasTime, startsSegment: heldWaypoints.isEmpty, problem: draft.problem))
      }
    }

    /// Applies the time rules to a good point and hands it on.
    private mutating func deliver(
      _ fix: Fix, hasTime: Bool, kind: PointKind, diagnostics: inout InputDiagnostics, emit: (Fix) -> Void
    ) throws(ParseError) {
      var fix = fix
      if hasTime {
        anchorTime = fix.time
        distanceSinceAnchor = 0
      } else if let speed = options.assumeSpeed {
        if let anchorTime, let previous {
          distanceSinceAnchor += GeoMath.distance(
            lat1: previous.latitude, lon1: previous.longitude, lat2: fix.latitude, lon2: fix.longitude)
          fix.time = anchorTime + Int64((distanceSinceAnchor / speed * 1000).rounded())
        } else {
          anchorTime = GPXParser.synthesizedEpoch
          distanceSinceAnchor = 0
          fix.time = GPXParser.synthesizedEpoch
        }
        fix.flags.insert(.timeSynthesized)
        diagnostics.estimate("time_synthesized")
      } else {
        timeless += 1
        try diagnostics.skip(
          problem(
            "missing_time", line: Int(fix.line),
            "<\(kind)> has no <time>; pass --assume-speed M/S to synthesize times along the path at that speed"))
        return
      }
      previous = (fix.latitude, fix.longitude)
      if pendingSegmentStart {
        fix.flags.insert(.segmentStart)
        pendingSegmentStart = false
      }
      emitted += 1
      emit(fix)
    }

    // MARK: - Fields

    private mutating func startField(_ name: XMLName, empty: Bool) throws(ParseError) {
      let found: Field?
      if extensionsDepth != 0 {
        found = extensionField(name)
      } else if depth == pointDepth + 1 {
        if name == names.extensions {
          if !empty { extensionsDepth = depth }
          found = nil
        } else {
          found = coreField(name)
        }
      } else {
        found = nil
      }
      guard let found else { return }
      field = found
      fieldDepth = depth
      textCount = 0
      textOverflow = false
      if empty { finishField() }
    }

    @inline(__always)
    private func coreField(_ name: XMLName) -> Field? {
      if name == names.time { return .time }
      if name == names.ele { return .ele }
      if name == names.speed { return .speed }
      if name == names.course { return .course }
      if name == names.hdop { return .hdop }
      if name == names.vdop { return .vdop }
      if name == names.pdop { return .pdop }
      if name == names.sat { return .sat }
      if name == names.fix { return .fix }
      if name == names.geoidheight { return .geoidHeight }
      return nil
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
      let room = text.count - textCount
      let count = bytes.count - start
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
      guard let field = self.field, draft != nil else { return }
      self.field = nil
      var end = textCount
      while end > 0, DecimalText.isSpace(text[end - 1]) { end -= 1 }
      let value = UnsafeBufferPointer(rebasing: text[0..<end])
      if end == 0 { return }  // <ele></ele>, <fix/>: absent, as OsmAnd writes it.
      switch field {
      case .time:
        if !textOverflow, let time = ISO8601Parser.parse(value) {
          draft!.fix.time = time
          draft!.hasTime = true
        } else {
          reject(field, "<time> is not an ISO 8601 date-time: \(quoted(value))")
        }
      case .fix:
        // Any other value (the corpus has "something_not_in_the_spec") leaves the quality unknown.
        if let quality = Self.quality(value) { draft!.fix.quality = quality }
      default:
        guard !textOverflow, let number = DecimalText.parse(value) else {
          reject(field, "<\(reader.localNameText)> is not a number: \(quoted(value))")
          return
        }
        switch field {
        case .ele: draft!.fix.altitude = number
        case .speed: draft!.fix.speed = number
        case .course: draft!.fix.course = number
        case .hdop: draft!.fix.hdop = number
        case .vdop: draft!.fix.vdop = number
        case .pdop: draft!.fix.pdop = number
        case .geoidHeight: draft!.fix.geoidSeparation = number
        case .sat:
          guard number >= 0, number == number.rounded(.towardZero), number < 1e6 else {
            reject(field, "<sat> is not a satellite count: \(quoted(value))")
            return
          }
          draft!.fix.satellites = Int(number)
        case .extensionSpeed: draft!.extensionSpeed = number
        case .extensionCourse: draft!.extensionCourse = number
        case .extensionHDOP: draft!.extensionHDOP = number
        case .extensionHorizontalAccuracy: draft!.extensionHorizontalAccuracy = number
        case .extensionVerticalAccuracy: draft!.extensionVerticalAccuracy = number
        case .time, .fix: break
        }
      }
    }

    private mutating func reject(_ field: Field, _ reason: String) {
      guard draft?.problem == nil else { return }
      let found = problem(field.problemKey, line: reader.line, reason)
      draft?.problem = found
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

    private mutating func finish(diagnostics: inout InputDiagnostics, emit: (Fix) -> Void) throws(ParseError) {
      if unselectedTrackPoints > 0 { diagnostics.ignore("unselected_trkpt", count: unselectedTrackPoints) }
      if let track = options.track, track > trackCount {
        throw fatal(
          "no_track", "--track \(track) selects nothing: the file has \(trackCount) track\(trackCount == 1 ? "" : "s")")
      }
      if let segment = options.segment, segment > mostSegmentsInSelectedTracks {
        let whose = options.track.map { "track \($0) has" } ?? "no track has more than"
        throw fatal(
          "no_segment",
          "--segment \(segment) selects nothing: \(whose) \(mostSegmentsInSelectedTracks) segment"
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
          try deliver(point.fix, hasTime: point.hasTime, kind: kind, diagnostics: &diagnostics, emit: emit)
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

    /// The text in double quotes, cut at 40 characters.
    private func quoted(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
      let text = String(decoding: bytes, as: UTF8.self)
      return text.count > 40 ? "\"\(text.prefix(40))…\"" : "\"\(text)\""
    }
  }
}
