/// A source whose first bytes can be looked at before reading starts.
public final class PeekableByteSource: ByteSource {
  public var name: String { upstream.name }
  private let upstream: any ByteSource
  /// The first bytes of the stream (up to the size asked for, fewer at its end).
  public let prefix: [UInt8]
  private var replayed = 0

  /// Reads up to `peekSize` bytes from `upstream` into `prefix`.
  public init(_ upstream: any ByteSource, peekSize: Int = 4096) throws(ParseError) {
    self.upstream = upstream
    let scratch = UnsafeMutableRawBufferPointer.allocate(byteCount: max(1, peekSize), alignment: 1)
    defer { scratch.deallocate() }
    var filled = 0
    while filled < peekSize {
      let count = try upstream.read(into: UnsafeMutableRawBufferPointer(rebasing: scratch[filled..<peekSize]))
      if count == 0 { break }
      filled += count
    }
    prefix = Array(scratch[..<filled])
  }

  public func read(into buffer: UnsafeMutableRawBufferPointer) throws(ParseError) -> Int {
    if replayed < prefix.count {
      let count = min(buffer.count, prefix.count - replayed)
      prefix.withUnsafeBytes { all in
        buffer.baseAddress!.copyMemory(from: all.baseAddress! + replayed, byteCount: count)
      }
      replayed += count
      return count
    }
    return try upstream.read(into: buffer)
  }
}
