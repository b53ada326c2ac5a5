import CalmGeoReplay

/// The report's stops: each true stop of the raw log as a span on a time lane (coloured
/// by outcome: detected, covered, missed) with the library's still and moving
/// motionchanges that matched it as markers, and a table with one row per stop whose
/// click puts the cursor at the stop's start.
struct StopsView {
  /// A stop on the lane, pixels.
  struct Span {
    let x: String
    let width: String
    /// `detected`, `covered` or `missed`.
    let cls: String
    let title: String
  }

  /// A motionchange that matched a stop: `still` (it noticed the stop) or `moving` (it
  /// noticed the departure).
  struct Marker {
    let x: String
    let cls: String
    let title: String
  }

  /// A table row, as text.
  struct Row {
    let number: String
    let start: String
    let duration: String
    let outcome: String
    let delay: String
    let positionError: String
    let startOutcome: String
    let startDelay: String
    let distanceLost: String
    /// Seconds from the axis start: where a click puts the cursor.
    let cursorT: String
  }

  static let laneY = 8.0
  static let laneHeight = 22.0
  static let height = 56.0

  let height = NumberText.fixed(Self.height)
  let laneY = NumberText.fixed(Self.laneY)
  let laneHeight = NumberText.fixed(Self.laneHeight)
  let labelY = NumberText.fixed(Self.laneY + Self.laneHeight / 2 + 4)
  let axisLabelY = NumberText.fixed(Self.laneY + Self.laneHeight + 18)
  let markerY = NumberText.fixed(Self.laneY - 3)
  let markerHeight = NumberText.fixed(Self.laneHeight + 6)
  let left: String
  let laneWidth: String
  let spans: [Span]
  let markers: [Marker]
  let ticks: [TimeAxis.Tick]
  let rows: [Row]
  let hasStops: Bool
  /// `2 true stops: 1 detected, 1 covered, 0 missed`.
  let caption: String

  init(_ stops: [TrueStop], axis: TimeAxis) {
    left = NumberText.fixed(axis.left)
    laneWidth = NumberText.fixed(axis.right - axis.left)
    ticks = axis.ticks()
    hasStops = !stops.isEmpty
    func seconds(_ millis: Int64) -> String { NumberText.duration(seconds: Double(millis) / 1000) }
    func signed(_ millis: Int64) -> String { (millis < 0 ? "−" : "") + seconds(abs(millis)) }
    var spans: [Span] = []
    var markers: [Marker] = []
    var rows: [Row] = []
    for (index, stop) in stops.enumerated() {
      let number = index + 1
      let x = axis.x(stop.start)
      let outcome = stop.outcome.rawValue
      spans.append(
        Span(
          x: NumberText.fixed(x), width: NumberText.fixed(max(axis.x(stop.end) - x, 1)), cls: outcome,
          title: "stop \(number), \(outcome): \(NumberText.dateTime(stop.start)) → "
            + "\(NumberText.dateTime(stop.end)) UTC, "
            + seconds(stop.end - stop.start)))
      if let still = stop.detectedAt {
        markers.append(
          Marker(
            x: NumberText.fixed(axis.x(still)), cls: "still",
            title: "still motionchange \(NumberText.dateTime(still)) UTC (stop \(number))"))
      }
      if let moving = stop.startDetectedAt {
        markers.append(
          Marker(
            x: NumberText.fixed(axis.x(moving)), cls: "moving",
            title: "moving motionchange \(NumberText.dateTime(moving)) UTC (left stop \(number))"))
      }
      let delay: String
      switch stop.outcome {
      case .detected: delay = seconds((stop.detectedAt ?? stop.start) - stop.start)
      case .covered: delay = "already still"
      case .missed: delay = "–"
      }
      rows.append(
        Row(
          number: String(number), start: NumberText.dateTime(stop.start), duration: seconds(stop.end - stop.start),
          outcome: outcome, delay: delay,
          positionError: stop.positionError.map { NumberText.fixed($0, digits: 1) + " m" } ?? "–",
          startOutcome: stop.startOutcome?.rawValue ?? "log ends here",
          startDelay: stop.startDetectedAt.map { signed($0 - stop.end) } ?? "–",
          distanceLost: stop.distanceLost.map { NumberText.fixed($0, digits: 1) + " m" } ?? "–",
          cursorT: NumberText.fixed(Double(stop.start - axis.start) / 1000, digits: 3)))
    }
    self.spans = spans
    self.markers = markers
    self.rows = rows
    let counts = [TrueStop.Outcome.detected, .covered, .missed].map { outcome in
      "\(stops.filter { $0.outcome == outcome }.count) \(outcome.rawValue)"
    }
    caption =
      NumberText.counted(stops.count, "true stop")
      + (stops.isEmpty ? "" : ": " + counts.joined(separator: ", "))
  }
}
