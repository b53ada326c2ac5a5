import CalmGeoSystem

/// Progress of a sweep on stderr: on a terminal, one bar redrawn in place (rows
/// done/total, rows/s, time left); otherwise (logs, batch jobs) one line per finished
/// track. Silent with `--quiet`.
struct SweepProgress {
  enum Style { case bar, lines, none }

  let style: Style
  private(set) var total: Int
  private(set) var tracks: Int
  private let start = ContinuousClock.now
  private var lastDraw = ContinuousClock.now - .seconds(1)
  private(set) var done = 0
  private var tracksDone = 0

  init(total: Int, tracks: Int, quiet: Bool) {
    style = quiet ? .none : FileDescriptor.standardError.isTerminal ? .bar : .lines
    self.total = total
    self.tracks = tracks
  }

  private var seconds: Double {
    let elapsed = ContinuousClock.now - start
    return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18
  }

  private var rate: Double { seconds > 0 ? Double(replayedRows) / seconds : 0 }

  /// Rows replayed, written or not (rows wait for the ones before them in grid order).
  private var replayedRows = 0

  /// Rows were replayed: the bar counts them.
  mutating func replayed(_ count: Int) {
    replayedRows += count
    guard style == .bar, ContinuousClock.now - lastDraw >= .milliseconds(100) || replayedRows == total else { return }
    lastDraw = .now
    let width = 24
    let filled = total == 0 ? width : width * min(replayedRows, total) / total
    let left = rate > 0 ? Double(max(0, total - replayedRows)) / rate : 0
    Terminal.printProgress(
      "[\(String(repeating: "#", count: filled))\(String(repeating: "-", count: width - filled))] "
        + "\(replayedRows)/\(total) rows  \(Int(rate.rounded())) rows/s  ETA \(Self.duration(left))")
  }

  /// A row was written.
  mutating func row() {
    done += 1
  }

  /// A track could not be read: its rows will not come.
  mutating func skip(rows: Int) {
    total -= rows
    tracks -= 1
  }

  /// A track's last row was written.
  mutating func trackFinished(_ name: String, rows: Int) {
    tracksDone += 1
    guard style == .lines else { return }
    Terminal.printError(
      "sweep: [\(tracksDone)/\(tracks)] \(name): \(rows) rows; \(done)/\(total) rows done, \(Int(rate.rounded())) rows/s"
    )
  }

  /// Prints a message (a failed track) without breaking the bar.
  func note(_ message: String) {
    if style == .bar { Terminal.printProgress(nil) }
    Terminal.printError(message)
  }

  /// Clears the bar.
  func finish() {
    if style == .bar { Terminal.printProgress(nil) }
  }

  /// `1:05:03`, `4:07` or `12s`.
  static func duration(_ seconds: Double) -> String {
    let total = Int(seconds.rounded())
    let (h, m, s) = (total / 3600, total / 60 % 60, total % 60)
    func two(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
    return h > 0 ? "\(h):\(two(m)):\(two(s))" : m > 0 ? "\(m):\(two(s))" : "\(s)s"
  }
}
