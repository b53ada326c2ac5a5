/// Encodes any `Encodable` as an `OrderedJSON` document whose object keys keep the
/// order in which the value encodes them (a synthesized `Codable` type: declaration
/// order), so `stats.json` is byte-stable and defined by its `Codable` type alone.
///
/// Every dictionary is written with its keys sorted (a dictionary's own order depends on the
/// process's hash seed); non-finite doubles as null.
public struct OrderedJSONEncoder {
  public init() {}

  /// The document for `value`.
  public func encode<T: Encodable>(_ value: T) throws -> OrderedJSON {
    let box = Box()
    try Self.encode(value, into: box, codingPath: [])
    return box.json
  }

  fileprivate static func encode<T: Encodable>(_ value: T, into box: Box, codingPath: [any CodingKey]) throws {
    if let counts = value as? [String: Int] {
      box.kind = .value(.counts(counts))
    } else if let map = value as? [String: Double] {
      box.kind = .value(.object(map.sorted { $0.key < $1.key }.map { ($0.key, .double($0.value)) }))
    } else {
      try value.encode(to: TreeEncoder(box: box, codingPath: codingPath))
      if value is any HashOrderedCollection, case .object(let fields) = box.kind {
        box.kind = .object(fields.sorted { $0.0 < $1.0 })
      }
    }
  }

  /// A node of the document being built.
  fileprivate final class Box {
    enum Kind {
      case empty
      case value(OrderedJSON)
      case object([(String, Box)])
      case array([Box])
    }
    var kind = Kind.empty

    var json: OrderedJSON {
      switch kind {
      case .empty: .object([])
      case .value(let value): value
      case .object(let fields): .object(fields.map { ($0.0, $0.1.json) })
      case .array(let items): .array(items.map(\.json))
      }
    }

    func field(_ key: String) -> Box {
      let child = Box()
      if case .object(var fields) = kind {
        fields.append((key, child))
        kind = .object(fields)
      } else {
        kind = .object([(key, child)])
      }
      return child
    }

    func element() -> Box {
      let child = Box()
      if case .array(var items) = kind {
        items.append(child)
        kind = .array(items)
      } else {
        kind = .array([child])
      }
      return child
    }
  }

  fileprivate struct TreeEncoder: Encoder {
    let box: Box
    var codingPath: [any CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
      if case .object = box.kind {} else { box.kind = .object([]) }
      return KeyedEncodingContainer(Keyed<Key>(box: box, codingPath: codingPath))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
      if case .array = box.kind {} else { box.kind = .array([]) }
      return Unkeyed(box: box, codingPath: codingPath)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
      Single(box: box, codingPath: codingPath)
    }
  }

  fileprivate static func scalar<T: Encodable>(_ value: T) -> OrderedJSON? {
    switch value {
    case let value as Bool: .bool(value)
    case let value as String: .string(value)
    case let value as Double: .double(value)
    case let value as Float: .double(Double(value))
    case let value as any BinaryInteger: .int(Int(clamping: value))
    default: nil
    }
  }

  fileprivate struct Keyed<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let box: Box
    var codingPath: [any CodingKey]

    mutating func encodeNil(forKey key: Key) throws { box.field(key.stringValue).kind = .value(.null) }

    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
      let child = box.field(key.stringValue)
      if let scalar = OrderedJSONEncoder.scalar(value) {
        child.kind = .value(scalar)
      } else {
        try OrderedJSONEncoder.encode(value, into: child, codingPath: codingPath + [key])
      }
    }

    mutating func nestedContainer<NestedKey: CodingKey>(
      keyedBy keyType: NestedKey.Type, forKey key: Key
    ) -> KeyedEncodingContainer<NestedKey> {
      TreeEncoder(box: box.field(key.stringValue), codingPath: codingPath + [key]).container(keyedBy: keyType)
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
      TreeEncoder(box: box.field(key.stringValue), codingPath: codingPath + [key]).unkeyedContainer()
    }

    mutating func superEncoder() -> any Encoder { TreeEncoder(box: box.field("super"), codingPath: codingPath) }

    mutating func superEncoder(forKey key: Key) -> any Encoder {
      TreeEncoder(box: box.field(key.stringValue), codingPath: codingPath + [key])
    }
  }

  fileprivate struct Unkeyed: UnkeyedEncodingContainer {
    let box: Box
    var codingPath: [any CodingKey]
    var count: Int {
      if case .array(let items) = box.kind { return items.count }
      return 0
    }

    mutating func encodeNil() throws { box.element().kind = .value(.null) }

    mutating func encode<T: Encodable>(_ value: T) throws {
      let child = box.element()
      if let scalar = OrderedJSONEncoder.scalar(value) {
        child.kind = .value(scalar)
      } else {
        try OrderedJSONEncoder.encode(value, into: child, codingPath: codingPath)
      }
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<
      NestedKey
    > {
      TreeEncoder(box: box.element(), codingPath: codingPath).container(keyedBy: keyType)
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
      TreeEncoder(box: box.element(), codingPath: codingPath).unkeyedContainer()
    }

    mutating func superEncoder() -> any Encoder { TreeEncoder(box: box.element(), codingPath: codingPath) }
  }

  fileprivate struct Single: SingleValueEncodingContainer {
    let box: Box
    var codingPath: [any CodingKey]

    mutating func encodeNil() throws { box.kind = .value(.null) }

    mutating func encode<T: Encodable>(_ value: T) throws {
      if let scalar = OrderedJSONEncoder.scalar(value) {
        box.kind = .value(scalar)
      } else {
        try OrderedJSONEncoder.encode(value, into: box, codingPath: codingPath)
      }
    }
  }
}

/// Collections whose own iteration order is the hash seed's: the encoder sorts their keys.
private protocol HashOrderedCollection {}
extension Dictionary: HashOrderedCollection {}
