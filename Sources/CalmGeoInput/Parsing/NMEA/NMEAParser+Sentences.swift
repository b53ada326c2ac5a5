/// The readers of each sentence type: values into the epoch they belong to.
extension NMEAParser {
  /// Knots to m/s (1852 m per nautical mile).
  static let metresPerSecondPerKnot = 1852.0 / 3600.0
  /// km/h to m/s.
  static let metresPerSecondPerKmh = 1.0 / 3.6

  // Packed three-letter sentence types.
  static let rmc: UInt32 = 0x524D43, gga: UInt32 = 0x474741, gns: UInt32 = 0x474E53
  static let gll: UInt32 = 0x474C4C, vtg: UInt32 = 0x565447, gsa: UInt32 = 0x475341
  static let gst: UInt32 = 0x475354, zda: UInt32 = 0x5A4441

  /// Dispatches one checked sentence by type.
  @inline(__always)
  mutating func decode(
    _ s: inout NMEASentence, base: UnsafePointer<UInt8>, line: Int, start: Int,
    diagnostics: inout InputDiagnostics, emit: (Fix) -> Void
  ) throws(ParseError) {
    let (address, length) = s.field(0)
    guard length == 5, address[0] != 0x50, base[start] == 0x24 else {
      // Proprietary sentences count by `P` + manufacturer, others by type.
      if address[0] == 0x50 && base[start] == 0x24 {
        ignoredTypes.add(NMEATypeCounter.code(address, length))
      } else {
        ignoredTypes.add(NMEATypeCounter.code(address + 2, length - 2))
      }
      return
    }
    let type = NMEATypeCounter.code(address + 2, 3)
    switch type {
    case Self.rmc: try rmc(&s, base: base, line: line, start: start, diagnostics: &diagnostics, emit: emit)
    case Self.gga: try gga(&s, base: base, line: line, start: start, diagnostics: &diagnostics, emit: emit)
    case Self.gns: try gns(&s, base: base, line: line, start: start, diagnostics: &diagnostics, emit: emit)
    case Self.gll: try gll(&s, base: base, line: line, start: start, diagnostics: &diagnostics, emit: emit)
    case Self.vtg: try vtg(&s, base: base, line: line, start: start, diagnostics: &diagnostics)
    case Self.gsa: try gsa(&s, base: base, line: line, start: start, diagnostics: &diagnostics)
    case Self.gst: try gst(&s, base: base, line: line, start: start, diagnostics: &diagnostics, emit: emit)
    case Self.zda: try zda(&s, base: base, line: line, start: start, diagnostics: &diagnostics, emit: emit)
    default: ignoredTypes.add(type)
    }
  }

  /// Rejects a sentence with fewer than `needed` fields after its address, or
  /// with a field that did not parse. Returns whether it may be used.
  @inline(__always)
  private func check(
    _ s: NMEASentence, needed: Int, name: String, base: UnsafePointer<UInt8>, line: Int, start: Int,
    diagnostics: inout InputDiagnostics
  ) throws(ParseError) -> Bool {
    if s.count - 1 < needed {
      try diagnostics.skip(
        error(
          base, line: line, offset: start, problem: .truncated,
          "truncated \(name) sentence: \(s.count - 1) fields, at least \(needed) expected"))
      return false
    }
    if let (index, field) = s.badField {
      let text = s.text(index)
      let shown = text.isEmpty ? "an empty field" : "'\(text)'"
      try diagnostics.skip(
        error(
          base, line: line, offset: s.offset(ofField: index), problem: .badField,
          "\(name) field \(index) (\(field)): \(shown) is not valid"))
      return false
    }
    return true
  }

  /// The open epoch for a stamped sentence, handing on (in place) any epochs
  /// that opening it closes.
  @inline(__always)
  private mutating func epoch(
    _ timeOfDay: Int, priority: Int, line: Int, emit: (Fix) -> Void
  ) throws(ParseError) -> Int {
    let joined = merger.join(timeOfDay: timeOfDay, priority: priority)
    if joined >= 0 { return joined }
    let key = merger.stamp(timeOfDay)
    while let slot = merger.slotToClose() { try handOn(slot, emit: emit) }
    let slot = merger.open(timeOfDay: timeOfDay, key: key, priority: priority, line: line)
    noteOpenedEpoch(slot)
    return slot
  }

  /// RMC: time, status, position, speed (knots), course, date, mode (2.3+).
  private mutating func rmc(
    _ s: inout NMEASentence, base: UnsafePointer<UInt8>, line: Int, start: Int,
    diagnostics: inout InputDiagnostics, emit: (Fix) -> Void
  ) throws(ParseError) {
    let time = s.timeOfDay(1)
    let status = s.character(2)
    let valid = status == 0x41 && s.character(12) != 0x4E
    let latitude = valid ? s.latitude(3) : nil
    let longitude = valid ? s.longitude(5) : nil
    let knots = s.decimal(7, "speed")
    let course = s.decimal(8, "course")
    let day = s.date(9, cache: &dates)
    guard try check(s, needed: 9, name: "RMC", base: base, line: line, start: start, diagnostics: &diagnostics)
    else { return }
    guard let time else { return try noTime(valid: valid, "RMC", base: base, line: line, start: start, &diagnostics) }
    let index = try epoch(time, priority: 4, line: line, emit: emit)
    merger.update(index) { epoch in
      epoch.sawPositionSentence = true
      if let latitude, let longitude {
        epoch.setPosition(
          latitude: latitude.degrees, longitude: longitude.degrees,
          digits: min(latitude.digits, longitude.digits))
      }
      if epoch.day == nil, let day { epoch.day = day }
      if valid {
        if let knots {
          epoch.speed = knots * Self.metresPerSecondPerKnot
          epoch.rmcKnots = knots
        }
        if let course { epoch.course = course }
      }
    }
    if valid { settleHeldVTG(afterRMCIn: index, knots: knots) }
  }

  /// GGA: time, position, quality, satellites, HDOP, altitude (MSL), geoid separation.
  private mutating func gga(
    _ s: inout NMEASentence, base: UnsafePointer<UInt8>, line: Int, start: Int,
    diagnostics: inout InputDiagnostics, emit: (Fix) -> Void
  ) throws(ParseError) {
    let time = s.timeOfDay(1)
    let quality = s.integer(6, "quality")
    let valid = (quality ?? 0) > 0
    let latitude = valid ? s.latitude(2) : nil
    let longitude = valid ? s.longitude(4) : nil
    let satellites = valid ? s.integer(7, "satellites") : nil
    let hdop = valid ? s.decimal(8, "HDOP") : nil
    let altitude = valid ? s.decimal(9, "altitude") : nil
    let separation = valid ? s.decimal(11, "geoid separation") : nil
    guard try check(s, needed: 6, name: "GGA", base: base, line: line, start: start, diagnostics: &diagnostics)
    else { return }
    guard let time else { return try noTime(valid: valid, "GGA", base: base, line: line, start: start, &diagnostics) }
    let index = try epoch(time, priority: 3, line: line, emit: emit)
    merger.update(index) { epoch in
      epoch.sawPositionSentence = true
      guard valid, let latitude, let longitude else { return }
      epoch.setPosition(
        latitude: latitude.degrees, longitude: longitude.degrees,
        digits: min(latitude.digits, longitude.digits))
      epoch.quality = quality ?? -1
      if let satellites { epoch.satellites = satellites }
      if let hdop { epoch.hdop = hdop }
      if let altitude { epoch.altitude = altitude }
      if let separation { epoch.geoidSeparation = separation }
    }
  }

  /// GNS: time, position, per-constellation mode letters, satellites, HDOP,
  /// altitude (MSL), geoid separation.
  private mutating func gns(
    _ s: inout NMEASentence, base: UnsafePointer<UInt8>, line: Int, start: Int,
    diagnostics: inout InputDiagnostics, emit: (Fix) -> Void
  ) throws(ParseError) {
    let time = s.timeOfDay(1)
    let (mode, modeCount) = s.field(6)
    var valid = false
    for k in 0..<modeCount where mode[k] != 0x4E { valid = true }
    let latitude = valid ? s.latitude(2) : nil
    let longitude = valid ? s.longitude(4) : nil
    let satellites = valid ? s.integer(7, "satellites") : nil
    let hdop = valid ? s.decimal(8, "HDOP") : nil
    let altitude = valid ? s.decimal(9, "altitude") : nil
    let separation = valid ? s.decimal(10, "geoid separation") : nil
    guard try check(s, needed: 6, name: "GNS", base: base, line: line, start: start, diagnostics: &diagnostics)
    else { return }
    guard let time else { return try noTime(valid: valid, "GNS", base: base, line: line, start: start, &diagnostics) }
    let index = try epoch(time, priority: 2, line: line, emit: emit)
    merger[index].sawPositionSentence = true
    guard valid, let latitude, let longitude else { return }
    merger[index].setPosition(
      latitude: latitude.degrees, longitude: longitude.degrees,
      digits: min(latitude.digits, longitude.digits))
    if let satellites, merger[index].satellites < 0 { merger[index].satellites = satellites }
    NMEAEpoch.fill(&merger[index].hdop, hdop)
    NMEAEpoch.fill(&merger[index].altitude, altitude)
    NMEAEpoch.fill(&merger[index].geoidSeparation, separation)
  }

  /// GLL: position, time (NMEA 2.0+), status, mode (2.3+).
  private mutating func gll(
    _ s: inout NMEASentence, base: UnsafePointer<UInt8>, line: Int, start: Int,
    diagnostics: inout InputDiagnostics, emit: (Fix) -> Void
  ) throws(ParseError) {
    let status = s.character(6)
    let valid = (status == 0x41 || status == 0) && s.character(7) != 0x4E
    let latitude = valid ? s.latitude(1) : nil
    let longitude = valid ? s.longitude(3) : nil
    let time = s.timeOfDay(5)
    guard try check(s, needed: 4, name: "GLL", base: base, line: line, start: start, diagnostics: &diagnostics)
    else { return }
    let index: Int
    if let time {
      index = try epoch(time, priority: 1, line: line, emit: emit)
    } else if merger.current >= 0 {
      index = merger.current
    } else {
      untimed += 1
      return
    }
    merger[index].sawPositionSentence = true
    guard let latitude, let longitude else { return }
    merger[index].setPosition(
      latitude: latitude.degrees, longitude: longitude.degrees,
      digits: min(latitude.digits, longitude.digits))
  }

  /// VTG: course (true), speed in knots or km/h; joins the current epoch (or, when it
  /// disagrees with that epoch's RMC, the next one it matches: `NMEAHeldVTG`) and fills
  /// only what RMC did not give. NMEA 1.x's letterless form is read too.
  private mutating func vtg(
    _ s: inout NMEASentence, base: UnsafePointer<UInt8>, line: Int, start: Int,
    diagnostics: inout InputDiagnostics
  ) throws(ParseError) {
    let lettered = s.character(2) == 0x54 || s.count > 5
    let course = s.decimal(1, "course")
    let knots = s.decimal(lettered ? 5 : 3, "speed (knots)")
    let kmh = s.decimal(lettered ? 7 : 4, "speed (km/h)")
    let valid = s.character(9) != 0x4E
    guard try check(s, needed: 4, name: "VTG", base: base, line: line, start: start, diagnostics: &diagnostics)
    else { return }
    guard valid else { return }
    guard merger.current >= 0 else {
      untimed += 1
      return
    }
    let speed = knots.map { $0 * Self.metresPerSecondPerKnot } ?? kmh.map { $0 * Self.metresPerSecondPerKmh }
    acceptVTG(speed: speed, course: course, knots: knots)
  }

  /// GSA: fix type and PDOP / HDOP / VDOP; joins the current epoch.
  private mutating func gsa(
    _ s: inout NMEASentence, base: UnsafePointer<UInt8>, line: Int, start: Int,
    diagnostics: inout InputDiagnostics
  ) throws(ParseError) {
    let fixType = s.integer(2, "fix type")
    let pdop = s.decimal(15, "PDOP")
    let hdop = s.decimal(16, "HDOP")
    let vdop = s.decimal(17, "VDOP")
    guard try check(s, needed: 17, name: "GSA", base: base, line: line, start: start, diagnostics: &diagnostics)
    else { return }
    guard (fixType ?? 0) >= 2 else { return }
    guard merger.current >= 0 else {
      untimed += 1
      return
    }
    NMEAEpoch.fill(&merger[merger.current].pdop, pdop)
    NMEAEpoch.fill(&merger[merger.current].hdop, hdop)
    NMEAEpoch.fill(&merger[merger.current].vdop, vdop)
  }

  /// GST: standard deviations of latitude, longitude and altitude errors (m).
  private mutating func gst(
    _ s: inout NMEASentence, base: UnsafePointer<UInt8>, line: Int, start: Int,
    diagnostics: inout InputDiagnostics, emit: (Fix) -> Void
  ) throws(ParseError) {
    let time = s.timeOfDay(1)
    let sigmaLatitude = s.decimal(6, "latitude σ")
    let sigmaLongitude = s.decimal(7, "longitude σ")
    let sigmaAltitude = s.decimal(8, "altitude σ")
    guard try check(s, needed: 8, name: "GST", base: base, line: line, start: start, diagnostics: &diagnostics)
    else { return }
    guard let time else {
      untimed += 1
      return
    }
    let index = try epoch(time, priority: 0, line: line, emit: emit)
    NMEAEpoch.fill(&merger[index].sigmaLatitude, sigmaLatitude)
    NMEAEpoch.fill(&merger[index].sigmaLongitude, sigmaLongitude)
    NMEAEpoch.fill(&merger[index].sigmaAltitude, sigmaAltitude)
  }

  /// ZDA: time and date (day, month, four-digit year).
  private mutating func zda(
    _ s: inout NMEASentence, base: UnsafePointer<UInt8>, line: Int, start: Int,
    diagnostics: inout InputDiagnostics, emit: (Fix) -> Void
  ) throws(ParseError) {
    let time = s.timeOfDay(1)
    let dayOfMonth = s.integer(2, "day")
    let month = s.integer(3, "month")
    var year = s.integer(4, "year")
    guard try check(s, needed: 4, name: "ZDA", base: base, line: line, start: start, diagnostics: &diagnostics)
    else { return }
    if let y = year, y < 100 { year = y < 80 ? 2000 + y : 1900 + y }
    if let y = year, y > 9999 {
      // The calendar arithmetic downstream would overflow; times stay in 0000-9999.
      try diagnostics.skip(
        error(
          base, line: line, offset: s.offset(ofField: 4), problem: .badField,
          "ZDA year \(y) is outside 0000-9999"))
      return
    }
    var day: Int? = nil
    if let dayOfMonth, let month, let year {
      day = NMEAFieldReader.days(year: year, month: month, day: dayOfMonth)
      if day == nil {
        try diagnostics.skip(
          error(
            base, line: line, offset: s.offset(ofField: 2), problem: .badField,
            "ZDA date \(year)-\(month)-\(dayOfMonth) does not exist"))
        return
      }
    }
    guard let time else {
      untimed += 1
      return
    }
    let index = try epoch(time, priority: 0, line: line, emit: emit)
    if merger[index].day == nil, let day { merger[index].day = day }
  }

  /// A position sentence without a time: a no-fix epoch when void, else an error.
  private mutating func noTime(
    valid: Bool, _ name: String, base: UnsafePointer<UInt8>, line: Int, start: Int,
    _ diagnostics: inout InputDiagnostics
  ) throws(ParseError) {
    if !valid {
      resolver.countNoFixEpoch()
      return
    }
    try diagnostics.skip(
      error(
        base, line: line, offset: start + 7, problem: .badField,
        "\(name) field 1 (time): a fix without a time"))
  }
}
