/// Streams a track as GPX 1.1: one `trk` with one `trkseg`, a `trkpt` per point with
/// `time`, `ele`, and CalmGeo's state (`isMoving`, `motionchange`) as a `type`/`desc`.
///
/// An observer that only formats; full buffers go to `sink`, so memory stays flat.
public struct GPXTrackExporter: ReplayObserver {
  private var text = JSONBytes(reservingCapacity: 1 << 16, escapesSlashes: false)
  private let source: TrackExportSource
  private let sink: ([UInt8]) -> Void
  private var started = false

  /// An exporter of `source` points named `name` in the file.
  public init(source: TrackExportSource, name: String, sink: @escaping ([UInt8]) -> Void) {
    self.source = source
    self.sink = sink
    text.raw("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n")
    text.raw("<gpx version=\"1.1\" creator=\"calmgeo-replay\" xmlns=\"http://www.topografix.com/GPX/1/1\">\n")
    text.raw("<trk><name>")
    Self.escaped(name, into: &text)
    text.raw(source == .emitted ? " (emitted)" : " (raw)")
    text.raw("</name><trkseg>\n")
  }

  public mutating func replayDidDecide(_ fix: Fix, _ decision: FixDecision) {
    guard source == .raw else { return }
    point(fix, description: nil)
  }

  public mutating func replayDidEmit(_ location: CalmGeoLocation) {
    guard source == .emitted else { return }
    let state = location.isMoving ? "moving" : "still"
    point(location.fix, description: location.event == .motionchange ? "motionchange " + state : state)
  }

  public mutating func replayDidEnd(at time: Int64) {
    text.raw("</trkseg></trk>\n</gpx>\n")
    flush()
  }

  private mutating func point(_ fix: Fix, description: String?) {
    text.raw("<trkpt lat=\"")
    text.double(fix.latitude)
    text.raw("\" lon=\"")
    text.double(fix.longitude)
    text.raw("\">")
    if let altitude = fix.altitude {
      text.raw("<ele>")
      text.double(altitude)
      text.raw("</ele>")
    }
    text.raw("<time>")
    text.iso8601(fix.time)
    text.raw("</time>")
    if let description {
      text.raw("<desc>")
      text.bytes.append(contentsOf: description.utf8)
      text.raw("</desc>")
    }
    text.raw("</trkpt>\n")
    if text.bytes.count >= 1 << 16 { flush() }
  }

  private mutating func flush() {
    guard !text.bytes.isEmpty else { return }
    sink(text.bytes)
    text.bytes.removeAll(keepingCapacity: true)
  }

  static func escaped(_ value: String, into text: inout JSONBytes) {
    for scalar in value.unicodeScalars {
      switch scalar {
      case "&": text.raw("&amp;")
      case "<": text.raw("&lt;")
      case ">": text.raw("&gt;")
      case "\"": text.raw("&quot;")
      default: text.bytes.append(contentsOf: String(scalar).utf8)
      }
    }
  }
}

extension GPXTrackExporter {
  /// It reads no decision's distance: the state machine may settle its comparisons without one.
  public var wantsDecisionDistances: Bool { false }
}
