/// An error the command line reports by its `description` alone and ends with `exitCode`
/// (docs/EXIT-CODES.md): the one mapping from an error to its message and code.
public protocol ExitCodedError: Error, CustomStringConvertible {
  /// The process exit code this error ends a command with (64 usage, 65 data, 66 missing, …).
  var exitCode: Int32 { get }
}

extension ParseError: ExitCodedError {
  /// 65: the input's data is bad.
  public var exitCode: Int32 { 65 }
}

extension InputUnavailable: ExitCodedError {
  /// 66: the input is missing or unreadable.
  public var exitCode: Int32 { 66 }
}

extension DocumentError: ExitCodedError {}
