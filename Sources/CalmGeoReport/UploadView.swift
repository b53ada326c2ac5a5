import CalmGeoReplay

/// The upload timeline's drawing: each request from send to completion, coloured by
/// outcome, above the number of records held in storage (each drawn step at the most
/// it held: decimation keeps a sawtooth's peaks).
struct UploadView {
  /// A request's mark, pixels.
  struct Mark {
    let x: String
    let width: String
    let cls: String
    let title: String
  }

  static let laneY = 8.0
  static let laneHeight = 22.0
  static let chartTop = 46.0
  static let chartBottom = 166.0
  static let height = 192.0

  let height = NumberText.fixed(Self.height)
  let laneY = NumberText.fixed(Self.laneY)
  let laneHeight = NumberText.fixed(Self.laneHeight)
  let laneLabelY = NumberText.fixed(Self.laneY + Self.laneHeight / 2 + 4)
  let chartTop = NumberText.fixed(Self.chartTop)
  let chartBottom = NumberText.fixed(Self.chartBottom)
  let labelY = NumberText.fixed(Self.chartBottom + 18)
  let foldHeight = NumberText.fixed(Self.chartBottom - 4)
  let foldLabelY = NumberText.fixed((Self.chartTop + Self.chartBottom) / 2)
  let left: String
  let right: String
  let laneWidth: String
  let ticks: [TimeAxis.Tick]
  let folds: [TimeAxis.Fold]
  let requests: [Mark]
  let queueLine: String
  let queueArea: String
  let queueTicks: [ValueAxis.Tick]

  init(_ data: ReportCollector, axis: TimeAxis) {
    left = NumberText.fixed(axis.left)
    right = NumberText.fixed(axis.right)
    laneWidth = NumberText.fixed(axis.right - axis.left)
    ticks = axis.ticks()
    folds = axis.folds
    requests = data.requests.keptWithLast.map { request in
      let x = axis.x(request.sentAt)
      let cls =
        switch request.outcome {
        case .status(200): "ok"
        case .status: "failed"
        case .timeout: "timeout"
        case .error: "failed"
        }
      let outcome =
        switch request.outcome {
        case .status(let code): "HTTP \(code)"
        case .timeout: "timeout"
        case .error: "connection error"
        }
      return Mark(
        x: NumberText.fixed(x), width: NumberText.fixed(max(axis.x(request.completedAt) - x, 2)), cls: cls,
        title: "#\(request.sequence) · \(outcome) · \(NumberText.counted(request.records, "record")) · "
          + "\(NumberText.dateTime(request.sentAt)) UTC, "
          + "\(NumberText.grouped(Int(request.completedAt - request.sentAt))) ms")
    }
    let samples = data.queue.keptWithLast
    let queue = ValueAxis(
      maximum: Double(samples.lazy.map(\.peak).max() ?? 0), topPixel: Self.chartTop,
      bottomPixel: Self.chartBottom)
    queueTicks = queue.ticks(unit: "records")
    let bottom = NumberText.fixed(Self.chartBottom)
    var line = "M\(left) \(bottom)"
    for sample in samples {
      line += "H\(NumberText.fixed(axis.x(sample.time)))V\(NumberText.fixed(queue.y(Double(sample.peak))))"
    }
    line += "H\(NumberText.fixed(axis.x(axis.end)))"
    queueLine = line
    queueArea = line + "V\(bottom)Z"
  }
}
