import CalmGeoSystem

/// Splits one CSV record into its fields, in place, without building strings.
///
/// Fields follow RFC 4180: a field may be quoted with `"`, and `""` inside quotes is one
/// quote. Spaces, tabs (unless tab is the delimiter) and NUL bytes around a value are
/// padding and dropped (Garmin G1000 pads with spaces, Columbus V-900 with NULs), inside
/// quotes too, since no value this reader uses starts or ends with them. Only the first
/// `limit` fields are kept: the columns after the last one the header maps are never
/// looked at, unless a quote there may hide a line break.
///
/// It is a struct of plain pointers so that the row loop does no reference counting.
/// Noncopyable: it owns its buffers and frees them in `deinit`, so no copy can outlive
/// them (the decoder borrows it per row).
struct CSVTokenizer: ~Copyable {
  /// How a record ended.
  enum Status: Equatable {
    /// Every field is complete.
    case complete
    /// A quoted field is still open at the end of the line: the record goes on on the
    /// next line (RFC 4180 allows line breaks inside quotes).
    case openQuote
  }

  let delimiter: UInt8
  /// The number of fields kept.
  let limit: Int
  /// Fields found in the last record, at most `limit`.
  private(set) var count = 0
  private let starts: UnsafeMutablePointer<UnsafePointer<UInt8>>
  private let lengths: UnsafeMutablePointer<Int>
  private let offsets: UnsafeMutablePointer<Int>
  /// Holds the values of quoted fields with doubled quotes, undoubled.
  private var scratch: UnsafeMutablePointer<UInt8>
  private var scratchCapacity = 256

  init(delimiter: UInt8, limit: Int) {
    self.delimiter = delimiter
    self.limit = max(1, limit)
    starts = .allocate(capacity: self.limit)
    lengths = .allocate(capacity: self.limit)
    offsets = .allocate(capacity: self.limit)
    scratch = .allocate(capacity: scratchCapacity)
  }

  deinit {
    starts.deallocate()
    lengths.deallocate()
    offsets.deallocate()
    scratch.deallocate()
  }

  /// The value of field `index` (padding and quotes removed), valid until the next
  /// `split`; `nil` when the record has fewer fields.
  @inline(__always)
  func value(_ index: Int) -> UnsafeBufferPointer<UInt8>? {
    guard index < count else { return nil }
    return UnsafeBufferPointer(start: starts[index], count: lengths[index])
  }

  /// The byte offset in the record where field `index`'s value starts.
  @inline(__always)
  func offset(_ index: Int) -> Int { offsets[index] }

  /// Whether `byte` is padding around a value.
  @inline(__always)
  private func isPadding(_ byte: UInt8) -> Bool {
    byte == 0x20 || byte == 0 || (byte == 0x09 && delimiter != 0x09)
  }

  /// Splits `record` into fields.
  mutating func split(_ record: UnsafeBufferPointer<UInt8>) -> Status {
    guard let base = record.baseAddress, record.count > 0 else {
      count = 1
      starts[0] = UnsafePointer(scratch)
      lengths[0] = 0
      offsets[0] = 0
      return .complete
    }
    let n = record.count
    var scratchUsed = 0
    var field = 0
    var i = 0
    while true {
      var start = i
      while start < n && isPadding(base[start]) { start += 1 }
      var valueStart = start
      var valueEnd: Int
      var next: Int
      var undoubled: UnsafePointer<UInt8>? = nil
      if start < n && base[start] == 0x22 {
        var j = start + 1
        var doubled = false
        while true {
          guard j < n else { return .openQuote }
          if base[j] == 0x22 {
            if j + 1 < n && base[j + 1] == 0x22 {
              doubled = true
              j += 2
              continue
            }
            break
          }
          j += 1
        }
        valueStart = start + 1
        valueEnd = j
        next = j + 1
        while next < n && base[next] != delimiter { next += 1 }
        if doubled && field < limit {
          if scratchUsed == 0 && scratchCapacity < n {
            scratch.deallocate()
            scratchCapacity = n
            scratch = .allocate(capacity: n)
          }
          let out = scratch + scratchUsed
          var k = valueStart
          var written = 0
          while k < valueEnd {
            out[written] = base[k]
            written += 1
            k += base[k] == 0x22 ? 2 : 1
          }
          undoubled = UnsafePointer(out)
          scratchUsed += written
          valueStart = 0
          valueEnd = written
        }
      } else {
        let j = findDelimiter(base, from: start, count: n)
        valueEnd = j
        next = j
      }
      if field < limit {
        let origin = undoubled ?? base
        while valueStart < valueEnd && isPadding(origin[valueStart]) { valueStart += 1 }
        while valueEnd > valueStart && isPadding(origin[valueEnd - 1]) { valueEnd -= 1 }
        starts[field] = origin + valueStart
        lengths[field] = valueEnd - valueStart
        offsets[field] = undoubled == nil ? valueStart : start + 1
      }
      field += 1
      if next >= n { break }
      i = next + 1
      if field >= limit {
        // The rest is not needed; read on only if a quote there could hold a line break.
        if !ByteSearch.contains(0x22, in: base + i, count: n - i) { break }
      }
    }
    count = min(field, limit)
    return .complete
  }

  /// The index of the first delimiter at or after `start`, or `count`.
  ///
  /// Looks at eight bytes at a time (the SWAR "has zero byte" test on the bytes XORed
  /// with the delimiter), then byte by byte for the tail.
  @inline(__always)
  private func findDelimiter(_ base: UnsafePointer<UInt8>, from start: Int, count n: Int) -> Int {
    var j = start
    let ones: UInt64 = 0x0101_0101_0101_0101
    let highs: UInt64 = 0x8080_8080_8080_8080
    let pattern = ones &* UInt64(delimiter)
    while j + 8 <= n {
      let word = UnsafeRawPointer(base + j).loadUnaligned(as: UInt64.self) ^ pattern
      let found = (word &- ones) & ~word & highs
      if found != 0 { return j + found.trailingZeroBitCount / 8 }
      j += 8
    }
    while j < n && base[j] != delimiter { j += 1 }
    return j
  }

  /// Splits `record` into all its fields as strings (for the header and units lines).
  static func strings(_ record: UnsafeBufferPointer<UInt8>, delimiter: UInt8) -> [String] {
    var fieldCount = 1
    for byte in record where byte == delimiter { fieldCount += 1 }
    var tokenizer = CSVTokenizer(delimiter: delimiter, limit: fieldCount)
    _ = tokenizer.split(record)
    return (0..<tokenizer.count).map { String(decoding: tokenizer.value($0)!, as: UTF8.self) }
  }
}
