import CalmGeoLive
import CalmGeoReplay
import Foundation

/// The few lines printed after a live run of one log.
enum LiveSummary {
  static func render(_ outcome: LiveSession.Outcome, expected: Int) -> String {
    let report = outcome.report
    let total = report.total
    let outcomes = total.outcomes.sorted { $0.key < $1.key }.map { "\($0.key) × \($0.value)" }.joined(separator: ", ")
    let rate = outcome.wallSeconds > 0 ? Double(total.requests) / outcome.wallSeconds : 0
    func ms(_ value: Double?) -> String { value.map { String(format: "%.1f", $0) } ?? "-" }
    var lines = [
      "\(report.track): \(report.devices.count) device\(report.devices.count == 1 ? "" : "s"), "
        + "\(total.requests) requests (a simulated run: \(expected)) in \(String(format: "%.1f", outcome.wallSeconds)) s "
        + "(\(String(format: "%.1f", rate))/s)",
      "  answers: \(outcomes.isEmpty ? "none" : outcomes)\(total.abandoned > 0 ? ", \(total.abandoned) abandoned" : "")",
      "  latency ms: p50 \(ms(total.latency(50))), p95 \(ms(total.latency(95))), p99 \(ms(total.latency(99)))",
      "  records: \(total.emitted) emitted, \(total.recordsDelivered) delivered, \(total.storedAtEnd) still stored, "
        + "\(total.recordsLost) lost; duplicates: \(total.duplicatesSent) sent, \(total.duplicatesDelivered) delivered twice",
      "  outputs: \(outcome.folder)",
    ]
    lines.append("")
    return lines.joined(separator: "\n")
  }
}
