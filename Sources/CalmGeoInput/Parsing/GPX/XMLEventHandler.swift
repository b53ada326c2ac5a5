/// An element or attribute name interned in one reader's dictionary.
///
/// Two names from the same reader are equal exactly when their pointers are, so
/// comparing costs one instruction and no `String` is made per element.
struct XMLName: Equatable {
  /// The interned bytes, NUL-terminated (nil for no name).
  let pointer: UnsafeRawPointer?

  init(pointer: UnsafeRawPointer?) { self.pointer = pointer }

  /// No name: equal to no element's name.
  init() { pointer = nil }

  /// The name's first byte (0 for no name), to pick among candidates before comparing.
  @inline(__always)
  var firstByte: UInt8 { pointer?.load(as: UInt8.self) ?? 0 }

  /// The name's text (empty for no name).
  var text: String {
    guard let pointer else { return "" }
    return String(cString: pointer.assumingMemoryBound(to: UInt8.self))
  }

  /// `prefix:name` as written, or `name` when there is no prefix, for messages.
  static func qualified(prefix: XMLName, name: XMLName) -> String {
    prefix.pointer == nil ? name.text : prefix.text + ":" + name.text
  }
}

/// What an `XMLEventReader` hands over, in document order, while it reads: subclass
/// it and override what you need.
///
/// The reader calls it in batches (`XMLEventBatch`), after libxml2 has parsed a chunk,
/// through a loop compiled for the subclass (`run` is generic), so a final subclass's
/// methods are called directly. During a call, the reader answers questions (`line`,
/// `elementLine`, `nameText`, the attributes) about the event being handed over. A
/// thrown error stops the reading and comes out of `run`, before any error libxml2
/// met later in the same chunk.
class XMLEventHandler {
  /// An element starts (`<name/>` is a start followed by an end). `name` is its
  /// local name, without prefix, whatever the namespace.
  func startElement(_ name: XMLName) throws(ParseError) {}
  /// The innermost open element ends.
  func endElement() throws(ParseError) {}
  /// Character data (text, CDATA, character and predefined entity references),
  /// in pieces: one text may come in several calls. Valid during the call only.
  func text(_ bytes: UnsafeBufferPointer<UInt8>) {}
  /// An element whose only content is one piece of text (`<ele>258.7</ele>`), handed
  /// over at once: return `true` when handled as `startElement`, `text` (when text is
  /// wanted) and `endElement` would have handled it, or `false` (the default) to get
  /// those three calls instead. During the call the element is the innermost open one.
  func leaf(_ name: XMLName, _ bytes: UnsafeBufferPointer<UInt8>) throws(ParseError) -> Bool { false }
}
