@testable import CalmGeoReplay

extension SplitMix64 {
  /// A number in `0..<n`, for choosing mutations in robustness tests (seeded: failures reproduce).
  mutating func below(_ n: Int) -> Int { Int(next() % UInt64(n)) }
}
