import Foundation
import VirtualPlatform

// calmgeo-driver REQUEST.json OUTPUT.ndjson: runs CalmGeo's own code over the request's fixes
// and calls on the virtual platform, writing what the library did to OUTPUT.
// calmgeo-driver --clock T1 T2: prints Date() at two virtual times (ms since 1970).
VirtualClock.installCrashReporter()
JobQueue.shared.install()
let arguments = CommandLine.arguments
if arguments.count == 4 && arguments[1] == "--clock" {
  for text in arguments[2...] {
    VirtualClock.nowMs = Int64(text) ?? 0
    print(String(format: "%.3f", Date().timeIntervalSince1970))
  }
  exit(0)
}
guard arguments.count == 3 else {
  FileHandle.standardError.write(Data("usage: calmgeo-driver REQUEST.json OUTPUT.ndjson\n".utf8))
  exit(64)
}
do {
  let data = try Data(contentsOf: URL(fileURLWithPath: arguments[1]))
  let request = try JSONDecoder().decode(DriverRequest.self, from: data)
  guard let recorder = Recorder(path: arguments[2]) else {
    FileHandle.standardError.write(Data("calmgeo-driver: cannot write \(arguments[2])\n".utf8))
    exit(73)
  }
  Driver(request: request, recorder: recorder).run()
  exit(0)
} catch {
  FileHandle.standardError.write(Data("calmgeo-driver: cannot read the request \(arguments[1]): \(error)\n".utf8))
  exit(65)
}
