import CalmGeoSystem
import Foundation
import Testing

/// The system seam's own logic: the words an error prints, unique names, locks between two
/// descriptors, removal that never follows a link, glob's marks, byte scans and address text.
/// Expected values are the C library's documented behaviour, worked out by hand below.
struct SystemSeamTests {
  /// A fresh folder under the system's temporary folder, removed by the caller.
  private static func scratch() throws -> String {
    try SystemFiles.makeUniqueDirectory(template: NSTemporaryDirectory() + "/calmgeo-seam-XXXXXX")
  }

  @Test func anErrnoPrintsTheWordsTheToolsMessagesHaveAlwaysUsed() {
    // strerror(3)'s words, which the CLI tests assert after a path (`cannot write: Not a directory`).
    #expect(Errno.noSuchFileOrDirectory.reason == "No such file or directory")
    #expect(Errno.notDirectory.reason == "Not a directory")
    #expect(Errno.permissionDenied.reason == "Permission denied")
    #expect(Errno.of(CocoaError(.fileNoSuchFile)) == .ioError, "an error from elsewhere is an I/O error")
  }

  @Test func aMissingFileIsNamedByItsErrno() throws {
    let folder = try Self.scratch()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    #expect(throws: Errno.noSuchFileOrDirectory) { try FileDescriptor.opening(folder + "/none", .readOnly) }
    #expect(throws: Errno.fileExists) { try SystemFiles.makeDirectory(folder) }
  }

  @Test func uniqueNamesKeepTheTemplatesPrefixAndNeverRepeat() throws {
    let folder = try Self.scratch()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let a = try SystemFiles.makeUniqueDirectory(template: folder + "/.calmgeo-XXXXXX")
    let b = try SystemFiles.makeUniqueDirectory(template: folder + "/.calmgeo-XXXXXX")
    // `XXXXXX` is replaced by six characters: `folder/.calmgeo-` plus 6.
    #expect(a.hasPrefix(folder + "/.calmgeo-") && a.count == folder.count + 16)
    #expect(a != b)
    #expect(try SystemFiles.status(a).type == .directory)
    let file = try SystemFiles.makeUniqueFile(template: folder + "/.calmgeo-XXXXXX")
    defer { file.descriptor.closeQuietly() }
    // mkstemp makes the file 0600 (owner read and write only).
    #expect(try file.descriptor.status().permissions == [.ownerRead, .ownerWrite])
    // A template that does not end in XXXXXX is refused (EINVAL).
    #expect(throws: Errno.invalidArgument) { try SystemFiles.makeUniqueDirectory(template: folder + "/x") }
  }

  @Test func aSecondDescriptorCannotTakeAHeldLock() throws {
    let folder = try Self.scratch()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let path = folder + "/lock"
    let first = try FileDescriptor.opening(path, .readWrite, options: [.create], permissions: .ownerReadWrite)
    let second = try FileDescriptor.opening(path, .readOnly)
    defer { second.closeQuietly() }
    try first.lockExclusively(waiting: false)
    // flock locks belong to the open file, so two opens conflict even in one process (EWOULDBLOCK).
    #expect(throws: Errno.wouldBlock) { try second.lockExclusively(waiting: false) }
    first.closeQuietly()
    try second.lockExclusively(waiting: false)
  }

  @Test func writesReadsAndCutsAFile() throws {
    let folder = try Self.scratch()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let file = try FileDescriptor.opening(folder + "/f", .readWrite, options: [.create], permissions: .ownerReadWrite)
    defer { file.closeQuietly() }
    try file.writeFully(Array("hello world".utf8))
    let written = Array("HELLO".utf8).withUnsafeBytes { raw in
      Result { () throws(Errno) in try file.writeOnce(at: 0, raw) }
    }
    #expect(try written.get() == 5)
    try file.truncate(to: 8)
    try file.sync()
    var buffer = [UInt8](repeating: 0, count: 64)
    let count = buffer.withUnsafeMutableBytes { raw in (try? file.readSome(at: 0, into: raw)) ?? -1 }
    // "hello world" with its first five bytes replaced, cut to 8 bytes.
    #expect(String(decoding: buffer[..<max(count, 0)], as: UTF8.self) == "HELLO wo")
    #expect(try file.status().size == 8)
  }

  @Test func removingAFolderRemovesALinkInsideButNotWhatItPointsTo() throws {
    let folder = try Self.scratch()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    try SystemFiles.makeDirectory(folder + "/outside")
    try SystemFiles.makeDirectory(folder + "/tree")
    try SystemFiles.makeDirectory(folder + "/tree/inner")
    _ = FileManager.default.createFile(atPath: folder + "/outside/keep", contents: Data("x".utf8))
    _ = FileManager.default.createFile(atPath: folder + "/tree/inner/file", contents: Data("y".utf8))
    try FileManager.default.createSymbolicLink(atPath: folder + "/tree/link", withDestinationPath: folder + "/outside")
    let parent = try DirectoryTree.openFolder(folder)
    defer { parent.closeQuietly() }
    #expect(DirectoryTree.remove(Array("tree".utf8CString), at: parent, depth: 0, maximumDepth: 64))
    #expect(!FileManager.default.fileExists(atPath: folder + "/tree"))
    #expect(FileManager.default.fileExists(atPath: folder + "/outside/keep"), "the link's target is untouched")
    // Deeper than the limit is left: tree/inner is at depth 1, so a limit of 1 refuses it.
    try SystemFiles.makeDirectory(folder + "/tree")
    try SystemFiles.makeDirectory(folder + "/tree/inner")
    #expect(!DirectoryTree.remove(Array("tree".utf8CString), at: parent, depth: 0, maximumDepth: 1))
    #expect(FileManager.default.fileExists(atPath: folder + "/tree/inner"))
  }

  @Test func globMarksFoldersWithASlash() throws {
    let folder = try Self.scratch()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    try SystemFiles.makeDirectory(folder + "/d")
    _ = FileManager.default.createFile(atPath: folder + "/a.csv", contents: Data())
    _ = FileManager.default.createFile(atPath: folder + "/b.gpx", contents: Data())
    #expect(Set(SystemGlob.paths(matching: folder + "/*")) == [folder + "/a.csv", folder + "/b.gpx", folder + "/d/"])
    #expect(SystemGlob.paths(matching: folder + "/*.csv") == [folder + "/a.csv"])
    #expect(SystemGlob.paths(matching: folder + "/*.nmea").isEmpty)
  }

  @Test func byteSearchFindsAByteOnlyInsideTheRange() {
    let bytes = Array("ab\"cd".utf8)
    bytes.withUnsafeBytes { raw in
      let base = raw.baseAddress!
      #expect(ByteSearch.contains(0x22, in: base, count: 5))
      #expect(!ByteSearch.contains(0x22, in: base, count: 2), "the quote is the third byte")
      #expect(ByteSearch.contains(0x22, in: base + 2, count: 1))
    }
  }

  @Test func numericAddressesAreToldFromNames() {
    #expect(NameResolution.isNumericAddress("127.0.0.1"))
    #expect(NameResolution.isNumericAddress("::1"))
    #expect(NameResolution.isNumericAddress("::ffff:10.0.0.1"))
    #expect(!NameResolution.isNumericAddress("localhost"))
    #expect(!NameResolution.isNumericAddress("127.0.0"), "inet_pton wants all four parts")
  }

  @Test func realPathResolvesLinksAndDotDot() throws {
    let folder = try SystemFiles.realPath(Self.scratch()) ?? ""
    defer { try? FileManager.default.removeItem(atPath: folder) }
    try SystemFiles.makeDirectory(folder + "/d")
    try FileManager.default.createSymbolicLink(atPath: folder + "/l", withDestinationPath: folder + "/d")
    #expect(SystemFiles.realPath(folder + "/l/../d/.") == folder + "/d")
    #expect(SystemFiles.realPath(folder + "/missing") == nil)
  }
}
