import CalmGeoReplay

/// Everything the report template shows, as ready-made text: the template only places it.
///
/// Stored properties only: Mustache reads them by reflection.
struct ReportPage {
  /// A key number at the top of the page.
  struct Tile {
    let label: String
    let value: String
    let note: String
    /// `good`, `warn`, `bad` or empty.
    let cls: String
  }

  /// The SVG width of every drawing, pixels (the page is laid out for 1 280 px).
  static let width = 1200.0

  let title: String
  let source: String
  let subtitle: String
  let tiles: [Tile]
  let map: MapView
  let timeline: TimelineView
  let uploads: UploadView
  /// The true stops and what the library made of them (absent without metrics).
  let stopsView: StopsView?
  /// The app's geofences, when a geofences file was given.
  let userGeofences: GeofenceView?
  let hasRequests: Bool
  let stats: [StatsTable.Section]
  /// The rate-distortion curve (with the metrics' `efficiency` section).
  let efficiency: EfficiencyView?
  let notes: [String]
  let cursorJSON: String
  let width = NumberText.fixed(Self.width)

  init(
    _ data: ReportCollector, result: ReplayResult, stats: ReplayStats? = nil, geofences monitor: GeofenceMonitor? = nil
  ) {
    let stats = stats ?? ReplayStats(result)
    source = stats.input.file.isEmpty ? "track" : stats.input.file
    title = source.split(separator: "/").last.map(String.init) ?? source
    subtitle = Self.subtitle(stats)
    tiles = Self.tiles(stats)

    let margin = data.geofences.lazy.map(\.radius).filter(\.isFinite).max() ?? 0
    let bounds = monitor.map { GeofenceView.bounds(data.bounds, holding: $0) } ?? data.bounds
    let projection = MapProjection(
      fitting: bounds, margin: margin, width: Self.width, heights: 400...560,
      padding: 28)
    let axis = TimeAxis(
      start: data.startTime ?? 0, end: data.endTime ?? data.startTime ?? 0, gaps: data.longestGaps,
      left: 76, right: Self.width - 76)
    map = MapView(data, projection: projection)
    timeline = TimelineView(data, axis: axis)
    uploads = UploadView(data, axis: axis)
    stopsView = result.metrics.map { StopsView($0.trueStops, axis: axis) }
    hasRequests = data.requests.count > 0
    self.stats = StatsTable(stats).sections
    efficiency = stats.efficiency.flatMap { EfficiencyView($0, width: Self.width) }
    userGeofences = monitor.map {
      GeofenceView($0, projection: projection, axis: axis, lastFixTime: data.lastFixTime ?? axis.start)
    }
    notes = DrawingNotes.notes(data) + (userGeofences.map { [$0.note] } ?? [])
    cursorJSON = CursorData.json(data, projection: projection, axis: axis, width: Self.width)
  }

  /// `CSV · 2024-05-01 07:00:00 → 07:29:00 UTC · seed 1`.
  private static func subtitle(_ stats: ReplayStats) -> String {
    var parts = [stats.input.format.uppercased() + (stats.input.gzip ? " (gzip)" : "")]
    if let first = stats.input.firstFixTime, let last = stats.input.lastFixTime {
      let (from, to) = (first.prefix(19).replacingOccurrences(of: "T", with: " "), last.prefix(19))
      let sameDay = first.prefix(10) == last.prefix(10)
      parts.append("\(from) → \(sameDay ? String(to.dropFirst(11)) : to.replacingOccurrences(of: "T", with: " ")) UTC")
    }
    parts.append("seed \(stats.seed)")
    return parts.joined(separator: " · ")
  }

  /// The battery estimate and its range across the built-in energy profiles.
  private static func batteryTile(_ energy: EnergyStats) -> Tile {
    let rates = (energy.profiles?.all ?? []).compactMap(\.estimate.percentPerHour)
    guard let rate = energy.percentPerHour, let low = rates.min(), let high = rates.max() else {
      return Tile(label: "Battery", value: "—", note: "no %/h for under 5 min of log", cls: "")
    }
    return Tile(
      label: "Battery", value: NumberText.fixed(rate, digits: 2) + " %/h",
      note: "\(NumberText.fixed(low, digits: 2))–\(NumberText.fixed(high, digits: 2)) %/h across "
        + "\(rates.count) phone profiles", cls: "")
  }

  private static func tiles(_ s: ReplayStats) -> [Tile] {
    let g = NumberText.grouped
    let skipped = s.input.skipped.values.reduce(0, +)
    let span = s.engine.secondsListening + s.engine.secondsMonitoring
    let changes = s.engine.motionchangesToMoving + s.engine.motionchangesToStationary
    let failures = s.uploads.failed + s.uploads.timeouts
    var tiles = [
      Tile(
        label: "Fixes", value: g(s.input.fixesUsed),
        note: "\(NumberText.counted(s.input.recordsRead, "record")) read"
          + (skipped > 0 ? " · \(g(skipped)) skipped" : ""),
        cls: skipped > 0 ? "warn" : ""),
      Tile(
        label: "Duration", value: NumberText.duration(seconds: s.input.durationSeconds),
        note: "monitoring \(NumberText.percent(s.engine.secondsMonitoring, of: span)) of the time", cls: ""),
      Tile(
        label: "Emitted", value: g(s.engine.emitted),
        note: "\(NumberText.percent(Double(s.engine.emitted), of: Double(s.input.fixesUsed))) of fixes kept", cls: ""),
      Tile(
        label: "Motionchanges", value: g(changes),
        note: "\(g(s.engine.motionchangesToMoving)) → moving · \(g(s.engine.motionchangesToStationary)) → still · "
          + NumberText.counted(s.engine.geofenceExits, "exit"), cls: ""),
      Tile(
        label: "Requests", value: g(s.uploads.requests),
        note: "\(g(s.uploads.ok)) ok · \(g(s.uploads.failed)) failed · \(g(s.uploads.timeouts)) timed out",
        cls: failures > 0 ? "warn" : ""),
      Tile(
        label: "Uploaded", value: g(s.uploads.recordsUploaded),
        note: "\(g(s.storage.storedAtEnd)) still stored · \(g(s.storage.expiredLost)) expired", cls: ""),
      Tile(
        label: "Accounting", value: s.accounting.balanced ? "balanced" : "unbalanced",
        note: "emitted = uploaded + stored + expired", cls: s.accounting.balanced ? "good" : "bad"),
    ]
    if let energy = s.energy { tiles.append(Self.batteryTile(energy)) }
    if let p = s.platform {
      // The platform model: what the app never saw, and what that did to the stops.
      let stops = s.stops.map { " · stops \($0.detected)/\($0.trueStops) detected" } ?? ""
      tiles.insert(
        Tile(
          label: "Withheld", value: g(p.withheld),
          note: "\(g(p.stationary)) stationary (\(NumberText.counted(p.pauses, "pause"))) · "
            + "\(g(p.accuracy)) accuracy · \(g(p.rate)) rate" + stops, cls: "warn"), at: 1)
    }
    return tiles
  }
}
