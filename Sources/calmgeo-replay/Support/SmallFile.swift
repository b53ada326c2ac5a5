import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Reads a small file whole (a configuration), from a path, a pipe (`<(…)`, `/dev/fd/N`)
/// or standard input (`-`), refusing more than `limit` bytes without reading them all.
enum SmallFile {
  /// Why a file could not be read: the OS's words (`No such file or directory`) or the size.
  struct Failure: Error {
    var reason: String
  }

  static func read(_ path: String, limit: Int) throws(Failure) -> Data {
    let descriptor = path == "-" ? 0 : open(path, O_RDONLY)
    guard descriptor >= 0 else { throw Failure(reason: String(cString: strerror(errno))) }
    defer { if descriptor != 0 { close(descriptor) } }
    var data = Data()
    var buffer = [UInt8](repeating: 0, count: 65_536)
    while true {
      let count = buffer.withUnsafeMutableBytes { systemRead(descriptor, $0.baseAddress, $0.count) }
      if count < 0 {
        if errno == EINTR { continue }
        throw Failure(reason: String(cString: strerror(errno)))
      }
      if count == 0 { return data }
      data.append(contentsOf: buffer[..<count])
      guard data.count <= limit else {
        throw Failure(reason: "larger than \(limit) bytes (1 MiB), the most a configuration may have")
      }
    }
  }
}

/// `read(2)`, named so that `SmallFile.read` does not hide it.
private func systemRead(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
  read(descriptor, buffer, count)
}
