import Foundation

@testable import CalmGeoLibraryEngine

/// The reference CalmGeo sources (`../shared/calmgeo-source`), built once for every test that
/// runs the library (the build is shared through the tool's cache: a second build is a lookup).
enum LibraryFixture {
  static let sourcePath = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("shared/calmgeo-source").path

  /// Whether the sources are there; tests that need them are skipped otherwise.
  static let isPresent: Bool = {
    let present = FileManager.default.fileExists(atPath: sourcePath + "/CalmGeo/Classes")
    if !present { print("skipped: the library engine's tests need \(sourcePath) (../shared is absent)") }
    return present
  }()

  /// The engine over the reference sources, built at most once per test process.
  static let engine: Result<LibraryEngine, LibraryError> = {
    Result { () throws(LibraryError) in try LibraryEngine.prepare(sourcePath: sourcePath) }
  }()
}
