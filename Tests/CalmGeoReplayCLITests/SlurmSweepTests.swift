import Foundation
import Testing

/// A sweep on a real scheduler: a single-node Slurm cluster runs `docs/sweep-example.yaml`
/// as a job array of three tasks, one shard each (`--shard $SLURM_ARRAY_TASK_ID/3`);
/// `merge` joins them, and every file equals an unsharded run's, byte for byte.
///
/// Needs `slurm-wlm` and `munge` (scripts/check-deps.sh) and root; skipped, saying why,
/// without them or when the cluster does not start within 60 s.
struct SlurmSweepTests {
  @Test(.enabled(if: SlurmCluster.unavailable == nil, "needs slurm-wlm, munge and root"), .timeLimit(.minutes(3)))
  func jobArrayShardsMergeIntoTheUnshardedRun() throws {
    let cluster: SlurmCluster
    do {
      cluster = try SlurmCluster.start(timeout: 60)
    } catch {
      print("skipped: the Slurm job-array test: \(error)")
      try Test.cancel(Comment(rawValue: "\(error)"))
    }
    defer { cluster.stop() }
    let idle = try cluster.run("sinfo", ["-h", "-o", "%t %D"])
    #expect(idle.stdout == "idle 1\n", "sinfo: \(idle.stdout) \(idle.stderr)")

    let work = try CommandRunner.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: work) }
    let spec = CommandRunner.repositoryRoot.appendingPathComponent("docs/sweep-example.yaml").path
    let job = work.appendingPathComponent("sweep-array.sh")
    try """
    #!/bin/bash
    set -euo pipefail
    echo "task $SLURM_ARRAY_TASK_ID of $SLURM_ARRAY_TASK_COUNT, array job $SLURM_ARRAY_JOB_ID"
    exec '\(CommandRunner.binary.path)' sweep '\(spec)' --shard "$SLURM_ARRAY_TASK_ID/3" \\
      --out '\(work.path)'/shard-"$SLURM_ARRAY_TASK_ID" --jobs 1

    """.write(to: job, atomically: true, encoding: .utf8)
    let submitted = try cluster.run(
      "sbatch",
      [
        "--wait", "--array=1-3", "--time=5", "--job-name=calmgeo-sweep", "--chdir=\(work.path)",
        "--output=\(work.path)/task-%a.out", job.path,
      ],
      timeout: 150)
    #expect(submitted.status == 0, "sbatch: \(submitted.stdout) \(submitted.stderr)")
    #expect(submitted.stdout.hasPrefix("Submitted batch job "))

    var shards: [String] = []
    for task in 1...3 {
      let log = (try? String(contentsOf: work.appendingPathComponent("task-\(task).out"), encoding: .utf8)) ?? ""
      #expect(log.hasPrefix("task \(task) of 3, array job "), "task \(task) printed: \(log)")
      #expect(log.contains("shard-\(task): shard \(task)/3: 6 rows"))
      let manifest = try SweepCommandTests.text(work.appendingPathComponent("shard-\(task)/sweep.json"))
      #expect(manifest.contains("\"shard\": \"\(task)/3\""))
      shards.append(work.appendingPathComponent("shard-\(task)").path)
    }

    let merged = try CommandRunner.run(
      ["merge"] + shards + ["--out", work.appendingPathComponent("merged").path, "-q"])
    #expect(merged.status == 0, "merge: \(merged.stderr)")
    let whole = try CommandRunner.run(["sweep", spec, "--out", work.appendingPathComponent("whole").path, "-q"])
    #expect(whole.status == 0, "sweep: \(whole.stderr)")
    let expected = try SweepCommandTests.files(work.appendingPathComponent("whole"))
    #expect(
      expected.keys.sorted() == [
        ".calmgeo-replay.json", "pareto.csv", "recommended.json", "recommended.why.txt", "results.csv",
        "results.ndjson",
        "summary.csv", "sweep.html", "sweep.json",
      ])
    let actual = try SweepCommandTests.files(work.appendingPathComponent("merged"))
    #expect(actual.keys.sorted() == expected.keys.sorted())
    for (name, bytes) in expected.sorted(by: { $0.key < $1.key }) {
      #expect(actual[name] == bytes, "\(name) differs between the merged job array and one run")
    }
  }
}
