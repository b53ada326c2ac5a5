#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import ArgumentParser
import CalmGeoReplay
import Foundation

/// Standard error, and the mapping from errors to the documented exit codes.
enum Terminal {
  static func printError(_ message: String) {
    var line = message
    if !line.hasSuffix("\n") { line += "\n" }
    var bytes = Array(line.utf8)
    _ = bytes.withUnsafeMutableBytes { write(2, $0.baseAddress, $0.count) }
  }

  /// Overwrites the progress line on stderr; `nil` clears it.
  static func printProgress(_ text: String?) {
    var bytes = Array(("\r\u{1B}[K" + (text ?? "")).utf8)
    _ = bytes.withUnsafeMutableBytes { write(2, $0.baseAddress, $0.count) }
  }

  /// Prints an error as `file:line[:column]: error: reason` and returns its exit code.
  static func report(_ error: any Error) -> Int32 {
    switch error {
    case let error as ParseError:
      printError(error.description)
      return 65
    case let error as InputUnavailable:
      printError(error.description)
      return 66
    case let error as ConfigError:
      printError(error.description)
      return 64
    case let error as GeofenceFileError:
      printError(error.description)
      return 64
    case let error as ValidationError:
      printError("error: \(error.message)")
      return 64
    default:
      printError("error: \(error)")
      return 1
    }
  }

  /// Prints the first skipped records as warnings, and how many more there were.
  static func warnSkipped(_ diagnostics: InputDiagnostics) {
    for problem in diagnostics.firstProblems {
      printError(problem.description.replacingFirst(": error: ", with: ": warning: skipped: "))
    }
    let more = diagnostics.skippedTotal - diagnostics.firstProblems.count
      - (diagnostics.skipped["duplicate_time"] ?? 0) - (diagnostics.skipped["time_backwards"] ?? 0)
    if more > 0 { printError("\(diagnostics.firstProblems.first?.location.file ?? "input"): note: \(more) more records skipped (see stats.json)") }
  }
}

extension String {
  func replacingFirst(_ target: String, with replacement: String) -> String {
    guard let range = range(of: target) else { return self }
    return replacingCharacters(in: range, with: replacement)
  }
}
