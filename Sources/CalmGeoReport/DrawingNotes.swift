import CalmGeoReplay

/// The page's statement of what was drawn and how each series was decimated, e.g.
/// "Raw track: 1 000 000 fixes, drawn: every 256th and the last, 3 907 points."
enum DrawingNotes {
  static func notes(_ data: ReportCollector) -> [String] {
    let emittedTotal = data.emittedCount
    let motionChanges = NumberText.grouped(data.motionChanges.count)
    return [
      "Raw track, speed and judge: \(series(data.track, unit: "fixes"))",
      "Emitted points: \(NumberText.grouped(emittedTotal)); all \(motionChanges) motionchanges drawn; "
        + "the others \(data.emitted.stride == 1 ? "all drawn" : decimated(data.emitted)).",
      "Requests: \(series(data.requests, unit: "requests"))",
      "Storage queue: \(series(data.queue, unit: "changes"))"
        + (data.queue.stride == 1 ? "" : " Each drawn step shows the most records held within it."),
      "Geofences (\(NumberText.grouped(data.geofences.count))), monitoring intervals "
        + "(\(NumberText.grouped(data.monitoring.count))) and moving intervals "
        + "(\(NumberText.grouped(data.moving.count))): all drawn.",
      // explain: what the readout, the gaps and the call markers mean (issue 24).
      "Cursor readout: the rule that decided the drawn fix at or before the cursor, its distance, the threshold "
        + "that distance was compared with (the still rule compares with distanceFilter, not the judge) and ref's age.",
      "Gaps in the log (no fixes for over a minute and over 10 times the mean interval between fixes) are shaded "
        + "and the speed and judge lines break there; app calls: \(NumberText.grouped(data.calls.count)) drawn"
        + (data.callsDropped > 0 ? ", \(NumberText.grouped(data.callsDropped)) more not drawn." : "."),
      "Decimation keeps every k-th element of a series, starting with the first, plus the last, where k is "
        + "the smallest power of two that leaves at most \(NumberText.grouped(data.track.capacity)) points. "
        + "It only thins what is drawn; every number in the tables counts all fixes.",
    ]
  }

  /// `1 740 fixes, all drawn.` or `1 000 000 fixes, drawn: every 256th and the last, 3 907 points.`
  static func series<Element>(_ series: StrideDecimator<Element>, unit: String) -> String {
    let total = "\(NumberText.grouped(series.count)) \(unit)"
    return series.stride == 1 ? "\(total), all drawn." : "\(total), \(decimated(series))."
  }

  private static func decimated<Element>(_ series: StrideDecimator<Element>) -> String {
    let points = series.kept.count + (series.lastIsExtra ? 1 : 0)
    return "drawn: every \(NumberText.ordinal(series.stride))\(series.lastIsExtra ? " and the last" : ""), "
      + "\(NumberText.grouped(points)) points"
  }
}
