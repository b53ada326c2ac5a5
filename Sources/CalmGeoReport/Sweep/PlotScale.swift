import Foundation

/// A chart axis: values mapped onto a span of pixels, with ticks at round values.
///
/// Linear by default: the values' range, padded by `padding` of it on each side and
/// rounded outward to a round step
/// (1, 2, 2.5 or 5 × 10ⁿ), never below 0 for values that are all 0 or more. Values that
/// are all positive and span a factor of 40 or more (a few configurations far off the
/// rest) get a logarithmic axis instead, ticked at 1, 2 and 5 × 10ⁿ.
struct PlotScale {
  let isLog: Bool
  /// The ends of the axis (values).
  let lower: Double
  let upper: Double
  /// The pixels of `lower` and `upper` (`to` may be less than `from`, for y axes).
  let from: Double
  let to: Double
  /// The values ticked, increasing.
  let tickValues: [Double]
  /// Decimals of a linear step (`0.25` needs 2).
  private let decimals: Int

  init(values: [Double], from: Double, to: Double, intervals: Int = 5, padding: Double = 0.08) {
    self.from = from
    self.to = to
    // Clamped so that a range never overflows to infinity (the step search would not end).
    let finite = values.filter(\.isFinite).map { min(max($0, -1e300), 1e300) }
    if let low = finite.min(), let high = finite.max(), low > 0, high / low >= 40 {
      isLog = true
      let rounds = Self.roundValues(from: low, to: high)
      let (bottom, top) = (rounds.last { $0 <= low } ?? low, rounds.first { $0 >= high } ?? high)
      (lower, upper) = (bottom, top)
      let inside = rounds.filter { $0 >= bottom && $0 <= top }
      let decades = inside.filter { Self.isPowerOfTen($0) }
      tickValues = inside.count > 10 && decades.count >= 2 ? decades : inside
      decimals = 0
      return
    }
    isLog = false
    var low = finite.min() ?? 0
    var high = finite.max() ?? 1
    let pad = high - low <= high.magnitude * 1e-9 ? (low == 0 ? 1 : low.magnitude * 0.1) : (high - low) * padding
    (low, high) = (low - pad, high + pad)
    if let minimum = finite.min(), minimum >= 0 { low = max(low, 0) }
    let wanted = (high - low) / Double(intervals)
    var unit = 1.0
    var exponent = 0
    while unit > wanted {
      unit /= 10
      exponent -= 1
    }
    while unit * 10 <= wanted {
      unit *= 10
      exponent += 1
    }
    let mantissa = [1.0, 2, 2.5, 5, 10].first { $0 * unit >= wanted } ?? 10
    let step = mantissa * unit
    decimals = max(0, -exponent - (mantissa == 10 ? 1 : 0)) + (mantissa == 2.5 && exponent <= 0 ? 1 : 0)
    let (bottom, top) = ((low / step).rounded(.down) * step, (high / step).rounded(.up) * step)
    (lower, upper) = (bottom, top)
    let steps = ((top - bottom) / step).rounded()
    tickValues = (0...(steps.isFinite ? Int(min(max(steps, 0), 1000)) : 0)).map { bottom + Double($0) * step }
  }

  /// The pixel of a value.
  func pixel(_ value: Double) -> Double {
    guard upper > lower else { return from }
    let fraction =
      isLog
      ? (log10(max(value, lower)) - log10(lower)) / (log10(upper) - log10(lower))
      : (value - lower) / (upper - lower)
    return from + fraction * (to - from)
  }

  var ticks: [PlotFrame.Tick] {
    tickValues.map { PlotFrame.Tick(position: NumberText.fixed(pixel($0)), label: label($0)) }
  }

  /// `(log scale)` for a title, or nothing.
  var note: String { isLog ? " (log scale)" : "" }

  /// A tick's text: as many decimals as a linear step needs; 10 000 and more grouped.
  func label(_ value: Double) -> String {
    if isLog || (decimals == 0 && value.magnitude >= 10_000) { return NumberText.significant(value) }
    return NumberText.fixed(value, digits: decimals)
  }

  /// 1, 2 and 5 × 10ⁿ from the one at or below `low` to the one at or above `high`.
  private static func roundValues(from low: Double, to high: Double) -> [Double] {
    var decade = 1.0
    while decade > low { decade /= 10 }
    while decade * 10 <= low { decade *= 10 }
    var values: [Double] = []
    while values.last.map({ $0 < high }) ?? true {
      values += [decade, 2 * decade, 5 * decade]
      decade *= 10
    }
    return values
  }

  private static func isPowerOfTen(_ value: Double) -> Bool {
    let exponent = log10(value).rounded()
    return (value / pow(10, exponent) - 1).magnitude < 1e-9
  }
}
