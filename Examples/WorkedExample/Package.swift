// swift-tools-version:6.0
// Replays CALMGEO.md §6's worked example from another package, through the library product
// alone: `swift run --package-path Examples/WorkedExample` (scripts/test-example.sh checks
// what it prints against expected.txt, written from the contract's table by hand).
import PackageDescription

let package = Package(
  name: "WorkedExample",
  dependencies: [.package(name: "calmgeo-replay", path: "../..")],
  targets: [
    .executableTarget(
      name: "WorkedExample",
      dependencies: [.product(name: "CalmGeoReplay", package: "calmgeo-replay")])
  ],
  swiftLanguageModes: [.v6]
)
