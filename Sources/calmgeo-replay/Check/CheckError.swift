/// A problem that stops a check of one track or of the whole golden folder, with the
/// exit code it maps to (64 usage or manifest, 65 bad stored data, 66 missing files).
struct CheckError: Error, CustomStringConvertible {
  var description: String
  var code: Int32

  /// `path: error: message`
  init(_ path: String, _ message: String, code: Int32) {
    description = "\(path): error: \(message)"
    self.code = code
  }
}
