// The points of a GPX: where one starts (its coordinates), where it ends (skipped,
// held or delivered), and the time rules applied on delivery.
extension GPXParser.Reading {
  mutating func startPoint(_ kind: GPXParser.PointKind) throws(ParseError) {
    if !rootSeen {
      // A <trkpt> as the root element.
      rootSeen = true
      throw ParseError(
        format: "gpx", location: SourceLocation(file: file, line: reader.line), problem: .notGPX,
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
  private mutating func readCoordinates(_ kind: GPXParser.PointKind) {
    let line = reader.elementLine
    point = Fix(time: 0, latitude: 0, longitude: 0, line: UInt32(clamping: line))
    pointHasTime = false
    extensionSpeed = .nan
    extensionCourse = .nan
    extensionHDOP = .nan
    extensionHorizontalAccuracy = .nan
    extensionVerticalAccuracy = .nan
    var hasLatitude = false
    var hasLongitude = false
    var badLatitude: String? = nil
    var badLongitude: String? = nil
    // Numbers are read from the values as libxml2 holds them: a number has no `&`,
    // so only a value that is not one needs decoding, for the message.
    for index in 0..<reader.attributeCount {
      let name = reader.attributeName(index)
      if name == names.lat {
        hasLatitude = true
        if let number = DecimalText.parse(reader.rawAttributeValue(index)), (-90...90).contains(number) {
          point.latitude = number
        } else {
          badLatitude = Self.quoted(reader.attributeValue(index))
        }
      } else if name == names.lon {
        hasLongitude = true
        if let number = DecimalText.parse(reader.rawAttributeValue(index)), (-180...180).contains(number) {
          point.longitude = number
        } else {
          badLongitude = Self.quoted(reader.attributeValue(index))
        }
      }
    }
    if !hasLatitude {
      noteProblem(problem(.missingLat, line: line, "<\(kind)> has no lat attribute"))
    } else if !hasLongitude {
      noteProblem(problem(.missingLon, line: line, "<\(kind)> has no lon attribute"))
    } else if let badLatitude {
      noteProblem(problem(.badLat, line: line, "<\(kind)> lat is not a latitude: \(badLatitude)"))
    } else if let badLongitude {
      noteProblem(problem(.badLon, line: line, "<\(kind)> lon is not a longitude: \(badLongitude)"))
    }
  }

  /// The end of a point: skip it, hold it, or deliver it.
  mutating func finishPoint() throws(ParseError) {
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
      if let problem = takeProblem() {
        try diagnostics.skip(problem)
        return
      }
      try deliver(point, hasTime: pointHasTime, kind: .trkpt)
    case .rtept:
      heldRoutePoints.append(
        GPXParser.Held(fix: point, hasTime: pointHasTime, startsSegment: routeStartPending, problem: takeProblem()))
      routeStartPending = false
    case .wpt:
      heldWaypoints.append(
        GPXParser.Held(fix: point, hasTime: pointHasTime, startsSegment: heldWaypoints.isEmpty, problem: takeProblem()))
    }
  }

  /// Records `problem` as the open point's, unless it already has one.
  mutating func noteProblem(_ problem: ParseError) {
    guard !pointHasProblem else { return }
    pointProblem = problem
    pointHasProblem = true
  }

  /// The open point's problem, if any, leaving none.
  @inline(__always)
  mutating func takeProblem() -> ParseError? {
    guard pointHasProblem else { return nil }
    pointHasProblem = false
    defer { pointProblem = nil }
    return pointProblem
  }

  /// Applies the time rules to a good point and hands it on.
  mutating func deliver(_ fix: Fix, hasTime: Bool, kind: GPXParser.PointKind) throws(ParseError) {
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
          .missingTime, line: Int(fix.line),
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
}
