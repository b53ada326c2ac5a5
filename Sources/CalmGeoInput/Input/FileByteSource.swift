import CalmGeoSystem

/// Why an input could not be opened (exit code 66).
public struct InputUnavailable: Error, Sendable, CustomStringConvertible {
  public var file: String
  public var reason: String
  public var description: String { "\(file): error: \(reason)" }

  public init(file: String, reason: String) {
    self.file = file
    self.reason = reason
  }
}

/// A file (or standard input for `-`) read with POSIX `read(2)` (through the system seam).
public final class FileByteSource: ByteSource {
  public let name: String
  private let descriptor: FileDescriptor
  private let ownsDescriptor: Bool

  /// Opens `path` for reading; `-` is standard input.
  public init(path: String) throws(InputUnavailable) {
    name = path
    if path == "-" {
      descriptor = .standardInput
      ownsDescriptor = false
      return
    }
    let fd: FileDescriptor
    do throws(Errno) {
      fd = try .opening(path, .readOnly)
    } catch {
      throw InputUnavailable(file: path, reason: error.reason.lowercased())
    }
    if let info = try? fd.status(), info.type == .directory {
      fd.closeQuietly()
      throw InputUnavailable(file: path, reason: "is a directory")
    }
    descriptor = fd
    ownsDescriptor = true
  }

  deinit {
    if ownsDescriptor { descriptor.closeQuietly() }
  }

  public func read(into buffer: UnsafeMutableRawBufferPointer) throws(ParseError) -> Int {
    do throws(Errno) {
      return try descriptor.readSome(into: buffer)
    } catch {
      throw ParseError(
        format: "io", location: SourceLocation(file: name, line: 0), problem: .io,
        reason: "read failed: \(error.reason)", isFatal: true)
    }
  }
}
