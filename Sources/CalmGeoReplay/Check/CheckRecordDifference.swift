/// Where two versions of an output file first differ, record by record
/// (`CheckRecords`): the record's index, each side's text and line, and how many
/// records differ in all.
///
/// When the bytes differ but every record is equal (spacing, a final newline), the
/// files are compared line by line instead (`unit` is `.line`).
package struct CheckRecordDifference: Sendable, Hashable {
  /// What was compared.
  package enum Unit: String, Sendable, Hashable {
    case record, line
  }

  package var unit: Unit
  /// The first differing record (from 0).
  package var index: Int
  /// That record in each file; `nil` when the file has fewer records.
  package var stored: CheckRecords.Record?
  package var fresh: CheckRecords.Record?
  package var storedCount: Int
  package var freshCount: Int
  /// Records that differ at the same index, plus those only one file has.
  package var differing: Int
  /// Whether all records of both files start on one line (a request body): lines
  /// would say nothing.
  package var singleLine: Bool

  /// The first difference between two files; `nil` when they are byte-identical.
  package static func first(stored: [UInt8], fresh: [UInt8]) -> CheckRecordDifference? {
    guard stored != fresh else { return nil }
    let a = CheckRecords(stored)
    let b = CheckRecords(fresh)
    if let difference = compare(a.records, b.records, unit: a.isArray && b.isArray ? .record : .line) {
      return difference
    }
    let lines = compare(CheckRecords.lines(stored), CheckRecords.lines(fresh), unit: .line)
    // Only blank lines or line ends differ: point at the end.
    return lines
      ?? CheckRecordDifference(
        unit: .line, index: 0, stored: nil, fresh: nil, storedCount: a.records.count, freshCount: b.records.count,
        differing: 0, singleLine: false)
  }

  private static func compare(_ a: [CheckRecords.Record], _ b: [CheckRecords.Record], unit: Unit)
    -> CheckRecordDifference?
  {
    var first: Int?
    var differing = 0
    for index in 0..<max(a.count, b.count)
    where index >= a.count || index >= b.count || a[index].bytes != b[index].bytes {
      differing += 1
      if first == nil { first = index }
    }
    guard let first else { return nil }
    let lines = Set(a.map(\.line) + b.map(\.line))
    return CheckRecordDifference(
      unit: unit, index: first, stored: first < a.count ? a[first] : nil, fresh: first < b.count ? b[first] : nil,
      storedCount: a.count, freshCount: b.count, differing: differing, singleLine: lines.count <= 1)
  }
}
