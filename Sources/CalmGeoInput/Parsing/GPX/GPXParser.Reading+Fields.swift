// A point's child elements: which field each one is, its text, and the value
// read from that text.
extension GPXParser.Reading {
  @inline(__always)
  mutating func startField(_ name: XMLName) {
    let found: GPXParser.Field?
    if extensionsDepth != 0 {
      found = names.extensionField(name)
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
    textCount = 0
    textOverflow = false
  }

  /// `names.coreField(name)`, remembered by the child's position in the point.
  @inline(__always)
  private mutating func rememberedCoreField(_ name: XMLName) -> GPXParser.Field? {
    let index = childIndex
    guard index < Self.rememberedChildren else { return names.coreField(name) }
    childIndex = index + 1
    if childNames[index] == name { return childFields[index] }
    let found = names.coreField(name)
    childNames[index] = name
    childFields[index] = found
    return found
  }

  @inline(__always)
  mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) {
    var start = 0
    if textCount == 0 {
      while start < bytes.count, DecimalText.isSpace(bytes[start]) { start += 1 }
    }
    let count = bytes.count - start
    let room = text.count - textCount
    if count <= room {
      if count > 0 {
        ShortCopy.copy(
          from: UnsafeRawPointer(bytes.baseAddress! + start),
          to: UnsafeMutableRawPointer(text.baseAddress! + textCount),
          count: count)
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
  mutating func finishField() {
    finishField(UnsafeBufferPointer(rebasing: text[0..<textCount]), overflow: textOverflow)
  }

  /// Parses `raw`, the whole text of the field that just ended (whitespace around it
  /// allowed), into the open point; `overflow` when it was cut at the text buffer's size.
  mutating func finishField(_ raw: UnsafeBufferPointer<UInt8>, overflow textOverflow: Bool) {
    guard let field = self.field else { return }
    self.field = nil
    fieldDepth = 0
    reader.wantsText = false
    var start = 0
    var end = raw.count
    while start < end, DecimalText.isSpace(raw[start]) { start += 1 }
    while end > start, DecimalText.isSpace(raw[end - 1]) { end -= 1 }
    if end == start { return }  // <ele></ele>, <fix/>: absent, as OsmAnd writes it.
    let value = UnsafeBufferPointer(rebasing: raw[start..<end])
    if field == .documentTime {
      // A bad document time only loses the anchor it would give; the points are unaffected.
      if documentTime == nil, !textOverflow { documentTime = ISO8601Parser.parse(value) }
      return
    }
    // A cut-off value is bad, except for `fix`, whose unknown values are ignored anyway.
    if !textOverflow || field == .fix, store(field, value) { return }
    switch field {
    case .time:
      reject(field, "<time> is not an ISO 8601 date-time: \(Self.quoted(value))")
    case .sat where !textOverflow && DecimalText.parse(value) != nil:
      reject(field, "<sat> is not a satellite count: \(Self.quoted(value))")
    default:
      reject(field, "<\(reader.nameText)> is not a number: \(Self.quoted(value))")
    }
  }

  /// Stores the value of `field` read from `value` (not empty, no whitespace
  /// around it) in the open point; returns `false`, storing nothing, when the
  /// value is bad. An unknown `fix` is not bad: it leaves the quality unknown.
  @inline(__always)
  private mutating func store(_ field: GPXParser.Field, _ value: UnsafeBufferPointer<UInt8>) -> Bool {
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

  /// Records the first problem of the open point; the line is the field element's
  /// (called from the field's `endElement`, so it is still the innermost open one).
  private mutating func reject(_ field: GPXParser.Field, _ reason: String) {
    noteProblem(problem(field.problem, line: reader.elementLine, reason))
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
}
