/// `stats.json`'s `schemaVersion`: the header that lets `ReplayStats` keep its synthesized
/// `Codable`. It reads as 1 when the key is absent (files before version 2 had none) and refuses
/// a version newer than this tool's, so every field is decoded by the compiler's code: a field
/// added to `ReplayStats` is read back by `check`, `compare`, `merge` and `--resume` without a
/// hand-written line to forget.
public struct StatsSchemaVersion: Codable, Sendable, Hashable, Comparable, ExpressibleByIntegerLiteral,
  CustomStringConvertible
{
  public var value: Int

  public init(_ value: Int) { self.value = value }
  public init(integerLiteral value: Int) { self.value = value }

  public init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    value = try container.decode(Int.self)
    guard value <= ReplayStats.currentSchemaVersion else {
      throw DecodingError.dataCorruptedError(
        in: container,
        debugDescription: "stats.json schema version \(value) is newer than this tool's "
          + "\(ReplayStats.currentSchemaVersion): use a newer calmgeo-replay")
    }
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(value)
  }

  public static func < (a: Self, b: Self) -> Bool { a.value < b.value }
  public var description: String { String(value) }
}

extension KeyedDecodingContainer where K == ReplayStats.CodingKeys {
  /// What the synthesized `ReplayStats.init(from:)` calls for `schemaVersion`: version 1 when absent.
  func decode(_ type: StatsSchemaVersion.Type, forKey key: K) throws -> StatsSchemaVersion {
    try decodeIfPresent(type, forKey: key) ?? 1
  }
}
