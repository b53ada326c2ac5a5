#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  // macOS: written, never built or run (README, Platforms).
  import Darwin
#endif

/// Shell-style file name patterns expanded by the C library's `glob(3)`.
package enum SystemGlob {
  /// The paths matching `pattern` in `glob`'s order, folders with a `/` at the end
  /// (`GLOB_MARK`); none when nothing matches or the pattern cannot be read.
  package static func paths(matching pattern: String) -> [String] {
    var result = glob_t()
    defer { globfree(&result) }
    guard glob(pattern, Int32(GLOB_MARK), nil, &result) == 0 else { return [] }
    var paths: [String] = []
    for index in 0..<Int(result.gl_pathc) {
      guard let pointer = result.gl_pathv[index] else { continue }
      paths.append(String(cString: pointer))
    }
    return paths
  }
}
