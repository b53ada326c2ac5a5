import Testing

@testable import CalmGeoReplay

/// The eight-byte tests flag exactly the bytes that pass, wherever they are and
/// whatever their neighbours (no borrow or carry leaks between bytes).
struct ByteScanTests {
  private static func word(_ bytes: [UInt8]) -> UInt64 {
    bytes.withUnsafeBufferPointer { ByteScan.load($0.baseAddress!) }
  }

  private static func expected(_ bytes: [UInt8], _ passes: (UInt8) -> Bool) -> UInt64 {
    var mask: UInt64 = 0
    for (k, byte) in bytes.enumerated() where passes(byte) { mask |= 0x80 << (8 * UInt64(k)) }
    return mask
  }

  @Test(arguments: [UInt8(0x00), 0x0E, 0x2B, 0x2C, 0x30, 0x3A, 0x80, 0xFF])
  func everyByteAtEveryPosition(filler: UInt8) {
    for position in 0..<8 {
      for value in 0...255 {
        var bytes = [UInt8](repeating: filler, count: 8)
        bytes[position] = UInt8(value)
        let word = Self.word(bytes)
        for limit: UInt8 in [0x01, 0x0E, 0x2B, 0x30, 0x3A, 0x80] {
          #expect(ByteScan.less(word, than: limit) == Self.expected(bytes) { $0 < limit })
        }
        for target: UInt8 in [0x00, 0x0A, 0x2C, 0x2E, 0x7F, 0x80, 0xFF] {
          #expect(ByteScan.equal(word, to: target) == Self.expected(bytes) { $0 == target })
        }
      }
    }
  }

  @Test func loadsTheFirstByteLowest() {
    #expect(Self.word([1, 2, 3, 4, 5, 6, 7, 8]) == 0x0807_0605_0403_0201)
  }
}
