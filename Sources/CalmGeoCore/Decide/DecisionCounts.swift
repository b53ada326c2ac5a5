/// How many fixes each rule decided (`FixDecision.Kind`), withheld fixes included: the
/// counts add up to the fixes used. One increment per fix, by the kind's raw value.
public struct DecisionCounts: Sendable, Hashable {
  /// Counts by `FixDecision.Kind.rawValue`.
  public private(set) var counts = [Int](repeating: 0, count: FixDecision.Kind.allCases.count)

  public init() {}

  /// Counts one decision.
  public mutating func add(_ kind: FixDecision.Kind) {
    counts[Int(kind.rawValue)] &+= 1
  }

  /// Counts `count` decisions of one kind.
  package mutating func add(_ kind: FixDecision.Kind, count: Int) {
    counts[Int(kind.rawValue)] &+= count
  }

  /// The count of one kind.
  public subscript(kind: FixDecision.Kind) -> Int { counts[Int(kind.rawValue)] }

  /// Every decision counted.
  public var total: Int { counts.reduce(0, +) }
}
