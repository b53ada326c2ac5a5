/// One `tracks` item: a path or glob with the options for reading what it names.
package struct SweepTrackSpec: Sendable {
  /// A path or a glob (`*`, `?`, `[…]`), relative to the spec's folder unless absolute.
  package var pattern: String
  /// Read as this format instead of detecting it.
  package var format: InputFormat?
  /// Parser settings (`date`, `utcOffset`, `timeFormat`, …).
  package var options: ParseOptions
  /// The item's options as written, without `path` (recorded in `sweep.json`).
  package var written: [SpecNode.Field]
  /// The spec line of the item.
  package var line: Int

  package init(
    pattern: String, format: InputFormat? = nil, options: ParseOptions = ParseOptions(),
    written: [SpecNode.Field] = [], line: Int = 0
  ) {
    self.pattern = pattern
    self.format = format
    self.options = options
    self.written = written
    self.line = line
  }
}
