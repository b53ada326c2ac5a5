import Foundation

/// The headline numbers of several replays, one row per log: the terminal's cross-track
/// table and `summary.csv`, both built from `ReplayStats` alone.
public struct CrossTrackSummary: Sendable {
  /// One log's headline numbers.
  public struct Row: Sendable, Hashable {
    public var log: String
    /// The session's number within its log (1-based, time order) under `--split-gap`;
    /// nil for a log replayed whole.
    public var session: Int?
    public var fixesUsed: Int
    public var emitted: Int
    /// SED p95, metres (nil without metrics).
    public var sedP95: Double?
    public var trueStops: Int?
    public var missedStops: Int?
    /// Stop delay p95, seconds.
    public var stopDelayP95: Double?
    /// Start-of-trip distance lost p95, metres.
    public var startLostP95: Double?
    public var requests: Int
    public var milliampHours: Double?
    public var percentPerHour: Double?

    public init(_ stats: ReplayStats) {
      log = stats.input.file
      fixesUsed = stats.input.fixesUsed
      emitted = stats.engine.emitted
      sedP95 = stats.fidelity?.sed.p95
      trueStops = stats.stops?.trueStops
      missedStops = stats.stops?.missed
      stopDelayP95 = stats.stops.flatMap { $0.stopDelaySeconds.count > 0 ? $0.stopDelaySeconds.p95 : nil }
      startLostP95 = stats.stops.flatMap { $0.startDistanceLostMetres.count > 0 ? $0.startDistanceLostMetres.p95 : nil }
      requests = stats.uploads.requests
      milliampHours = stats.energy?.milliampHours.total
      percentPerHour = stats.energy?.percentPerHour
    }
  }

  public var rows: [Row]

  /// Rows of `stats`; `sessions`, when given, holds each one's session number (nil for a
  /// log replayed whole).
  public init(_ stats: [ReplayStats], sessions: [Int?] = []) {
    rows = stats.enumerated().map { index, stats in
      var row = Row(stats)
      row.session = index < sessions.count ? sessions[index] : nil
      return row
    }
  }

  static let csvHeader = [
    "log", "fixes_used", "emitted", "kept_ratio", "sed_p95_m", "true_stops", "missed_stops", "stop_delay_p95_s",
    "start_lost_p95_m", "requests", "energy_mah", "energy_pct_per_h", "session",
  ]

  /// `summary.csv`: a header and one row per log or session (empty cells where a metric
  /// is off; `session` empty for a log replayed whole).
  public func csv() -> String {
    var text = Self.csvHeader.joined(separator: ",") + "\n"
    for row in rows {
      let kept = row.fixesUsed == 0 ? 0 : Double(row.emitted) / Double(row.fixesUsed)
      let cells: [String] = [
        Self.quoted(row.log), String(row.fixesUsed), String(row.emitted), Self.number(kept, 6),
        row.sedP95.map { Self.number($0, 2) } ?? "", row.trueStops.map(String.init) ?? "",
        row.missedStops.map(String.init) ?? "", row.stopDelayP95.map { Self.number($0, 1) } ?? "",
        row.startLostP95.map { Self.number($0, 1) } ?? "", String(row.requests),
        row.milliampHours.map { Self.number($0, 3) } ?? "", row.percentPerHour.map { Self.number($0, 3) } ?? "",
        row.session.map(String.init) ?? "",
      ]
      text += cells.joined(separator: ",") + "\n"
    }
    return text
  }

  /// The terminal table, at most 80 columns (long log names are shortened from the left).
  public func table() -> String {
    let header = ["log", "kept/raw", "SED p95", "stop p95", "start lost", "req", "%/h"]
    var cells: [[String]] = [header]
    for row in rows {
      cells.append([
        row.log.split(separator: "/").last.map(String.init) ?? row.log, "\(row.emitted)/\(row.fixesUsed)",
        row.sedP95.map { Self.number($0, 1) + " m" } ?? "–",
        row.stopDelayP95.map { Self.number($0, 0) + " s" } ?? (row.trueStops == 0 ? "no stop" : "–"),
        row.startLostP95.map { Self.number($0, 0) + " m" } ?? "–", String(row.requests),
        row.percentPerHour.map { Self.number($0, 2) } ?? "–",
      ])
    }
    var widths = (0..<header.count).map { column in cells.map { $0[column].count }.max() ?? 0 }
    let others = widths.dropFirst().reduce(0, +) + 2 * (header.count - 1)
    widths[0] = min(widths[0], max(12, 80 - others))
    return cells.map { row in
      row.enumerated().map { column, cell in
        if column == 0 {
          let name = cell.count > widths[0] ? "…" + cell.suffix(widths[0] - 1) : cell
          return name + String(repeating: " ", count: widths[0] - name.count)
        }
        return "  " + String(repeating: " ", count: widths[column] - cell.count) + cell
      }.joined()
    }.joined(separator: "\n") + "\n"
  }

  static func number(_ value: Double, _ decimals: Int) -> String { SummaryNumber.text(value, decimals) }

  static func quoted(_ text: String) -> String {
    guard text.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" }) else { return text }
    return "\"" + text.replacing("\"", with: "\"\"") + "\""
  }
}
