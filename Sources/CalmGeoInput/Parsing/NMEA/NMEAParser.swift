/// Reads NMEA 0183 logs: RMC, GGA, GNS, GLL, VTG, GSA, GST and ZDA sentences of
/// any talker, merged into one `Fix` per epoch.
///
/// **Framing.** Lines end in LF, CRLF or CR. A sentence starts at `$` or `!`
/// followed by an address (upper-case letters and digits) and a comma, anywhere
/// in a line, so prefixes are skipped: host timestamps
/// (`2017-05-25T21:22:02 -->> $GNGGA,…`), GnssLogger's `NMEA,$GPGGA,…*63,1699400577561`
/// (text after the checksum is ignored), binary frames (UBX, SiRF) and NUL bytes
/// between sentences. Several sentences may share a line. A sentence ends at its
/// `*hh` checksum or at the line end; a sentence cut off by a control byte or by
/// the start of another sentence is `truncated`. Other bytes, non-ASCII ones
/// included, are part of the sentence and its checksum (a corrupted byte shows as
/// a checksum mismatch). Lines with
/// no sentence (`#` comments, boot text) are counted, never an error. UTF-16
/// input (with or without BOM) is transcoded first; gzip is undone upstream.
///
/// **Checksums.** A mismatched (`checksum`) or malformed (`malformed_checksum`)
/// checksum drops the sentence; lower-case hex is fine; a sentence without a
/// checksum is accepted unless `strict` (then `no_checksum`).
///
/// **Sentences.** Other types (GSV, TXT, proprietary `$P…` by manufacturer, AIS
/// `!…VDM`, …) are counted by type in `diagnostics.ignored`. A sentence with a
/// field that does not parse is dropped (`bad_field`); one with too few fields is
/// `truncated`. Errors name `file:line:column` (1-based, the column of the
/// offending field or byte) and stop the reading in strict mode.
///
/// Epochs are formed by `NMEAEpochMerger` and dated by `NMEADateResolver`.
/// Speeds in knots or km/h become m/s; altitude is GGA/GNS's (above mean sea level).
public struct NMEAParser: FixParser {
  let file: String
  let options: ParseOptions
  /// The most fields a sentence may have; later ones are not read.
  static let maxFields = 63

  var merger = NMEAEpochMerger()
  var resolver: NMEADateResolver
  var dates = NMEADateCache()
  var ignoredTypes = NMEATypeCounter()
  var sentences = 0
  var nonSentenceLines = 0
  var commentLines = 0
  var untimed = 0
  /// A VTG that may lead the next epoch's burst (`NMEAHeldVTG`).
  var heldVTG: NMEAHeldVTG? = nil
  /// RMC and ZDA sentences (the dated ones) dropped for a bad checksum, and the first's line.
  var datedChecksumDrops = 0
  var firstDatedChecksumDrop = 0
  var starts: UnsafeMutablePointer<Int32>? = nil
  /// The latest latitude and longitude read (`NMEAAngleMemo`), while `parse` runs.
  var angles: UnsafeMutablePointer<NMEAAngleMemo>? = nil

  public init(file: String, options: ParseOptions) {
    self.file = file
    self.options = options
    resolver = NMEADateResolver(file: file, options: options)
  }

  public mutating func parse(
    _ source: any ByteSource, diagnostics: inout InputDiagnostics, emit: (Fix) -> Void
  ) throws(ParseError) {
    let input = try UTF16ByteSource.decodingIfUTF16(source)
    let buffer = UnsafeMutablePointer<Int32>.allocate(capacity: Self.maxFields + 2)
    starts = buffer
    let memo = UnsafeMutablePointer<NMEAAngleMemo>.allocate(capacity: 1)
    memo.initialize(to: NMEAAngleMemo())
    angles = memo
    defer {
      buffer.deallocate()
      starts = nil
      memo.deallocate()
      angles = nil
    }
    try LineReader(input, format: "nmea", chunkSize: 1 << 18).forEachLine { line, number throws(ParseError) in
      guard let base = line.baseAddress, line.count > 0 else { return }
      try scan(base, line.count, line: number, diagnostics: &diagnostics, emit: emit)
    }
    while let slot = merger.earliest() { try handOn(slot, emit: emit) }
    do {
      try resolver.finish(emit: emit)
    } catch  where error.problem == .noDate && datedChecksumDrops > 0 {
      var explained = error
      explained.reason +=
        "; \(datedChecksumDrops) RMC/ZDA sentence\(datedChecksumDrops == 1 ? " was" : "s were") dropped "
        + "for a bad checksum (the first on line \(firstDatedChecksumDrop)), so their dates were lost: --date recovers the fixes"
      throw explained
    }
    diagnostics.recordsRead += sentences
    resolver.record(into: &diagnostics)
    ignoredTypes.record(into: &diagnostics)
    if nonSentenceLines > 0 { diagnostics.ignore("non_nmea_line", count: nonSentenceLines) }
    if commentLines > 0 { diagnostics.ignore("comment_line", count: commentLines) }
    if untimed > 0 { diagnostics.ignore("untimed_sentence", count: untimed) }
  }

  /// Finds and reads every sentence of one line.
  @inline(__always)
  private mutating func scan(
    _ base: UnsafePointer<UInt8>, _ n: Int, line: Int,
    diagnostics: inout InputDiagnostics, emit: (Fix) -> Void
  ) throws(ParseError) {
    var i = 0
    var found = false
    while i < n {
      let byte = base[i]
      if byte != 0x24 && byte != 0x21 {
        i += 1
        continue
      }
      let next = try sentence(at: i, base, n, line: line, diagnostics: &diagnostics, emit: emit)
      if next < 0 {
        i += 1
      } else {
        found = true
        i = next
      }
    }
    if !found {
      if base[0] == 0x23 { commentLines += 1 } else { nonSentenceLines += 1 }
    }
  }

  /// Whether a sentence (`$`/`!`, an address, a comma) starts at `i`.
  @inline(__always)
  static func startsSentence(_ base: UnsafePointer<UInt8>, _ i: Int, _ n: Int) -> Bool {
    var j = i + 1
    while j < n && j - i <= 12 {
      let byte = base[j]
      if byte == 0x2C { return j - i > 2 }
      guard (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x30 && byte <= 0x39) else { return false }
      j += 1
    }
    return false
  }

  /// Reads the sentence starting at `i` (a `$` or `!`). Returns where scanning
  /// goes on, or -1 when no sentence starts there.
  @inline(__always)
  private mutating func sentence(
    at i: Int, _ base: UnsafePointer<UInt8>, _ n: Int, line: Int,
    diagnostics: inout InputDiagnostics, emit: (Fix) -> Void
  ) throws(ParseError) -> Int {
    let starts = self.starts.unsafelyUnwrapped
    var j = i + 1
    var xor: UInt8 = 0
    var count = 1
    starts[0] = Int32(j)
    var terminator: UInt8 = 0  // 0: the line ended
    // The address: upper-case letters and digits up to the first comma.
    while j < n {
      let byte = base[j]
      if (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x30 && byte <= 0x39) {
        xor ^= byte
        j += 1
      } else {
        break
      }
    }
    let addressLength = j - i - 1
    guard j < n, base[j] == 0x2C || base[j] == 0x2A, addressLength >= 2, addressLength <= 12 else { return -1 }
    // The fields: XOR and commas in one pass, eight bytes at a time up to the
    // first byte below 0x2B (control bytes, space, `$`, `!`, `*`...), which the
    // rules below look at one by one.
    var words: UInt64 = 0  // XOR of the words taken whole
    let fast = n < Int(Int32.max)
    fields: while true {
      while fast && j + 8 <= n {
        let word = ByteScan.load(base + j)
        let special = ByteScan.less(word, than: 0x2B)
        let before = special == 0 ? UInt64.max : ((special & (0 &- special)) >> 7) &- 1
        words ^= word & before
        var commas = ByteScan.equal(word, to: 0x2C) & before
        while commas != 0 {
          // (`j` < `n`, which `fast` keeps within Int32.)
          if count <= Self.maxFields {
            starts[count] = Int32(truncatingIfNeeded: j &+ commas.trailingZeroBitCount / 8 &+ 1)
          }
          count &+= 1
          commas &= commas &- 1
        }
        if special != 0 {
          j += special.trailingZeroBitCount / 8
          break
        }
        j += 8
      }
      guard j < n else { break }
      let byte = base[j]
      if byte >= 0x2D && byte <= 0x7E {
        xor ^= byte
      } else if byte == 0x2C {
        xor ^= byte
        if count <= Self.maxFields { starts[count] = Int32(j + 1) }
        count += 1
      } else if byte == 0x2A {
        terminator = byte
        break fields
      } else if byte >= 0x20 && byte != 0x24 && byte != 0x21 {
        xor ^= byte  // text: TXT messages have spaces
      } else if (byte == 0x24 || byte == 0x21) && !Self.startsSentence(base, j, n) {
        xor ^= byte
      } else {
        terminator = byte == 0 ? 0xFF : byte
        break fields
      }
      j += 1
    }
    words ^= words >> 32
    words ^= words >> 16
    words ^= words >> 8
    xor ^= UInt8(truncatingIfNeeded: words)
    let fieldCount = min(count, Self.maxFields + 1)
    starts[fieldCount] = Int32(j + 1)
    sentences += 1
    var next = j
    switch terminator {
    case 0x2A:
      guard let given = NMEAChecksum.read(base + j + 1, available: n - j - 1) else {
        let shown = String(decoding: UnsafeBufferPointer(start: base + j, count: min(3, n - j)), as: UTF8.self)
        try diagnostics.skip(
          error(
            base, line: line, offset: j, problem: .malformedChecksum,
            "malformed checksum '\(shown)' (two hex digits expected after '*')"))
        return j + 1
      }
      next = j + 3
      if given != xor {
        if count >= 2, Int(starts[1]) - 4 > i {
          let end = Int(starts[1]) - 1  // the comma after the address
          let type = (base[end - 3], base[end - 2], base[end - 1])
          if type == (0x52, 0x4D, 0x43) || type == (0x5A, 0x44, 0x41) {  // RMC, ZDA
            if datedChecksumDrops == 0 { firstDatedChecksumDrop = line }
            datedChecksumDrops += 1
          }
        }
        try diagnostics.skip(
          error(
            base, line: line, offset: j, problem: .checksum,
            "checksum mismatch: the sentence says \(NMEAChecksum.text(given)), its bytes give \(NMEAChecksum.text(xor))"
          ))
        return next
      }
    case 0:
      if options.strict {
        try diagnostics.skip(
          error(
            base, line: line, offset: i, problem: .noChecksum,
            "sentence has no checksum (accepted without --strict)"))
      }
    default:
      let what =
        terminator == 0x24 || terminator == 0x21
        ? "by the start of another sentence" : "by byte 0x\(Self.hex(terminator == 0xFF ? 0 : terminator))"
      try diagnostics.skip(error(base, line: line, offset: j, problem: .truncated, "sentence is cut off \(what)"))
      return next
    }
    var sentence = NMEASentence(line: base, starts: starts, count: fieldCount, angles: angles.unsafelyUnwrapped)
    try decode(&sentence, base: base, line: line, start: i, diagnostics: &diagnostics, emit: emit)
    return next
  }

  /// Two upper-case hex digits.
  static func hex(_ byte: UInt8) -> String {
    let text = String(byte, radix: 16, uppercase: true)
    return byte < 16 ? "0" + text : text
  }

  /// An error at byte `offset` of the line at `base`; the column counts Unicode
  /// scalars (UTF-8 lead bytes) from 1.
  func error(
    _ base: UnsafePointer<UInt8>, line: Int, offset: Int, problem: ParseProblem, _ reason: String
  ) -> ParseError {
    var column = 1
    for k in 0..<offset where base[k] & 0xC0 != 0x80 { column += 1 }
    return ParseError(
      format: "nmea", location: SourceLocation(file: file, line: line, column: column),
      problem: problem, reason: reason)
  }
}
