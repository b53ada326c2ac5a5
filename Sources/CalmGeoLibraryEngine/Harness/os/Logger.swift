/// Stand-in for `os.Logger`: messages are never built (the arguments are autoclosures, so
/// `Bundle.main.bundleIdentifier!`, nil on Linux, is never evaluated) and never written.
public struct Logger: Sendable {
  public init(subsystem: @autoclosure () -> String, category: @autoclosure () -> String) {}
  public func debug(_ message: @autoclosure () -> String) {}
  public func info(_ message: @autoclosure () -> String) {}
  public func notice(_ message: @autoclosure () -> String) {}
  public func error(_ message: @autoclosure () -> String) {}
  public func warning(_ message: @autoclosure () -> String) {}
  public func fault(_ message: @autoclosure () -> String) {}
}
