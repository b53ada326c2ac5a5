import CalmGeoReplay

/// Exit codes of `sweep` and `merge` beyond the tool's usual ones.
enum SweepExit {
  /// The sweep finished but no configuration meets the constraints (the closest is written).
  static let noConfigurationMeetsConstraints: Int32 = 2
  /// Interrupted (Ctrl-C, SIGTERM): the finished rows are kept for `--resume`.
  static let interrupted: Int32 = 130

  /// Prints `error` on stderr and returns its exit code: 64 for a folder of another sweep,
  /// 65 for bad sweep files, else as `Terminal.report` (64 for a bad spec, a `DocumentError`).
  static func report(_ error: any Error) -> Int32 {
    switch error {
    case let error as SweepUsageError:
      Terminal.printError("error: \(error.message)")
      return 64
    case let error as SweepDataError:
      Terminal.printError(error.description)
      return 65
    default:
      return Terminal.report(error)
    }
  }
}
