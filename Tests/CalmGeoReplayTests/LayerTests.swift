import Foundation
import Testing

/// The layers' rules that the compiler cannot hold alone. Package.swift already refuses a
/// core file that names an input or study type (the core depends on neither); but any
/// target may import Foundation or the C library, so these tests read every source file's
/// imports and the few standard-library calls that read the clock or an unseeded random source.
struct LayerTests {
  private static let sources = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Sources")

  /// Every `import` line of the Swift files under `Sources/<target>`, with the file's path.
  private static func imports(of target: String) throws -> [(file: String, module: String)] {
    let root = sources.appendingPathComponent(target)
    let files = try #require(FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil))
    var found: [(String, String)] = []
    for case let url as URL in files where url.pathExtension == "swift" {
      let text = try String(contentsOf: url, encoding: .utf8)
      for line in text.split(separator: "\n") {
        let words = line.split(separator: " ").filter { !$0.hasPrefix("@") }
        guard let keyword = words.firstIndex(of: "import"), keyword + 1 < words.count,
          words[..<keyword].allSatisfy({ ["internal", "public", "package", "private"].contains($0) })
        else { continue }
        found.append((url.lastPathComponent, String(words[keyword + 1])))
      }
    }
    return found
  }

  @Test func theCoreImportsNoFoundationNoCLibraryAndNoOtherLayer() throws {
    // Written down from Package.swift's CalmGeoCore: pure Swift packages only (HeapModule: the
    // scenario scheduler's queue).
    let allowed: Set = ["DequeModule", "HeapModule", "Histogram", "RealModule"]
    let imports = try Self.imports(of: "CalmGeoCore")
    #expect(imports.count >= 6, "the scan found the core's imports (sin and cos come from RealModule)")
    for (file, module) in imports {
      #expect(allowed.contains(module), "\(file) imports \(module): the core reads no file, clock or C library")
    }
  }

  @Test func theCoreNeitherReadsTheClockNorDrawsUnseededRandomNumbers() throws {
    let root = Self.sources.appendingPathComponent("CalmGeoCore")
    let files = try #require(FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil))
    // The standard library's clocks and its system generator are the only ways in without an import.
    let forbidden = ["ContinuousClock", "SuspendingClock", "SystemRandomNumberGenerator", ".random()"]
    var scanned = 0
    for case let url as URL in files where url.pathExtension == "swift" {
      scanned += 1
      let text = try String(contentsOf: url, encoding: .utf8)
      for word in forbidden {
        #expect(!text.contains(word), "\(url.lastPathComponent) uses \(word): a replay's time is the log's")
      }
      for line in text.split(separator: "\n") where line.contains("random(in:") {
        #expect(line.contains("using:"), "\(url.lastPathComponent): \(line) draws from an unseeded source")
      }
    }
    #expect(scanned > 50)
  }

  @Test func theInputLayerImportsNeitherTheStudyLayerNorNetworking() throws {
    let allowed: Set = [
      "CalmGeoCore", "CalmGeoSystem", "Foundation", "FoundationEssentials", "CLibXML2", "CZlib", "Crypto",
      "DequeModule",
    ]
    let imports = try Self.imports(of: "CalmGeoInput")
    #expect(imports.contains { $0.module == "CLibXML2" }, "the scan found the GPX reader's C seam")
    for (file, module) in imports {
      #expect(allowed.contains(module), "\(file) imports \(module)")
    }
  }

  /// The words that mark platform-specific code: a platform `#if`, a C library imported by name,
  /// and `strerror` (an error's words come from the seam's `Errno.reason`).
  static let platformMarks = [
    "canImport(Glibc)", "canImport(Darwin)", "canImport(Musl)", "import Glibc", "import Darwin", "import Musl",
    "strerror",
  ]

  /// The files under `Sources/` (every target, the library harness included) holding a platform mark, with it.
  private static func platformMarks(in folder: URL) throws -> (scanned: Int, found: [(file: String, mark: String)]) {
    let files = try #require(FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil))
    var scanned = 0
    var found: [(String, String)] = []
    for case let url as URL in files where url.pathExtension == "swift" {
      scanned += 1
      let text = try String(contentsOf: url, encoding: .utf8)
      for mark in platformMarks where text.contains(mark) {
        found.append((url.path.replacingOccurrences(of: sources.path + "/", with: ""), mark))
      }
    }
    return (scanned, found)
  }

  @Test func onlyTheSystemSeamHoldsPlatformCode() throws {
    let (scanned, found) = try Self.platformMarks(in: Self.sources)
    #expect(scanned > 300, "the scan read every target's sources")
    // The scan can fail: the seam itself holds the marks (its Glibc, Musl and Darwin branches).
    let seam = found.filter { $0.file.hasPrefix("CalmGeoSystem/") }
    #expect(seam.contains { $0.mark == "canImport(Glibc)" } && seam.contains { $0.mark == "strerror" })
    for (file, mark) in found where !file.hasPrefix("CalmGeoSystem/") {
      Issue.record("\(file) holds `\(mark)`: platform calls go through CalmGeoSystem (Sources/CalmGeoSystem)")
    }
  }
}
