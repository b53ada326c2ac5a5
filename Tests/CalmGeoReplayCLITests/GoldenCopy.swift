import Foundation

/// A copy of `Samples/` (logs, config and the golden folder `Samples/expected`) in a new
/// temporary folder, for checks that change logs, configs or stored outputs; removed
/// when the test lets go of it.
final class GoldenCopy {
  /// The temporary folder holding `Samples/`; commands run from here.
  let root: URL

  init() throws {
    root = try CommandRunner.temporaryFolder()
    try FileManager.default.copyItem(
      at: CommandRunner.repositoryRoot.appendingPathComponent("Samples"),
      to: root.appendingPathComponent("Samples"))
  }

  deinit {
    try? FileManager.default.removeItem(at: root)
  }

  /// Runs the tool from the copy's root.
  func run(_ arguments: [String]) throws -> CommandRunner.Result {
    try CommandRunner.run(arguments, in: root)
  }

  func url(_ relative: String) -> URL { root.appendingPathComponent(relative) }

  func read(_ relative: String) throws -> String {
    try String(contentsOf: url(relative), encoding: .utf8)
  }

  func write(_ relative: String, _ text: String) throws {
    try Data(text.utf8).write(to: url(relative))
  }

  /// Replaces the first `target` in a file, which must hold it.
  func replace(_ target: String, with replacement: String, in relative: String) throws {
    let text = try read(relative)
    guard let range = text.range(of: target) else { throw CocoaError(.fileReadCorruptFile) }
    try write(relative, text.replacingCharacters(in: range, with: replacement))
  }

  /// The files under a folder, as sorted relative paths.
  static func files(under folder: URL) -> [String] {
    let enumerator = FileManager.default.enumerator(atPath: folder.path)
    var names: [String] = []
    while let name = enumerator?.nextObject() as? String {
      var isFolder: ObjCBool = false
      _ = FileManager.default.fileExists(atPath: folder.appendingPathComponent(name).path, isDirectory: &isFolder)
      if !isFolder.boolValue { names.append(name) }
    }
    return names.sorted()
  }

  /// Whether two folders hold the same files with the same bytes.
  static func identical(_ a: URL, _ b: URL) throws -> Bool {
    let names = files(under: a)
    guard names == files(under: b) else { return false }
    return try names.allSatisfy {
      try Data(contentsOf: a.appendingPathComponent($0)) == Data(contentsOf: b.appendingPathComponent($0))
    }
  }
}
