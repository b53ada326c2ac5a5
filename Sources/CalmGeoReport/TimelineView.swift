import CalmGeoReplay

/// The state timeline's drawing: listening/monitoring and moving/still bands over time,
/// and speed (left axis, m/s) and the judge (right axis, metres) below them.
struct TimelineView {
  /// A horizontal span of a band, pixels.
  struct Span {
    let x: String
    let width: String
    let title: String
  }

  /// A withheld run: a span with its rule's class.
  struct Mark {
    let x: String
    let width: String
    let title: String
    let rule: String
  }

  static let withheldY = 59.0

  static let modeY = 10.0
  static let motionY = 36.0
  static let bandHeight = 20.0
  static let chartTop = 70.0
  static let chartBottom = 236.0
  static let height = 262.0

  let height = NumberText.fixed(Self.height)
  let chartTop = NumberText.fixed(Self.chartTop)
  let chartBottom = NumberText.fixed(Self.chartBottom)
  let labelY = NumberText.fixed(Self.chartBottom + 18)
  let foldHeight = NumberText.fixed(Self.chartBottom - 4)
  let foldLabelY = NumberText.fixed((Self.chartTop + Self.chartBottom) / 2)
  let gapHeight = NumberText.fixed(Self.chartBottom - Self.modeY)
  let left: String
  let right: String
  let ticks: [TimeAxis.Tick]
  let folds: [TimeAxis.Fold]
  /// The whole replayed time (the listening and still backgrounds).
  let base: Span
  let monitoring: [Span]
  /// Tracking stopped (`stop()` until the next start): the mode lane says so.
  let stopped: [Span]
  /// Gaps in the log (no fixes), shaded; the speed and judge lines break across them.
  let gaps: [Span]
  /// The app's calls, as markers above the mode lane.
  let calls: [TimelineMarks.Call]
  let hasCalls: Bool
  let hasStopped: Bool
  let hasGaps: Bool
  /// Runs of fixes the platform withheld (a strip under the motion band).
  let withheld: [Mark]
  /// Whether there are any (the legend entry).
  let hasWithheld: Bool
  let moving: [Span]
  let speedPath: String
  let judgePath: String
  let speedTicks: [ValueAxis.Tick]
  let judgeTicks: [ValueAxis.Tick]

  init(_ data: ReportCollector, axis: TimeAxis) {
    func span(_ start: Int64, _ end: Int64, _ what: String) -> Span {
      let x = axis.x(start)
      let seconds = Double(end - start) / 1000
      return Span(
        x: NumberText.fixed(x), width: NumberText.fixed(max(axis.x(end) - x, 0.5)),
        title: "\(what) \(NumberText.dateTime(start)) UTC, \(NumberText.duration(seconds: seconds))")
    }
    left = NumberText.fixed(axis.left)
    right = NumberText.fixed(axis.right)
    ticks = axis.ticks()
    folds = axis.folds
    let lastFix = data.lastFixTime ?? axis.start
    base = span(axis.start, lastFix, "replayed from")
    monitoring = data.monitoring.map { span($0.start, $0.end, "monitoring from") }
    moving = data.moving.map { span($0.start, $0.end, "moving from") }
    stopped = data.stopped.map { span($0.start, $0.end, "stopped (the app called stop()) from") }
    let gapTimes = TimelineMarks.gaps(data)
    gaps = TimelineMarks.gapSpans(gapTimes, axis: axis)
    calls = TimelineMarks.calls(data, axis: axis)
    (hasCalls, hasStopped, hasGaps) = (!calls.isEmpty, !stopped.isEmpty, !gaps.isEmpty)
    withheld = data.withheld.map { run in
      let drawn = span(run.start, run.end, "withheld (\(run.rule.rawValue))")
      return Mark(
        x: drawn.x, width: drawn.width,
        title: "\(run.fixes) \(run.fixes == 1 ? "fix" : "fixes") \(drawn.title) to \(NumberText.dateTime(run.end)) UTC",
        rule: run.rule.rawValue)
    }
    hasWithheld = !data.withheld.isEmpty

    let samples = data.track.keptWithLast
    let speeds = ValueAxis(
      maximum: Double(samples.lazy.map(\.speed).max() ?? 0),
      topPixel: Self.chartTop, bottomPixel: Self.chartBottom)
    let judges = ValueAxis(
      maximum: Double(samples.lazy.map(\.judge).filter(\.isFinite).max() ?? 0),
      topPixel: Self.chartTop, bottomPixel: Self.chartBottom)
    speedTicks = speeds.ticks(unit: "m/s")
    judgeTicks = judges.ticks(unit: "m")
    speedPath = Self.path(samples, axis: axis, gaps: gapTimes, step: false) {
      $0.speed >= 0 ? speeds.y(Double($0.speed)) : nil
    }
    judgePath = Self.path(samples, axis: axis, gaps: gapTimes, step: true) {
      $0.judge.isFinite ? judges.y(Double($0.judge)) : nil
    }
  }

  /// An SVG path through the samples' values, broken where a value is missing, a gap is
  /// folded or one of `gaps` lies between two samples; `step` holds each value until the
  /// next sample.
  static func path(
    _ samples: [ReportCollector.TrackSample], axis: TimeAxis, gaps: [ReportCollector.TimeSpan] = [], step: Bool,
    value: (ReportCollector.TrackSample) -> Double?
  ) -> String {
    var path = ""
    var drawing = false
    var previous: Int64?
    for sample in samples {
      defer { previous = sample.time }
      guard let y = value(sample) else {
        drawing = false
        continue
      }
      if let previous,
        axis.foldsBetween(previous, sample.time)
          || gaps.contains(where: { $0.start >= previous && $0.end <= sample.time })
      {
        drawing = false
      }
      let x = NumberText.fixed(axis.x(sample.time))
      if !drawing {
        path += "M\(x) \(NumberText.fixed(y))"
      } else if step {
        path += "H\(x)V\(NumberText.fixed(y))"
      } else {
        path += "L\(x) \(NumberText.fixed(y))"
      }
      drawing = true
    }
    return path
  }
}
