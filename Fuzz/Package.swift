// swift-tools-version:6.0
// Coverage-guided fuzz harnesses (libFuzzer), kept out of the main package so that the
// sanitizer flags never reach a normal `swift build`. Build and run with
// `scripts/fuzz.sh TARGET [SECONDS]`, which passes `-sanitize=fuzzer,address`.
import PackageDescription

let package = Package(
  name: "calmgeo-fuzz",
  platforms: [.macOS(.v13)],
  dependencies: [
    .package(name: "calmgeo-replay", path: "..")
  ],
  targets: [
    .target(name: "CFuzzDriver"),
    .executableTarget(
      name: "calmgeo-fuzz",
      dependencies: ["CFuzzDriver", .product(name: "CalmGeoReplay", package: "calmgeo-replay")]),
  ],
  swiftLanguageModes: [.v6]
)
