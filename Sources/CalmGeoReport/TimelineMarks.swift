import CalmGeoReplay

/// What the state timeline adds to its bands (issue 24): the log's gaps, shaded instead
/// of drawn as speed ramps, and the app's calls as markers.
enum TimelineMarks {
  /// A call marker: a small triangle above the mode lane, with the call in its tooltip.
  struct Call {
    let x: String
    let title: String
    /// `start`, `stop` or `other` (the triangle's colour).
    let cls: String
  }

  /// A pause between consecutive fixes is a gap in the log when it lasts over a minute and
  /// over ten times the log's mean interval between fixes.
  static func gaps(_ data: ReportCollector) -> [ReportCollector.TimeSpan] {
    guard let first = data.startTime, let last = data.lastFixTime, data.track.count > 1 else { return [] }
    let mean = Double(last - first) / Double(data.track.count - 1)
    let shortest = max(60_000, 10 * mean)
    return data.longestGaps.filter { Double($0.end - $0.start) > shortest }
  }

  /// The unfolded gaps as shaded spans (a folded gap is drawn as its fold already).
  static func gapSpans(_ gaps: [ReportCollector.TimeSpan], axis: TimeAxis) -> [TimelineView.Span] {
    gaps.filter { gap in !axis.folded.contains(gap) }.map { gap in
      let x = axis.x(gap.start)
      let seconds = Double(gap.end - gap.start) / 1000
      return TimelineView.Span(
        x: NumberText.fixed(x), width: NumberText.fixed(max(axis.x(gap.end) - x, 0.5)),
        title: "no fixes for \(NumberText.duration(seconds: seconds)): \(NumberText.dateTime(gap.start)) → "
          + "\(NumberText.dateTime(gap.end)) UTC (a gap in the log, not a speed)")
    }
  }

  static func calls(_ data: ReportCollector, axis: TimeAxis) -> [Call] {
    data.calls.map { call in
      let line = call.line > 0 ? " (scenario line \(call.line))" : ""
      let cls = call.name == .start || call.name == .restart ? "start" : call.name == .stop ? "stop" : "other"
      return Call(
        x: NumberText.fixed(axis.x(call.time)),
        title: "\(call.name.rawValue)() at \(NumberText.dateTime(call.time)) UTC\(line)", cls: cls)
    }
  }
}
