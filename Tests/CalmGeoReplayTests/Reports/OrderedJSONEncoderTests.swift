import Testing

@testable import CalmGeoReplay

/// Every dictionary is written with its keys sorted, whatever the process's hash seed: a
/// `[String: String]` (or any other value type) must not come out in hash order.
struct OrderedJSONEncoderTests {
  private struct Labels: Encodable {
    var names: [String: String]
    var nested: [String: [String: Bool]]
    var byNumber: [Int: String]
  }

  @Test func everyDictionaryIsWrittenWithSortedKeys() throws {
    // Twenty keys: hash order equals sorted order by chance with probability 1/20!, so the test
    // fails on an encoder that keeps hash order.
    let keys = (0..<20).map { "k\(String($0 + 10))" }  // k10 … k29: string order = numeric order
    let names = Dictionary(uniqueKeysWithValues: keys.map { ($0, "v" + $0) })
    let nested = Dictionary(uniqueKeysWithValues: keys.map { ($0, ["b": true, "a": false]) })
    let byNumber = Dictionary(uniqueKeysWithValues: (10..<30).map { ($0, "n") })
    let json = try OrderedJSONEncoder().encode(Labels(names: names, nested: nested, byNumber: byNumber))
    guard case .object(let fields) = json else {
      Issue.record("not an object: \(json.rendered())")
      return
    }
    for (name, value) in fields {
      guard case .object(let entries) = value else {
        Issue.record("\(name) is not an object")
        continue
      }
      let written = entries.map(\.0)
      #expect(written == written.sorted(), "\(name) keys in hash order: \(written)")
      #expect(written.count == 20)
      if name == "nested" {
        for (_, inner) in entries {
          if case .object(let pairs) = inner { #expect(pairs.map(\.0) == ["a", "b"]) }
        }
      }
    }
  }
}
