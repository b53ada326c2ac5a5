/// Where a sweep's time went, phase by phase, for `sweep --timings` (seconds).
///
/// The runner fills the per-track and configuration phases with the time its tasks spent
/// in each (summed over tasks: with several jobs they overlap one another and the wall
/// clock); the command adds the phases after the last row. Only measured when asked for:
/// no replay reads the clock, and nothing a sweep writes depends on these numbers.
package struct SweepTimings: Sendable, Equatable {
  /// Reading the logs (`TrackReader.load`), over every track.
  package var parse = 0.0
  /// The per-track analysis shared by a track's configurations (`TrackAnalysis`).
  package var analysis = 0.0
  /// Replaying the configurations (every chunk's task time).
  package var configurations = 0.0
  /// The summary, Pareto front and recommendation (`SweepAnalysis` and its texts).
  package var summary = 0.0
  /// Rendering sweep.html.
  package var html = 0.0
  /// Writing rows and result files.
  package var writing = 0.0
  /// The whole run, wall clock, from the plan to the last file.
  package var wall = 0.0

  package init() {}

  /// Seconds since an arbitrary start, from the monotonic clock.
  package static func now() -> Double {
    let elapsed = ContinuousClock.now - start
    return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18
  }

  private static let start = ContinuousClock.now

  /// Runs `body`, adding its duration to the phase at `phase`; returns what it returns.
  @inline(__always)
  package mutating func time<T, E: Error>(
    _ phase: WritableKeyPath<SweepTimings, Double>, _ body: () throws(E) -> T
  ) throws(E) -> T {
    let begin = Self.now()
    defer { self[keyPath: phase] += Self.now() - begin }
    return try body()
  }

  /// Runs `body`, adding its duration to `phase` of `clock` when there is one (nil: the clock
  /// is not read).
  @inline(__always)
  package static func time<T, E: Error>(
    _ clock: inout SweepTimings?, _ phase: WritableKeyPath<SweepTimings, Double>, _ body: () throws(E) -> T
  ) throws(E) -> T {
    guard clock != nil else { return try body() }
    return try clock!.time(phase, body)
  }

  /// Everything but the configurations: the part of a 1-job run that more jobs do not shrink.
  package var outsideConfigurations: Double { parse + analysis + summary + html + writing }

  /// The table `--timings` prints on stderr: one phase a line, then the share of the wall
  /// time spent outside the configurations.
  package func rendered(jobs: Int, tracks: Int, rows: Int) -> String {
    func line(_ name: String, _ seconds: Double, _ note: String) -> String {
      let padded = name.padding(toLength: 16, withPad: " ", startingAt: 0)
      let number = String(seconds.rounded(toPlaces: 3))
      let gap = String(repeating: " ", count: Swift.max(0, 9 - number.count))
      return "  \(padded)\(gap)\(number)\(note.isEmpty ? "" : "  " + note)\n"
    }
    let share = wall > 0 ? (outsideConfigurations / wall * 1000).rounded() / 10 : 0
    return "sweep timings, seconds (task time summed over \(jobs) job\(jobs == 1 ? "" : "s")):\n"
      + line("parse", parse, "\(tracks) track\(tracks == 1 ? "" : "s"), per-track tasks")
      + line("analysis", analysis, "per-track analysis shared by the configurations")
      + line("configurations", configurations, "\(rows) row\(rows == 1 ? "" : "s") replayed")
      + line("summary", summary, "summary, Pareto front, recommendation")
      + line("sweep.html", html, "")
      + line("writing", writing, "rows and result files")
      + line(
        "wall", wall, "outside configurations: \(outsideConfigurations.rounded(toPlaces: 3)) s = \(share) % of wall")
  }
}

extension Double {
  /// The value rounded to `places` decimals (for display only).
  fileprivate func rounded(toPlaces places: Int) -> Double {
    var scale = 1.0
    for _ in 0..<places { scale *= 10 }
    return (self * scale).rounded() / scale
  }
}
