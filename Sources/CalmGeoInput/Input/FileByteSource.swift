#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

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

/// A file (or standard input for `-`) read with POSIX `read(2)`.
public final class FileByteSource: ByteSource {
  public let name: String
  private let descriptor: Int32
  private let ownsDescriptor: Bool

  /// Opens `path` for reading; `-` is standard input.
  public init(path: String) throws(InputUnavailable) {
    name = path
    if path == "-" {
      descriptor = 0
      ownsDescriptor = false
      return
    }
    let fd = open(path, O_RDONLY)
    guard fd >= 0 else {
      throw InputUnavailable(file: path, reason: String(cString: strerror(errno)).lowercased())
    }
    var info = stat()
    if fstat(fd, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR {
      close(fd)
      throw InputUnavailable(file: path, reason: "is a directory")
    }
    descriptor = fd
    ownsDescriptor = true
  }

  deinit {
    if ownsDescriptor { close(descriptor) }
  }

  public func read(into buffer: UnsafeMutableRawBufferPointer) throws(ParseError) -> Int {
    while true {
      let count = systemRead(descriptor, buffer.baseAddress, buffer.count)
      if count >= 0 { return count }
      if errno == EINTR { continue }
      throw ParseError(
        format: "io", location: SourceLocation(file: name, line: 0), problem: .io,
        reason: "read failed: \(String(cString: strerror(errno)))", isFatal: true)
    }
  }
}

/// `read(2)`, named so that a type's own `read` method does not hide it.
@inline(__always)
func systemRead(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
  read(descriptor, buffer, count)
}
