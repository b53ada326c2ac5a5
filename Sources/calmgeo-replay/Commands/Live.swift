import ArgumentParser
import CalmGeoLive
import CalmGeoReplay
import Foundation

extension CalmGeoReplayCommand {
  /// Sends the replay's requests to a real server (or replays a recorded network).
  struct Live: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Send the replay's upload requests to a real server, as one phone or a fleet.",
      discussion: """
        Replays each log as --devices phones and sends every request CalmGeo would make \
        (method, headers, token, httpTimeout and body bytes exactly as `replay` writes them) to \
        --url. The real answers decide success as CalmGeo does: only 200 deletes, anything else \
        (another status, a timeout after httpTimeout, a connection error) backs off and sends \
        the records again.

        Pacing: --speed X runs the virtual clock X times faster than wall time; a real latency L \
        is a virtual latency L × X. --speed max sends each request as soon as the replay reaches \
        it and waits for an answer whenever the replay's clock moves while a request is in \
        flight; there a latency L is L.

        Writes <out>/<log name>/device-NNN/ (what `replay` writes, per device) and live.json \
        (requests, outcomes, latency p50/p95/p99, duplicates and records lost, per device and in \
        total). --record-network FILE keeps every answer; `live --network FILE` (same options) \
        or, for device 1, `replay --network FILE` then replays the run byte for byte offline.

        Before sending, prints where it sends and how many requests a simulated run expects. \
        Only a 307 or 308 to the same scheme, host and port is followed (at most 5 times); plain \
        http is refused to a host whose addresses are not all loopback unless --allow-insecure. A \
        server's fault (no answer, a cut or malformed answer, a reset, a body over 64 KiB) is an \
        error or a timeout, and httpTimeout bounds the whole exchange. Ctrl-C ends the logs there \
        (requests in flight finish; nothing new is sent, not even the final sync), a second Ctrl-C \
        abandons the requests in flight (counted), a third quits at once; outputs are written \
        either way (exit 130). A run in which no request got an answer exits 69.

        EXAMPLES
          calmgeo-replay live drive.csv -c cfg.json --url http://127.0.0.1:8080/locations --speed max
          calmgeo-replay live drive.csv -c cfg.json --url https://staging.example.com/ingest --speed 60 --devices 50
          calmgeo-replay live drive.csv -c cfg.json --url https://staging.example.com/ingest --record-network run.ndjson
          calmgeo-replay live drive.csv -c cfg.json --url https://staging.example.com/ingest --network run.ndjson
        """)

    @Argument(help: ArgumentHelp("Logs to replay.", valueName: "log"))
    var logs: [String]

    @Option(
      name: .shortAndLong,
      help: ArgumentHelp("CalmGeo configuration JSON (CalmGeo's defaults when absent).", valueName: "file"))
    var config: String?

    @Option(
      name: .customLong("set"),
      help: ArgumentHelp(
        "Set a CalmGeo key or replay.* path on top of the config file (repeatable).", valueName: "key=value"))
    var set: [String] = []

    @Option(help: ArgumentHelp("The endpoint (overrides the config's url).", valueName: "url"))
    var url: String?

    @Option(help: ArgumentHelp("Virtual seconds per wall second (a number), or max.", valueName: "X|max"))
    var speed: String = "1"

    @Option(help: ArgumentHelp("Phones replaying each log at once.", valueName: "n"))
    var devices: Int = 1

    @Option(
      help: ArgumentHelp(
        "Devices after the first start up to this many seconds later (seeded; at most 604800).",
        valueName: "s"))
    var deviceSpread: Int = 60

    @Option(
      help: ArgumentHelp("Devices after the first move each fix by up to this many metres (seeded).", valueName: "m"))
    var jitter: Double = 0

    @Option(
      help: ArgumentHelp("Write every answer (device, request, latency, outcome) to this file.", valueName: "file"))
    var recordNetwork: String?

    @Option(
      help: ArgumentHelp(
        "Answer from a file written by --record-network instead of the network (nothing is sent).", valueName: "file"))
    var network: String?

    @Flag(help: "Allow plain http to a host that is not loopback.")
    var allowInsecure = false

    @Flag(help: "Follow no redirect at all (default: a 307 or 308 to the same scheme, host and port, at most 5).")
    var noRedirects = false

    @Flag(help: "Print the plan and the expected request count, then stop without sending.")
    var dryRun = false

    @Option(name: .shortAndLong, help: ArgumentHelp("Folder for the output folders.", valueName: "dir"))
    var out: String = "live-out"

    @Option(help: ArgumentHelp("Seed for ids and device draws; the same seed gives the same requests.", valueName: "n"))
    var seed: UInt64?

    @Flag(inversion: .prefixedNo, help: "Call sync() once after the last fix, as an app does on its next launch.")
    var finalSync: Bool?

    @Flag(help: "locations.ndjson and uploads/bodies.ndjson instead of one file per request.")
    var ndjson = false

    @Flag(name: .shortAndLong, help: "Print only the plan (always printed) and errors.")
    var quiet = false

    @OptionGroup(title: "Reports") var reports: ReportOptions
    @OptionGroup(title: "Input") var input: InputOptions

    /// The largest `--device-spread`, s: start offsets stay far from any timestamp bound.
    static let maximumDeviceSpread = 7 * 86_400

    /// Exit code of a live run in which no request got an answer (sysexits' EX_UNAVAILABLE).
    static let noAnswerExitCode: Int32 = 69

    func validate() throws {
      guard !logs.isEmpty else { throw ValidationError("Name at least one log to send.") }
      guard LiveSpeed(speed) != nil else {
        throw ValidationError(
          "--speed takes a number from 0 (exclusive) to \(Int(LiveSpeed.maximumFactor)), or max, "
            + "found '\(speed)'.")
      }
      guard (1...10_000).contains(devices) else { throw ValidationError("--devices must be from 1 to 10000.") }
      guard (0...Self.maximumDeviceSpread).contains(deviceSpread) else {
        throw ValidationError(
          "--device-spread must be from 0 to \(Self.maximumDeviceSpread) seconds (7 days), "
            + "found \(deviceSpread).")
      }
      guard jitter >= 0 && jitter <= 1000 else { throw ValidationError("--jitter must be from 0 to 1000 metres.") }
      if network != nil && recordNetwork != nil {
        throw ValidationError(
          "--network replays a recorded file and sends nothing; it cannot be combined with --record-network.")
      }
    }

    func run() throws {
      let plan: LivePlan
      do {
        plan = try LivePlan(command: self)
      } catch {
        throw ExitCode(Terminal.report(error))
      }
      let code = plan.execute()
      if code != 0 { throw ExitCode(code) }
    }
  }
}
