import Foundation
import Testing

/// Headless Chromium, to load a page as a browser does.
enum Chromium {
  static let path: String? = {
    let found = ["/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome"]
      .first { FileManager.default.isExecutableFile(atPath: $0) }
    if found == nil { print("skipped: the browser tests need chromium (apt-get install chromium)") }
    return found
  }()

  static let skipReason: Comment = "needs chromium (apt-get install chromium)"

  /// A loaded page: the DOM after its scripts ran and the console messages it logged.
  struct Page {
    var dom: String
    var consoleMessages: [String]

    func count(_ text: String) -> Int { dom.components(separatedBy: text).count - 1 }
  }

  /// Loads `file` (with `fragment`, e.g. `t=62`, after a `#`) with `--dump-dom`, console
  /// messages going to stderr; `width` sets the window's width in CSS pixels.
  static func load(_ file: URL, fragment: String? = nil, width: Int? = nil) throws -> Page {
    let profile = try CommandRunner.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: profile) }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: path ?? "chromium")
    process.arguments =
      [
        "--headless", "--no-sandbox", "--disable-gpu", "--user-data-dir=\(profile.path)",
        "--enable-logging=stderr", "--v=0", "--dump-dom", file.absoluteString + (fragment.map { "#" + $0 } ?? ""),
      ] + (width.map { ["--window-size=\($0),1000"] } ?? [])
    let out = Pipe()
    let err = Pipe()
    process.standardOutput = out
    process.standardError = err
    try process.run()
    nonisolated(unsafe) var errData = Data()
    let reader = Thread { errData = err.fileHandleForReading.readDataToEndOfFile() }
    reader.start()
    let outData = out.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    while !reader.isFinished { usleep(1000) }
    let log = String(decoding: errData, as: UTF8.self)
    return Page(
      dom: String(decoding: outData, as: UTF8.self),
      consoleMessages: log.split(separator: "\n").filter { $0.contains(":CONSOLE") }.map(String.init))
  }
}
