// swift-tools-version:6.0
import PackageDescription

let package = Package(
  name: "calmgeo-replay",
  products: [
    .library(name: "CalmGeoReplay", targets: ["CalmGeoReplay"]),
    .library(name: "CalmGeoLive", targets: ["CalmGeoLive"]),
    .executable(name: "calmgeo-replay", targets: ["calmgeo-replay"]),
    .plugin(name: "CalmGeoCheck", targets: ["CalmGeoCheck"]),
  ],
  dependencies: [
    .package(url: "https://github.com/apple/swift-algorithms.git", from: "1.2.1"),
    .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
    .package(url: "https://github.com/apple/swift-collections", from: "1.6.0"),
    .package(url: "https://github.com/apple/swift-crypto", from: "3.12.3"),
    .package(url: "https://github.com/apple/swift-numerics", from: "1.1.1"),
    .package(url: "https://github.com/apple/swift-system", from: "1.8.1"),
    .package(url: "https://github.com/swift-server/async-http-client", from: "1.37.0"),
    .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
    .package(url: "https://github.com/HdrHistogram/hdrhistogram-swift", from: "0.2.0"),
    .package(url: "https://github.com/hummingbird-project/swift-mustache", from: "2.1.1"),
    .package(url: "https://github.com/jpsim/Yams", from: "6.2.2"),
    // `swift package generate-documentation --target CalmGeoReplay` (the DocC catalog).
    .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
  ],
  targets: [
    // C libraries, found with pkg-config; nothing is vendored.
    .systemLibrary(
      name: "CLibXML2", pkgConfig: "libxml-2.0",
      providers: [.apt(["libxml2-dev"]), .brew(["libxml2"])]),
    .systemLibrary(
      name: "CZlib", pkgConfig: "zlib",
      providers: [.apt(["zlib1g-dev"]), .brew(["zlib"])]),

    // The pure core, in the order of the data path: Decide (deciders, state machine, platform
    // rules) → Emit (wire encoding) → Upload (scheduler, simulated uploads) → Measure (metrics,
    // geofences), driven by Engine (the engine, observers, the in-memory runner) over Model and
    // Configuration. No Foundation, no C library, no file system, no clock: the compiler holds it.
    .target(
      name: "CalmGeoCore",
      dependencies: [
        .product(name: "DequeModule", package: "swift-collections"),
        .product(name: "HeapModule", package: "swift-collections"),
        .product(name: "Histogram", package: "hdrhistogram-swift"),
        .product(name: "RealModule", package: "swift-numerics"),
      ]),

    // The operating system behind one seam: every file, descriptor, lock, signal, terminal,
    // resolver and process call, typed with swift-system (FilePath, FileDescriptor, Errno). The
    // only target with a platform `#if` (Glibc, Musl; Darwin's branch is written but never built).
    .target(
      name: "CalmGeoSystem",
      dependencies: [
        .product(name: "SystemPackage", package: "swift-system")
      ]),

    // Input: byte sources (files, gzip, UTF-16), format detection, the parsers of every log
    // format (libxml2 and zlib are the C seams), normalisation into the core's fixes.
    .target(
      name: "CalmGeoInput",
      dependencies: [
        "CalmGeoCore", "CalmGeoSystem", "CLibXML2", "CZlib",
        .product(name: "Crypto", package: "swift-crypto"),
        .product(name: "DequeModule", package: "swift-collections"),
      ]),

    // Study: documents (config, specs, scenarios, geofences, manifests, gates), stats, sweep,
    // check, compare, trace, export. The library product: re-exports the core and the input
    // layer. Never prints, never exits.
    .target(
      name: "CalmGeoReplay",
      dependencies: [
        "CalmGeoCore", "CalmGeoInput",
        .product(name: "Algorithms", package: "swift-algorithms"),
        .product(name: "DequeModule", package: "swift-collections"),
        .product(name: "Yams", package: "Yams"),
      ]),

    // Reports rendered from templates (report.html, sweep.html); keeps Mustache out of
    // the core. The templates are compiled into the binary (.embedInCode), so an
    // installed executable needs no resource bundle beside it.
    .target(
      name: "CalmGeoReport",
      dependencies: [
        "CalmGeoReplay",
        .product(name: "Mustache", package: "swift-mustache"),
      ],
      resources: [
        .embedInCode("Templates/base.css.mustache"),
        .embedInCode("Templates/frame.svg.mustache"),
        .embedInCode("Templates/report.html.mustache"),
        .embedInCode("Templates/report-style.css.mustache"),
        .embedInCode("Templates/report-top.html.mustache"),
        .embedInCode("Templates/report-timeline.html.mustache"),
        .embedInCode("Templates/report-stops.html.mustache"),
        .embedInCode("Templates/report-uploads.html.mustache"),
        .embedInCode("Templates/report-tables.html.mustache"),
        .embedInCode("Templates/report-script.js.mustache"),
        .embedInCode("Templates/sweep.html.mustache"),
        .embedInCode("Templates/sweep-style.css.mustache"),
        .embedInCode("Templates/sweep-top.html.mustache"),
        .embedInCode("Templates/sweep-why.html.mustache"),
        .embedInCode("Templates/sweep-set.html.mustache"),
        .embedInCode("Templates/sweep-script.js.mustache"),
      ]),

    // Live uploads: the replay's requests sent to a real server (AsyncHTTPClient on SwiftNIO),
    // kept out of the core so that it never depends on networking.
    .target(
      name: "CalmGeoLive",
      dependencies: [
        "CalmGeoReplay", "CalmGeoSystem",
        .product(name: "Histogram", package: "hdrhistogram-swift"),
        .product(name: "AsyncHTTPClient", package: "async-http-client"),
        .product(name: "NIOCore", package: "swift-nio"),
        .product(name: "NIOPosix", package: "swift-nio"),
        .product(name: "NIOHTTP1", package: "swift-nio"),
      ]),

    // The library engine: builds CalmGeo's own sources (a fork's, or ../shared/calmgeo-source)
    // against the stand-ins under Harness/ (embedded, copied into a generated package in the
    // cache) and replays through them (docs/LIBRARY.md).
    .target(
      name: "CalmGeoLibraryEngine",
      dependencies: [
        "CalmGeoReplay", "CalmGeoSystem",
        .product(name: "Crypto", package: "swift-crypto"),
      ],
      resources: [
        .embedInCode("Harness/CVirtualPlatform/include/CVirtualPlatform.h"),
        .embedInCode("Harness/CVirtualPlatform/shim.c"),
        .embedInCode("Harness/VirtualPlatform/VirtualClock.swift"),
        .embedInCode("Harness/VirtualPlatform/JobQueue.swift"),
        .embedInCode("Harness/PlatformNetworking/PlatformNetworking.swift"),
        .embedInCode("Harness/CoreLocation/CoreLocation.swift"),
        .embedInCode("Harness/CoreLocation/CLLocationUpdate.swift"),
        .embedInCode("Harness/CoreLocation/CLMonitor.swift"),
        .embedInCode("Harness/CoreLocation/LocationWorld.swift"),
        .embedInCode("Harness/CoreMotion/CoreMotion.swift"),
        .embedInCode("Harness/MMKV/MMKV.swift"),
        .embedInCode("Harness/os/Logger.swift"),
        .embedInCode("Harness/Combine/Combine.swift"),
        .embedInCode("Harness/CalmGeoDriver/DriverRequest.swift"),
        .embedInCode("Harness/CalmGeoDriver/DriverNetwork.swift"),
        .embedInCode("Harness/CalmGeoDriver/Recorder.swift"),
        .embedInCode("Harness/CalmGeoDriver/Scheduler.swift"),
        .embedInCode("Harness/CalmGeoDriver/Driver.swift"),
        .embedInCode("Harness/CalmGeoDriver/main.swift"),
      ]),

    // Tool: options, files, stdout/stderr and exit codes only.
    .executableTarget(
      name: "calmgeo-replay",
      dependencies: [
        "CalmGeoReplay", "CalmGeoReport", "CalmGeoLive", "CalmGeoLibraryEngine", "CalmGeoSystem",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ]),

    // `swift package calmgeo-check GOLDEN_DIR`: the check from a package that depends on this one
    // (Plugins/CalmGeoCheck, docs/CI.md). It only reads the package; `--update`/`--init` write the
    // golden folder, which needs `--allow-writing-to-package-directory` where SwiftPM sandboxes plugins.
    .plugin(
      name: "CalmGeoCheck",
      capability: .command(
        intent: .custom(
          verb: "calmgeo-check",
          description: "Replay a golden folder's tracks and compare them with their stored outputs.")),
      dependencies: ["calmgeo-replay"]),

    // Benchmarks: throughput of parsing, the engine alone and whole replays (scripts/bench.sh).
    .executableTarget(
      name: "calmgeo-bench",
      dependencies: [
        "CalmGeoReplay",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ]),

    // Tests
    .testTarget(
      name: "CalmGeoReplayTests",
      dependencies: [
        "CalmGeoReplay", "CalmGeoLibraryEngine", "CalmGeoSystem",
        .product(name: "Histogram", package: "hdrhistogram-swift"),
      ],
      exclude: ["Fixtures"]),
    .testTarget(
      name: "CalmGeoLiveTests", dependencies: ["CalmGeoLive", "CalmGeoReplay"]),
    .testTarget(
      name: "CalmGeoReplayCLITests", dependencies: ["calmgeo-replay"],
      exclude: ["Fixtures"]),
  ],
  swiftLanguageModes: [.v6]
)
