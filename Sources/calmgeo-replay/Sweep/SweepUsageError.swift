/// A sweep invocation that cannot go ahead as asked (exit code 64).
struct SweepUsageError: Error {
  var message: String
}
