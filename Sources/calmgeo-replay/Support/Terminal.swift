import ArgumentParser
import CalmGeoLibraryEngine
import CalmGeoReplay
import CalmGeoSystem
import Foundation

/// Standard error, and the mapping from errors to the documented exit codes.
enum Terminal {
  static func printError(_ message: String) {
    var line = message
    if !line.hasSuffix("\n") { line += "\n" }
    try? FileDescriptor.standardError.writeFully(line.utf8)
  }

  /// Overwrites the progress line on stderr; `nil` clears it.
  static func printProgress(_ text: String?) {
    try? FileDescriptor.standardError.writeFully(("\r\u{1B}[K" + (text ?? "")).utf8)
  }

  /// Prints an error as `file:line[:column]: error: reason` and returns its exit code: an
  /// `ExitCodedError` (documents 64, log data 65, missing input 66, outputs 1) says both itself.
  static func report(_ error: any Error) -> Int32 {
    let (message, code) = outcome(error)
    printError(message)
    return code
  }

  /// The message and exit code `report` gives `error`.
  static func outcome(_ error: any Error) -> (message: String, code: Int32) {
    switch error {
    case let error as any ExitCodedError:
      return (error.description, error.exitCode)
    case let error as ValidationError:
      return ("error: \(error.message)", 64)
    case let error as LibraryError:
      return ("error: \(error)", error.exitCode)
    default:
      return ("error: \(error)", 1)
    }
  }

  /// The more severe of two exit codes, for a run of several logs: 1 (an output cannot
  /// be written: every log is affected) before 64 (usage) before 66 (a log is missing)
  /// before 65 (a log's data is bad) before 0.
  static func moreSevere(_ a: Int32, _ b: Int32) -> Int32 {
    func rank(_ code: Int32) -> Int {
      switch code {
      case 0: 0
      case 65: 1
      case 66: 2
      case 64: 3
      default: 4
      }
    }
    return rank(b) > rank(a) ? b : a
  }

  /// Prints the first skipped records as warnings, and how many more there were
  /// (`where` says where the counts are: `see stats.json`, or the summary line of `fixes`).
  static func warnSkipped(_ diagnostics: InputDiagnostics, counts where: String = "see stats.json") {
    for problem in diagnostics.firstProblems {
      printError(problem.description.replacingFirst(": error: ", with: ": warning: skipped: "))
    }
    let more = diagnostics.skippedTotal - diagnostics.firstProblems.count - (diagnostics.skipped["duplicate_time"] ?? 0)
    if more > 0 {
      printError(
        "\(diagnostics.firstProblems.first?.location.file ?? "input"): note: \(more) more records skipped (\(`where`))")
    }
  }

  /// Warnings about how a log was read as a whole: long gaps, a `--utc-offset` that
  /// moved nothing, flags its format does not read.
  static func warnInput(
    _ diagnostics: InputDiagnostics, file: String, format: InputFormat, options: InputOptions,
    splitting: Bool
  ) {
    for flag in options.unusedFlags(for: format) {
      printError("\(file): warning: \(flag) (this log is \(format.rawValue)); ignored")
    }
    // Only where the option applies (its formats in the parse-option table); elsewhere it was warned about above.
    let offsetApplies = ParseOptionDescriptor.withFlag("--utc-offset")?.formats?.contains(format) ?? true
    if options.utcOffset != nil, offsetApplies, diagnostics.localTimesShifted == 0,
      diagnostics.zonedTimesKept > 0
    {
      printError(
        "\(file): warning: --utc-offset moved no time: every time in the log carries its own zone (Z, an offset or Unix time)"
      )
    } else if diagnostics.localTimesShifted > 0 && diagnostics.zonedTimesKept > 0 {
      printError(
        "\(file): note: --utc-offset moved \(diagnostics.localTimesShifted) zone-less times; \(diagnostics.zonedTimesKept) with their own zone were left as they are"
      )
    }
    if let gap = diagnostics.longestGap, !splitting {
      let hours = gap.millis / 3_600_000
      let others = diagnostics.longGaps > 1 ? " (and \(diagnostics.longGaps - 1) more over 24 h)" : ""
      printError(
        "\(file):\(gap.line): warning: \(hours) h without a fix before this line (\(UTCTime.iso8601(gap.from)) to "
          + "\(UTCTime.iso8601(gap.to)))\(others); replayed as one session, so records stored before it may expire; "
          + "--split-gap 24h replays each session into its own folder")
    }
  }
}

extension String {
  func replacingFirst(_ target: String, with replacement: String) -> String {
    guard let range = range(of: target) else { return self }
    return replacingCharacters(in: range, with: replacement)
  }
}
