/// Streams a track as GeoJSON (RFC 7946): a FeatureCollection with the track as one
/// `LineString` feature (properties: name, source, points, first and last time), then,
/// for the emitted track, one `Point` feature per motionchange (`isMoving`, `time`).
///
/// Coordinates are `[longitude, latitude]` (RFC 7946 order). GeoJSON has no per-vertex
/// time; the GPX export carries one. The line streams through `sink`: only the
/// motionchanges (few) are held until the end, so memory stays flat.
public struct GeoJSONTrackExporter: ReplayObserver {
  private var json = JSONBytes(reservingCapacity: 1 << 16)
  private var motionChanges: [CalmGeoLocation] = []
  private var count = 0
  private var firstTime: Int64?
  private var lastTime: Int64 = 0
  private let source: TrackExportSource
  private let name: String
  private let sink: ([UInt8]) -> Void

  /// An exporter of `source` points; `name` goes in the line's properties.
  public init(source: TrackExportSource, name: String, sink: @escaping ([UInt8]) -> Void) {
    self.source = source
    self.name = name
    self.sink = sink
    json.raw("{\"type\":\"FeatureCollection\",\"features\":[\n")
    json.raw("{\"type\":\"Feature\",\"geometry\":{\"type\":\"LineString\",\"coordinates\":[")
  }

  public mutating func replayDidDecide(_ fix: Fix, _ decision: FixDecision) {
    if source == .raw { vertex(fix) }
  }

  public mutating func replayDidEmit(_ location: CalmGeoLocation) {
    guard source == .emitted else { return }
    vertex(location.fix)
    if location.event == .motionchange { motionChanges.append(location) }
  }

  public mutating func replayDidEnd(at time: Int64) {
    json.raw("]},\"properties\":{\"name\":")
    json.string(name)
    json.raw(",\"source\":")
    json.string(source.rawValue)
    json.raw(",\"points\":")
    json.int(count)
    if let firstTime {
      json.raw(",\"firstTime\":")
      json.string(UTCTime.iso8601(firstTime))
      json.raw(",\"lastTime\":")
      json.string(UTCTime.iso8601(lastTime))
    }
    json.raw("}}")
    for location in motionChanges {
      json.raw(",\n{\"type\":\"Feature\",\"geometry\":{\"type\":\"Point\",\"coordinates\":[")
      json.double(location.fix.longitude)
      json.raw(",")
      json.double(location.fix.latitude)
      json.raw("]},\"properties\":{\"event\":\"motionchange\",\"isMoving\":")
      json.bool(location.isMoving)
      json.raw(",\"time\":")
      json.string(UTCTime.iso8601(location.time))
      json.raw("}}")
    }
    json.raw("\n]}\n")
    sink(json.bytes)
    json.bytes.removeAll()
  }

  private mutating func vertex(_ fix: Fix) {
    if count > 0 { json.raw(",") }
    count += 1
    if firstTime == nil { firstTime = fix.time }
    lastTime = fix.time
    json.raw("[")
    json.double(fix.longitude)
    json.raw(",")
    json.double(fix.latitude)
    json.raw("]")
    if json.bytes.count >= 1 << 16 {
      sink(json.bytes)
      json.bytes.removeAll(keepingCapacity: true)
    }
  }
}

extension GeoJSONTrackExporter {
  /// It reads no decision's distance: the state machine may settle its comparisons without one.
  public var wantsDecisionDistances: Bool { false }
}
