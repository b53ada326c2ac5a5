import CalmGeoReplay

/// The compact JSON the page's script reads for its cursor: the drawn raw track as flat
/// `[seconds, x, y, speed, kind, distance, threshold, judge, refAge, …]` nonuples (seconds
/// after `t0`, map pixels, m/s or -1, `FixDecision.Kind` raw value, metres or -1, seconds
/// or -1; `kinds` gives each kind's label), the monitoring, moving and stopped intervals as
/// flat `[start, end, …]` seconds, and the
/// numbers that turn a timeline pixel into a time (`axis`: the time axis's breakpoints
/// as flat `[seconds, pixel, …]`) and a map pixel into degrees.
enum CursorData {
  /// Numbers per drawn fix in `track`.
  static let stride = 9

  static func json(_ data: ReportCollector, projection p: MapProjection, axis: TimeAxis, width: Double) -> String {
    func seconds(_ time: Int64) -> String { NumberText.fixed(Double(time - axis.start) / 1000, digits: 3) }
    var track: [String] = []
    for sample in data.track.keptWithLast {
      let (x, y) = p.point(latitude: sample.latitude, longitude: sample.longitude)
      track.append(seconds(sample.time))
      track.append(NumberText.fixed(x))
      track.append(NumberText.fixed(y))
      track.append(sample.speed < 0 ? "-1" : NumberText.fixed(Double(sample.speed)))
      track.append(String(sample.kind.rawValue))
      for metres in [sample.distance, sample.threshold, sample.judge] {
        track.append(metres.isFinite ? NumberText.fixed(Double(metres)) : "-1")
      }
      track.append(sample.refAge < 0 ? "-1" : NumberText.fixed(Double(sample.refAge) / 1000, digits: 1))
    }
    func spans(_ spans: [ReportCollector.TimeSpan]) -> String {
      spans.map { seconds($0.start) + "," + seconds($0.end) }.joined(separator: ",")
    }
    let (ky, kx) = p.pixelsPerDegree
    let fields = [
      "\"t0\":\(axis.start)", "\"span\":\(seconds(axis.end))",
      "\"axis\":[\(zip(axis.times, axis.pixels).map { seconds($0) + "," + NumberText.fixed($1) }.joined(separator: ","))]",
      "\"w\":\(NumberText.fixed(width))",
      "\"lat0\":\(NumberText.fixed(p.centreLatitude, digits: 7))",
      "\"lon0\":\(NumberText.fixed(p.centreLongitude, digits: 7))",
      "\"cx\":\(NumberText.fixed(p.width / 2))", "\"cy\":\(NumberText.fixed(p.height / 2))",
      "\"ppm\":\(NumberText.fixed(p.pixelsPerMetre, digits: 6))", "\"h\":\(NumberText.fixed(p.height))",
      "\"ky\":\(NumberText.fixed(ky, digits: 3))", "\"kx\":\(NumberText.fixed(kx, digits: 3))",
      "\"track\":[\(track.joined(separator: ","))]",
      "\"monitoring\":[\(spans(data.monitoring))]", "\"moving\":[\(spans(data.moving))]",
      "\"stopped\":[\(spans(data.stopped))]", "\"stride\":\(Self.stride)",
      "\"kinds\":[\(FixDecision.Kind.allCases.map { "\"\($0.label)\"" }.joined(separator: ","))]",
    ]
    return "{" + fields.joined(separator: ",") + "}"
  }
}
