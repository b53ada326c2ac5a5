internal import CZlib

/// Decompresses a gzip (or zlib) stream from another source, chunk by chunk.
///
/// Concatenated gzip members are read one after the other, as `gzip -d` does.
/// Memory use is two fixed buffers, whatever the size of the stream.
public final class GzipByteSource: ByteSource {
  public var name: String { upstream.name }
  private let upstream: any ByteSource
  private var stream = z_stream()
  private let input: UnsafeMutableRawBufferPointer
  private var finished = false
  private var upstreamEnded = false

  /// Wraps `upstream`, whose bytes start with a gzip or zlib header.
  public init(upstream: any ByteSource, chunkSize: Int = 1 << 16) throws(ParseError) {
    self.upstream = upstream
    input = .allocate(byteCount: chunkSize, alignment: 1)
    guard calmgeo_inflate_init(&stream) == Z_OK else {
      input.deallocate()
      throw Self.error(name: upstream.name, "cannot initialise zlib")
    }
  }

  deinit {
    inflateEnd(&stream)
    input.deallocate()
  }

  /// Wraps `inflate`.
  public func read(into buffer: UnsafeMutableRawBufferPointer) throws(ParseError) -> Int {
    guard !finished, buffer.count > 0 else { return 0 }
    stream.next_out = buffer.baseAddress!.assumingMemoryBound(to: Bytef.self)
    stream.avail_out = UInt32(clamping: buffer.count)
    while stream.avail_out > 0 {
      if stream.avail_in == 0 && !upstreamEnded {
        let count = try upstream.read(into: input)
        if count == 0 {
          upstreamEnded = true
        } else {
          stream.next_in = input.baseAddress!.assumingMemoryBound(to: Bytef.self)
          stream.avail_in = UInt32(count)
        }
      }
      if stream.avail_in == 0 && upstreamEnded {
        if memberEnded || !started {
          finished = true
          break
        }
        // No input left: flush what inflate still holds, or report the truncation.
        let before = stream.avail_out
        let status = inflate(&stream, Z_NO_FLUSH)
        if status == Z_STREAM_END {
          memberEnded = true
          continue
        }
        guard stream.avail_out != before, status == Z_OK || status == Z_BUF_ERROR else {
          throw Self.error(name: name, "gzip stream is truncated")
        }
        continue
      }
      if memberEnded {
        // Another member follows (concatenated gzip files, as `gzip -d` reads them).
        inflateReset(&stream)
        memberEnded = false
      }
      started = true
      let status = inflate(&stream, Z_NO_FLUSH)
      switch status {
      case Z_OK, Z_BUF_ERROR: continue
      case Z_STREAM_END: memberEnded = true
      default:
        let message = stream.msg.map { String(cString: $0) } ?? "code \(status)"
        throw Self.error(name: name, "corrupt gzip data (\(message))")
      }
    }
    return buffer.count - Int(stream.avail_out)
  }

  private var started = false
  private var memberEnded = false

  private static func error(name: String, _ reason: String) -> ParseError {
    ParseError(
      format: "gzip", location: SourceLocation(file: name, line: 0), problem: .gzip,
      reason: reason, isFatal: true)
  }
}
