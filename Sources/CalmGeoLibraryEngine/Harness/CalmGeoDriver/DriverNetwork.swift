import PlatformNetworking

/// calmgeo-replay's `NetworkModel.answer` and `UploadSimulator.simulatedAnswer`, line for line:
/// the same seed and request index give the same latency and outcome in both engines.
struct DriverNetwork {
  let model: DriverRequest.Network
  let seed: UInt64

  func answer(index: Int, timeoutMs: Int64) -> (latency: Int64, outcome: VirtualNetwork.Outcome) {
    var random = SplitMix(seed: SplitMix.mix(seed ^ 0x6E65_7477_6F72_6B00) ^ UInt64(index))
    let latency =
      model.latencyMax > model.latencyMin
      ? model.latencyMin + Int64(random.next() % UInt64(model.latencyMax - model.latencyMin + 1)) : model.latencyMin
    let draw = random.nextUnit()
    let outcome: VirtualNetwork.Outcome
    if !model.schedule.isEmpty && (index < model.schedule.count || model.loopSchedule) {
      outcome = Self.outcome(model.schedule[index % model.schedule.count])
    } else {
      outcome = draw < model.failureRate ? .status(model.failureStatus) : .status(200)
    }
    if outcome == .timeout || latency > timeoutMs { return (timeoutMs, .timeout) }
    return (latency, outcome)
  }

  static func outcome(_ text: String) -> VirtualNetwork.Outcome {
    switch text.lowercased() {
    case "timeout": .timeout
    case "error": .error
    default: .status(Int(text) ?? 200)
    }
  }
}

/// calmgeo-replay's `SplitMix64`.
struct SplitMix {
  var state: UInt64
  init(seed: UInt64) { state = seed }

  static func mix(_ value: UInt64) -> UInt64 {
    var z = value
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }

  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    return Self.mix(state)
  }

  mutating func nextUnit() -> Double { Double(next() >> 11) * 0x1.0p-53 }
}
