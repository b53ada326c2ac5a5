/// A file that observers stream bytes into through a closure (`sink`), remembering the
/// first write error for the end of the replay (observers cannot throw).
final class FileSink {
  private let file: BufferedFile
  private(set) var failure: (any Error)?

  init(path: String) throws {
    file = try BufferedFile(creating: path)
  }

  /// The closure handed to a library observer.
  var sink: ([UInt8]) -> Void {
    { [self] bytes in
      guard failure == nil else { return }
      do { try file.write(bytes) } catch { failure = error }
    }
  }

  /// Flushes and closes; throws the first error seen.
  func close() throws {
    if let failure { throw failure }
    try file.close()
  }
}
