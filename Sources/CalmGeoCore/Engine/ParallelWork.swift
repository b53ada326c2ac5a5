/// Runs a few independent pieces of a computation, perhaps at once, on the caller's threads: the
/// engine starts none. Each piece computes the same thing whatever runs it, so no result depends on
/// it (`HausdorffDistance.compute(first:parallel:)`).
package struct ParallelWork: Sendable {
  /// Calls the body once for each index below the count and returns when every call has.
  package let perform: @Sendable (_ count: Int, _ body: @Sendable (Int) -> Void) -> Void

  package init(perform: @escaping @Sendable (_ count: Int, _ body: @Sendable (Int) -> Void) -> Void) {
    self.perform = perform
  }

  /// One piece after the other, on the calling thread.
  package static let serial = ParallelWork { count, body in
    for index in 0..<count { body(index) }
  }
}
