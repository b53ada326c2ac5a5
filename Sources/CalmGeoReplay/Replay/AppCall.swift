/// A call the app makes on CalmGeo's service at a virtual time (CALMGEO.md §7).
///
/// Without a scenario a replay is `start()` at the first fix, plus `sync()` after the
/// last location when the final sync is asked for: the engine takes both as calls.
public enum AppCall: Sendable, Hashable, CustomStringConvertible {
  /// Listening starts; the next fix is a one-shot.
  case start
  /// §4's sync, ignoring back-off and threshold; needs a url.
  case sync

  /// The call's name as the library spells it.
  public var description: String {
    switch self {
    case .start: "start"
    case .sync: "sync"
    }
  }
}
