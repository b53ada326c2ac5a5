/// The summary's `delivery` line:
/// `5/7 delivered, delay p50 0 s, p95 72 s, max 72 s; 2 never (2 stored)`.
public enum DeliveryLine {
  public static func render(_ d: DeliveryStats) -> String {
    var line = "\(d.delivered)/\(d.emitted) delivered"
    if d.delivered > 0 {
      line +=
        ", delay p50 \(seconds(d.delaySeconds.p50)), p95 \(seconds(d.delaySeconds.p95)), "
        + "max \(seconds(d.delaySeconds.max))"
    }
    if d.undelivered > 0 {
      let parts = [(d.stillStored, "stored"), (d.expired, "expired"), (d.cleared, "cleared")]
        .filter { $0.0 > 0 }.map { "\($0.0) \($0.1)" }
      line += "; \(d.undelivered) never (" + parts.joined(separator: ", ") + ")"
    }
    return line
  }

  /// Whole seconds below 10 min (`72 s`), then minutes with one decimal (`12.5 min`).
  static func seconds(_ value: Double) -> String {
    value < 600 ? SummaryNumber.text(value, 0) + " s" : SummaryNumber.text(value / 60, 1) + " min"
  }
}
