internal import CYaml

/// Finds the first YAML alias (`*name`) of a document with libyaml's event parser,
/// before anything builds a tree.
///
/// Aliases are refused in every YAML input: a tree built from them can grow
/// exponentially with the input (450 bytes of nested aliases expand to billions of
/// values, "billion laughs"), and even hashing the shared nodes of an unexpanded tree
/// takes exponential time. The scan is one linear pass over the events and keeps
/// nothing but the current event.
enum SpecYAMLAliasScan {
  /// Where the first alias starts, `(line, column)` from 1 (columns in Unicode
  /// scalars, as libyaml counts them), or `nil` when there is none. A syntax error
  /// ends the scan with `nil`: the composer that runs next reports it with its place.
  static func firstAlias(in text: String) -> (line: Int, column: Int)? {
    var bytes = Array(text.utf8)
    return bytes.withUnsafeMutableBufferPointer { buffer -> (line: Int, column: Int)? in
      var parser = yaml_parser_t()
      guard yaml_parser_initialize(&parser) == 1 else { return nil }
      defer { yaml_parser_delete(&parser) }
      yaml_parser_set_encoding(&parser, YAML_UTF8_ENCODING)
      yaml_parser_set_input_string(&parser, buffer.baseAddress, buffer.count)
      var event = yaml_event_t()
      while yaml_parser_parse(&parser, &event) == 1 {
        let type = event.type
        let mark = event.start_mark
        yaml_event_delete(&event)
        if type == YAML_ALIAS_EVENT { return (Int(mark.line) + 1, Int(mark.column) + 1) }
        if type == YAML_STREAM_END_EVENT { return nil }
      }
      return nil
    }
  }
}
