import CalmGeoReplay
import Foundation

/// `--keep-best N`: replays the N best configurations again on every track with the
/// `replay` command's full outputs and report.html, into `best/<rank>-<config index>/<track>/`, with the
/// configuration beside them as `best/<rank>-<config index>/config.json`.
enum KeepBest {
  static func write(_ count: Int, analysis: SweepAnalysis, plan: SweepPlan, into folder: SweepFolder) throws {
    let failed = Set(analysis.manifest.failedTracks.map(\.index))
    let reports = try ReportOptions.parse([])
    for (rank, candidate) in analysis.ranking.order.prefix(count).enumerated() {
      let parent = folder.path("best/\(rank + 1)-\(candidate.configIndex)")
      try FileManager.default.createDirectory(atPath: parent, withIntermediateDirectories: true)
      var names = OutputNames()
      for (index, track) in plan.tracks.enumerated() where !failed.contains(index) {
        let output = try OutputFolder(parent: parent, name: names.claim(for: track.name), owner: .log(track.path))
        do {
          let opened = try InputOpener.open(path: track.path, forcedFormat: track.format)
          var observers = try ReplayObservers(
            folder: output, ndjson: false, options: reports, reportFormats: [.html], trackName: track.name)
          let result = try ReplayRunner.run(
            source: ReplayLog(opened, options: track.options),
            configuration: plan.configurations[candidate.configIndex], observer: &observers.observer,
            options: ReplayOptions(metrics: reports.metrics))
          try observers.finish(result: result, stats: ReplayStats(result, contributors: observers.statsContributors))
          try output.commit()
        } catch {
          output.discard()
          throw error
        }
      }
      let config = analysis.manifest.grid.configObject(at: candidate.configIndex).json.rendered(pretty: true)
      let file = try BufferedFile(creating: (parent as NSString).appendingPathComponent("config.json"))
      try file.write(config)
      try file.close()
    }
  }
}
