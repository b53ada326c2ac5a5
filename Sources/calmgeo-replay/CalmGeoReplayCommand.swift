import ArgumentParser
import CalmGeoReplay

@main
struct CalmGeoReplayCommand: ParsableCommand {
  static let configuration = CommandConfiguration(commandName: "calmgeo-replay")
  func run() throws {}
}
