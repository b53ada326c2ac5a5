internal import CLibXML2

// libxml2's side of `XMLEventReader`: the state its C callbacks share with Swift,
// and the callbacks. With XMLEventReader.swift, the only code that imports libxml2.
extension XMLEventReader {
  /// The state the C callbacks share with Swift.
  final class Context {
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
    let openLines = UnsafeMutablePointer<Int>.allocate(capacity: XMLEventReader.maxDepth)
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
        context.openLines[depth] = context.line
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
}
