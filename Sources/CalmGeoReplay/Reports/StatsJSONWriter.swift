/// Renders `stats.json`: input, engine, storage, uploads and the closing accounting.
public enum StatsJSONWriter {
  public static func render(_ report: ReplayReport) -> String {
    let d = report.diagnostics
    let m = report.result.machine
    let u = report.result.uploads
    let span = (report.result.lastFixTime ?? 0) - (report.result.firstFixTime ?? 0)
    let input: OrderedJSON = .object([
      ("file", .string(report.track)),
      ("format", .string(report.format.rawValue)),
      ("gzip", .bool(report.gzipped)),
      ("recordsRead", .int(d.recordsRead)),
      ("fixesParsed", .int(d.fixesParsed)),
      ("fixesUsed", .int(report.fixesUsed)),
      ("skipped", .counts(d.skipped)),
      ("ignored", .counts(d.ignored)),
      ("estimated", .counts(d.estimated)),
      ("firstFixTime", report.result.firstFixTime.map { .string(UTCTime.iso8601($0)) } ?? .null),
      ("lastFixTime", report.result.lastFixTime.map { .string(UTCTime.iso8601($0)) } ?? .null),
      ("durationSeconds", .double(Double(span) / 1000)),
    ])
    let engine: OrderedJSON = .object([
      ("emitted", .int(report.result.emitted)),
      ("keptRatio", .double(report.fixesUsed == 0 ? 0 : (Double(report.result.emitted) / Double(report.fixesUsed) * 1e6).rounded() / 1e6)),
      ("filtered", .int(m.filtered)),
      ("motionchangesToMoving", .int(m.motionChangesToMoving)),
      ("motionchangesToStationary", .int(m.motionChangesToStationary)),
      ("geofenceExits", .int(m.geofenceExits)),
      ("fixesWhileMonitoring", .int(m.fixesWhileMonitoring)),
      ("secondsListening", .double(Double(m.millisListening) / 1000)),
      ("secondsMonitoring", .double(Double(m.millisMonitoring) / 1000)),
    ])
    let storage: OrderedJSON = .object([
      ("stored", .int(u.stored)),
      ("maxStored", .int(u.maxStored)),
      ("storedAtEnd", .int(u.storedAtEnd)),
      ("expiredLost", .int(u.expired)),
    ])
    let uploads: OrderedJSON = .object([
      ("requests", .int(u.requests)),
      ("ok", .int(u.succeeded)),
      ("failed", .int(u.failed)),
      ("timeouts", .int(u.timeouts)),
      ("eventSyncs", .int(u.eventSyncs)),
      ("thresholdSyncs", .int(u.thresholdSyncs)),
      ("manualSyncs", .int(u.manualSyncs)),
      ("recordsSent", .int(u.recordsSent)),
      ("recordsUploaded", .int(u.recordsDelivered)),
      ("duplicatesSent", .int(u.duplicatesSent)),
      ("duplicatesDelivered", .int(u.duplicatesDelivered)),
      ("bytesSent", .int(u.bytesSent)),
    ])
    let accounting: OrderedJSON = .object([
      ("emitted", .int(report.result.emitted)),
      ("uploadedOnce", .int(u.recordsDelivered)),
      ("stillStored", .int(u.storedAtEnd)),
      ("expired", .int(u.expired)),
      ("balanced", .bool(u.isBalanced && u.stored == report.result.emitted)),
    ])
    return OrderedJSON.object([
      ("input", input), ("engine", engine), ("storage", storage), ("uploads", uploads), ("accounting", accounting),
      ("seed", .int(Int(truncatingIfNeeded: report.configuration.replay.seed))),
    ]).rendered()
  }
}
