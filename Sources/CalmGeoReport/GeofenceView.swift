import CalmGeoReplay
import Foundation

/// The app's geofences (`--geofences`) on the report: their circles and events on the
/// map, and a timeline with one lane per condition showing when it was reported
/// satisfied or unknown, with each event marked.
struct GeofenceView {
  /// A circle on the map, pixels.
  struct Ring {
    let x: String
    let y: String
    let r: String
    let labelY: String
    let label: String
    let title: String
  }

  /// An event: a point on the map, or a tick in a lane.
  struct Mark {
    let x: String
    let y: String
    /// `satisfied`, `unsatisfied` or `unknown`.
    let cls: String
    let title: String
  }

  /// A span of a lane in one state.
  struct Span {
    let x: String
    let width: String
    let cls: String
    let title: String
  }

  /// One condition's lane.
  struct Lane {
    let label: String
    let y: String
    let labelY: String
    let spans: [Span]
  }

  static let laneHeight = 18.0
  static let laneGap = 8.0
  static let top = 8.0

  let rings: [Ring]
  let points: [Mark]
  let lanes: [Lane]
  let ticks: [Mark]
  let height: String
  let laneHeight = NumberText.fixed(Self.laneHeight)
  let left: String
  let right: String
  let laneWidth: String
  let axisTicks: [TimeAxis.Tick]
  let folds: [TimeAxis.Fold]
  let labelY: String
  let foldHeight: String
  let foldLabelY: String
  let bottom: String
  /// What the notes say was drawn.
  let note: String

  init(_ monitor: GeofenceMonitor, projection p: MapProjection, axis: TimeAxis, lastFixTime: Int64) {
    let conditions = monitor.conditions
    rings = conditions.map { c in
      let (x, y) = p.point(latitude: c.latitude, longitude: c.longitude)
      let radius = c.monitoredRadius(minimum: monitor.minimumRadius)
      let r = max(radius * p.pixelsPerMetre, 3)
      let monitored = radius > c.radius ? " (monitored as \(NumberText.fixed(radius)) m)" : ""
      return Ring(
        x: NumberText.fixed(x), y: NumberText.fixed(y), r: NumberText.fixed(r),
        labelY: NumberText.fixed(y - r - 4), label: c.identifier,
        title: "\(c.identifier) · radius \(NumberText.fixed(c.radius)) m\(monitored) · assuming \(c.assuming.rawValue)")
    }
    let events = monitor.events.keptWithLast
    func title(_ e: GeofenceEvent) -> String {
      var text =
        "\(e.identifier) → \(e.state.rawValue) · \(NumberText.dateTime(e.time)) UTC · fix \(e.fix) · "
        + "\(NumberText.fixed(e.distance)) m from the centre"
      if let accuracy = e.accuracy { text += " · accuracy \(NumberText.fixed(accuracy)) m" }
      if let crossing = e.crossing {
        text += " · crossed at fix \(crossing.fix), \(NumberText.dateTime(crossing.time)) UTC"
      }
      return text
    }
    points = events.map { e in
      let (x, y) = p.point(latitude: e.latitude, longitude: e.longitude)
      return Mark(x: NumberText.fixed(x), y: NumberText.fixed(y), cls: e.state.rawValue, title: title(e))
    }
    func laneY(_ index: Int) -> Double { Self.top + Double(index) * (Self.laneHeight + Self.laneGap) }
    ticks = events.map { e in
      Mark(
        x: NumberText.fixed(axis.x(e.time)), y: NumberText.fixed(laneY(e.condition) - 3), cls: e.state.rawValue,
        title: title(e))
    }
    // State spans need every event: drawn only when none was decimated.
    let complete = monitor.events.stride == 1
    lanes = conditions.indices.map { index in
      var spans: [Span] = []
      if complete {
        var state = conditions[index].assuming
        var since = axis.start
        func close(_ end: Int64) {
          guard state != .unsatisfied, end > since else { return }
          let x = axis.x(since)
          spans.append(
            Span(
              x: NumberText.fixed(x), width: NumberText.fixed(max(axis.x(end) - x, 0.5)),
              cls: state.rawValue,
              title: "\(conditions[index].identifier) \(state.rawValue) from \(NumberText.dateTime(since)) UTC, "
                + NumberText.duration(seconds: Double(end - since) / 1000)))
        }
        for event in events where event.condition == index {
          close(event.time)
          state = event.state
          since = event.time
        }
        close(lastFixTime)
      }
      let y = laneY(index)
      return Lane(
        label: conditions[index].identifier, y: NumberText.fixed(y),
        labelY: NumberText.fixed(y + Self.laneHeight / 2 + 4), spans: spans)
    }
    let bottom = laneY(conditions.count) + 2
    self.bottom = NumberText.fixed(bottom)
    height = NumberText.fixed(bottom + 24)
    labelY = NumberText.fixed(bottom + 18)
    foldHeight = NumberText.fixed(bottom - 4)
    foldLabelY = NumberText.fixed(bottom / 2)
    left = NumberText.fixed(axis.left)
    right = NumberText.fixed(axis.right)
    laneWidth = NumberText.fixed(axis.right - axis.left)
    axisTicks = axis.ticks()
    folds = axis.folds
    let count = NumberText.grouped(monitor.events.count)
    note =
      "Geofences (\(conditions.count)) and their events (\(count)): "
      + (complete
        ? "all drawn."
        : "events \(DrawingNotes.series(monitor.events, unit: "events")) Lanes are left "
          + "empty: their spans need every event.")
  }

  /// `bounds` grown to hold every condition's circle.
  static func bounds(_ bounds: GeoBounds, holding monitor: GeofenceMonitor) -> GeoBounds {
    var bounds = bounds
    let metresPerDegree = GeoMath.earthRadius * Double.pi / 180
    for c in monitor.conditions {
      let radius = c.monitoredRadius(minimum: monitor.minimumRadius)
      let dLat = radius / metresPerDegree
      let dLon = radius / (metresPerDegree * max(cos(c.latitude * Double.pi / 180), 0.01))
      bounds.include(latitude: c.latitude - dLat, longitude: c.longitude - dLon)
      bounds.include(latitude: c.latitude + dLat, longitude: c.longitude + dLon)
    }
    return bounds
  }
}
