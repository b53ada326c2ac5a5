import CalmGeoSystem

/// The bytes of one range of an open file, read with `pread(2)`: pieces of a file read at once
/// share its descriptor (which this source neither moves nor closes).
final class FileRangeByteSource: ByteSource {
  let name: String
  private let descriptor: FileDescriptor
  private var offset: Int64
  private let end: Int64
  /// Whether a byte read so far was `watched` (`nil`: none is watched).
  private(set) var sawWatched = false
  private let watched: UInt8?

  /// Reads `range` of the file open as `descriptor`, named `name` in messages; with `watching`,
  /// notes whether that byte occurs in what was read (`sawWatched`).
  init(_ descriptor: FileDescriptor, name: String, range: Range<Int64>, watching: UInt8? = nil) {
    self.descriptor = descriptor
    self.name = name
    offset = range.lowerBound
    end = range.upperBound
    watched = watching
  }

  /// Reads nothing more: the next `read` answers the end.
  func stop() { offset = end }

  func read(into buffer: UnsafeMutableRawBufferPointer) throws(ParseError) -> Int {
    let wanted = Int(min(Int64(buffer.count), end - offset))
    guard wanted > 0 else { return 0 }
    let count: Int
    do throws(Errno) {
      count = try descriptor.readSome(at: offset, into: UnsafeMutableRawBufferPointer(rebasing: buffer[..<wanted]))
    } catch {
      throw ParseError(
        format: "io", location: SourceLocation(file: name, line: 0), problem: .io,
        reason: "read failed: \(error.reason)", isFatal: true)
    }
    if let watched, !sawWatched, count > 0 {
      sawWatched = ByteSearch.contains(watched, in: buffer.baseAddress!, count: count)
    }
    offset += Int64(count)
    return count
  }
}
