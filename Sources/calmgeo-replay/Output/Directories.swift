#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `mkdir -p` with the OS's reason when it fails (`Not a directory`, `Permission denied`).
enum Directories {
  /// Creates `path` and any missing parent; throws an `OutputError` naming `path`.
  static func create(_ path: String) throws(OutputError) {
    var partial = path.hasPrefix("/") ? "/" : ""
    for component in path.split(separator: "/") {
      partial += (partial.isEmpty || partial.hasSuffix("/") ? "" : "/") + component
      if mkdir(partial, 0o755) == 0 { continue }
      let code = errno
      var info = stat()
      guard code == EEXIST, stat(partial, &info) == 0 else {
        throw OutputError(path: path, reason: String(cString: strerror(code)))
      }
      guard info.st_mode & S_IFMT == S_IFDIR else {
        throw OutputError(path: path, reason: String(cString: strerror(ENOTDIR)))
      }
    }
  }
}
