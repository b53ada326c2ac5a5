/// A point where the real CalmGeo library would crash and the replay goes on
/// (CALMGEO.md §7, "Storage quirk").
///
/// MMKV keeps an expired key in its key list until it rewrites its file, and
/// `MMKVStorageProvider.getAllData()` force-unwraps the value of every listed key: the
/// first `sync()` (the app's, the final one, or an automatic one) or
/// `getStoredLocations()` after a stored record expired traps there. The built-in engine
/// reports the first such point of a run (one event, `ReplayObserver.replayWouldCrash`),
/// then goes on as before; a library engine reports the crash it saw the same way.
public struct LibraryCrash: Sendable, Hashable {
  /// The library call that reads every stored record.
  public enum Call: String, Sendable, Hashable {
    /// `StoreManager.sync()`: automatic (a motionchange, the threshold) or the app's.
    case sync
    /// `getStoredLocations()`.
    case getStoredLocations
  }

  /// Virtual time of the call, ms since 1970.
  public var time: Int64
  public var call: Call
  /// Whether the sync was the library's own (autoSync after an append), not the app's.
  public var automatic: Bool
  /// The oldest expired record still listed (the one the library trips over first).
  public var record: LocationID
  /// That record's timestamp, ms since 1970.
  public var recordTime: Int64
  /// That record's emit index.
  public var recordSequence: Int
  /// When the replay found that record expired, ms since 1970.
  public var expiredAt: Int64

  /// Where the library traps and what Swift prints there.
  public static let site = "MMKVStorageProvider.swift:39"
  public static let message = "Fatal error: Unexpectedly found nil while unwrapping an Optional value"

  public init(
    time: Int64, call: Call, automatic: Bool, record: LocationID, recordTime: Int64, recordSequence: Int,
    expiredAt: Int64
  ) {
    self.time = time
    self.call = call
    self.automatic = automatic
    self.record = record
    self.recordTime = recordTime
    self.recordSequence = recordSequence
    self.expiredAt = expiredAt
  }

  /// The warning line (stderr, once per run): `warning: at 2024-05-02T07:00:00.500Z the real
  /// CalmGeo would crash in sync() …`.
  public var warning: String {
    "warning: at \(UTCTime.iso8601(time)) the real CalmGeo library would crash in "
      + "\(automatic ? "an automatic " : "")\(call.rawValue)() (\(Self.site), a force unwrap of an expired MMKV key): "
      + "record \(record) (\(UTCTime.iso8601(recordTime))) expired at \(UTCTime.iso8601(expiredAt)) and is still "
      + "listed; the replay goes on (stats.json 'library'). Raise maxDaysToPersist above the log's span, or sync "
      + "before records expire."
  }
}
