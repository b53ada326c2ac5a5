import CalmGeoSystem

/// `mkdir -p` with the OS's reason when it fails (`Not a directory`, `Permission denied`).
enum Directories {
  /// Creates `path` and any missing parent; throws an `OutputError` naming `path`.
  static func create(_ path: String) throws(OutputError) {
    var partial = path.hasPrefix("/") ? "/" : ""
    for component in path.split(separator: "/") {
      partial += (partial.isEmpty || partial.hasSuffix("/") ? "" : "/") + component
      do throws(Errno) {
        try SystemFiles.makeDirectory(partial)
        continue
      } catch {
        guard error == .fileExists, let info = try? SystemFiles.status(partial) else {
          throw OutputError(path: path, error)
        }
        guard info.type == .directory else { throw OutputError(path: path, .notDirectory) }
      }
    }
  }
}
