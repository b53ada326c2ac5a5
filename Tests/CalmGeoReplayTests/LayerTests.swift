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
    // Written down from Package.swift's CalmGeoCore: pure Swift packages only.
    let allowed: Set = ["DequeModule", "Histogram", "RealModule"]
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
      "CalmGeoCore", "Foundation", "FoundationEssentials", "Glibc", "Darwin", "CLibXML2", "CZlib", "Crypto",
      "DequeModule",
    ]
    let imports = try Self.imports(of: "CalmGeoInput")
    #expect(imports.contains { $0.module == "CLibXML2" }, "the scan found the GPX reader's C seam")
    for (file, module) in imports {
      #expect(allowed.contains(module), "\(file) imports \(module)")
    }
  }
}
