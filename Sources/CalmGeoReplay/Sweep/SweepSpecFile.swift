import Foundation

/// Reads a sweep spec file and what it refers to (a base config file, logs named by
/// globs) into a `SweepPlan`: the only place sweeps touch the file system before
/// replaying.
package enum SweepSpecFile {
  /// Loads the spec at `path`.
  /// - Throws: `InputUnavailable` when the spec or its base config cannot be read;
  ///   `DocumentError` (sweep spec) for a bad spec (a glob matching nothing included); the base
  ///   file's (config).
  package static func load(path: String) throws -> SweepPlan {
    let spec = try SweepSpecDecoder.decode(try read(path), source: path)
    let folder = (path as NSString).deletingLastPathComponent
    var base = SpecNode(.object([]))
    var baseSource: String?
    switch spec.base {
    case .inline(let node): base = node
    case .file(let name, let line):
      let file = resolve(name, in: folder)
      let text = try read(file)
      do {
        base = try SpecJSONReader.read(text, source: file)
      } catch {
        throw DocumentError(.config, source: file, reason: error.reason)
      }
      guard base.fields != nil else {
        throw DocumentError(
          .sweepSpec, source: path, line: line, key: "base",
          reason: "\(file) holds \(base.rendered), expected a config object")
      }
      baseSource = file
    }
    return try SweepPlan(spec: spec, base: base, baseSource: baseSource, tracks: try tracks(spec, folder: folder))
  }

  /// The logs of the spec's `tracks`, globs expanded (sorted), each named relative to
  /// the spec's folder; a log named again by a later item is read once, with the first
  /// item's options.
  static func tracks(_ spec: SweepSpec, folder: String) throws(DocumentError) -> [(
    track: SweepPlan.Track, written: [SpecNode.Field]
  )] {
    var result: [(track: SweepPlan.Track, written: [SpecNode.Field])] = []
    var seen = Set<String>()
    for (index, item) in spec.tracks.enumerated() {
      var names = [item.pattern]
      if PathGlob.isPattern(item.pattern) {
        let prefix = item.pattern.hasPrefix("/") || folder.isEmpty ? "" : folder + "/"
        names = PathGlob.files(matching: PathGlob.escaped(prefix) + item.pattern).map {
          String($0.dropFirst(prefix.count))
        }
        guard !names.isEmpty else {
          throw DocumentError(
            .sweepSpec, source: spec.source, line: item.line, key: "tracks[\(index)]",
            reason: "\"\(item.pattern)\" matches no file (relative to \(folder.isEmpty ? "." : folder))")
        }
      }
      for name in names where seen.insert(name).inserted {
        let track = SweepPlan.Track(
          name: name, path: resolve(name, in: folder), format: item.format, options: item.options)
        result.append((track, item.written))
      }
    }
    return result
  }

  static func resolve(_ name: String, in folder: String) -> String {
    name.hasPrefix("/") || folder.isEmpty ? name : (folder as NSString).appendingPathComponent(name)
  }

  /// A whole text file of a sweep (spec, base config, a sweep folder's files).
  package static func read(_ path: String) throws(InputUnavailable) -> String {
    guard let data = FileManager.default.contents(atPath: path) else {
      let reason = FileManager.default.fileExists(atPath: path) ? "cannot read the file" : "no such file"
      throw InputUnavailable(file: path, reason: reason)
    }
    return String(decoding: data, as: UTF8.self)
  }
}
