/// One setting of `ParseOptions` as every front end names it: the command-line flag,
/// the key of a sweep spec's tracks and of a check manifest's `options`, the formats
/// that read it, how a value is checked and applied, and its help text.
///
/// `ParseOptionDescriptor.all` is the one table of them: the CLI's flags take their help
/// from it and apply through it (and warn from it about a flag that a log's format does
/// not read); the spec and manifest decoders accept exactly its keys. Adding a parse
/// option means adding a `ParseOptions` field, an entry here and (argument-parser needs
/// one static property per flag) the flag's property in the CLI's `InputOptions`.
package struct ParseOptionDescriptor: Sendable {
  /// The key in a sweep spec's `tracks` items and a check manifest's `options`
  /// (`utcOffset`); `nil` for an option only the command line sets for the whole run.
  package let key: String?
  /// The command-line flag (`--utc-offset`).
  package let flag: String
  /// The formats that read the option; `nil` when every format does.
  package let formats: [InputFormat]?
  /// Those formats as the warning for a flag that does not apply names them
  /// ("NMEA logs and CSV times of day"); empty when every format reads it.
  package let appliesTo: String
  /// The flag's value in help (`±HH:MM`); `nil` for a flag without value.
  package let valueName: String?
  /// The flag's help text.
  package let help: String
  private let read: @Sendable (ParseOptionValue, inout ParseOptions) -> ParseOptionMismatch?

  init(
    key: String?, flag: String, formats: [InputFormat]? = nil, appliesTo: String = "", valueName: String? = nil,
    help: String, read: @escaping @Sendable (ParseOptionValue, inout ParseOptions) -> ParseOptionMismatch?
  ) {
    self.key = key
    self.flag = flag
    self.formats = formats
    self.appliesTo = appliesTo
    self.valueName = valueName
    self.help = help
    self.read = read
  }

  /// Checks `value` and sets it on `options`; returns what was expected when it does
  /// not fit (and leaves `options` as it was).
  package func apply(_ value: ParseOptionValue, to options: inout ParseOptions) -> ParseOptionMismatch? {
    var changed = options
    if let mismatch = read(value, &changed) { return mismatch }
    options = changed
    return nil
  }

  /// The warning for this flag given for a log of `format` that does not read it
  /// ("--date applies to NMEA logs and CSV times of day only"); `nil` when it applies.
  package func warning(for format: InputFormat) -> String? {
    guard let formats, !formats.contains(format) else { return nil }
    return "\(flag) applies to \(appliesTo) only"
  }

  /// The option with this spec and manifest key.
  package static func withKey(_ key: String) -> ParseOptionDescriptor? { all.first { $0.key == key } }
  /// The option with this command-line flag (`--date`).
  package static func withFlag(_ flag: String) -> ParseOptionDescriptor? { all.first { $0.flag == flag } }
  /// Every spec and manifest key, in the table's order.
  package static var keys: [String] { all.compactMap(\.key) }
}
