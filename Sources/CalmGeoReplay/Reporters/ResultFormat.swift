/// How `check` (and later `compare`, `sweep`) print their result: prose for people, or a
/// format a CI system reads (`--format`).
package enum ResultFormat: String, CaseIterable, Sendable {
  /// The readable report (the default outside GitHub Actions).
  case text
  /// One JSON document with a `version`, in a fixed key order, for scripts.
  case json
  /// A JUnit XML report: one test case per track and per gate.
  case junit
  /// GitHub Actions workflow commands (`::error …::`), and a job summary when
  /// `GITHUB_STEP_SUMMARY` names a file.
  case github
  /// A Markdown summary (a table of tracks and one of gates), for any CI or a pull request.
  case markdown

  /// The format to use: the one asked for, else `github` inside GitHub Actions
  /// (`GITHUB_ACTIONS=true`), else `text`.
  package static func resolve(_ asked: ResultFormat?, environment: [String: String]) -> ResultFormat {
    if let asked { return asked }
    return environment["GITHUB_ACTIONS"] == "true" ? .github : .text
  }
}
