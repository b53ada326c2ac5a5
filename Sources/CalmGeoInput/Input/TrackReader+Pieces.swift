import CalmGeoSystem

extension TrackReader {
  /// The fewest bytes a piece of a CSV file read at once has (`load(path:…:pieces:)`): below
  /// that, a piece's tasks cost more than they save.
  package static let minimumPieceBytes: Int64 = 4 << 20

  /// `load(path:options:forcedFormat:speedPolicy:)` with a large CSV file's rows read in up to
  /// `pieces` byte ranges at once (`CSVPieces`): the same track, fix for fix, with the same
  /// diagnostics and errors. Other formats, gzipped files, standard input and CSV files with
  /// quotes are read whole, as are files under two pieces of `minimumPieceBytes`.
  package static func load(
    path: String, options: ParseOptions = ParseOptions(), forcedFormat: InputFormat? = nil,
    speedPolicy: FixNormalizer.SpeedPolicy = .auto, pieces: Int, minimumPieceBytes: Int64 = minimumPieceBytes
  ) async throws -> Track {
    guard pieces > 1, path != "-" else {
      return try load(path: path, options: options, forcedFormat: forcedFormat, speedPolicy: speedPolicy)
    }
    let opened = try InputOpener.open(path: path, forcedFormat: forcedFormat)
    let size = opened.gzipped ? nil : try? SystemFiles.status(path).size
    let whole = { () throws(ParseError) -> Track in
      try load(
        opened, options: options, speedPolicy: speedPolicy,
        expectedFixes: size.map { expectedFixes(bytes: Int($0), format: opened.format) } ?? 0)
    }
    guard opened.format == .csv, let size, let descriptor = try? FileDescriptor.opening(path, .readOnly) else {
      return try whole()
    }
    defer { descriptor.closeQuietly() }
    guard
      let plan = await CSVPieces.plan(
        descriptor, name: opened.source.name, size: Int64(size), count: pieces, minimumBytes: minimumPieceBytes,
        options: options)
    else { return try whole() }
    let results = await withTaskGroup(of: (Int, Result<([Fix], InputDiagnostics), ParseError>).self) { group in
      for index in plan.ranges.indices {
        group.addTask {
          do throws(ParseError) {
            let piece = try plan.read(piece: index, descriptor)
            return (index, .success((piece.fixes, piece.diagnostics)))
          } catch {
            return (index, .failure(error))
          }
        }
      }
      var results = [Result<([Fix], InputDiagnostics), ParseError>?](repeating: nil, count: plan.ranges.count)
      for await (index, result) in group { results[index] = result }
      return results.map { $0! }
    }
    var expected = 0
    for case .success(let piece) in results { expected += piece.0.count }
    // The pieces in file order, each piece's memory given back once its fixes went on.
    let pieceResults = UncheckedCell(results)
    let parsed = Parsed(file: opened.source.name, format: .csv) { (diagnostics, emit) throws(ParseError) in
      for index in pieceResults.value.indices {
        let (fixes, read) = try pieceResults.value[index].get()
        pieceResults.value[index] = .success(([], InputDiagnostics()))
        diagnostics.absorb(read)
        for fix in fixes { emit(fix) }
      }
    }
    return try load(parsed, options: options, speedPolicy: speedPolicy, expectedFixes: expected)
  }
}
