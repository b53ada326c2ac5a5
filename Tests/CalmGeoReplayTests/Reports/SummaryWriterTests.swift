import Foundation
import Testing

@testable import CalmGeoReplay

/// The summary's motionchange breakdown adds up to the total (issue 12 item 14).
struct SummaryWriterTests {
  @Test func motionChangeKindsAddUpToTheTotal() {
    var counters = TrackingStateMachine.Counters()
    counters.motionChangesToMoving = 4
    counters.motionChangesToStationary = 2
    counters.geofenceExits = 1
    // 6 motionchanges: 4 to moving = 1 geofence exit + the first fix + 2 moving again
    // while listening; 2 stops. 1 + 2 + 1 + 2 = 6. Before, "3 starts" hid the first fix.
    #expect(SummaryWriter.motionChangeKinds(counters) == "1 first fix, 2 stops, 1 geofence exit, 2 moving again")
    counters.motionChangesToMoving = 2
    counters.motionChangesToStationary = 1
    #expect(SummaryWriter.motionChangeKinds(counters) == "1 first fix, 1 stop, 1 geofence exit")
  }
}

/// The package claims only platforms it is built on (issue 12 item 16).
struct PackageClaimTests {
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()

  @Test func noAppleClaimAndNoGlibcCallsInPortableFiles() throws {
    let manifest = try String(contentsOf: Self.root.appendingPathComponent("Package.swift"), encoding: .utf8)
    // macOS is neither built nor tested; the manifest claimed macOS 13.
    #expect(!manifest.contains(".macOS("))
    // A file that imports Darwin on Apple platforms must not call Glibc by name.
    let sources = Self.root.appendingPathComponent("Sources")
    let files = FileManager.default.enumerator(atPath: sources.path)?.compactMap { $0 as? String } ?? []
    for file in files where file.hasSuffix(".swift") {
      let text = try String(contentsOf: sources.appendingPathComponent(file), encoding: .utf8)
      if text.contains("canImport(Darwin)") { #expect(!text.contains("Glibc."), "\(file) calls Glibc by name") }
    }
  }
}
