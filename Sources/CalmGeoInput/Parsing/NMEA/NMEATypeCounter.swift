/// Counts sentences by type without hashing a `String` per sentence: a short
/// list of packed type codes searched linearly (logs use a handful of types).
struct NMEATypeCounter {
  private var codes: [UInt32] = []
  private var counts: [Int] = []

  /// Packs up to four ASCII bytes (`GSV`, `PMTK`) into a code.
  @inline(__always)
  static func code(_ p: UnsafePointer<UInt8>, _ count: Int) -> UInt32 {
    var code: UInt32 = 0
    for i in 0..<min(count, 4) { code = code << 8 | UInt32(p[i]) }
    return code
  }

  /// The text of a code.
  static func name(_ code: UInt32) -> String {
    var bytes: [UInt8] = []
    var rest = code
    while rest != 0 {
      bytes.insert(UInt8(rest & 0xFF), at: 0)
      rest >>= 8
    }
    return String(decoding: bytes, as: UTF8.self)
  }

  @inline(__always)
  mutating func add(_ code: UInt32) {
    for index in codes.indices where codes[index] == code {
      counts[index] += 1
      return
    }
    codes.append(code)
    counts.append(1)
  }

  /// Adds the counts to `diagnostics.ignored`, by type name.
  func record(into diagnostics: inout InputDiagnostics) {
    for (code, count) in zip(codes, counts) { diagnostics.ignore(Self.name(code), count: count) }
  }
}
