import Foundation
import PackagePlugin

/// `swift package calmgeo-check GOLDEN_DIR [check options]`: runs `calmgeo-replay check` from a
/// package that depends on calmgeo-replay, so an app repository checks its golden folder without
/// installing the tool. SwiftPM builds the tool for the host; the arguments are passed through
/// unchanged and relative paths are read against the package's directory. The tool's output is
/// forwarded, and a check that does not pass ends the command with the tool's exit code
/// (3: a track differs, 4: a gate is violated, 64-66: usage or input trouble).
@main
struct CalmGeoCheck: CommandPlugin {
  func performCommand(context: PluginContext, arguments: [String]) async throws {
    let tool = try context.tool(named: "calmgeo-replay")
    let process = Process()
    process.executableURL = tool.url
    process.arguments = ["check"] + arguments
    process.currentDirectoryURL = context.package.directoryURL
    // Standard output and error are inherited: the tool's report reaches the caller as it is written.
    do {
      try process.run()
    } catch {
      Diagnostics.error("cannot start \(tool.url.path): \(error.localizedDescription). Run `swift build` to see why.")
      exit(1)
    }
    process.waitUntilExit()
    guard process.terminationReason == .exit else {
      Diagnostics.error("calmgeo-replay check was ended by signal \(process.terminationStatus).")
      exit(1)
    }
    let code = process.terminationStatus
    guard code != 0 else { return }
    Diagnostics.error("calmgeo-replay check exited with code \(code): \(Self.meaning(of: code)).")
    exit(code)
  }

  /// What an exit code of `check` means (docs/CHECK.md, "Exit codes").
  static func meaning(of code: Int32) -> String {
    switch code {
    case 3: return "a track's outputs differ from the stored ones"
    case 4: return "every track matches, but a gate is violated"
    case 64: return "bad manifest, gates file, config or usage"
    case 65: return "bad data in a log or a stored stats.json"
    case 66: return "a log, config, manifest, gates file or stored track folder is missing"
    default: return "see the messages above"
    }
  }
}
