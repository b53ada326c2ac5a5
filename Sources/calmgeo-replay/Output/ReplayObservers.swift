import CalmGeoReplay
import CalmGeoReport

/// The observers of one replay's output folder: the file writer, plus the call log
/// (with a scenario), trace, exports and report collector that were asked for, each
/// streaming into its own file.
///
/// Without any of them the writer observes alone (an empty list), so the outputs are
/// exactly those of a plain run. With geofences, a `GeofenceMonitor` streams
/// `geofences.ndjson` and its stats join `stats.json`. With metrics, `stops.ndjson` lists
/// the true stops and starts.
struct ReplayObservers {
  /// What the engine reports to: the writer, then the optional observers. One list of Core's
  /// type, so the engine's per-fix loop is the copy specialized for it
  /// (`ReplayEngine.process(contentsOf:)`); the writer is always its first entry.
  typealias Observer = ObserverList
  var observer: Observer
  private var sinks: [FileSink] = []
  private let folder: OutputFolder
  private let reportFormats: [ReportFormat]

  init(
    folder: OutputFolder, ndjson: Bool, options: ReportOptions, reportFormats: [ReportFormat], trackName: String,
    geofences: [GeofenceCondition] = [], settings: ReplaySettings = ReplaySettings(), calls: Bool = false
  ) throws {
    var extras: [any ReplayObserver] = []
    var sinks: [FileSink] = []
    func file(_ name: String) throws -> ([UInt8]) -> Void {
      let sink = try FileSink(path: folder.path(name))
      sinks.append(sink)
      return sink.sink
    }
    if calls { extras.append(CallLogRecorder(sink: try file("calls.ndjson"))) }
    if options.trace { extras.append(TraceRecorder(sink: try file("trace.ndjson"))) }
    let sources: [TrackExportSource] = options.exportRaw ? [.emitted, .raw] : [.emitted]
    for format in try options.exportFormats() {
      for source in sources {
        let sink = try file("\(source.rawValue).\(format.fileExtension)")
        switch format {
        case .gpx: extras.append(GPXTrackExporter(source: source, name: trackName, sink: sink))
        case .geojson: extras.append(GeoJSONTrackExporter(source: source, name: trackName, sink: sink))
        }
      }
    }
    if !geofences.isEmpty {
      extras.append(GeofenceMonitor(conditions: geofences, settings: settings, sink: try file("geofences.ndjson")))
    }
    if !reportFormats.isEmpty { extras.append(ReportCollector()) }
    self.sinks = sinks
    self.folder = folder
    self.reportFormats = reportFormats
    observer = ObserverList([try OutputWriter(folder: folder, ndjson: ndjson)] + extras)
  }

  /// The observers that write sections of `stats.json` (`GeofenceMonitor`).
  var statsContributors: [any StatsContributing] { observer.statsContributors }

  /// Closes every stream, writes `stats.json` and then each report asked for (once,
  /// however often it was named).
  mutating func finish(result: ReplayResult, stats: ReplayStats) throws {
    // The writer's files are objects: finishing the list's copy of it closes them.
    guard var writer = observer.first(OutputWriter.self) else { preconditionFailure("the writer is always listed") }
    try writer.finish(stats: StatsJSONWriter.render(stats))
    for sink in sinks { try sink.close() }
    if let stops = result.metrics?.trueStops { try folder.write("stops.ndjson", StopsNDJSONWriter.render(stops)) }
    guard let collector = observer.first(ReportCollector.self) else { return }
    for format in ReportFormat.allCases where reportFormats.contains(format) {
      switch format {
      case .html:
        let page = try HTMLReport.render(
          collector, result: result, stats: stats, geofences: observer.first(GeofenceMonitor.self))
        try folder.write(format.fileName, Array(page.utf8))
      }
    }
  }
}
