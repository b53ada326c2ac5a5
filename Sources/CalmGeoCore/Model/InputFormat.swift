/// The log formats `calmgeo-replay` reads.
public enum InputFormat: String, Sendable, CaseIterable {
  /// Delimited text with a header row (GPSLogger, loggers' exports, ...).
  case csv
  /// NMEA 0183 sentences.
  case nmea
  /// GPX 1.0 / 1.1.
  case gpx
  /// Android GnssLogger text files (`Fix,...` records).
  case gnssLogger = "gnsslogger"
  /// CalmGeo's own output: a JSON array or NDJSON of CalmGeoLocation.
  case calmgeoJSON = "json"

  /// Guesses the format from the first bytes of the (decompressed) content, then
  /// from the file name's extension. Returns `nil` when neither says.
  public static func detect(prefix: [UInt8], fileName: String) -> InputFormat? {
    if let byContent = sniff(prefix) { return byContent }
    return byExtension(fileName)
  }

  /// The format named by a file's extension (`.gz` looked through).
  public static func byExtension(_ fileName: String) -> InputFormat? {
    var name = fileName.lowercased()
    if name.hasSuffix(".gz") { name.removeLast(3) }
    guard let dot = name.lastIndex(of: ".") else { return nil }
    switch name[name.index(after: dot)...] {
    case "csv", "tsv", "txt": return .csv
    case "nmea", "nma", "log", "gps": return .nmea
    case "gpx": return .gpx
    case "json", "ndjson", "jsonl": return .calmgeoJSON
    default: return nil
    }
  }

  /// The format that the content's first bytes reveal.
  static func sniff(_ bytes: [UInt8]) -> InputFormat? {
    // UTF-16: the text is recognised after dropping every other byte.
    if bytes.count >= 2,
      (bytes[0] == 0xFF && bytes[1] == 0xFE) || (bytes[0] == 0xFE && bytes[1] == 0xFF)
        || (bytes.count >= 4 && (bytes[1] == 0 && bytes[3] == 0 || bytes[0] == 0 && bytes[2] == 0))
    {
      let start = (bytes[0] == 0xFF || bytes[0] == 0xFE) ? 2 : 0
      let odd = bytes.count > start + 1 && bytes[start] == 0 ? 1 : 0
      let narrowed = stride(from: start + odd, to: bytes.count, by: 2).map { bytes[$0] }
      return sniff(narrowed)
    }
    var text = bytes[...]
    if text.starts(with: [0xEF, 0xBB, 0xBF]) { text = text.dropFirst(3) }
    let head = String(decoding: text.prefix(4096), as: UTF8.self)
    let trimmed = head.drop { $0 == " " || $0 == "\t" || $0 == "\r" || $0 == "\n" || $0 == "\0" }
    if trimmed.hasPrefix("<") { return head.contains("<gpx") ? .gpx : nil }
    if trimmed.hasPrefix("[") || trimmed.hasPrefix("{") { return .calmgeoJSON }
    if head.contains("\nFix,") || trimmed.hasPrefix("Fix,") || head.contains("# Version: v") && head.contains("Fix,") {
      return .gnssLogger
    }
    if trimmed.hasPrefix("#") && head.contains("Fix,") { return .gnssLogger }
    // NMEA: a `$xxxxx,` sentence start near the beginning of a line.
    if looksLikeNMEA(head) { return .nmea }
    if looksLikeCSVHeader(head) { return .csv }
    return nil
  }

  /// A delimited header line (after any `#` lines) naming latitude and longitude columns.
  private static func looksLikeCSVHeader(_ head: String) -> Bool {
    let lines = head.split(whereSeparator: { $0 == "\n" || $0 == "\r" })
    guard let header = lines.first(where: { !$0.hasPrefix("#") && !$0.allSatisfy(\.isWhitespace) }) else {
      return false
    }
    let lower = header.lowercased()
    let delimited = lower.contains(",") || lower.contains(";") || lower.contains("\t")
    return delimited && lower.contains("lat") && (lower.contains("lon") || lower.contains("lng"))
  }

  private static func looksLikeNMEA(_ head: String) -> Bool {
    var sentences = 0
    var lines = 0
    for line in head.split(whereSeparator: { $0 == "\n" || $0 == "\r" }).prefix(40) {
      lines += 1
      guard let dollar = line.firstIndex(where: { $0 == "$" || $0 == "!" }) else { continue }
      let body = line[line.index(after: dollar)...]
      if body.count >= 6, body.prefix(5).allSatisfy({ $0.isLetter || $0.isNumber }),
        body.dropFirst(5).first == ","
      {
        sentences += 1
      }
    }
    return sentences > 0 && sentences * 4 >= min(lines, 8)
  }
}
