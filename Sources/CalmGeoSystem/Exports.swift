// The seam's vocabulary: every target that imports CalmGeoSystem names paths, descriptors and
// errors with swift-system's types (`FilePath`, `FileDescriptor`, `Errno`, `Stat`).
@_exported import SystemPackage
