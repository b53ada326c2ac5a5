/// Renders `stats.json` from `ReplayStats`: keys in the type's declaration order,
/// 2-space indent, numbers as `JSONBytes` writes them.
public enum StatsJSONWriter {
  public static func render(_ stats: ReplayStats) -> String {
    // Encoding a value made of strings, numbers and maps cannot fail.
    (try? OrderedJSONEncoder().encode(stats))?.rendered() ?? "{}\n"
  }

  public static func render(_ result: ReplayResult) -> String {
    render(ReplayStats(result))
  }
}
