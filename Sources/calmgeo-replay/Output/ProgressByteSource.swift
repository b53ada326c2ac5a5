import CalmGeoReplay
import CalmGeoSystem

/// Passes a file's bytes through and reports progress on a terminal's stderr for
/// large inputs (every 64 MiB read), so long replays show they are alive.
final class ProgressByteSource: ByteSource {
  var name: String { upstream.name }
  private let upstream: any ByteSource
  private let total: Int
  private var read = 0
  private var nextReport = 64 << 20
  private let enabled: Bool

  init(_ upstream: any ByteSource, totalBytes: Int) {
    self.upstream = upstream
    total = totalBytes
    enabled = FileDescriptor.standardError.isTerminal && totalBytes > 64 << 20
  }

  func read(into buffer: UnsafeMutableRawBufferPointer) throws(ParseError) -> Int {
    let count = try upstream.read(into: buffer)
    read += count
    if enabled && (read >= nextReport || count == 0) {
      nextReport += 64 << 20
      let percent = total > 0 ? min(100, read * 100 / total) : 0
      Terminal.printProgress("\(name): \(read >> 20) MiB of \(total >> 20) MiB (\(percent)%)")
      if count == 0 { Terminal.printProgress(nil) }
    }
    return count
  }

  /// The size of a regular file, 0 for streams.
  static func size(of path: String) -> Int {
    guard path != "-", let info = try? SystemFiles.status(path) else { return 0 }
    return Int(info.size)
  }
}
