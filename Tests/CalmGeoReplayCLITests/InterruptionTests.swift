import Foundation
import Testing

/// A run killed midway (SIGKILL: nothing can be cleaned up) leaves no output folder
/// that looks complete: outputs are built under a hidden name and renamed at the end.
struct InterruptionTests {
  @Test func aRunKilledMidwayLeavesNoCompleteLookingFolder() throws {
    let folder = try CommandRunner.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    // 400,000 fixes, one a second, walking north: long enough to kill while writing.
    var text = "time,lat,lon,speed\n"
    text.reserveCapacity(400_000 * 40)
    for index in 0..<400_000 {
      text += "\(1_714_546_800 + index),\(47 + Double(index) * 0.00001),8.5,1.1\n"
    }
    let log = folder.appendingPathComponent("long.csv")
    try text.write(to: log, atomically: true, encoding: .utf8)
    let out = folder.appendingPathComponent("out")

    let process = Process()
    process.executableURL = CommandRunner.binary
    process.arguments = [
      log.path, "--config", CommandRunner.repositoryRoot.appendingPathComponent("Samples/config.json").path,
      "--out", out.path, "--quiet",
    ]
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    try process.run()
    // Wait for the hidden folder being built, then kill the run.
    let deadline = Date().addingTimeInterval(60)
    var sawPartial = false
    while Date() < deadline, process.isRunning {
      let names = (try? FileManager.default.contentsOfDirectory(atPath: out.path)) ?? []
      if names.contains(where: { $0.hasPrefix(".calmgeo-") }) {
        sawPartial = true
        usleep(50_000)  // let it write some files first
        break
      }
      usleep(2_000)
    }
    let killedMidway = process.isRunning
    kill(process.processIdentifier, SIGKILL)
    process.waitUntilExit()
    try #require(killedMidway && sawPartial, "the run ended before it could be killed; make the log longer")
    #expect(process.terminationReason == .uncaughtSignal)

    // Nothing visible: only the hidden folder that was being built.
    let names = try FileManager.default.contentsOfDirectory(atPath: out.path)
    #expect(names.filter { !$0.hasPrefix(".") } == [], "visible after a kill: \(names)")
    #expect(!FileManager.default.fileExists(atPath: out.appendingPathComponent("long/stats.json").path))
  }
}
