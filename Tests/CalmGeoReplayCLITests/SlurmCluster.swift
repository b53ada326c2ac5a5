import Foundation
import Testing

/// A throwaway single-node Slurm cluster (`scripts/slurm-single-node.sh`) for one test,
/// and the Slurm commands run against it.
struct SlurmCluster {
  /// What a command printed and how it ended.
  struct Result {
    var status: Int32
    var stdout: String
    var stderr: String
  }

  /// A cluster that could not be started, with the script's words.
  struct StartError: Error, CustomStringConvertible {
    var description: String
  }

  /// Why the Slurm tests cannot run on this machine, or `nil`.
  static let unavailable: String? = {
    let missing = ["sbatch", "sinfo", "scancel", "slurmctld", "slurmd", "munged", "mungekey"].filter { find($0) == nil }
    let reason =
      !missing.isEmpty
      ? "needs \(missing.joined(separator: ", ")) (scripts/check-deps.sh installs slurm-wlm and munge)"
      : getuid() != 0 ? "needs root to start munged, slurmctld and slurmd" : nil
    if let reason { print("skipped: the Slurm job-array test \(reason)") }
    return reason
  }()

  static let script = CommandRunner.repositoryRoot.appendingPathComponent("scripts/slurm-single-node.sh").path

  /// `slurm.conf` of the running cluster (what `SLURM_CONF` names).
  let conf: String

  /// Starts a cluster and waits until its node is idle, at most `timeout` seconds.
  static func start(timeout: Int = 60) throws -> SlurmCluster {
    let result = try run(
      "/bin/bash", [script, "start"], environment: ["CALMGEO_SLURM_TIMEOUT": String(timeout)],
      timeout: Double(timeout + 20))
    let line = result.stdout.split(separator: "\n").first { $0.hasPrefix("export SLURM_CONF=") }
    guard result.status == 0, let line else {
      throw StartError(description: "the single-node cluster did not start (exit \(result.status)): \(result.stderr)")
    }
    return SlurmCluster(conf: String(line.dropFirst("export SLURM_CONF=".count)))
  }

  /// Runs a Slurm command (`sbatch`, `sinfo`, …) against this cluster.
  func run(_ tool: String, _ arguments: [String], timeout: Double = 30) throws -> Result {
    try Self.run(Self.find(tool) ?? tool, arguments, environment: ["SLURM_CONF": conf], timeout: timeout)
  }

  /// Cancels the jobs and stops the daemons the script started (bounded: about 15 s).
  func stop() {
    let folder = (conf as NSString).deletingLastPathComponent
    _ = try? Self.run("/bin/bash", [Self.script, "stop", folder], environment: [:], timeout: 30)
  }

  /// The path of a tool in `PATH` or the sbin folders (daemons live there).
  private static func find(_ tool: String) -> String? {
    let path = (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":").map(String.init)
    return (path + ["/usr/sbin", "/sbin", "/usr/bin"]).map { "\($0)/\(tool)" }
      .first { FileManager.default.isExecutableFile(atPath: $0) }
  }

  /// Runs `executable`, its output going to files (daemons it starts must not hold
  /// pipes of ours), and ends it after `timeout` seconds (status -1 if it still runs).
  private static func run(
    _ executable: String, _ arguments: [String], environment: [String: String],
    timeout: Double
  ) throws -> Result {
    let folder = try CommandRunner.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let (out, err) = (folder.appendingPathComponent("stdout"), folder.appendingPathComponent("stderr"))
    try Data().write(to: out)
    try Data().write(to: err)
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
    process.standardInput = FileHandle.nullDevice
    process.standardOutput = try FileHandle(forWritingTo: out)
    process.standardError = try FileHandle(forWritingTo: err)
    try process.run()
    let exited = DispatchSemaphore(value: 0)
    Thread {
      process.waitUntilExit()
      exited.signal()
    }.start()
    if exited.wait(timeout: .now() + timeout) == .timedOut {
      process.terminate()
      _ = exited.wait(timeout: .now() + 5)
    }
    return Result(
      status: process.isRunning ? -1 : process.terminationStatus,
      stdout: try String(contentsOf: out, encoding: .utf8), stderr: try String(contentsOf: err, encoding: .utf8))
  }
}
