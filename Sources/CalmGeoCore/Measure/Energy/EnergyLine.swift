/// The summary's energy line: the configured estimate and the range across the built-in profiles.
package enum EnergyLine {
  /// `12.3 mAh, 2.05 %/h of battery; 1.1–9.8 %/h across 5 profiles (a proxy for ranking)`, or
  /// `…, no %/h under 15 min of log` for a short log.
  package static func render(_ energy: EnergyStats) -> String {
    var line = "\(SummaryNumber.text(energy.milliampHours.total, 1)) mAh"
    guard let rate = energy.percentPerHour else {
      let minutes = Int(EnergyModel.minimumHoursForRate * 60)
      return line + ", no %/h under \(minutes) min of log (one-off costs would be extrapolated)"
    }
    line += ", \(SummaryNumber.text(rate, 2)) %/h of battery"
    let rates = (energy.profiles?.all ?? []).compactMap(\.estimate.percentPerHour)
    if let low = rates.min(), let high = rates.max() {
      line +=
        "; \(SummaryNumber.text(low, 2))–\(SummaryNumber.text(high, 2)) %/h across "
        + "\(rates.count) profiles"
    }
    return line + " (a proxy for ranking)"
  }
}
