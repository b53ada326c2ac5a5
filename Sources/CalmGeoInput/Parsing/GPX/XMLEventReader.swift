internal import CLibXML2

/// Streams the elements and text of an XML document read from a `ByteSource`
/// through libxml2's SAX2 push parser, keeping memory flat whatever the size of
/// the document: no tree is built, and the source is pushed 64 KB at a time, so
/// gzip and stdin stream as files do.
///
/// This type is the only code that imports libxml2 (here and in its callbacks,
/// XMLEventReader+Callbacks.swift). The parser never touches the network
/// (`XML_PARSE_NONET`), never loads a DTD and never substitutes entities (neither
/// `XML_PARSE_DTDLOAD` nor `XML_PARSE_NOENT`); a `<!DOCTYPE>` is refused,
/// and so is any reference to a declared entity. libxml2's own limits stay on (no
/// `XML_PARSE_HUGE`); the reader adds two of its own: a text of more than
/// 10,000,000 bytes (the limit libxml2's tree builder has) and elements nested
/// more than `maxDepth` deep are errors.
///
/// The callbacks only record what libxml2 reports (`XMLEventBatch`, fixed memory);
/// the handler sees it a batch at a time, in order, after each chunk.
///
/// Positions are exact: `line` is the parser's line when the start tag has been
/// read, which for a start tag on one line is that tag's line. Errors
/// carry libxml2's line and column (in characters), and are worded for users
/// where it matters: an empty file, a file that is not XML, a file cut short.
final class XMLEventReader {
  /// The name used in messages (the file as the user typed it, or `-`).
  let file: String
  private let context: Context
  private let parser: xmlParserCtxtPtr

  /// Elements may nest this deep; GPX needs 6 or 7.
  static let maxDepth = 256
  /// The longest text (in bytes, between two tags) accepted: libxml2's own limit
  /// for a text node without `XML_PARSE_HUGE`.
  static let maxTextLength = 10_000_000

  /// Options passed to `xmlCtxtUseOptions`.
  ///
  /// - `NONET`: no network access, whatever the document asks.
  /// - `BIG_LINES`: lines past 65535 in libxml2's own messages.
  /// - `NOCDATA`: CDATA sections arrive as ordinary text.
  ///
  /// Left out on purpose: `NOENT` (entity substitution) and `DTDLOAD`/`DTDATTR`/
  /// `DTDVALID` (loading DTDs), which are how XXE and entity expansion work; and
  /// `HUGE`, which would lift libxml2's limits (entity amplification checks, name
  /// lengths). Long lines need no flag: a 1 GB one-line GPX reads without it.
  private static let options: Int32 = Int32(
    XML_PARSE_NONET.rawValue | XML_PARSE_BIG_LINES.rawValue | XML_PARSE_NOCDATA.rawValue)

  /// Runs `xmlInitParser` once per process. libxml2 otherwise initializes itself
  /// lazily on first use, which is not safe when two threads (two files of a sweep,
  /// parallel tests) start at once; Swift runs a static's initializer exactly once.
  private static let libraryInitialized: Bool = {
    xmlInitParser()
    return true
  }()

  /// The bytes pushed per `xmlParseChunk` (and read from the source per call).
  private static let chunkSize = 1 << 16
  private let staging = UnsafeMutablePointer<CChar>.allocate(capacity: XMLEventReader.chunkSize)
  /// The last attribute value that needed decoding (`attributeValue`).
  private var decoded = UnsafeMutableBufferPointer<UInt8>(start: nil, count: 0)
  /// Bytes read in `init` and not pushed yet.
  private var pending = 0
  /// All the bytes read so far.
  private var total = 0
  /// Whether they were all whitespace.
  private var blank = true

  /// Prepares to read `source`: reads its first bytes, by which libxml2 tells the
  /// encoding (UTF-16 by its byte order mark, say). Wraps `xmlCreatePushParserCtxt`.
  init(source: any ByteSource, file: String) throws(ParseError) {
    _ = Self.libraryInitialized
    self.file = file
    context = Context(source: source, file: file)
    var first = 0
    do throws(ParseError) {
      while first < 4 {
        let count = try source.read(
          into: UnsafeMutableRawBufferPointer(start: staging + first, count: Self.chunkSize - first))
        if count == 0 { break }
        first += count
      }
    } catch {
      staging.deallocate()
      throw error
    }
    var sax = Self.callbacks
    // The first 4 bytes go in now, as libxml2 asks, so that it picks the encoding.
    let head = Int32(min(first, 4))
    // No user data: libxml2 then hands the parser itself to every callback.
    guard let parser = xmlCreatePushParserCtxt(&sax, nil, head > 0 ? staging : nil, head, file) else {
      staging.deallocate()
      throw ParseError(
        format: "gpx", location: SourceLocation(file: file, line: 0), problem: .xml,
        reason: "cannot start the XML parser", isFatal: true)
    }
    self.parser = parser
    parser.pointee._private = UnsafeMutableRawPointer(context.state)
    context.state.pointee.parser = parser
    xmlCtxtUseOptions(parser, Self.options)
    account(staging, first)
    if first > Int(head) {
      // The regions overlap; `copyMemory` allows that (it is `memmove`).
      UnsafeMutableRawPointer(staging).copyMemory(from: staging + Int(head), byteCount: first - Int(head))
    }
    pending = first - Int(head)
  }

  /// Counts `count` bytes read at `bytes`, noting whether all so far are whitespace.
  @inline(__always)
  private func account(_ bytes: UnsafePointer<CChar>, _ count: Int) {
    total += count
    guard blank else { return }
    var index = 0
    while index < count, Self.isSpace(UInt8(bitPattern: bytes[index])) { index += 1 }
    blank = index == count
  }

  deinit {
    // The document libxml2's SAX2 defaults made (it holds the refused DTD, if
    // any) is not the parser's to free: not freeing it leaked 7-23 KB per file.
    if let document = parser.pointee.myDoc {
      xmlFreeDoc(document)
      parser.pointee.myDoc = nil
    }
    xmlFreeParserCtxt(parser)
    // `context` (the callbacks' state) is freed after this, when its last reference goes.
    staging.deallocate()
    decoded.deallocate()
  }

  /// Whether `text` events reach the handler (true at first). A handler that reads text
  /// only inside some elements turns it off elsewhere, which spares a call per run of
  /// whitespace between tags; the text limit is checked either way.
  var wantsText: Bool {
    get { context.batch.pointee.wantsText }
    set { context.batch.pointee.wantsText = newValue }
  }

  /// Records text only when the innermost open element is one of `names`: the text
  /// elsewhere (the line breaks and indents between the elements of a track, say)
  /// never reaches the handler, and costs no more than the check of its length.
  /// Call it before `run`.
  func recordText(onlyInside names: [XMLName]) {
    for name in names { context.state.pointee.textElements.insert(name) }
    context.state.pointee.filtersText = true
  }

  /// The name `text` interned in this reader's dictionary, as the parser interns
  /// element and attribute names. Wraps `xmlDictLookup`.
  func intern(_ text: String) -> XMLName {
    XMLName(pointer: UnsafeRawPointer(xmlDictLookup(parser.pointee.dict, text, -1)))
  }

  /// Reads the whole source, calling `handler` for each element and text.
  ///
  /// The handler is called in batches (`XMLEventBatch`): after each chunk libxml2
  /// parsed, and whenever the batch is full.
  ///
  /// - Throws: the handler's error, the source's own error, or the XML error at
  ///   its line and column.
  ///
  /// Generic so that the replay loop is compiled for the handler's own class: its
  /// methods are called directly, not through the vtable, and can be inlined.
  func run<Handler: XMLEventHandler>(_ handler: Handler) throws(ParseError) {
    // A full batch is replayed from inside a callback, through this closure.
    context.replay = { (batch) throws(ParseError) in try XMLEventBatch.replay(batch, into: handler) }
    defer { context.replay = nil }
    while true {
      let count: Int
      if pending > 0 {
        count = pending
        pending = 0
      } else {
        count = try context.source.read(into: UnsafeMutableRawBufferPointer(start: staging, count: Self.chunkSize))
        account(staging, count)
      }
      if count == 0 {
        context.terminating = true
        xmlParseChunk(parser, nil, 0, 1)
        try check(handler)
        if context.state.pointee.depth > 0 || !context.state.pointee.rootSeen {
          // libxml2 said nothing (it cannot fail at this point without a message),
          // but never let an unfinished document pass.
          throw endedEarly()
        }
        return
      }
      xmlParseChunk(parser, staging, Int32(count), 0)
      try check(handler)
    }
  }

  @inline(__always)
  private static func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 }

  /// Hands what the last chunk held to `handler`, then throws what stopped the
  /// parser, if anything did. The handler comes first: it sees only what precedes
  /// the point where the parser stopped, and it would have stopped there first.
  @inline(__always)
  private func check<Handler: XMLEventHandler>(_ handler: Handler) throws(ParseError) {
    if context.state.pointee.documentType { throw documentTypeRefused() }
    if !context.batch.pointee.isEmpty { try XMLEventBatch.replay(context.batch, into: handler) }
    if let error = context.stop { throw error }
    guard let found = context.fatal else { return }
    let location = SourceLocation(file: file, line: found.line, column: found.column > 0 ? found.column : nil)
    if blank {
      throw ParseError(
        format: "gpx", location: SourceLocation(file: file, line: 0), problem: .empty,
        reason: total == 0 ? "the file is empty" : "the file is empty (only whitespace)", isFatal: true)
    }
    if !context.state.pointee.rootSeen {
      throw ParseError(
        format: "gpx", location: location, problem: .notGPX,
        reason: "not a GPX file: it does not start with an XML element",
        isFatal: true)
    }
    if context.terminating, context.state.pointee.depth > 0 { throw endedEarly(at: location) }
    throw ParseError(format: "gpx", location: location, problem: .xml, reason: found.message, isFatal: true)
  }

  /// The file ends with elements still open: name the innermost.
  private func endedEarly(at location: SourceLocation? = nil) -> ParseError {
    let location = location ?? SourceLocation(file: file, line: context.line, column: context.column)
    guard context.state.pointee.depth > 0 else {
      return ParseError(
        format: "gpx", location: location, problem: .notGPX, reason: "not a GPX file: it has no XML element",
        isFatal: true)
    }
    // The handler has seen every event by now: the batch's innermost element is libxml2's.
    return ParseError(
      format: "gpx", location: location, problem: .truncated,
      reason: "the file ends in the middle of <\(nameText)> opened at line \(elementLine); "
        + "it was cut short (an interrupted download or copy?)",
      isFatal: true)
  }

  /// The refusal of a `<!DOCTYPE>`, with libxml2's diagnosis when it stopped
  /// first on what the DTD declared (an entity loop, say).
  private func documentTypeRefused() -> ParseError {
    var reason =
      "<!DOCTYPE> is refused: GPX needs no DTD, and DTDs are how external-entity (XXE) "
      + "and entity-expansion (billion laughs) attacks work"
    if let detail = context.fatal {
      // Its position is inside the entity's text, not the file's: leave it out.
      reason += " (libxml2 stopped first: \(detail.message))"
    }
    return ParseError(
      format: "gpx", location: SourceLocation(file: file, line: 0), problem: .dtd, reason: reason, isFatal: true)
  }

  // MARK: - Questions during a call to the handler

  /// During `startElement`, the line of the start tag: the parser's line when it had
  /// read the tag, which for a tag on one line is that tag's line.
  var line: Int { context.batch.pointee.currentLine }

  /// The line of the innermost open element's start tag (`line` as it was during the
  /// element's `startElement`), from that call to its `endElement`.
  @inline(__always)
  var elementLine: Int { context.batch.pointee.elementLine }

  /// The innermost open element's name as written, prefix included
  /// (`gpxtpx:speed`), for messages.
  var nameText: String {
    let (prefix, name) = context.batch.pointee.innermostName
    return XMLName.qualified(prefix: prefix, name: name)
  }

  /// During `startElement`, the number of attributes of the element.
  @inline(__always)
  var attributeCount: Int { context.batch.pointee.currentAttributes.count }

  /// During `startElement`, the local name of attribute `index` (document order).
  @inline(__always)
  func attributeName(_ index: Int) -> XMLName {
    XMLName(pointer: context.batch.pointee.currentAttributes[index].name)
  }

  /// During `startElement`, the value of attribute `index`, valid until the next
  /// call or the end of the event. Read by index rather than through a closure,
  /// which cost a call and two reference counts per point.
  ///
  /// Values are libxml2's, already normalized: character references are decoded,
  /// except that an `&` is handed over by libxml2 as `&#38;`, which is decoded here.
  @inline(__always)
  func attributeValue(_ index: Int) -> UnsafeBufferPointer<UInt8> {
    let value = rawAttributeValue(index)
    // A loop the compiler inlines: values are short, and `memchr` through the
    // dynamic linker cost more than the search.
    if !value.contains(0x26) { return value }
    return decodeAmpersands(value)
  }

  /// During `startElement`, the value of attribute `index` as libxml2 holds it: as
  /// `attributeValue`, but with an `&` still written `&#38;`. For a caller that reads
  /// a number, which never has an `&`, and so is spared the search for one.
  @inline(__always)
  func rawAttributeValue(_ index: Int) -> UnsafeBufferPointer<UInt8> {
    context.batch.pointee.currentAttributes[index].value
  }

  /// `value` with each `&#38;` turned back into `&`, in `decoded` (grown as needed).
  private func decodeAmpersands(_ value: UnsafeBufferPointer<UInt8>) -> UnsafeBufferPointer<UInt8> {
    if decoded.count < value.count {
      decoded.deallocate()
      decoded = .allocate(capacity: value.count)
    }
    let reference: StaticString = "&#38;"
    let referenceBytes = UnsafeBufferPointer(start: reference.utf8Start, count: reference.utf8CodeUnitCount)
    var index = 0
    var count = 0
    while index < value.count {
      if value[index] == 0x26, index + 5 <= value.count, value[index..<(index + 5)].elementsEqual(referenceBytes) {
        decoded[count] = 0x26
        index += 5
      } else {
        decoded[count] = value[index]
        index += 1
      }
      count += 1
    }
    return UnsafeBufferPointer(rebasing: decoded[0..<count])
  }
}
