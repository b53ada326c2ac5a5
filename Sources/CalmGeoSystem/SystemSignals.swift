#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  // macOS: written, never built or run (README, Platforms).
  import Darwin
#endif

/// Signals and the process itself: what Ctrl-C and a batch system's SIGTERM need.
package enum SystemSignals {
  /// Ctrl-C.
  package static let interrupt = SIGINT
  /// A batch system's time limit, `kill`'s default.
  package static let terminate = SIGTERM

  /// Ignores `number` (its delivery is then only seen by a dispatch signal source).
  package static func ignore(_ number: Int32) {
    _ = signal(number, SIG_IGN)
  }

  /// Gives `number` its default action back.
  package static func restoreDefault(_ number: Int32) {
    _ = signal(number, SIG_DFL)
  }

  /// Unblocks `numbers` on the calling thread (a parent may have started us with them blocked).
  package static func unblock(_ numbers: [Int32]) {
    var set = sigset_t()
    sigemptyset(&set)
    for number in numbers { sigaddset(&set, number) }
    pthread_sigmask(SIG_UNBLOCK, &set, nil)
  }
}

/// The running process.
package enum SystemProcess {
  /// Its id (`getpid`), for messages.
  package static var id: Int32 { getpid() }

  /// Ends the process at once with `code` (`_exit`): no cleanup, no buffers flushed.
  package static func exitImmediately(_ code: Int32) -> Never {
    _exit(code)
  }
}
