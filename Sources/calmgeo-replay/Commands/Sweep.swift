import ArgumentParser
import CalmGeoReplay
import Foundation

extension CalmGeoReplayCommand {
  /// Replays logs under a grid of configurations and recommends one.
  struct Sweep: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Replay logs under a grid of configurations, compare them and recommend one.",
      discussion: """
        The spec (YAML or JSON) names the logs (tracks), a base config (base), the keys to \
        vary (a list of values, {from, to, step} or {random: N, seed: S, from, to}), \
        objectives ("min energy.percentPerHour") and constraints ("stops.missed == 0"). \
        Every log is parsed once and replayed under every configuration on all cores.

        The output folder holds results.ndjson and results.csv (one row per log × \
        configuration, in grid order), summary.csv, pareto.csv, recommended.json (a config \
        file for --config), recommended.why.txt and sweep.html (the trade-offs at a \
        glance). It is built as .<name>.partial and renamed when done. Ctrl-C keeps the \
        finished rows (exit 130); --resume runs the rest. \
        See docs/SWEEP.md.

        --format json prints one document (the recommendation, its objective means, the \
        constraints it breaks, unreadable logs), junit a test case per constraint (judged \
        on the recommended configuration) and per log, github an ::error per broken \
        constraint and a ::warning per unreadable log (and the job summary), markdown the \
        best configurations as a table. github is the default when GITHUB_ACTIONS=true; \
        the exit codes are the same.

        EXAMPLES
          calmgeo-replay sweep sweep.yaml
          calmgeo-replay sweep sweep.yaml --out runs/sweep1 --jobs 8 --keep-best 3
          calmgeo-replay sweep sweep.yaml --resume
          calmgeo-replay sweep sweep.yaml --shard 2/8 --out shards/2
          calmgeo-replay merge shards/* --out sweep-out
          calmgeo-replay sweep sweep.yaml --format junit > sweep.xml

        EXIT CODES
          0   a configuration meets every constraint (recommended.json)
          2   none does: recommended.json is the closest (see recommended.why.txt)
          64  bad spec or options, or --resume on a folder of another sweep
          65  unreadable log with --strict, or no log readable
          66  spec, base config or (with --strict) a log missing
          130 interrupted: the finished rows are kept
        """)

    @Argument(help: ArgumentHelp("The sweep spec: YAML, or JSON when named *.json.", valueName: "spec"))
    var spec: String

    @Option(name: .shortAndLong, help: ArgumentHelp("The output folder.", valueName: "dir"))
    var out: String = "sweep-out"

    @Option(
      name: .shortAndLong,
      help: ArgumentHelp("Replays at a time (default: the active processor count).", valueName: "n"))
    var jobs: Int?

    @Option(
      help: ArgumentHelp(
        "Run only shard I of N of the rows (row k is shard k mod N + 1); join shards with merge.", valueName: "I/N"))
    var shard: String?

    @Flag(help: "Keep the rows an earlier run of this spec left in the output folder and run only the others.")
    var resume = false

    @Flag(help: "Read logs strictly and stop at a log that cannot be read (exit 65 or 66) instead of skipping it.")
    var strict = false

    @Option(
      help: ArgumentHelp(
        "Replay the N best configurations again with full outputs into best/<rank>-<config>/<log>/.", valueName: "n"))
    var keepBest = 0

    @Option(
      help: ArgumentHelp(
        "The two result paths sweep.html plots against each other (default: the first two objectives).",
        valueName: "x,y"))
    var plot: String?

    @Flag(name: .shortAndLong, help: "Print nothing but errors.")
    var quiet = false

    @Flag(
      help:
        "Print on stderr where the time went: parsing, per-track analysis, configurations, summary, sweep.html, writing."
    )
    var timings = false

    @Option(
      help: ArgumentHelp(
        "How to print the result: text, json, junit, github or markdown (github when GITHUB_ACTIONS=true, else text).",
        valueName: "format"))
    var format: ResultFormat?

    @Option(help: .hidden)
    var stopAfter: Int?

    func validate() throws {
      if let jobs, !NumberBounds.sweepJobs.contains(jobs) {
        // A huge value overflowed the runner's arithmetic (4 × jobs) and trapped.
        let bounds = NumberBounds.sweepJobs
        throw ValidationError("--jobs must be from \(bounds.lowerBound) to \(bounds.upperBound), found \(jobs).")
      }
      if let shard, SweepShard(shard) == nil {
        throw ValidationError("--shard must be I/N with 1 ≤ I ≤ N, such as 2/8; found '\(shard)'.")
      }
      guard keepBest >= 0 else { throw ValidationError("--keep-best must be 0 or more.") }
      if keepBest > 0, shard != nil {
        throw ValidationError("--keep-best needs the whole sweep: use it without --shard.")
      }
      if let plot, SweepPlotAxes(plot) == nil {
        throw ValidationError(
          "--plot must be two result paths X,Y, such as energy.percentPerHour,uploads.requests; found '\(plot)'.")
      }
      if plot != nil, shard != nil {
        throw ValidationError("--plot is for sweep.html, which shards do not write: give it to merge.")
      }
    }

    func run() async throws {
      let session = SweepSession(
        specPath: spec, out: out, jobs: jobs ?? ProcessInfo.processInfo.activeProcessorCount,
        shard: shard.flatMap(SweepShard.init), resume: resume, strict: strict, keepBest: keepBest,
        plot: plot.flatMap(SweepPlotAxes.init), quiet: quiet, timings: timings,
        stopAfter: stopAfter, format: ResultFormat.resolve(format, environment: ProcessInfo.processInfo.environment))
      let code = await session.run()
      if code != 0 { throw ExitCode(code) }
    }
  }
}
