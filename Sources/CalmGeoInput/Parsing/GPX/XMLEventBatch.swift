/// The elements and text that libxml2 reported while it parsed a chunk, recorded
/// (names as interned pointers, texts and attribute values copied) and handed to the
/// `XMLEventHandler` in one pass when the chunk is done, or earlier when the batch is
/// full.
///
/// Why not call the handler from each callback: between two callbacks libxml2 runs
/// long enough to leave the branch predictor and the caches cold, so the handler's
/// number and time reading paid its mispredictions afresh at every field. Replayed in
/// one loop, the same code runs warm, and libxml2 runs uninterrupted. The handler sees
/// exactly what it saw before, in the same order, with the same positions and names.
///
/// An element whose only content is one text (`<ele>258.7</ele>`, most of a GPX) is
/// recorded as one `leaf` event rather than a start, a text and an end, and handed over
/// in one call (`XMLEventHandler.leaf`).
///
/// Memory is fixed: `eventCapacity` events and `byteCapacity` bytes of copied text. A
/// text or an element whose values do not fit even in an empty batch is handed over at
/// once, pointing at libxml2's own bytes, as they are valid until the callback returns.
///
/// A struct of pointers and counts, kept in the C callbacks' own memory and reached
/// through a pointer (`XMLEventReader.CallbackState`): recording an event is a few
/// stores, with no reference counting. Noncopyable: it owns its buffers and frees
/// them in `deinit`, so no copy can outlive them.
package struct XMLEventBatch: ~Copyable {
  /// `leaf`: an element whose only content is one text, `<ele>258.7</ele>`, recorded
  /// as one event instead of three (`recordEnd`).
  enum Kind: UInt8 { case start, end, text, leaf }

  struct Event {
    var kind: Kind
    /// `start`: the number of attributes, from `attributeStart`; `text`: the byte count.
    var count: Int32
    /// `start`: the index of its first attribute in `attributes`.
    var attributeStart: Int32
    /// `leaf`: the byte count of its text (at `text`).
    var textCount: Int32 = 0
    /// `start`: the line of the start tag (the parser's line when it had read it).
    var line: Int
    /// `start`: the interned local name; `text`: the bytes.
    var pointer: UnsafeRawPointer?
    /// `start`: the interned prefix, nil when none.
    var prefix: UnsafeRawPointer?
    /// `leaf`: its text.
    var text: UnsafeRawPointer? = nil
  }

  struct Attribute {
    /// The interned local name.
    var name: UnsafeRawPointer?
    /// The value as libxml2 held it (an `&` still written `&#38;`).
    var value: UnsafeBufferPointer<UInt8>
  }

  /// Events per batch (48 bytes each, and as many attributes of 24 bytes): some 500 GPX
  /// points, small enough to stay in the L2 cache with the bytes. 1024, 4096 and 16384
  /// measured the same.
  package static let eventCapacity = 2048
  /// Bytes of copied text and attribute values per batch.
  package static let byteCapacity = 1 << 15

  private let events = UnsafeMutablePointer<Event>.allocate(capacity: XMLEventBatch.eventCapacity)
  private(set) var eventCount = 0
  private let attributes = UnsafeMutablePointer<Attribute>.allocate(capacity: XMLEventBatch.eventCapacity)
  private var attributeCount = 0
  private let bytes = UnsafeMutablePointer<UInt8>.allocate(capacity: XMLEventBatch.byteCapacity)
  private var byteCount = 0

  // What the handler may ask about during a replay.

  /// The open elements as replayed: prefix, local name and line, innermost last.
  private(set) var depth = 0
  private let openPrefixes = UnsafeMutablePointer<UnsafeRawPointer?>.allocate(capacity: XMLEventReader.maxDepth)
  private let openNames = UnsafeMutablePointer<UnsafeRawPointer?>.allocate(capacity: XMLEventReader.maxDepth)
  private let openLines = UnsafeMutablePointer<Int>.allocate(capacity: XMLEventReader.maxDepth)
  /// The attributes of the element whose `startElement` is being replayed.
  private(set) var currentAttributes = UnsafeBufferPointer<Attribute>(start: nil, count: 0)
  /// The line of the element whose `startElement` is being replayed.
  private(set) var currentLine = 0
  /// Whether the handler wants text now (`XMLEventReader.wantsText`).
  var wantsText = true

  deinit {
    events.deallocate()
    attributes.deallocate()
    bytes.deallocate()
    openPrefixes.deallocate()
    openNames.deallocate()
    openLines.deallocate()
  }

  var isEmpty: Bool { eventCount == 0 }

  // MARK: - Recording

  /// Whether `recordEnd` would make a leaf, needing no room.
  @inline(__always)
  var endMakesLeaf: Bool {
    eventCount >= 2 && events[eventCount &- 1].kind == .text && events[eventCount &- 2].kind == .start
  }

  /// Whether `events` more events, `attributes` more attributes and `byteCount` more
  /// bytes fit.
  @inline(__always)
  func hasRoom(events: Int, attributes: Int, bytes: Int) -> Bool {
    eventCount &+ events <= Self.eventCapacity && attributeCount &+ attributes <= Self.eventCapacity
      && byteCount &+ bytes <= Self.byteCapacity
  }

  /// Whether an element or text of this size fits in an empty batch.
  @inline(__always)
  static func fits(attributes: Int, bytes: Int) -> Bool {
    attributes <= eventCapacity && bytes <= byteCapacity
  }

  /// Records the start of an element (room checked by the caller).
  @inline(__always)
  mutating func recordStart(name: UnsafeRawPointer?, prefix: UnsafeRawPointer?, line: Int, attributeCount count: Int) {
    events[eventCount] = Event(
      kind: .start, count: Int32(truncatingIfNeeded: count), attributeStart: Int32(truncatingIfNeeded: attributeCount),
      line: line, pointer: name, prefix: prefix)
    eventCount &+= 1
  }

  /// Records an attribute of the element just recorded, copying its value unless
  /// `copy` is false (an element handed over before its callback returns).
  @inline(__always)
  mutating func recordAttribute(name: UnsafeRawPointer?, value: UnsafeBufferPointer<UInt8>, copy: Bool) {
    attributes[attributeCount] = Attribute(name: name, value: copy ? store(value) : value)
    attributeCount &+= 1
  }

  /// Records the end of the innermost open element, as a `leaf` when the batch holds
  /// its start and then one text only (no room needed then); otherwise as an `end`,
  /// room checked by the caller.
  @inline(__always)
  mutating func recordEnd() {
    if endMakesLeaf {
      let text = events[eventCount &- 1]
      eventCount &-= 1
      events[eventCount &- 1].kind = .leaf
      events[eventCount &- 1].text = text.pointer
      events[eventCount &- 1].textCount = text.count
      return
    }
    events[eventCount] = Event(kind: .end, count: 0, attributeStart: 0, line: 0, pointer: nil, prefix: nil)
    eventCount &+= 1
  }

  /// Records a piece of text, copying it unless `copy` is false.
  @inline(__always)
  mutating func recordText(_ text: UnsafeBufferPointer<UInt8>, copy: Bool) {
    let kept = copy ? store(text) : text
    events[eventCount] = Event(
      kind: .text, count: Int32(truncatingIfNeeded: kept.count), attributeStart: 0, line: 0,
      pointer: UnsafeRawPointer(kept.baseAddress), prefix: nil)
    eventCount &+= 1
  }

  /// `source` copied to the end of `bytes` (room checked by the caller).
  @inline(__always)
  private mutating func store(_ source: UnsafeBufferPointer<UInt8>) -> UnsafeBufferPointer<UInt8> {
    let target = bytes + byteCount
    if let from = source.baseAddress {
      ShortCopy.copy(from: UnsafeRawPointer(from), to: UnsafeMutableRawPointer(target), count: source.count)
    }
    byteCount &+= source.count
    return UnsafeBufferPointer(start: target, count: source.count)
  }

  // MARK: - Replaying

  /// Hands the events recorded in `batch` to `handler` in order, and empties it,
  /// whether the handler threw or not (once it throws, the reading is over).
  ///
  /// Static, over a pointer, so that the handler's questions (`elementLine`, the
  /// attributes) read the batch while this runs without overlapping a mutation.
  static func replay<Handler: XMLEventHandler>(
    _ batch: UnsafeMutablePointer<XMLEventBatch>, into handler: Handler
  ) throws(ParseError) {
    defer {
      batch.pointee.eventCount = 0
      batch.pointee.attributeCount = 0
      batch.pointee.byteCount = 0
    }
    let events = batch.pointee.events
    let attributes = batch.pointee.attributes
    let openPrefixes = batch.pointee.openPrefixes
    let openNames = batch.pointee.openNames
    let openLines = batch.pointee.openLines
    var index = 0
    while index < batch.pointee.eventCount {
      let event = events[index]
      index &+= 1
      switch event.kind {
      case .start, .leaf:
        let depth = batch.pointee.depth
        openPrefixes[depth] = event.prefix
        openNames[depth] = event.pointer
        openLines[depth] = event.line
        batch.pointee.depth = depth &+ 1
        batch.pointee.currentLine = event.line
        batch.pointee.currentAttributes = UnsafeBufferPointer(
          start: attributes + Int(event.attributeStart), count: Int(event.count))
        let name = XMLName(pointer: event.pointer)
        guard event.kind == .leaf else {
          try handler.startElement(name)
          continue
        }
        let text = UnsafeBufferPointer(
          start: event.text?.assumingMemoryBound(to: UInt8.self), count: Int(event.textCount))
        if try !handler.leaf(name, text) {
          try handler.startElement(name)
          if batch.pointee.wantsText { handler.text(text) }
          try handler.endElement()
        }
        batch.pointee.depth &-= 1
      case .end:
        try handler.endElement()
        batch.pointee.depth &-= 1
      case .text:
        guard batch.pointee.wantsText else { continue }
        handler.text(
          UnsafeBufferPointer(start: event.pointer?.assumingMemoryBound(to: UInt8.self), count: Int(event.count)))
      }
    }
  }

  /// The line of the innermost open element's start tag.
  @inline(__always)
  var elementLine: Int { depth > 0 ? openLines[depth &- 1] : 0 }

  /// The innermost open element's prefix and local name.
  var innermostName: (prefix: XMLName, name: XMLName) {
    guard depth > 0 else { return (XMLName(), XMLName()) }
    return (XMLName(pointer: openPrefixes[depth - 1]), XMLName(pointer: openNames[depth - 1]))
  }
}
