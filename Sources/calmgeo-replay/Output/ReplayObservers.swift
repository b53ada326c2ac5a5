import CalmGeoReplay

/// The observers of one replay's output folder: the file writer, plus the trace and
/// exports that were asked for, each streaming into its own file.
struct ReplayObservers {
  /// What the engine reports to.
  var observer: ObserverPair<OutputWriter, ObserverList>
  private var sinks: [FileSink] = []

  init(folder: OutputFolder, ndjson: Bool, options: ReportOptions, trackName: String) throws {
    var extras: [any ReplayObserver] = []
    var sinks: [FileSink] = []
    func file(_ name: String) throws -> ([UInt8]) -> Void {
      let sink = try FileSink(path: folder.path(name))
      sinks.append(sink)
      return sink.sink
    }
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
    self.sinks = sinks
    observer = ObserverPair(try OutputWriter(folder: folder, ndjson: ndjson), ObserverList(extras))
  }

  /// Closes every stream and writes `stats.json`.
  mutating func finish(stats: String) throws {
    try observer.first.finish(stats: stats)
    for sink in sinks { try sink.close() }
  }
}
