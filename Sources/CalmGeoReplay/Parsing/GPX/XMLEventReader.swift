internal import CLibXML2

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// An element or attribute name interned in one reader's dictionary.
///
/// Two names from the same reader are equal exactly when their pointers are, so
/// comparing costs one instruction and no `String` is made per node.
struct XMLName: Equatable {
  fileprivate let pointer: UnsafeRawPointer?

  fileprivate init(pointer: UnsafeRawPointer?) { self.pointer = pointer }

  /// No name: equal to no element's name.
  init() { pointer = nil }

  /// The name's first byte (0 for no name), to pick among candidates before comparing.
  @inline(__always)
  var firstByte: UInt8 { pointer?.load(as: UInt8.self) ?? 0 }
}

/// What kind of node the reader is on (the subset of `xmlReaderTypes` GPX needs).
enum XMLNodeKind {
  /// The start of an element that has an end-element node to come.
  case startElement
  /// An element written `<name/>`: no end-element node follows.
  case emptyElement
  case endElement
  /// Character data: text, CDATA, or text made of character references.
  case text
  /// `<!DOCTYPE …>`: a DTD, which is where XXE and entity expansion come from.
  case documentType
  /// A reference to a declared but unexpanded entity.
  case entityReference
  /// Whitespace between elements, comments, processing instructions.
  case other
}

/// Streams the nodes of an XML document read from a `ByteSource` with libxml2's
/// `xmlTextReader`, keeping memory flat whatever the size of the document.
///
/// This is the only file that imports libxml2. The reader is set up so that it
/// never touches the network (`XML_PARSE_NONET`), never loads a DTD and never
/// substitutes entities (neither `XML_PARSE_DTDLOAD` nor `XML_PARSE_NOENT`), and
/// keeps libxml2's size limits (no `XML_PARSE_HUGE`, see `options`).
///
/// Lines come from `xmlGetLineNo` of the current node, not from
/// `xmlTextReaderGetParserLineNumber`, which reports how far the parser has read.
/// Past line 65535 they are approximate (libxml2 borrows a neighbouring node's
/// line). Parse errors carry libxml2's own line and column (in characters).
final class XMLEventReader {
  private let reader: xmlTextReaderPtr
  private let context: Context
  /// The name used in messages (the file as the user typed it, or `-`).
  let file: String

  /// What the C callbacks share with Swift: the source, and the errors they saw.
  private final class Context {
    let source: any ByteSource
    /// The first error a read of the source threw (gzip corruption, I/O).
    var sourceError: ParseError?
    /// The first fatal error libxml2 reported.
    var fatal: (message: String, line: Int, column: Int)?
    /// The first non-fatal error (e.g. an undeclared namespace prefix).
    var recoverable: (message: String, line: Int, column: Int)?
    /// Whether libxml2 complained about namespaces: names may then keep a prefix.
    var namespaceError = false

    /// Bytes read from the source ahead of libxml2, which asks for 4 KB at a
    /// time: reading 64 KB per call spares most `read(2)` calls on big files.
    private let staging = UnsafeMutableRawBufferPointer.allocate(byteCount: 1 << 16, alignment: 1)
    private var staged = 0..<0

    init(source: any ByteSource) { self.source = source }

    deinit { staging.deallocate() }

    /// Fills libxml2's `buffer` from the staging buffer, refilling it when empty.
    func read(into buffer: UnsafeMutableRawBufferPointer) throws(ParseError) -> Int {
      if staged.isEmpty {
        staged = 0..<(try source.read(into: staging))
        if staged.isEmpty { return 0 }
      }
      let count = min(buffer.count, staged.count)
      buffer.baseAddress!.copyMemory(from: staging.baseAddress! + staged.lowerBound, byteCount: count)
      staged = (staged.lowerBound + count)..<staged.upperBound
      return count
    }
  }

  /// Options passed to `xmlReaderForIO`.
  ///
  /// - `NONET`: no network access, whatever the document asks.
  /// - `BIG_LINES`: element lines past 65535 instead of a flat 65535.
  /// - `COMPACT`: short text is stored inside the node, sparing a `malloc` per
  ///   value; the tree is never modified, which is the flag's condition.
  /// - `NOCDATA`: CDATA sections arrive as ordinary text.
  /// - `NOBLANKS`: the whitespace between elements makes no node; GPX never puts
  ///   meaning in it, and reading half as many nodes is what keeps the reader
  ///   within 1.3× of `xmllint --stream`. Whitespace inside an element that has
  ///   no child yet (`<ele> </ele>`) is kept, as libxml2 does.
  ///
  /// Left out on purpose: `NOENT` (entity substitution) and `DTDLOAD`/`DTDATTR`/
  /// `DTDVALID` (loading DTDs), which are how XXE and entity expansion work; and
  /// `HUGE`, which would lift libxml2's limits (10 MB text node, entity
  /// amplification checks). Long lines need no flag: libxml2's limits apply to one
  /// node, not to a line, so a 1 GB one-line GPX reads without it.
  private static let options: Int32 = Int32(
    XML_PARSE_NONET.rawValue | XML_PARSE_BIG_LINES.rawValue | XML_PARSE_COMPACT.rawValue | XML_PARSE_NOBLANKS.rawValue
      | XML_PARSE_NOCDATA.rawValue)

  /// Runs `xmlInitParser` once per process. libxml2 otherwise initializes itself
  /// lazily on first use, which is not safe when two threads (two files of a sweep,
  /// parallel tests) start at once; Swift runs a static's initializer exactly once.
  private static let libraryInitialized: Bool = {
    xmlInitParser()
    return true
  }()

  /// Starts reading `source`. Wraps `xmlReaderForIO`.
  init(source: any ByteSource, file: String) throws(ParseError) {
    _ = Self.libraryInitialized
    self.file = file
    context = Context(source: source)
    let opaque = Unmanaged.passUnretained(context).toOpaque()
    let read: xmlInputReadCallback = { opaque, buffer, length in
      let context = Unmanaged<Context>.fromOpaque(opaque!).takeUnretainedValue()
      guard context.sourceError == nil, let buffer, length > 0 else { return -1 }
      do throws(ParseError) {
        return Int32(try context.read(into: UnsafeMutableRawBufferPointer(start: buffer, count: Int(length))))
      } catch {
        context.sourceError = error
        return -1
      }
    }
    // The source belongs to the caller; the reader only borrows it.
    let close: xmlInputCloseCallback = { _ in 0 }
    guard let reader = xmlReaderForIO(read, close, opaque, file, nil, Self.options) else {
      if let error = context.sourceError { throw error }
      throw ParseError(
        format: "gpx", location: SourceLocation(file: file, line: 0), key: "xml",
        reason: "cannot start the XML reader", isFatal: true)
    }
    self.reader = reader
    xmlTextReaderSetStructuredErrorHandler(
      reader,
      { opaque, error in
        guard let opaque, let error = error?.pointee else { return }
        let context = Unmanaged<Context>.fromOpaque(opaque).takeUnretainedValue()
        guard error.level.rawValue >= XML_ERR_ERROR.rawValue else { return }
        if error.domain == Int32(XML_FROM_NAMESPACE.rawValue) { context.namespaceError = true }
        var message = error.message.map { String(cString: $0) } ?? "unknown XML error"
        while let last = message.last, last.isWhitespace { message.removeLast() }
        let found = (message, Int(error.line), Int(error.int2))
        if error.level == XML_ERR_FATAL {
          if context.fatal == nil { context.fatal = found }
        } else if context.recoverable == nil {
          context.recoverable = found
        }
      }, opaque)
  }

  @inline(__always)
  private static func length(_ text: UnsafePointer<xmlChar>) -> Int {
    strlen(UnsafeRawPointer(text).assumingMemoryBound(to: CChar.self))
  }

  deinit {
    xmlFreeTextReader(reader)
  }

  /// The name `text` interned in this reader's dictionary. Wraps `xmlTextReaderConstString`.
  func intern(_ text: String) -> XMLName {
    XMLName(pointer: UnsafeRawPointer(xmlTextReaderConstString(reader, text)))
  }

  /// Moves to the next node and tells its kind; returns `nil` at the end of the
  /// document. Wraps `xmlTextReaderRead`.
  ///
  /// - Throws: the source's own error, or libxml2's message at its line and column.
  @inline(__always)
  func read() throws(ParseError) -> XMLNodeKind? {
    let status = xmlTextReaderRead(reader)
    if status == 1 {
      node = xmlTextReaderCurrentNode(reader)
      return classify()
    }
    node = nil
    if let error = context.sourceError { throw error }
    if status == 0, context.fatal == nil { return nil }
    guard let found = context.fatal ?? context.recoverable else {
      throw ParseError(
        format: "gpx", location: SourceLocation(file: file, line: 0), key: "xml",
        reason: "the XML reader failed without a message", isFatal: true)
    }
    throw ParseError(
      format: "gpx",
      location: SourceLocation(file: file, line: found.line, column: found.column > 0 ? found.column : nil),
      key: "xml", reason: found.message, isFatal: true)
  }

  /// Whether the document has a `<!DOCTYPE>`. Wraps `xmlTextReaderCurrentDoc`.
  ///
  /// For error paths only: asking for the document makes the reader keep the
  /// whole tree from then on.
  var hasDocumentType: Bool {
    guard let document = xmlTextReaderCurrentDoc(reader) else { return false }
    return document.pointee.intSubset != nil || document.pointee.extSubset != nil
  }

  /// The node the reader is on (`xmlTextReaderCurrentNode`), kept from `read()`.
  private var node: xmlNodePtr?

  /// The innermost element that started and has not ended yet (the document
  /// node once the root has ended, `nil` before the root).
  ///
  /// It is what tells an end element from a start element: the reader hands the
  /// same node over twice, first as a start and later as an end, and the end of
  /// an element always comes while it is the innermost open one. It is still in
  /// the tree then (its children hang off it), so no new element can share its
  /// address.
  private var openElement: xmlNodePtr?

  /// The bit of `xmlNode.extra` by which libxml2's reader marks an element
  /// written `<name/>` (`NODE_IS_EMPTY` in `xmlreader.c`, 0x1 in every release).
  ///
  /// For an element the reader is on (not on one of its attributes, no XInclude),
  /// `xmlTextReaderIsEmptyElement` returns whether the element has no children
  /// and this bit is set; reading them here spares a call per element.
  private static let nodeIsEmpty: UInt16 = 0x1

  /// The kind of the node just read; for elements, also keeps `openElement`.
  ///
  /// Read from the node's own type, and for elements from `openElement`, instead
  /// of `xmlTextReaderNodeType`: for text that would test whether the text is
  /// blank and walk up the tree looking for `xml:space` (7% of the time of a
  /// whole read of a 200 MB GPX), and for elements it is one more call into
  /// libxml2 per node (each kind of call per node costs 1-2% of a whole read).
  /// Returned rather than stored, so that the caller's `switch` on it can be
  /// merged with this one.
  @inline(__always)
  private func classify() -> XMLNodeKind {
    guard let node else { return .other }
    let type = node.pointee.type
    if type == XML_ELEMENT_NODE {
      if node == openElement {
        openElement = node.pointee.parent
        return .endElement
      }
      if node.pointee.children == nil, node.pointee.extra & Self.nodeIsEmpty != 0 { return .emptyElement }
      openElement = node
      return .startElement
    }
    if type == XML_TEXT_NODE || type == XML_CDATA_SECTION_NODE { return .text }
    switch type {
    case XML_DTD_NODE, XML_DOCUMENT_TYPE_NODE: return .documentType
    case XML_ENTITY_REF_NODE: return .entityReference
    default: return .other
    }
  }

  /// The current element's name without its prefix (for elements, what
  /// `xmlTextReaderConstLocalName` returns: the node's interned `name`).
  ///
  /// When a prefix was never declared, libxml2 keeps it in the name
  /// (`gpxtpx:speed`); the name is then looked up again without it.
  @inline(__always)
  var localName: XMLName {
    let name = node?.pointee.name
    guard context.namespaceError, let name else { return XMLName(pointer: UnsafeRawPointer(name)) }
    var colon: UnsafePointer<xmlChar>? = nil
    var cursor = name
    while cursor.pointee != 0 {
      if cursor.pointee == 58 { colon = cursor }
      cursor += 1
    }
    guard let colon else { return XMLName(pointer: UnsafeRawPointer(name)) }
    return XMLName(pointer: UnsafeRawPointer(xmlTextReaderConstString(reader, colon + 1)))
  }

  /// The current node's name as written, prefix included (`gpxtpx:speed`), for
  /// messages. Wraps `xmlTextReaderConstName`.
  var nameText: String {
    xmlTextReaderConstName(reader).map { String(cString: $0) } ?? ""
  }

  /// The line of the current node, from 1. Wraps `xmlGetLineNo(xmlTextReaderCurrentNode(r))`.
  ///
  /// Exact up to 65535; beyond, libxml2 takes the line of the first child or of
  /// the next node, usually one more than the element's own.
  var line: Int {
    guard let node else { return 0 }
    return max(0, Int(xmlGetLineNo(node)))
  }

  /// The bytes (UTF-8) of the current text node: its `content`, what
  /// `xmlTextReaderConstValue` returns for text. Valid until the next `read()`.
  @inline(__always)
  var text: UnsafeBufferPointer<UInt8> {
    guard let value = node?.pointee.content else { return UnsafeBufferPointer(start: nil, count: 0) }
    return UnsafeBufferPointer(start: value, count: Self.length(value))
  }

  /// Whether nothing follows the current node inside its element: no sibling.
  ///
  /// For a text node this is final: libxml2 hands text over only once it has
  /// parsed past it (to a sibling, or to the end of the element), or once the
  /// input ended or a fatal error stopped it, after which nothing is added and
  /// the reading ends by throwing.
  @inline(__always)
  var isLastChild: Bool { node?.pointee.next == nil }

  /// Calls `body` with the value of each attribute of the current element, found
  /// by local name (namespace-agnostic), in document order.
  ///
  /// Walks the element's `properties` list; a value made of one text node is
  /// handed over in place, any other (rare) is read with
  /// `xmlTextReaderMoveToAttributeNo` and `xmlTextReaderConstValue`.
  @inline(__always)
  func forEachAttribute(_ body: (XMLName, UnsafeBufferPointer<UInt8>) -> Void) {
    guard let node else { return }
    var attribute = node.pointee.properties
    var index: Int32 = 0
    while let current = attribute {
      let name = XMLName(pointer: UnsafeRawPointer(current.pointee.name))
      if let child = current.pointee.children, child.pointee.next == nil,
        child.pointee.type == XML_TEXT_NODE, let content = child.pointee.content
      {
        body(name, UnsafeBufferPointer(start: content, count: Self.length(content)))
      } else {
        // The reader numbers namespace declarations before attributes.
        var declarations: Int32 = 0
        var declaration = node.pointee.nsDef
        while let next = declaration {
          declarations += 1
          declaration = next.pointee.next
        }
        if xmlTextReaderMoveToAttributeNo(reader, declarations + index) == 1, let value = xmlTextReaderConstValue(reader) {
          body(name, UnsafeBufferPointer(start: value, count: Self.length(value)))
        } else {
          body(name, UnsafeBufferPointer(start: nil, count: 0))
        }
        xmlTextReaderMoveToElement(reader)
      }
      index += 1
      attribute = current.pointee.next
    }
  }
}
