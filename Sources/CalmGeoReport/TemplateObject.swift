import Mustache

/// A value's stored properties by name, read by reflection once, for Mustache to look up.
///
/// Mustache reflects on an object at every name lookup (`Mirror`, all children each
/// time): about 0.8 s for the 16 000 marks of a page drawn from a million fixes. This
/// reflects on each value once and answers from a dictionary. Nested values and arrays
/// are converted too and optionals unwrapped (an absent one is absent from the object);
/// strings, numbers and booleans stay as they are.
struct TemplateObject: MustacheParent {
  private let fields: [String: Any]

  init(_ value: Any) {
    var fields: [String: Any] = [:]
    for case (let label?, let child) in Mirror(reflecting: value).children {
      fields[label] = Self.convert(child)
    }
    self.fields = fields
  }

  func child(named name: String) -> Any? { fields[name] }

  private static func convert(_ value: Any) -> Any? {
    switch value {
    case is String, is Bool, is Int, is Double: return value
    case let array as [Any]: return array.compactMap(convert)
    default:
      let mirror = Mirror(reflecting: value)
      if mirror.displayStyle == .optional { return mirror.children.first.flatMap { convert($0.value) } }
      return TemplateObject(value)
    }
  }
}
