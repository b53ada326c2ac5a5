import RealModule

/// One phone of a fleet that replays the same log (`live --devices N`): its seed (ids),
/// its start offset and its position jitter, all drawn from the run's seed.
///
/// Device 1 is the log itself (the run's seed, no offset, no jitter), so a fleet's first
/// device produces exactly what `replay` does. Every other device draws its own seed,
/// an offset uniform in `0...spread` ms (its whole log is shifted by it), and moves each
/// fix by up to `jitter` metres in a seeded direction.
public struct FleetDevice: Sendable, Hashable {
  /// 1-based.
  public var number: Int
  /// Seed of the device's ids (and of its simulated network).
  public var seed: UInt64
  /// Shift of every fix time, ms.
  public var offset: Int64
  /// Largest displacement of a fix, metres.
  public var jitter: Double

  public init(number: Int, seed: UInt64, offset: Int64, jitter: Double) {
    self.number = number
    self.seed = seed
    self.offset = offset
    self.jitter = jitter
  }

  /// The devices of a fleet of `count` phones.
  public static func fleet(count: Int, seed: UInt64, spread: Int64, jitter: Double) -> [FleetDevice] {
    (1...max(1, count)).map { number in
      guard number > 1 else { return FleetDevice(number: 1, seed: seed, offset: 0, jitter: 0) }
      var random = SplitMix64(seed: SplitMix64.mix(seed ^ 0x666C_6565_7400_0000) ^ UInt64(number))
      let deviceSeed = random.next()
      let offset = spread > 0 ? Int64(random.next() % UInt64(spread + 1)) : 0
      return FleetDevice(number: number, seed: deviceSeed, offset: offset, jitter: jitter)
    }
  }

  /// `track` as this device records it: times shifted, positions jittered.
  public func apply(to track: Track) -> Track {
    guard offset != 0 || jitter > 0 else { return track }
    var copy = track
    for index in copy.fixes.indices {
      copy.fixes[index].time += offset
      guard jitter > 0 else { continue }
      var random = SplitMix64(seed: SplitMix64.mix(seed ^ 0x6A69_7474_6572_0000) ^ UInt64(index))
      let distance = random.nextUnit() * jitter
      let bearing = random.nextUnit() * 2 * Double.pi
      let latitude = copy.fixes[index].latitude
      copy.fixes[index].latitude += distance * Self.cosine(bearing) / 111_320
      let metresPerDegree = 111_320 * Self.cosine(latitude * Double.pi / 180)
      if metresPerDegree > 1 { copy.fixes[index].longitude += distance * Self.sine(bearing) / metresPerDegree }
    }
    return copy
  }

  private static func cosine(_ x: Double) -> Double { Double.cos(x) }
  private static func sine(_ x: Double) -> Double { Double.sin(x) }
}
