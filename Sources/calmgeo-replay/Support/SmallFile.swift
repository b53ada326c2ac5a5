import CalmGeoSystem
import Foundation

/// Reads a small file whole (a configuration), from a path, a pipe (`<(…)`, `/dev/fd/N`)
/// or standard input (`-`), refusing more than `limit` bytes without reading them all.
enum SmallFile {
  /// Why a file could not be read: the OS's words (`No such file or directory`) or the size.
  struct Failure: Error {
    var reason: String
  }

  static func read(_ path: String, limit: Int) throws(Failure) -> Data {
    let descriptor: FileDescriptor
    do throws(Errno) {
      descriptor = path == "-" ? .standardInput : try .opening(path, .readOnly)
    } catch {
      throw Failure(reason: error.reason)
    }
    defer { if descriptor != .standardInput { descriptor.closeQuietly() } }
    var data = Data()
    var buffer = [UInt8](repeating: 0, count: 65_536)
    while true {
      let read = buffer.withUnsafeMutableBytes { raw in
        Result { () throws(Errno) in try descriptor.readSome(into: raw) }
      }
      let count: Int
      switch read {
      case .success(let bytes): count = bytes
      case .failure(let error): throw Failure(reason: error.reason)
      }
      if count == 0 { return data }
      data.append(contentsOf: buffer[..<count])
      guard data.count <= limit else {
        throw Failure(reason: "larger than \(limit) bytes (1 MiB), the most a configuration may have")
      }
    }
  }
}
