import CalmGeoReplay

/// The shared x axis of the timelines: virtual time (ms since 1970) to pixels, with
/// round UTC ticks.
///
/// Long pauses without fixes (a logger switched off for weeks, nights between days of
/// a trip) are folded: each takes `foldWidth` pixels and the rest of the width is shared
/// linearly by the rest. Taking gaps longest first, one is folded when it lasts over
/// 15 minutes and over 5 % of the time the longer folded gaps leave; at most
/// `maximumFolds` are.
struct TimeAxis {
  /// A folded gap, pixels, with its length in words.
  struct Fold {
    let x: String
    let width: String
    /// Where the label's vertical text is centred.
    let centre: String
    let label: String
    let title: String
  }

  /// A tick: its pixel and its label.
  struct Tick {
    let x: String
    let label: String
  }

  static let foldWidth = 22.0
  static let maximumFolds = 8

  let start: Int64
  let end: Int64
  let left: Double
  let right: Double
  /// Breakpoints of the piecewise-linear mapping, increasing in both.
  let times: [Int64]
  let pixels: [Double]
  /// The folded gaps, in time order.
  let folded: [ReportCollector.TimeSpan]
  /// Pixels per ms where there is data.
  private let scale: Double

  init(start: Int64, end: Int64, gaps: [ReportCollector.TimeSpan] = [], left: Double, right: Double) {
    let end = max(end, start + 1000)
    let span = end - start
    var foldedTime: Int64 = 0
    var folded: [ReportCollector.TimeSpan] = []
    let inside = gaps.filter { $0.start >= start && $0.end <= end }
    for gap in inside.sorted(by: { ($0.end - $0.start, $1.start) > ($1.end - $1.start, $0.start) }) {
      let length = gap.end - gap.start
      guard folded.count < Self.maximumFolds, length > 900_000, length > (span - foldedTime) / 20,
        length < span - foldedTime
      else { break }
      folded.append(gap)
      foldedTime += length
    }
    folded.sort { $0.start < $1.start }
    self.folded = folded
    scale = (right - left - Self.foldWidth * Double(folded.count)) / Double(span - foldedTime)
    var times = [start]
    var pixels = [left]
    for gap in folded {
      times.append(gap.start)
      pixels.append(pixels[pixels.count - 1] + Double(gap.start - times[times.count - 2]) * scale)
      times.append(gap.end)
      pixels.append(pixels[pixels.count - 1] + Self.foldWidth)
    }
    times.append(end)
    pixels.append(right)
    (self.start, self.end, self.left, self.right, self.times, self.pixels) = (start, end, left, right, times, pixels)
  }

  /// The pixel for a time (clamped to the plot).
  func x(_ time: Int64) -> Double {
    guard time > start else { return left }
    guard time < end else { return right }
    var index = 1
    while times[index] < time { index += 1 }
    let (t0, t1, x0, x1) = (times[index - 1], times[index], pixels[index - 1], pixels[index])
    return t1 == t0 ? x1 : x0 + Double(time - t0) / Double(t1 - t0) * (x1 - x0)
  }

  /// Whether a folded gap lies between two times (a line should not cross it).
  func foldsBetween(_ a: Int64, _ b: Int64) -> Bool {
    folded.contains { $0.start >= a && $0.end <= b }
  }

  /// The folded gaps as drawn.
  var folds: [Fold] {
    folded.map { gap in
      let x = self.x(gap.start)
      let length = NumberText.duration(seconds: Double(gap.end - gap.start) / 1000)
      return Fold(
        x: NumberText.fixed(x), width: NumberText.fixed(Self.foldWidth),
        centre: NumberText.fixed(x + Self.foldWidth / 2), label: length,
        title: "no fixes for \(length): \(NumberText.dateTime(gap.start)) → \(NumberText.dateTime(gap.end)) UTC")
    }
  }

  /// Steps a tick may take, ms: round seconds, minutes, hours and days.
  private static let steps: [Int64] = [
    1, 2, 5, 10, 15, 30, 60, 120, 300, 600, 900, 1_800, 3_600, 7_200, 10_800, 21_600, 43_200,
    86_400, 172_800, 604_800, 1_209_600, 2_592_000, 7_776_000, 31_536_000,
  ].map { $0 * 1000 }

  /// Ticks at round UTC times at least `spacing` pixels apart, none on a fold; the first
  /// tick after a fold carries its date.
  func ticks(spacing: Double = 96) -> [Tick] {
    let step = Self.steps.first { Double($0) * scale >= spacing } ?? Self.steps[Self.steps.count - 1]
    let segments = zip([start] + folded.map(\.end), folded.map(\.start) + [end])
    var ticks: [Tick] = []
    var lastX = -Double.infinity
    for (index, (from, to)) in segments.enumerated() {
      var time = (from / step + (from % step == 0 ? 0 : 1)) * step
      var first = true
      while time <= to {
        let x = self.x(time)
        if x - lastX >= spacing * 0.6 && folded.allSatisfy({ abs(self.x($0.start) + Self.foldWidth / 2 - x) > 48 }) {
          ticks.append(Tick(x: NumberText.fixed(x), label: label(time, step: step, dated: first && index > 0)))
          lastX = x
          first = false
        }
        time += step
      }
    }
    return ticks
  }

  private func label(_ time: Int64, step: Int64, dated: Bool) -> String {
    let iso = UTCTime.iso8601(time)
    let clock = String(iso.dropFirst(11).prefix(step < 60_000 ? 8 : 5))
    let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
    let month = months[(Int(iso.dropFirst(5).prefix(2)) ?? 1) - 1]
    let day = "\(month) \(Int(iso.dropFirst(8).prefix(2)) ?? 1)"
    if step >= 31_536_000_000 { return String(iso.prefix(4)) }
    if step >= 86_400_000 { return day }
    if dated { return "\(day) \(clock)" }
    return time % 86_400_000 == 0 && end - start > 86_400_000 ? day : clock
  }
}
