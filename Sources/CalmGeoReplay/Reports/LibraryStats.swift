/// `stats.json`'s `library` section: where the real CalmGeo library would have crashed
/// (`LibraryCrash`). Absent when it would not have, so other stats stay as they were.
public struct LibraryStats: Codable, Sendable, Hashable {
  /// Always true when the section is present.
  public var wouldCrash: Bool
  /// The virtual time of the call that traps (ISO 8601 UTC).
  public var at: String
  /// `sync` or `getStoredLocations`.
  public var call: String
  /// Whether the sync was the library's automatic one (a motionchange, the threshold).
  public var automatic: Bool
  /// The oldest expired record still listed: its id and timestamp.
  public var record: String
  public var recordTimestamp: String
  /// When that record expired (ISO 8601 UTC).
  public var expiredAt: String
  /// Where the library traps (`MMKVStorageProvider.swift:39`).
  public var site: String

  public init(_ crash: LibraryCrash) {
    wouldCrash = true
    at = UTCTime.iso8601(crash.time)
    call = crash.call.rawValue
    automatic = crash.automatic
    record = crash.record.description
    recordTimestamp = UTCTime.iso8601(crash.recordTime)
    expiredAt = UTCTime.iso8601(crash.expiredAt)
    site = LibraryCrash.site
  }

  /// The summary's line: `would crash at 2024-05-02T07:00:00.500Z in sync() (record … expired)`.
  public var summaryLine: String {
    "the real library would crash at \(at) in \(automatic ? "an automatic " : "")\(call)() "
      + "(expired record \(recordTimestamp) still listed; \(site))"
  }
}
