/// Renders the short human summary printed after a replay.
public enum SummaryWriter {
  /// The summary of `r`; its energy line reads `stats` (the one definition of that number).
  public static func render(_ r: ReplayResult, stats: ReplayStats, outputFolder: String) -> String {
    let d = r.input?.diagnostics ?? InputDiagnostics()
    let u = r.uploads
    let input = r.input
    var rows: [(String, String)] = [
      ("input", "\(input?.name ?? "-") (\(input?.format.rawValue ?? "-")\(input?.gzipped == true ? ", gzip" : ""))"),
      ("fixes", RecordCountLine.render(used: r.fixesUsed, d)),
      (
        "emitted",
        "\(count(r.emitted, "location")), "
          + "\(count(r.machine.motionChangesToMoving + r.machine.motionChangesToStationary, "motionchange")) "
          + "(\(motionChangeKinds(r.machine)))"
      ),
      ("decisions", r.decisions.line),
      ("time", "\(seconds(r.machine.millisListening)) listening, \(seconds(r.machine.millisMonitoring)) monitoring"),
    ]
    if let model = r.configuration?.replay.model, model != .calmgeo { rows.insert(("model", model.rawValue), at: 1) }
    if let p = r.platform {
      rows.append(
        (
          "platform",
          "\(p.total) \(p.total == 1 ? "fix" : "fixes") withheld (\(p.stationary) stationary in "
            + "\(count(p.pauses, "pause")), \(p.accuracy) accuracy, \(p.rate) rate)"
        ))
    }
    if u.requests > 0 || r.configuration?.calmGeo.url != nil {
      rows.append(
        (
          "uploads",
          "\(count(u.requests, "request")) (\(u.succeeded) ok, \(u.failed) failed, "
            + "\(count(u.timeouts, "timeout"))), \(u.bytesSent) bytes"
        ))
      rows.append(
        (
          "records",
          "\(u.recordsDelivered) uploaded, \(count(u.duplicatesSent, "duplicate")) sent, "
            + "\(u.storedAtEnd) still stored, \(u.expired) expired"
        ))
    }
    if let fidelity = r.metrics?.fidelity {
      rows.append(
        (
          "fidelity",
          "SED p95 \(CrossTrackSummary.number(fidelity.sed.p95, 1)) m, PED p95 "
            + "\(CrossTrackSummary.number(fidelity.ped.p95, 1)) m, Hausdorff \(CrossTrackSummary.number(fidelity.hausdorff, 1)) m, "
            + "\(CrossTrackSummary.number(fidelity.lengthLossPercent, 1)) % length lost"
        ))
    }
    if let stops = r.metrics?.stops {
      rows.append(("stops", stopsLine(stops)))
    }
    if let efficiency = stats.efficiency { rows.append(("efficiency", efficiency.summaryLine)) }
    if let delivery = stats.delivery {
      rows.append(("delivery", DeliveryLine.render(delivery)))
    }
    if let energy = stats.energy {
      rows.append(("energy", EnergyLine.render(energy)))
    }
    if let geofences = stats.geofences {
      rows.append(("geofences", geofencesLine(geofences)))
    }
    if let calls = r.calls {
      rows.append(
        (
          "calls",
          calls.isEmpty
            ? "none"
            : calls.sorted { $0.key < $1.key }.map { "\($0.key.rawValue) \($0.value)" }
              .joined(separator: ", ")
        ))
    }
    if let library = stats.library { rows.append(("library", library.summaryLine)) }
    rows.append(
      (
        "accounting",
        "\(r.emitted) emitted = \(u.recordsDelivered) uploaded + \(u.storedAtEnd) stored + \(u.expired) expired"
          + (r.calls == nil ? "" : " + \(u.cleared) cleared") + (u.isBalanced ? "" : "  (UNBALANCED)")
      ))
    rows.append(("output", outputFolder))
    let width = rows.map(\.0.count).max() ?? 0
    return rows.map { $0.0 + String(repeating: " ", count: width - $0.0.count) + "  " + $0.1 }.joined(separator: "\n")
      + "\n"
  }

  /// The motionchanges by kind, adding up to their total: the first fix's one-shot
  /// (the library starts stationary, so the first emission is one), stops, geofence
  /// exits, and moving again while still listening (a kept fix after a stop).
  static func motionChangeKinds(_ m: TrackingStateMachine.Counters) -> String {
    let moving = m.motionChangesToMoving - m.geofenceExits
    let first = min(moving, 1)
    var kinds = [
      "\(first) first fix", count(m.motionChangesToStationary, "stop"), count(m.geofenceExits, "geofence exit"),
    ]
    if moving - first > 0 { kinds.append("\(moving - first) moving again") }
    return kinds.joined(separator: ", ")
  }

  /// `1/1 detected, delay p95 80 s, 0 false; starts 1/1, 0 m lost p95` (fits 80 columns).
  static func stopsLine(_ stops: StopStats) -> String {
    guard stops.trueStops > 0 else {
      return "no true stop in the log" + (stops.falseStops > 0 ? ", \(count(stops.falseStops, "false stop"))" : "")
    }
    var line = "\(stops.detected)/\(stops.trueStops) detected"
    if stops.covered > 0 { line += ", \(stops.covered) covered" }
    if stops.stopDelaySeconds.count > 0 {
      line += ", delay p95 \(CrossTrackSummary.number(stops.stopDelaySeconds.p95, 0)) s"
    }
    line += ", \(stops.falseStops) false"
    if stops.starts > 0 {
      line += "; starts \(stops.startsDetected)/\(stops.starts)"
      if stops.startsCovered > 0 { line += " (\(stops.startsCovered) covered)" }
      if stops.startDistanceLostMetres.count > 0 {
        line += ", \(CrossTrackSummary.number(stops.startDistanceLostMetres.p95, 0)) m lost p95"
      }
    }
    return line
  }

  /// `home 1 entry, 1 exit, 7m05s inside; office 1 entry, 0 exits, 9m00s inside`.
  static func geofencesLine(_ geofences: GeofenceStats) -> String {
    geofences.conditions.map { c in
      var text = "\(c.identifier) \(count(c.entries, "entry", "entries")), \(count(c.exits, "exit"))"
      if c.unknowns > 0 { text += ", \(count(c.unknowns, "unknown"))" }
      return text + ", \(seconds(Int64((c.dwellSeconds * 1000).rounded()))) inside"
    }.joined(separator: "; ")
  }

  static func count(_ value: Int, _ noun: String, _ plural: String) -> String {
    "\(value) \(value == 1 ? noun : plural)"
  }

  static func count(_ value: Int, _ noun: String) -> String {
    "\(value) \(noun)\(value == 1 ? "" : "s")"
  }

  static func seconds(_ millis: Int64) -> String {
    let total = Int(millis / 1000)
    let (h, m, s) = (total / 3600, total / 60 % 60, total % 60)
    return h > 0 ? "\(h)h\(m < 10 ? "0" : "")\(m)m" : m > 0 ? "\(m)m\(s < 10 ? "0" : "")\(s)s" : "\(s)s"
  }
}
