import Crypto

/// The SHA-256 of a log's bytes as stored (the compressed bytes of a gzipped file, the
/// bytes piped in for `-`), computed while the file streams through the parser: the same
/// value as `sha256sum FILE`, so a result can be tied to the exact input it came from.
public final class InputChecksum: ByteSource {
  public var name: String { upstream.name }
  private let upstream: any ByteSource
  private var hasher = SHA256()
  private var digest: String? = nil

  public init(_ upstream: any ByteSource) {
    self.upstream = upstream
  }

  public func read(into buffer: UnsafeMutableRawBufferPointer) throws(ParseError) -> Int {
    let count = try upstream.read(into: buffer)
    if count > 0 { hasher.update(bufferPointer: UnsafeRawBufferPointer(rebasing: buffer[..<count])) }
    return count
  }

  /// Reads what the parser left unread (a reader may stop before the end), then returns
  /// the digest as 64 lower-case hex digits.
  public func finish() throws(ParseError) -> String {
    if let digest { return digest }
    let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 1 << 16, alignment: 8)
    defer { buffer.deallocate() }
    while try read(into: buffer) > 0 {}
    let hex = hasher.finalize().map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined()
    digest = hex
    return hex
  }
}
