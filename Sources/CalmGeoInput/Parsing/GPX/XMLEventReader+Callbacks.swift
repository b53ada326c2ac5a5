internal import CLibXML2

// libxml2's side of `XMLEventReader`: the state its C callbacks share with Swift,
// and the callbacks. With XMLEventReader.swift, the only code that imports libxml2.
extension XMLEventReader {
  /// What the C callbacks read and write on every event, in memory of its own that
  /// the parser's `_private` points at: loads and stores through a pointer, with no
  /// reference counting and no closure per call. The rest is in `Context`.
  ///
  /// Noncopyable: it owns `textRecorded` (freed in `deinit`), `textElements` and
  /// `batch` (which free their own), so no copy can outlive what it points at.
  struct CallbackState: ~Copyable {
    /// Whether a `<!DOCTYPE>` was seen; from then on nothing is recorded.
    var documentType = false
    /// Whether the reading was stopped (`Context.stop` says why).
    var stopped = false
    /// Whether the root element has started.
    var rootSeen = false
    /// Elements open in libxml2's parse (the handler may lag behind, see `batch`).
    var depth = 0
    /// Bytes of text since the last tag.
    var textLength = 0
    var parser: xmlParserCtxtPtr? = nil
    /// The only elements whose own text is recorded, when `filtersText`
    /// (`XMLEventReader.recordText(onlyInside:)`).
    var textElements = XMLNameSet()
    var filtersText = false
    /// Per depth, whether the element open there has its text recorded (index 0:
    /// outside the root element, where libxml2 reports no text).
    let textRecorded = UnsafeMutablePointer<Bool>.allocate(capacity: XMLEventReader.maxDepth + 1)
    /// What libxml2 reported and the handler has not seen yet.
    var batch = XMLEventBatch()
    /// The rest, for what happens once per reading (errors, a full batch).
    let context: Unmanaged<Context>

    init(context: Context) {
      self.context = Unmanaged.passUnretained(context)
      textRecorded.initialize(repeating: true, count: XMLEventReader.maxDepth + 1)
    }

    deinit { textRecorded.deallocate() }

    /// The parser's current line (during `startElementNs`, the line the start tag ends on).
    @inline(__always)
    var line: Int {
      guard let input = parser?.pointee.input else { return 0 }
      return max(0, Int(input.pointee.line))
    }

    @inline(__always)
    var column: Int {
      guard let input = parser?.pointee.input else { return 0 }
      return max(0, Int(input.pointee.col))
    }

    /// The state of the parser whose callback this is: libxml2's SAX2 defaults need
    /// their `ctx` to be the parser itself, so ours is kept in `_private`. A parser
    /// libxml2 makes for itself (to check an entity's text) has none.
    @inline(__always)
    static func of(_ parser: UnsafeMutableRawPointer?) -> UnsafeMutablePointer<CallbackState>? {
      parser?.assumingMemoryBound(to: xmlParserCtxt.self).pointee._private?.assumingMemoryBound(to: CallbackState.self)
    }
  }

  /// What the reader and its callbacks share beyond `CallbackState`.
  final class Context {
    let source: any ByteSource
    let file: String
    /// Replays a batch into the handler; set by `run` for the whole reading.
    var replay: ((UnsafeMutablePointer<XMLEventBatch>) throws(ParseError) -> Void)? = nil
    /// The callbacks' state, owned by this context (freed in `deinit`).
    let state: UnsafeMutablePointer<CallbackState>
    /// Its `batch`, for `XMLEventBatch.replay`: the address of a stored property of
    /// memory that never moves (`state`, freed in `deinit`), so it stays valid for the
    /// context's lifetime; a constant offset from `state` once inlined.
    /// (`MemoryLayout.offset(of:)` takes no key path into a noncopyable type.)
    @inline(__always)
    var batch: UnsafeMutablePointer<XMLEventBatch> { withUnsafeMutablePointer(to: &state.pointee.batch) { $0 } }

    /// The first error the handler threw, or the reader raised itself.
    var stop: ParseError?
    /// The first fatal error libxml2 reported, with its number.
    var fatal: (message: String, line: Int, column: Int, code: Int32)?
    /// Whether the end of the source was pushed.
    var terminating = false

    init(source: any ByteSource, file: String) {
      self.source = source
      self.file = file
      state = .allocate(capacity: 1)
      state.initialize(to: CallbackState(context: self))
    }

    deinit {
      // Runs the deinits of the state and of what it holds (batch, name set).
      state.deinitialize(count: 1)
      state.deallocate()
    }

    /// Hands the batch to the handler now: it is full, or an event must be seen
    /// before libxml2's bytes it points at change. A handler's error stops the parser.
    /// Returns whether the reading goes on.
    @inline(never)
    func flush() -> Bool {
      do throws(ParseError) {
        try replay!(batch)
      } catch {
        halt(error)
      }
      return !state.pointee.stopped
    }

    /// Stops the parser with `error` (the first one wins).
    func halt(_ error: ParseError) {
      if !state.pointee.stopped { stop = error }
      state.pointee.stopped = true
      if let parser = state.pointee.parser { xmlStopParser(parser) }
    }

    /// Stops the parser with an XML error at the parser's position.
    func halt(xml reason: String) {
      halt(
        ParseError(
          format: "gpx", location: SourceLocation(file: file, line: line, column: column),
          problem: .xml, reason: reason, isFatal: true))
    }

    var line: Int { state.pointee.line }
    var column: Int { state.pointee.column }
  }

  /// The value of attribute `index` of `startElementNs`'s `attributes`, five pointers
  /// per attribute: local name, prefix, URI, and the value's start and end.
  @inline(__always)
  private static func attributeValue(
    _ attributes: UnsafeMutablePointer<UnsafePointer<xmlChar>?>, _ index: Int
  ) -> UnsafeBufferPointer<UInt8> {
    let base = attributes + 5 &* index
    guard let start = base[3], let end = base[4] else { return UnsafeBufferPointer(start: nil, count: 0) }
    return UnsafeBufferPointer(start: start, count: end - start)
  }

  /// Records the start of an element (`copy`: its attribute values; without, the
  /// caller replays the batch before the callback returns).
  @inline(__always)
  private static func recordStart(
    _ state: UnsafeMutablePointer<CallbackState>, _ localName: UnsafePointer<xmlChar>?,
    _ prefix: UnsafePointer<xmlChar>?, _ count: Int, _ attributes: UnsafeMutablePointer<UnsafePointer<xmlChar>?>?,
    copy: Bool
  ) {
    let depth = state.pointee.depth &+ 1
    state.pointee.depth = depth
    state.pointee.rootSeen = true
    state.pointee.textRecorded[depth] =
      !state.pointee.filtersText || state.pointee.textElements.contains(UnsafeRawPointer(localName))
    state.pointee.batch.recordStart(
      name: UnsafeRawPointer(localName), prefix: UnsafeRawPointer(prefix), line: state.pointee.line,
      attributeCount: count)
    for index in 0..<count {
      state.pointee.batch.recordAttribute(
        name: UnsafeRawPointer(attributes![5 &* index]), value: attributeValue(attributes!, index), copy: copy)
    }
  }

  /// `startElementNs` when elements nest too deep or the batch is full.
  @inline(never)
  private static func startSlowly(
    _ state: UnsafeMutablePointer<CallbackState>, _ localName: UnsafePointer<xmlChar>?,
    _ prefix: UnsafePointer<xmlChar>?, _ count: Int, _ attributes: UnsafeMutablePointer<UnsafePointer<xmlChar>?>?,
    valueBytes: Int
  ) {
    let context = state.pointee.context.takeUnretainedValue()
    guard state.pointee.depth < XMLEventReader.maxDepth else {
      return context.halt(xml: "elements are nested more than \(XMLEventReader.maxDepth) deep")
    }
    guard context.flush() else { return }
    // Too big for any batch: handed over before libxml2's bytes go.
    let copy = XMLEventBatch.fits(attributes: count, bytes: valueBytes)
    recordStart(state, localName, prefix, count, attributes, copy: copy)
    if !copy { _ = context.flush() }
  }

  /// `endElementNs` when the batch is full.
  @inline(never)
  private static func endSlowly(_ state: UnsafeMutablePointer<CallbackState>) {
    guard state.pointee.context.takeUnretainedValue().flush() else { return }
    state.pointee.batch.recordEnd()
    state.pointee.depth &-= 1
  }

  /// `characters` when the text is too long or the batch is full.
  @inline(never)
  private static func textSlowly(_ state: UnsafeMutablePointer<CallbackState>, _ text: UnsafeBufferPointer<UInt8>) {
    let context = state.pointee.context.takeUnretainedValue()
    guard state.pointee.textLength <= XMLEventReader.maxTextLength else {
      // libxml2's words for its tree builder's limit, kept for continuity.
      return context.halt(xml: "xmlSAX2Characters: huge text node")
    }
    guard state.pointee.textRecorded[state.pointee.depth], context.flush() else { return }
    let copy = XMLEventBatch.fits(attributes: 0, bytes: text.count)
    state.pointee.batch.recordText(text, copy: copy)
    if !copy { _ = context.flush() }
  }

  /// The SAX2 callbacks: libxml2's defaults for the document and its DTD (kept only
  /// so that a refused DTD is refused with libxml2's own diagnosis, see
  /// `internalSubset`), ours for elements, text, references and errors.
  nonisolated(unsafe) static let callbacks: xmlSAXHandler = {
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
      CallbackState.of(opaque)?.pointee.documentType = true
    }
    sax.externalSubset = { opaque, _, _, _ in
      CallbackState.of(opaque)?.pointee.documentType = true
    }
    sax.reference = { opaque, name in
      guard let state = CallbackState.of(opaque) else { return }
      let context = state.pointee.context.takeUnretainedValue()
      let text = name.map { String(cString: $0) } ?? ""
      context.halt(
        ParseError(
          format: "gpx", location: SourceLocation(file: context.file, line: context.line), problem: .entity,
          reason: "entity reference &\(text); is refused: entities are never expanded", isFatal: true))
    }
    // Each callback's common case is inline and makes no call: recording on, the
    // batch has room. Everything else (an error, a full batch) is out of line.
    sax.startElementNs = { opaque, localName, prefix, _, _, _, attributeCount, _, attributes in
      guard let state = CallbackState.of(opaque) else { return }
      state.pointee.textLength = 0
      guard !state.pointee.documentType, !state.pointee.stopped else { return }
      let count = Int(attributeCount)
      var valueBytes = 0
      for index in 0..<count { valueBytes &+= attributeValue(attributes!, index).count }
      guard state.pointee.depth < XMLEventReader.maxDepth,
        state.pointee.batch.hasRoom(events: 1, attributes: count, bytes: valueBytes)
      else {
        return startSlowly(state, localName, prefix, count, attributes, valueBytes: valueBytes)
      }
      recordStart(state, localName, prefix, count, attributes, copy: true)
    }
    sax.endElementNs = { opaque, _, _, _ in
      guard let state = CallbackState.of(opaque) else { return }
      state.pointee.textLength = 0
      guard !state.pointee.documentType, !state.pointee.stopped, state.pointee.depth > 0 else { return }
      guard state.pointee.batch.endMakesLeaf || state.pointee.batch.hasRoom(events: 1, attributes: 0, bytes: 0)
      else { return endSlowly(state) }
      state.pointee.batch.recordEnd()
      state.pointee.depth &-= 1
    }
    sax.characters = { opaque, bytes, length in
      guard let state = CallbackState.of(opaque) else { return }
      guard !state.pointee.documentType, !state.pointee.stopped, let bytes else { return }
      let count = Int(length)
      let total = state.pointee.textLength &+ count
      state.pointee.textLength = total
      let text = UnsafeBufferPointer(start: bytes, count: count)
      guard total <= XMLEventReader.maxTextLength else { return textSlowly(state, text) }
      guard state.pointee.textRecorded[state.pointee.depth] else { return }
      guard state.pointee.batch.hasRoom(events: 1, attributes: 0, bytes: count) else {
        return textSlowly(state, text)
      }
      state.pointee.batch.recordText(text, copy: true)
    }
    sax.cdataBlock = sax.characters
    sax.ignorableWhitespace = sax.characters
    sax.serror = { opaque, error in
      guard let error = error?.pointee, let state = CallbackState.of(opaque) else { return }
      let context = state.pointee.context.takeUnretainedValue()
      guard error.level == XML_ERR_FATAL, context.fatal == nil else { return }
      var message = error.message.map { String(cString: $0) } ?? "unknown XML error"
      while let last = message.last, last.isWhitespace { message.removeLast() }
      context.fatal = (message, Int(error.line), Int(error.int2), error.code)
    }
    return sax
  }()
}
