/// Eight ASCII bytes read as one little-endian word (byte k of the text in byte k of
/// the word), checked and combined a whole word at a time: the SWAR steps that
/// `DecimalText` and `ISO8601Parser` share.
@usableFromInline
enum DigitWord {
  /// Whether all 8 bytes of `word` are ASCII digits: a byte below "0" borrows into its
  /// top bit, one above "9" carries into it.
  @inlinable @inline(__always)
  static func isAllDigits(_ word: UInt64) -> Bool {
    ((word &+ 0x4646_4646_4646_4646) | (word &- 0x3030_3030_3030_3030)) & 0x8080_8080_8080_8080 == 0
  }

  /// For a word of ASCII digits (not checked), a word whose byte k is the number made
  /// of the digits at k and k + 1.
  @inlinable @inline(__always)
  static func pairs(_ word: UInt64) -> UInt64 {
    let values = word &- 0x3030_3030_3030_3030
    return values &* 10 &+ (values >> 8)
  }
}
