import CalmGeoReplay

/// The map's drawing, in pixels of a `width` × `height` SVG: the raw track, emitted
/// points, motionchanges, geofences, a metric grid and a scale bar.
struct MapView {
  /// A point mark: position, CSS class and hover text.
  struct Dot {
    let x: String
    let y: String
    let cls: String
    let title: String
  }

  /// A circle with a radius in pixels.
  struct Ring {
    let x: String
    let y: String
    let r: String
    let title: String
  }

  /// A grid line.
  struct Line {
    let x1: String
    let y1: String
    let x2: String
    let y2: String
  }

  let width: String
  let height: String
  /// `x,y x,y …` for the raw track's polyline.
  let trackPoints: String
  let emitted: [Dot]
  /// Smaller dots when many are drawn, so that the raw track stays visible between them.
  let dotRadius: String
  /// Motionchanges to still and to moving: drawn in that order, the still rings larger,
  /// so that both of a stop's motionchanges (often at one place) show.
  let stillChanges: [Dot]
  let movingChanges: [Dot]
  /// The rings' radii and CSS class: smaller and thinner (`crowded`) when there are
  /// hundreds, so the track stays readable.
  let stillRadius: String
  let movingRadius: String
  let changesClass: String
  let geofences: [Ring]
  let start: Dot?
  let end: Dot?
  let grid: [Line]
  let scaleBarX: String
  let scaleBarY: String
  let scaleBarLength: String
  /// The scale bar's backing box width (the bar plus 10 px each side).
  let scaleBarBox: String
  let scaleBarLabel: String

  init(_ data: ReportCollector, projection p: MapProjection) {
    func dot(_ latitude: Double, _ longitude: Double, cls: String, title: String) -> Dot {
      let (x, y) = p.point(latitude: latitude, longitude: longitude)
      return Dot(x: NumberText.fixed(x), y: NumberText.fixed(y), cls: cls, title: title)
    }
    width = NumberText.fixed(p.width)
    height = NumberText.fixed(p.height)
    trackPoints = data.track.keptWithLast.map { sample in
      let (x, y) = p.point(latitude: sample.latitude, longitude: sample.longitude)
      return NumberText.fixed(x) + "," + NumberText.fixed(y)
    }.joined(separator: " ")
    emitted = data.emitted.keptWithLast.map {
      dot($0.latitude, $0.longitude, cls: $0.isMoving ? "moving" : "still", title: NumberText.dateTime($0.time))
    }
    dotRadius = emitted.count > 1_000 ? "1.6" : "2.4"
    func change(_ sample: ReportCollector.EmitSample) -> Dot {
      dot(
        sample.latitude, sample.longitude, cls: sample.isMoving ? "mc-moving" : "mc-still",
        title: "motionchange → \(sample.isMoving ? "moving" : "still") · \(NumberText.dateTime(sample.time)) UTC")
    }
    stillChanges = data.motionChanges.filter { !$0.isMoving }.map(change)
    movingChanges = data.motionChanges.filter(\.isMoving).map(change)
    let crowded = data.motionChanges.count > 200
    (stillRadius, movingRadius, changesClass) = crowded ? ("4.5", "2.5", "crowded") : ("8.5", "5", "")
    geofences = data.geofences.compactMap { fence in
      guard fence.radius.isFinite else { return nil }
      let (x, y) = p.point(latitude: fence.latitude, longitude: fence.longitude)
      let r = NumberText.fixed(max(fence.radius * p.pixelsPerMetre, 2))
      return Ring(
        x: NumberText.fixed(x), y: NumberText.fixed(y), r: r,
        title: "geofence \(NumberText.fixed(fence.radius)) m · from \(NumberText.dateTime(fence.time)) UTC")
    }
    let first = data.track.kept.first
    let last = data.track.last
    start = first.map {
      dot($0.latitude, $0.longitude, cls: "start", title: "start · \(NumberText.dateTime($0.time)) UTC")
    }
    end = last.map { dot($0.latitude, $0.longitude, cls: "end", title: "end · \(NumberText.dateTime($0.time)) UTC") }

    // A scale bar of a round length near a sixth of the width; grid lines at that spacing.
    let metres = Self.roundDistance(below: p.width / 6 / p.pixelsPerMetre)
    let length = metres * p.pixelsPerMetre
    scaleBarX = NumberText.fixed(p.width - 24 - length)
    scaleBarY = NumberText.fixed(p.height - 22)
    scaleBarLength = NumberText.fixed(length)
    scaleBarBox = NumberText.fixed(length + 20)
    scaleBarLabel = NumberText.distance(metres: metres)
    var grid: [Line] = []
    let (cx, cy) = (p.width / 2, p.height / 2)
    let columns = Int(cx / length) + 1
    let rows = Int(cy / length) + 1
    for i in -columns...columns {
      let x = NumberText.fixed(cx + Double(i) * length)
      grid.append(Line(x1: x, y1: "0", x2: x, y2: height))
    }
    for i in -rows...rows {
      let y = NumberText.fixed(cy + Double(i) * length)
      grid.append(Line(x1: "0", y1: y, x2: width, y2: y))
    }
    self.grid = grid
  }

  /// The largest 1, 2 or 5 × 10ⁿ metres not above `limit`.
  static func roundDistance(below limit: Double) -> Double {
    var unit = 1.0
    while unit * 10 <= limit { unit *= 10 }
    for factor in [5.0, 2.0, 1.0] where unit * factor <= limit { return unit * factor }
    return unit
  }
}
