import Testing

@testable import CalmGeoReplay

struct ShortCopyTests {
  @Test func copiesEveryLengthExactlyAndNothingAround() {
    // Every length through each size class (bytes, 4, 8, 16 and 32 at a time, memmove),
    // at every alignment: the copied bytes are the source's, and the guard bytes around
    // the target are untouched.
    let source = (0..<100).map { UInt8(truncatingIfNeeded: $0 &* 37 &+ 11) }
    for count in 0...80 {
      for offset in 0..<8 {
        var target = [UInt8](repeating: 0xEE, count: 100)
        source.withUnsafeBytes { from in
          target.withUnsafeMutableBytes { to in
            ShortCopy.copy(from: from.baseAddress! + offset, to: to.baseAddress! + 8, count: count)
          }
        }
        #expect(Array(target[8..<(8 + count)]) == Array(source[offset..<(offset + count)]), "count \(count)")
        #expect(
          target[..<8].allSatisfy { $0 == 0xEE } && target[(8 + count)...].allSatisfy { $0 == 0xEE },
          "count \(count): a byte outside the target changed")
      }
    }
  }
}
