import ArgumentParser
import CalmGeoReplay

/// The `calmgeo-replay` tool: replays GNSS logs through CalmGeo's tracking logic.
///
/// Async (`AsyncParsableCommand`) so that `sweep` can spread replays over the cores
/// with structured concurrency; the other commands stay synchronous.
@main
struct CalmGeoReplayCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "calmgeo-replay",
    abstract: "Replay recorded GNSS logs through CalmGeo's motion/stationary state machine and upload logic.",
    discussion: """
      Reads NMEA 0183, GPX, CSV, Android GnssLogger or CalmGeo JSON logs (gzipped or not), \
      drives CalmGeo's filter, geofence and uploads with the log's own clock, and writes what \
      the phone would have produced: locations.json, the upload request bodies, and stats.json.

      EXAMPLES
        calmgeo-replay Samples/walk-with-long-stop.csv
        calmgeo-replay track.gpx --config cfg.json --out results
        calmgeo-replay drive.nmea.gz --date 2024-05-01 --seed 7 --final-sync
        calmgeo-replay fixes track.gpx --format ndjson
        calmgeo-replay sweep sweep.yaml --out sweep-out
        calmgeo-replay check Samples/expected
        calmgeo-replay live drive.csv -c cfg.json --url http://127.0.0.1:8080/locations --speed max

      EXIT CODES
        0   success
        2   sweep: no configuration meets the constraints (the closest is written)
        3   check: outputs differ from the golden folder's
        4   check: a gate is violated (the outputs match)
        64  usage or configuration error
        65  bad input data (a file with no usable fix, or a bad record with --strict)
        66  input missing or unreadable
        1   anything else
        compare: as diff's, 0 same, 1 different, 2 trouble
        130 sweep: interrupted (finished rows kept; rerun with --resume);
            live: interrupted (outputs of what was sent are written)
        several logs: the most severe code met (1, then 64, 66, 65)
      """,
    version: ReplayStats.toolVersion,
    subcommands: [Replay.self, Fixes.self, Compare.self, Sweep.self, Merge.self, Check.self, Live.self, Library.self],
    defaultSubcommand: Replay.self)
}
