/// Gives times to points that have none (`--assume-speed` on a GPX), anchored to the
/// real times around them rather than to a fixed date:
///
/// - between two timed points A and B, by path length: t = tA + (tB − tA) · s / S, where
///   s is the path length from A to the point and S from A to B (evenly by count when
///   S is 0) — the log's own pace, `time_interpolated`;
/// - before the first timed point B, backwards at the assumed speed: t = tB − d / v, d
///   the path length from the point to B; after the last timed point A, forwards:
///   t = tA + s / v — `time_extrapolated`;
/// - in a log with no timed point at all, from the document's own time (a GPX's
///   `<metadata><time>`, when the file was made) at the assumed speed —
///   `time_from_document`; without one, from 2000-01-01T00:00:00Z — `time_from_epoch`.
///
/// Untimed points wait in memory until the next timed one (72 bytes each): a file
/// without any time is held whole.
public struct TimeSynthesizer {
  /// The assumed speed, m/s.
  public let speed: Double
  private var anchor: Fix? = nil
  private var pending: [Fix] = []
  private(set) var interpolated = 0
  private(set) var extrapolated = 0
  private(set) var fromDocument = 0
  private(set) var fromEpoch = 0

  /// The date synthesized times start from when the log has no time at all.
  public static let epoch: Int64 = 946_684_800_000  // 2000-01-01T00:00:00Z

  public init(speed: Double) {
    self.speed = speed
  }

  /// Takes the next point in file order; hands on points once their time is known.
  public mutating func accept(_ fix: Fix, emit: (Fix) -> Void) {
    guard !fix.flags.contains(.timeSynthesized) else {
      pending.append(fix)
      return
    }
    if !pending.isEmpty {
      var lengths = cumulativeLengths(to: fix)
      let total = lengths.removeLast()
      if let anchor {
        let span = Double(fix.time - anchor.time)
        for (index, length) in lengths.enumerated() {
          let share = total > 0 ? length / total : Double(index + 1) / Double(lengths.count + 1)
          stamp(index, anchor.time + Int64((span * share).rounded()), like: anchor)
        }
        interpolated += pending.count
      } else {
        for (index, length) in lengths.enumerated() {
          stamp(index, fix.time - Int64(((total - length) / speed * 1000).rounded()), like: fix)
        }
        extrapolated += pending.count
      }
      pending.forEach(emit)
      pending.removeAll(keepingCapacity: true)
    }
    anchor = fix
    emit(fix)
  }

  /// Times the points after the last timed one, and hands them on. `documentTime`: the
  /// file's own time, where the first point starts when no point has a time.
  public mutating func finish(documentTime: Int64? = nil, emit: (Fix) -> Void) {
    guard !pending.isEmpty else { return }
    let start = anchor ?? pending[0]
    let startTime = anchor?.time ?? documentTime ?? Self.epoch
    var length = 0.0
    var previous = start
    for index in pending.indices {
      length += GeoMath.distance(previous, pending[index])
      previous = pending[index]
      stamp(index, startTime + Int64((length / speed * 1000).rounded()), like: anchor ?? pending[index])
    }
    if anchor != nil {
      extrapolated += pending.count
    } else if documentTime != nil {
      fromDocument += pending.count
    } else {
      fromEpoch += pending.count
    }
    pending.forEach(emit)
    pending.removeAll()
  }

  /// Adds how each synthesized time was found to `diagnostics.estimated`.
  public func record(into diagnostics: inout InputDiagnostics) {
    if interpolated > 0 { diagnostics.estimate("time_interpolated", count: interpolated) }
    if extrapolated > 0 { diagnostics.estimate("time_extrapolated", count: extrapolated) }
    if fromDocument > 0 { diagnostics.estimate("time_from_document", count: fromDocument) }
    if fromEpoch > 0 { diagnostics.estimate("time_from_epoch", count: fromEpoch) }
  }

  /// The path length from the anchor (or the first pending point) to each pending point,
  /// then to `next`.
  private func cumulativeLengths(to next: Fix) -> [Double] {
    var lengths: [Double] = []
    var length = 0.0
    var previous = anchor ?? pending[0]
    for point in pending + [next] {
      length += GeoMath.distance(previous, point)
      lengths.append(length)
      previous = point
    }
    return lengths
  }

  /// Sets pending point `index`'s time; it takes the zone flag of the real time it came from.
  private mutating func stamp(_ index: Int, _ time: Int64, like source: Fix) {
    pending[index].time = time
    if source.flags.contains(.timeWithoutZone) { pending[index].flags.insert(.timeWithoutZone) }
  }
}
