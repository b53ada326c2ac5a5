@_exported import Foundation

public enum MMKVLogLevel: Int, Sendable {
  case debug = 0
  case info, warning, error, none
}
public enum MMKVMode: Int, Sendable {
  case singleProcess = 1
  case multiProcess = 2
}
public enum MMKVExpireDuration: UInt32, Sendable {
  case never = 0
  case inMinute = 60
  case inHour = 3600
  case inDay = 86400
  case inMonth = 2_592_000
  case inYear = 946_080_000
}

/// Stand-in for MMKV, in memory, on the virtual clock. Like MMKV, a key whose expiry has
/// passed (strictly: now - written > duration) reads as nil but stays in `allKeys()` (and so
/// in `count`) until it is removed or the store cleared; keys list in insertion order.
/// `MMKVStore.observer` sees every write and removal (the driver's record of the storage).
public final class MMKV: @unchecked Sendable {
  private struct Entry {
    var data: Data
    var writtenMs: Int64
    var durationMs: Int64?
  }

  private var keys: [String] = []
  private var entries: [String: Entry] = [:]
  private var defaultDurationMs: Int64?

  public static func initialize(rootDir: String?, logLevel: MMKVLogLevel) {}

  public init?(mmapID: String, mode: MMKVMode) {}

  public static func `default`() -> MMKV? { MMKV(mmapID: "mmkv.default", mode: .singleProcess) }

  public func enableAutoKeyExpire(expiredInSeconds: UInt32) {
    defaultDurationMs = expiredInSeconds == 0 ? nil : Int64(expiredInSeconds) * 1000
  }

  @discardableResult
  public func set(_ data: Data, forKey key: String, expireDuration: UInt32) -> Bool {
    let duration: Int64? = expireDuration == 0 ? nil : Int64(expireDuration) * 1000
    if entries[key] == nil { keys.append(key) }
    entries[key] = Entry(data: data, writtenMs: MMKVStore.nowMs(), durationMs: duration)
    MMKVStore.observer?.stored(key: key, data: data)
    return true
  }

  @discardableResult
  public func set(_ data: Data, forKey key: String) -> Bool {
    if entries[key] == nil { keys.append(key) }
    entries[key] = Entry(data: data, writtenMs: MMKVStore.nowMs(), durationMs: defaultDurationMs)
    MMKVStore.observer?.stored(key: key, data: data)
    return true
  }

  public func data(forKey key: String) -> Data? {
    guard let entry = entries[key] else { return nil }
    if let duration = entry.durationMs, MMKVStore.nowMs() - entry.writtenMs > duration {
      MMKVStore.observer?.readExpired(key: key, writtenMs: entry.writtenMs)
      return nil
    }
    return entry.data
  }

  public func contains(key: String) -> Bool { entries[key] != nil }

  public func allKeys() -> [Any] { keys }

  public func count() -> Int { keys.count }

  public func removeValue(forKey key: String) {
    guard entries.removeValue(forKey: key) != nil else { return }
    keys.removeAll { $0 == key }
    MMKVStore.observer?.removed(keys: [key])
  }

  public func removeValues(forKeys keys: [String]) {
    let present = keys.filter { entries[$0] != nil }
    for key in present { entries.removeValue(forKey: key) }
    let gone = Set(present)
    self.keys.removeAll { gone.contains($0) }
    MMKVStore.observer?.removed(keys: present)
  }

  public func clearAll() {
    let all = keys
    keys.removeAll()
    entries.removeAll()
    MMKVStore.observer?.cleared(keys: all)
  }
}

/// What the driver sees of the storage.
public protocol MMKVObserver: AnyObject {
  func stored(key: String, data: Data)
  func removed(keys: [String])
  func cleared(keys: [String])
  /// A listed key was read after its expiry (`data(forKey:)` returns nil).
  func readExpired(key: String, writtenMs: Int64)
}

public enum MMKVStore {
  nonisolated(unsafe) public static var observer: MMKVObserver?
  /// The virtual clock, ms since 1970 (set by the driver).
  nonisolated(unsafe) public static var nowMs: () -> Int64 = { 0 }
}
