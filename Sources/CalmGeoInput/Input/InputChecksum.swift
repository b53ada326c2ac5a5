import Crypto

/// The SHA-256 of a log's bytes as stored (the compressed bytes of a gzipped file, the
/// bytes piped in for `-`), computed while the file streams through the parser: the same
/// value as `sha256sum FILE`, so a result can be tied to the exact input it came from.
public final class InputChecksum: ByteSource {
  public var name: String { upstream.name }
  private let upstream: any ByteSource
  private var hasher = SHA256()
  private var digest: String? = nil
  /// Where the bytes read go instead of the hasher, while set (`divert(to:)`).
  private var diversion: ((UnsafeRawBufferPointer) -> Void)? = nil

  public init(_ upstream: any ByteSource) {
    self.upstream = upstream
  }

  public func read(into buffer: UnsafeMutableRawBufferPointer) throws(ParseError) -> Int {
    let count = try upstream.read(into: buffer)
    guard count > 0 else { return count }
    let bytes = UnsafeRawBufferPointer(rebasing: buffer[..<count])
    if let diversion { diversion(bytes) } else { hasher.update(bufferPointer: bytes) }
    return count
  }

  /// Hands the bytes read from now on to `sink` (during the call only) instead of hashing them:
  /// for a caller that hashes them elsewhere, another thread, through `absorb(_:)`, in the order
  /// they were read, before `endDiversion()`.
  public func divert(to sink: @escaping (UnsafeRawBufferPointer) -> Void) {
    diversion = sink
  }

  /// Hashes `bytes`, the next diverted ones. Calls must not overlap with each other or with `finish()`.
  public func absorb(_ bytes: UnsafeRawBufferPointer) {
    hasher.update(bufferPointer: bytes)
  }

  /// Hashes the bytes read from now on again as they are read (every diverted byte absorbed).
  public func endDiversion() {
    diversion = nil
  }

  /// Reads what the parser left unread (a reader may stop before the end), then returns
  /// the digest as 64 lower-case hex digits.
  public func finish() throws(ParseError) -> String {
    precondition(diversion == nil, "finish() while bytes are diverted")
    if let digest { return digest }
    let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 1 << 16, alignment: 8)
    defer { buffer.deallocate() }
    while try read(into: buffer) > 0 {}
    let hex = hasher.finalize().map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined()
    digest = hex
    return hex
  }
}
