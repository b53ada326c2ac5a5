/// A stream of bytes read in chunks: a file, standard input, a gzip stream or memory.
public protocol ByteSource: AnyObject {
  /// A name for messages: the path as the user typed it, or `-`.
  var name: String { get }
  /// Reads up to `buffer.count` bytes into `buffer`; returns 0 at the end of the stream.
  func read(into buffer: UnsafeMutableRawBufferPointer) throws(ParseError) -> Int
}

/// Bytes held in memory; for tests and for small inputs.
public final class MemoryByteSource: ByteSource {
  public let name: String
  private let bytes: [UInt8]
  private var offset = 0
  /// The largest chunk handed out by one `read`, to exercise chunk boundaries in tests.
  private let maxChunk: Int

  public init(_ bytes: [UInt8], name: String = "<memory>", maxChunk: Int = .max) {
    self.bytes = bytes
    self.name = name
    self.maxChunk = max(1, maxChunk)
  }

  public convenience init(_ text: String, name: String = "<memory>", maxChunk: Int = .max) {
    self.init(Array(text.utf8), name: name, maxChunk: maxChunk)
  }

  public func read(into buffer: UnsafeMutableRawBufferPointer) throws(ParseError) -> Int {
    let count = min(buffer.count, bytes.count - offset, maxChunk)
    guard count > 0 else { return 0 }
    bytes.withUnsafeBytes { all in
      buffer.baseAddress!.copyMemory(from: all.baseAddress! + offset, byteCount: count)
    }
    offset += count
    return count
  }
}
