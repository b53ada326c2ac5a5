import Foundation

@testable import CalmGeoReplay

/// The TPV (time-position-velocity) reports in a gpsd regression `.chk` file,
/// one per epoch where gpsd has a 2D or 3D fix.
///
/// gpsd prints a TPV after many sentences, each adding to the epoch's report;
/// the last TPV of a run with the same `time` is the epoch's complete one. When
/// a log's time goes back and repeats a time, only the first run is kept (as
/// `FixNormalizer` keeps only the first fix at a time). TPVs without
/// `time` (before gpsd knows the date) or without `lat`/`lon`, or with `mode` < 2,
/// are left out. Units: degrees, m/s (`speed`), metres above mean sea level
/// (`altMSL`, or the older `alt`, which gpsd 3.20+ keeps as an alias of altMSL).
struct GpsdCheckFile {
  struct Epoch {
    var time: Int64
    var latitude: Double
    var longitude: Double
    var speed: Double?
    var altitude: Double?
  }

  var epochs: [Epoch] = []

  init(path: String) throws {
    let text = String(decoding: try Data(contentsOf: URL(fileURLWithPath: path)), as: UTF8.self)
    var byTime: [Int64: Int] = [:]
    var lastTime: Int64? = nil
    for line in text.split(whereSeparator: \.isNewline) where line.hasPrefix("{\"class\":\"TPV\"") {
      guard let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
        let mode = object["mode"] as? Int, mode >= 2,
        let latitude = object["lat"] as? Double, let longitude = object["lon"] as? Double,
        let timeText = object["time"] as? String, let time = Self.millis(timeText)
      else { continue }
      let epoch = Epoch(
        time: time, latitude: latitude, longitude: longitude, speed: object["speed"] as? Double,
        altitude: (object["altMSL"] as? Double) ?? (object["alt"] as? Double))
      if time == lastTime, let index = byTime[time] {
        epochs[index] = epoch
      } else if byTime[time] == nil {
        byTime[time] = epochs.count
        epochs.append(epoch)
      }
      lastTime = time
    }
  }

  /// `2034-08-16T03:07:19.000Z` as milliseconds since 1970.
  static func millis(_ text: String) -> Int64? {
    let digits = text.utf8.map { Int($0) - 48 }
    guard text.utf8.count >= 20 else { return nil }
    func number(_ from: Int, _ count: Int) -> Int { digits[from..<from + count].reduce(0) { $0 * 10 + $1 } }
    var millis = 0
    if text.utf8.count >= 24 { millis = number(20, 3) }
    return UTCTime.millis(
      year: number(0, 4), month: number(5, 2), day: number(8, 2),
      hour: number(11, 2), minute: number(14, 2), second: number(17, 2), millisecond: millis)
  }
}
