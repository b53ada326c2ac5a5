#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  // macOS: written, never built or run (README, Platforms).
  import Darwin
#endif

extension Errno {
  /// The OS's words for this error, as `strerror(3)` gives them (`No such file or directory`):
  /// what the tool prints after a path. swift-system's `description` asks the same function; this
  /// name keeps the messages' one source of words in one place.
  package var reason: String { String(cString: strerror(rawValue)) }

  /// `error` as an `Errno`: swift-system's calls throw nothing else; anything else is `.ioError`.
  package static func of(_ error: any Error) -> Errno {
    error as? Errno ?? .ioError
  }

  /// The error of the last failed C call on this thread (`errno`).
  static var last: Errno { Errno(rawValue: errno) }
}

/// Runs a C call that returns a negative number on failure, again while a signal interrupts
/// it (`EINTR`); throws the call's `Errno` otherwise.
@discardableResult
func retryingInterrupts<Result: BinaryInteger>(_ call: () -> Result) throws(Errno) -> Result {
  while true {
    let result = call()
    if result >= 0 { return result }
    let error = Errno.last
    if error != .interrupted { throw error }
  }
}
