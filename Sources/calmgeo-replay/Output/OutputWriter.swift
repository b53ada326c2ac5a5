import CalmGeoReplay

/// Writes a replay's outputs as they happen: `locations.json` streamed, each request
/// body to `uploads/NNNNNN.json`, and the request log one line per request as it
/// completes, so memory does not grow with the run. With `ndjson` (for huge runs),
/// `locations.ndjson` and all bodies in `uploads/bodies.ndjson`, one a line: creating
/// tens of thousands of small files is what slows such runs down.
struct OutputWriter: ReplayObserver {
  let folder: OutputFolder
  let ndjson: Bool
  private let locations: BufferedFile
  private let requestLog: BufferedFile
  /// `uploads/bodies.ndjson` with `ndjson`.
  private let bodies: BufferedFile?
  private var count = 0
  /// The tail of a record with an activity, an event or a call, reused from record to record.
  private var tail = JSONBytes(reservingCapacity: 128)
  /// The last record's date text: the calendar is worked out once a day, not per record.
  private var days = ISO8601Days()
  /// The first write error; reported after the replay (observers cannot throw).
  private(set) var failure: (any Error)?

  init(folder: OutputFolder, ndjson: Bool) throws {
    self.folder = folder
    self.ndjson = ndjson
    locations = try BufferedFile(creating: folder.path(ndjson ? "locations.ndjson" : "locations.json"))
    if !ndjson { try locations.write("[") }
    requestLog = try BufferedFile(creating: folder.path("uploads/requests.ndjson"))
    bodies = ndjson ? try BufferedFile(creating: folder.path("uploads/" + UploadFileNames.sharedBodies)) : nil
  }

  /// A location the app's listener receives (one emitted while no listener is registered
  /// is stored and uploaded, but not written here). One produced by an app call carries
  /// `"call"` after the library's keys.
  mutating func replayDidEmit(_ location: CalmGeoLocation) {
    guard location.isHeard, failure == nil else { return }
    let separator: StaticString = ndjson ? "" : count == 0 ? "\n" : ",\n"
    let plain = !CalmGeoJSONWriter.hasTail(location) && location.call == nil
    let ndjson = ndjson
    count += 1
    do {
      // The record written straight into the file's buffer: its head and coords, and for
      // most records the closing brace (and line end).
      try locations.append(atMost: CalmGeoJSONWriter.headCapacity + 4) { out in
        var written = separator.utf8CodeUnitCount
        out.update(from: separator.utf8Start, count: written)
        written += CalmGeoJSONWriter.writeHead(location, into: out + written, days: &days)
        if plain {
          out[written] = 0x7D  // }
          written += 1
          if ndjson {
            out[written] = 0x0A
            written += 1
          }
        }
        return written
      }
      guard !plain else { return }
      tail.bytes.removeAll(keepingCapacity: true)
      CalmGeoJSONWriter.writeTail(location, into: &tail)
      if let call = location.call {
        tail.raw(",")
        tail.key("call")
        tail.string(call.rawValue)
      }
      tail.raw("}")
      if ndjson { tail.raw("\n") }
      try locations.write(tail.bytes)
    } catch {
      failure = error
    }
  }

  mutating func replayDidSend(_ request: UploadRequest, body: [UInt8]) {
    let folder = folder
    if let bodies {
      attempt {
        try bodies.write(body)
        try bodies.write(CollectionOfOne(UInt8(ascii: "\n")))
      }
    } else {
      attempt { try folder.write("uploads/" + UploadFileNames.body(request.sequence), body) }
    }
  }

  mutating func replayDidComplete(_ request: UploadRequest) {
    let log = requestLog
    // Bodies are written in send order, so request N's body is line N of the shared file.
    let body = bodies == nil ? nil : "\(UploadFileNames.sharedBodies):\(request.sequence)"
    attempt { try log.write(RequestLogWriter.line(request, body: body)) }
  }

  /// Closes the streams and writes the request log and `stats.json`.
  mutating func finish(stats: String) throws {
    if let failure { throw failure }
    if !ndjson { try locations.write(count == 0 ? "]\n" : "\n]\n") }
    try locations.close()
    try requestLog.close()
    try bodies?.close()
    try folder.write("stats.json", Array(stats.utf8))
  }

  private mutating func attempt(_ body: () throws -> Void) {
    guard failure == nil else { return }
    do { try body() } catch { failure = error }
  }
}

extension OutputWriter {
  /// It reads no decision's distance: the state machine may settle its comparisons without one.
  var wantsDecisionDistances: Bool { false }
}
