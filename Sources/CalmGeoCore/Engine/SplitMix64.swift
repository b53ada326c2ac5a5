/// A small, fast, seedable pseudo-random generator (Steele, Lea & Flood 2014).
///
/// Every random choice of a replay comes from one of these, seeded from the run's
/// seed, so the same seed gives the same output.
public struct SplitMix64: RandomNumberGenerator, Sendable {
  private var state: UInt64

  public init(seed: UInt64) {
    state = seed
  }

  public mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    return Self.mix(state)
  }

  /// The SplitMix64 finaliser: a bijective hash of 64 bits.
  public static func mix(_ value: UInt64) -> UInt64 {
    var z = value
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }

  /// A uniform double in [0, 1) from 53 random bits.
  public mutating func nextUnit() -> Double {
    Double(next() >> 11) * 0x1.0p-53
  }
}
