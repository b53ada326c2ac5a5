// The CLI test target is declared in Package.swift but had no sources, which stops
// `swift build` with "Source files for target CalmGeoReplayCLITests should be located
// under 'Tests/CalmGeoReplayCLITests'". This file only makes the target buildable until
// the CLI tests land; delete it then.
