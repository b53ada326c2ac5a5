internal import CLibXML2

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// An element or attribute name interned in one reader's dictionary.
///
/// Two names from the same reader are equal exactly when their pointers are, so
/// comparing costs one instruction and no `String` is made per element.
struct XMLName: Equatable {
  fileprivate let pointer: UnsafeRawPointer?

  fileprivate init(pointer: UnsafeRawPointer?) { self.pointer = pointer }

  /// No name: equal to no element's name.
  init() { pointer = nil }

  /// The name's first byte (0 for no name), to pick among candidates before comparing.
  @inline(__always)
  var firstByte: UInt8 { pointer?.load(as: UInt8.self) ?? 0 }
}

/// What an `XMLEventReader` hands over, in document order, while it reads: subclass
/// it and override what you need.
///
/// A class rather than a protocol so that the reader calls it through one vtable
/// entry, holding it without retaining it (two reference-count operations per event
/// were 7% of a read). During a call, the reader answers questions (`line`,
/// `nameText`, `forEachAttribute`). A thrown error stops the reading and comes out
/// of `run`.
class XMLEventHandler {
  /// An element starts (`<name/>` is a start followed by an end). `name` is its
  /// local name, without prefix, whatever the namespace.
  func startElement(_ name: XMLName) throws(ParseError) {}
  /// The innermost open element ends.
  func endElement() throws(ParseError) {}
  /// Character data (text, CDATA, character and predefined entity references),
  /// in pieces: one text may come in several calls. Valid during the call only.
  func text(_ bytes: UnsafeBufferPointer<UInt8>) {}
}

/// Streams the elements and text of an XML document read from a `ByteSource`
/// through libxml2's SAX2 push parser, keeping memory flat whatever the size of
/// the document: no tree is built, and the source is pushed 64 KB at a time, so
/// gzip and stdin stream as files do.
///
/// This is the only file that imports libxml2. The parser never touches the
/// network (`XML_PARSE_NONET`), never loads a DTD and never substitutes entities
/// (neither `XML_PARSE_DTDLOAD` nor `XML_PARSE_NOENT`); a `<!DOCTYPE>` is refused,
/// and so is any reference to a declared entity. libxml2's own limits stay on (no
/// `XML_PARSE_HUGE`); the reader adds two of its own: a text of more than
/// 10,000,000 bytes (the limit libxml2's tree builder has) and elements nested
/// more than `maxDepth` deep are errors.
///
/// Positions are exact: `line` is the parser's line when the start (or end) tag
/// has been read, which for a start tag on one line is that tag's line. Errors
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

  /// The state the C callbacks share with Swift.
  private final class Context {
    let source: any ByteSource
    let file: String
    /// Set by `run`, which holds it for the whole reading.
    var handler: Unmanaged<XMLEventHandler>? = nil
    var parser: xmlParserCtxtPtr? = nil

    /// The first error the handler threw, or the reader raised itself.
    var stop: ParseError?
    /// Whether `stop` is set: a flag, tested on every event, where testing the
    /// optional error went through its value witnesses (4% of a read).
    var stopped = false
    /// The first fatal error libxml2 reported, with its number.
    var fatal: (message: String, line: Int, column: Int, code: Int32)?
    /// Whether a `<!DOCTYPE>` was seen; from then on nothing reaches the handler.
    var documentType = false
    /// Whether the end of the source was pushed.
    var terminating = false

    // The open elements: prefix and local name (interned), and line, innermost last.
    var depth = 0
    let openPrefixes = UnsafeMutablePointer<UnsafePointer<xmlChar>?>.allocate(capacity: XMLEventReader.maxDepth)
    let openNames = UnsafeMutablePointer<UnsafePointer<xmlChar>?>.allocate(capacity: XMLEventReader.maxDepth)
    let openLines = UnsafeMutablePointer<Int32>.allocate(capacity: XMLEventReader.maxDepth)
    /// Whether the root element has started.
    var rootSeen = false
    /// The attributes of the element starting (5 pointers each, see `startElementNs`).
    var attributes: UnsafeMutablePointer<UnsafePointer<xmlChar>?>? = nil
    var attributeCount = 0
    /// Bytes of text since the last tag.
    var textLength = 0
    /// Whether the handler wants text now (`XMLEventReader.wantsText`).
    @exclusivity(unchecked) var wantsText = true

    init(source: any ByteSource, file: String) {
      self.source = source
      self.file = file
    }

    /// The context of the parser whose callback this is: libxml2's SAX2 defaults
    /// need their `ctx` to be the parser itself, so ours is kept in `_private`.
    @inline(__always)
    static func of(_ parser: UnsafeMutableRawPointer?) -> Unmanaged<Context>? {
      // A parser libxml2 makes for itself (to check an entity's text) may have none.
      guard let context = parser?.assumingMemoryBound(to: xmlParserCtxt.self).pointee._private else { return nil }
      return Unmanaged.fromOpaque(context)
    }

    deinit {
      openPrefixes.deallocate()
      openNames.deallocate()
      openLines.deallocate()
    }

    /// Stops the parser with `error` (the first one wins).
    func halt(_ error: ParseError) {
      if !stopped { stop = error }
      stopped = true
      if let parser { xmlStopParser(parser) }
    }

    /// Stops the parser with an XML error at the parser's position.
    func halt(xml reason: String) {
      halt(ParseError(format: "gpx", location: SourceLocation(file: file, line: line, column: column),
                      key: "xml", reason: reason, isFatal: true))
    }

    var line: Int {
      guard let input = parser?.pointee.input else { return 0 }
      return max(0, Int(input.pointee.line))
    }

    var column: Int {
      guard let input = parser?.pointee.input else { return 0 }
      return max(0, Int(input.pointee.col))
    }
  }

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

  /// The SAX2 callbacks: libxml2's defaults for the document and its DTD (kept only
  /// so that a refused DTD is refused with libxml2's own diagnosis, see
  /// `internalSubset`), ours for elements, text, references and errors.
  nonisolated(unsafe) private static let callbacks: xmlSAXHandler = {
    var sax = xmlSAXHandler()
    xmlSAXVersion(&sax, 2)
    sax.startElement = nil
    sax.endElement = nil
    sax.comment = nil
    sax.processingInstruction = nil
    sax.warning = nil
    sax.error = nil
    sax.fatalError = nil
    sax.internalSubset = { opaque, name, externalID, systemID in
      // The DTD is recorded (entity declarations included) so that libxml2's own
      // checks of what follows in the same chunk still run; the refusal comes at
      // the end of the chunk, see `check`.
      xmlSAX2InternalSubset(opaque, name, externalID, systemID)
      Context.of(opaque)?._withUnsafeGuaranteedRef { $0.documentType = true }
    }
    sax.externalSubset = { opaque, _, _, _ in
      Context.of(opaque)?._withUnsafeGuaranteedRef { $0.documentType = true }
    }
    sax.reference = { opaque, name in
      Context.of(opaque)?._withUnsafeGuaranteedRef { context in
        let text = name.map { String(cString: $0) } ?? ""
        context.halt(
          ParseError(
            format: "gpx", location: SourceLocation(file: context.file, line: context.line), key: "entity",
            reason: "entity reference &\(text); is refused: entities are never expanded", isFatal: true))
      }
    }
    sax.startElementNs = { opaque, localName, prefix, _, _, _, attributeCount, _, attributes in
      Context.of(opaque)?._withUnsafeGuaranteedRef { context in
        context.textLength = 0
        guard !context.documentType, !context.stopped else { return }
        let depth = context.depth
        guard depth < XMLEventReader.maxDepth else {
          context.halt(xml: "elements are nested more than \(XMLEventReader.maxDepth) deep")
          return
        }
        context.openPrefixes[depth] = prefix
        context.openNames[depth] = localName
        context.openLines[depth] = Int32(clamping: context.line)
        context.depth = depth + 1
        context.rootSeen = true
        context.attributes = attributes
        context.attributeCount = Int(attributeCount)
        do {
          try context.handler!._withUnsafeGuaranteedRef { handler in
            try handler.startElement(XMLName(pointer: UnsafeRawPointer(localName)))
          }
        } catch {
          context.halt(error as! ParseError)
        }
        context.attributes = nil
      }
    }
    sax.endElementNs = { opaque, _, _, _ in
      Context.of(opaque)?._withUnsafeGuaranteedRef { context in
        context.textLength = 0
        guard !context.documentType, !context.stopped, context.depth > 0 else { return }
        do {
          try context.handler!._withUnsafeGuaranteedRef { handler in try handler.endElement() }
        } catch {
          context.halt(error as! ParseError)
        }
        context.depth -= 1
      }
    }
    sax.characters = { opaque, bytes, length in
      Context.of(opaque)?._withUnsafeGuaranteedRef { context in
        guard !context.documentType, !context.stopped, let bytes else { return }
        context.textLength += Int(length)
        if context.textLength > XMLEventReader.maxTextLength {
          // libxml2's words for its tree builder's limit, kept for continuity.
          context.halt(xml: "xmlSAX2Characters: huge text node")
          return
        }
        guard context.wantsText else { return }
        context.handler!._withUnsafeGuaranteedRef { $0.text(UnsafeBufferPointer(start: bytes, count: Int(length))) }
      }
    }
    sax.cdataBlock = sax.characters
    sax.ignorableWhitespace = sax.characters
    sax.serror = { opaque, error in
      guard let opaque, let error = error?.pointee else { return }
      Context.of(opaque)?._withUnsafeGuaranteedRef { context in
        guard error.level == XML_ERR_FATAL, context.fatal == nil else { return }
        var message = error.message.map { String(cString: $0) } ?? "unknown XML error"
        while let last = message.last, last.isWhitespace { message.removeLast() }
        context.fatal = (message, Int(error.line), Int(error.int2), error.code)
      }
    }
    return sax
  }()

  /// The bytes pushed per `xmlParseChunk` (and read from the source per call).
  private static let chunkSize = 1 << 16
  private let staging = UnsafeMutablePointer<CChar>.allocate(capacity: XMLEventReader.chunkSize)
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
    let opaque = Unmanaged.passUnretained(context).toOpaque()
    // The first 4 bytes go in now, as libxml2 asks, so that it picks the encoding.
    let head = Int32(min(first, 4))
    // No user data: libxml2 then hands the parser itself to every callback.
    guard let parser = xmlCreatePushParserCtxt(&sax, nil, head > 0 ? staging : nil, head, file) else {
      staging.deallocate()
      throw ParseError(
        format: "gpx", location: SourceLocation(file: file, line: 0), key: "xml",
        reason: "cannot start the XML parser", isFatal: true)
    }
    self.parser = parser
    parser.pointee._private = opaque
    context.parser = parser
    xmlCtxtUseOptions(parser, Self.options)
    account(staging, first)
    if first > Int(head) { memmove(staging, staging + Int(head), first - Int(head)) }
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
    staging.deallocate()
  }

  /// The name `text` interned in this reader's dictionary, as the parser interns
  /// element and attribute names. Wraps `xmlDictLookup`.
  /// Whether `text` events reach the handler (true at first). A handler that reads text
  /// only inside some elements turns it off elsewhere, which spares a call per run of
  /// whitespace between tags; the text limit is checked either way.
  var wantsText: Bool {
    get { context.wantsText }
    set { context.wantsText = newValue }
  }

  func intern(_ text: String) -> XMLName {
    XMLName(pointer: UnsafeRawPointer(xmlDictLookup(parser.pointee.dict, text, -1)))
  }

  /// Reads the whole source, calling `handler` for each element and text.
  ///
  /// - Throws: the handler's error, the source's own error, or the XML error at
  ///   its line and column.
  func run(_ handler: XMLEventHandler) throws(ParseError) {
    context.handler = Unmanaged.passUnretained(handler)
    defer {
      context.handler = nil
      withExtendedLifetime(handler) {}
    }
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
        try check()
        if context.depth > 0 || !context.rootSeen {
          // libxml2 said nothing (it cannot fail at this point without a message),
          // but never let an unfinished document pass.
          throw endedEarly()
        }
        return
      }
      xmlParseChunk(parser, staging, Int32(count), 0)
      try check()
    }
  }

  @inline(__always)
  private static func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 }

  /// Throws what stopped the parser, if anything did.
  @inline(__always)
  private func check() throws(ParseError) {
    if context.documentType { throw documentTypeRefused() }
    if let error = context.stop { throw error }
    guard let found = context.fatal else { return }
    let location = SourceLocation(file: file, line: found.line, column: found.column > 0 ? found.column : nil)
    if blank {
      throw ParseError(
        format: "gpx", location: SourceLocation(file: file, line: 0), key: "empty",
        reason: total == 0 ? "the file is empty" : "the file is empty (only whitespace)", isFatal: true)
    }
    if !context.rootSeen {
      throw ParseError(
        format: "gpx", location: location, key: "not_gpx",
        reason: "not a GPX file: it does not start with an XML element",
        isFatal: true)
    }
    if context.terminating, context.depth > 0 { throw endedEarly(at: location) }
    throw ParseError(format: "gpx", location: location, key: "xml", reason: found.message, isFatal: true)
  }

  /// The file ends with elements still open: name the innermost.
  private func endedEarly(at location: SourceLocation? = nil) -> ParseError {
    let location = location ?? SourceLocation(file: file, line: context.line, column: context.column)
    guard context.depth > 0 else {
      return ParseError(
        format: "gpx", location: location, key: "not_gpx", reason: "not a GPX file: it has no XML element",
        isFatal: true)
    }
    let index = context.depth - 1
    let name = Self.qualified(context.openPrefixes[index], context.openNames[index])
    return ParseError(
      format: "gpx", location: location, key: "truncated",
      reason: "the file ends in the middle of <\(name)> opened at line \(context.openLines[index]); "
        + "it was cut short (an interrupted download or copy?)",
      isFatal: true)
  }

  /// The refusal of a `<!DOCTYPE>`, with libxml2's diagnosis when it stopped
  /// first on what the DTD declared (an entity loop, say).
  private func documentTypeRefused() -> ParseError {
    var reason = "<!DOCTYPE> is refused: GPX needs no DTD, and DTDs are how external-entity (XXE) "
      + "and entity-expansion (billion laughs) attacks work"
    if let detail = context.fatal {
      // Its position is inside the entity's text, not the file's: leave it out.
      reason += " (libxml2 stopped first: \(detail.message))"
    }
    return ParseError(
      format: "gpx", location: SourceLocation(file: file, line: 0), key: "dtd", reason: reason, isFatal: true)
  }

  private static func qualified(_ prefix: UnsafePointer<xmlChar>?, _ name: UnsafePointer<xmlChar>?) -> String {
    let local = name.map { String(cString: $0) } ?? ""
    guard let prefix else { return local }
    return String(cString: prefix) + ":" + local
  }

  // MARK: - Questions during a callback

  /// The parser's current line, from 1: during `startElement`, the line the start
  /// tag ends on.
  var line: Int { context.line }

  /// The innermost open element's name as written, prefix included
  /// (`gpxtpx:speed`), for messages.
  var nameText: String {
    guard context.depth > 0 else { return "" }
    return Self.qualified(context.openPrefixes[context.depth - 1], context.openNames[context.depth - 1])
  }

  /// During `startElement`, calls `body` with the local name and value of each
  /// attribute of the element, in document order.
  ///
  /// Values are libxml2's, already normalized: character references are decoded,
  /// except that an `&` is handed over by libxml2 as `&#38;`, which is decoded here.
  @inline(__always)
  func forEachAttribute(_ body: (XMLName, UnsafeBufferPointer<UInt8>) -> Void) {
    guard let attributes = context.attributes else { return }
    for index in 0..<context.attributeCount {
      let base = attributes + 5 * index
      let name = XMLName(pointer: UnsafeRawPointer(base[0]))
      guard let start = base[3], let end = base[4] else {
        body(name, UnsafeBufferPointer(start: nil, count: 0))
        continue
      }
      let value = UnsafeBufferPointer(start: start, count: end - start)
      if memchr(start, 0x26, value.count) == nil {
        body(name, value)
      } else {
        let decoded = Self.decodeAmpersands(value)
        decoded.withUnsafeBufferPointer { body(name, $0) }
      }
    }
  }

  /// `value` with each `&#38;` turned back into `&`.
  private static func decodeAmpersands(_ value: UnsafeBufferPointer<UInt8>) -> [UInt8] {
    var out: [UInt8] = []
    out.reserveCapacity(value.count)
    var index = 0
    let reference: [UInt8] = Array("&#38;".utf8)
    while index < value.count {
      if value[index] == 0x26, index + 5 <= value.count, value[index..<(index + 5)].elementsEqual(reference) {
        out.append(0x26)
        index += 5
      } else {
        out.append(value[index])
        index += 1
      }
    }
    return out
  }
}
