extension SpecNode {
  /// Sets the value at a dotted path (`replay.network.failureRate`) of an object,
  /// creating the objects on the way and keeping the order of existing keys (new keys
  /// go last).
  ///
  /// - Returns: `false` when a step of the path holds something other than an object.
  @discardableResult
  public mutating func set(_ path: String, to value: SpecNode) -> Bool {
    set(path.split(separator: ".", omittingEmptySubsequences: false)[...], to: value)
  }

  private mutating func set(_ keys: ArraySlice<Substring>, to value: SpecNode) -> Bool {
    guard let first = keys.first else {
      self = value
      return true
    }
    guard var fields = fields else { return false }
    let key = String(first)
    if let index = fields.firstIndex(where: { $0.key == key }) {
      let rest = keys.dropFirst()
      if !rest.isEmpty, fields[index].value.fields == nil { return false }
      guard fields[index].value.set(rest, to: value) else { return false }
    } else {
      var child = SpecNode(.object([]))
      _ = child.set(keys.dropFirst(), to: value)
      fields.append(Field(key, child))
    }
    kind = .object(fields)
    return true
  }

  /// An object with one value at a dotted path (`{"replay": {"seed": 3}}`).
  public static func object(setting path: String, to value: SpecNode) -> SpecNode {
    var root = SpecNode(.object([]))
    root.set(path, to: value)
    return root
  }
}
