import Foundation

/// The configurations of a sweep: the cartesian product of the varied keys' values,
/// each applied on top of the base config.
///
/// Configuration indexes count from 0 with the last variable varying fastest (nested
/// loops in the order the keys are written); no `vary` gives one configuration, the base.
package struct SweepGrid: Sendable, Hashable {
  /// The base config object (CalmGeo keys and an optional `replay` object).
  package var base: SpecNode
  package var variables: [SweepVariable]

  package init(base: SpecNode, variables: [SweepVariable]) {
    self.base = base
    self.variables = variables
  }

  /// How many configurations (saturating at `Int.max`).
  package var count: Int {
    variables.reduce(1) { total, variable in
      let (product, overflow) = total.multipliedReportingOverflow(by: variable.values.count)
      return overflow ? .max : product
    }
  }

  /// The varied values of configuration `index`, one per variable.
  package func values(at index: Int) -> [SpecNode] {
    var rest = index
    var values = [SpecNode](repeating: SpecNode(.null), count: variables.count)
    for (position, variable) in variables.enumerated().reversed() {
      values[position] = variable.values[rest % variable.values.count]
      rest /= variable.values.count
    }
    return values
  }

  /// `distanceFilter=16, syncThreshold=5`, for messages.
  package func label(at index: Int) -> String {
    zip(variables, values(at: index)).map { "\($0.path)=\(SweepText.value($1))" }.joined(separator: ", ")
  }

  /// Configuration `index` as a config file's object: the base with the varied values set.
  package func configObject(at index: Int) -> SpecNode {
    var config = base
    for (variable, value) in zip(variables, values(at: index)) { config.set(variable.path, to: value) }
    return config
  }

  /// Every configuration, decoded by the config decoder (the same checks as `--config`).
  ///
  /// - Parameter source: the spec file, named in errors.
  /// - Parameter baseSource: the base config file when the base is one (its errors name
  ///   it as `--config` would), else `nil` for a base written in the spec.
  /// - Throws: `DocumentError` (sweep spec) naming `base.<key>` or `vary.<key>` with the value,
  ///   or the base file's (config).
  package func configurations(source: String, baseSource: String?) throws -> [ReplayConfiguration] {
    do {
      _ = try ReplayConfigurationDecoder.decode(base, source: baseSource ?? source, positions: false)
    } catch {
      // A base file's errors name the file, as `--config` does.
      if baseSource != nil { throw error }
      throw DocumentError(
        .sweepSpec, source: source, line: base.line, key: "base" + (error.key.isEmpty ? "" : ".\(error.key)"),
        reason: error.reason)
    }
    for variable in variables {
      var probe = base
      guard probe.set(variable.path, to: SpecNode(.null)) else {
        throw DocumentError(
          .sweepSpec, source: source, line: variable.values.first?.line ?? 0, key: "vary.\(variable.path)",
          reason: "cannot be set: a part of this path holds a value, not an object, in the base config")
      }
    }
    var result: [ReplayConfiguration] = []
    result.reserveCapacity(count)
    for index in 0..<count {
      do {
        result.append(
          try ReplayConfigurationDecoder.decode(configObject(at: index), source: source, positions: false))
      } catch {
        throw describe(error, configuration: index, source: source)
      }
    }
    return result
  }

  /// A config decoder error of one configuration, named by the varied key it concerns.
  private func describe(_ error: DocumentError, configuration index: Int, source: String) -> DocumentError {
    let values = values(at: index)
    let matching = variables.indices.first { position in
      let path = variables[position].path
      return error.key == path || error.key.hasPrefix(path + ".") || path.hasPrefix(error.key + ".")
    }
    guard let position = matching else {
      return DocumentError(
        .sweepSpec, source: source, key: error.key.isEmpty ? "vary" : error.key,
        reason: "\(error.reason) (configuration \(index): \(label(at: index)))")
    }
    let value = values[position]
    return DocumentError(
      .sweepSpec, source: source, line: value.line, key: "vary.\(variables[position].path)",
      reason: error.reason.contains("found")
        ? "\(error.reason) (configuration \(index))"
        : "\(error.reason) (value \(value.rendered), configuration \(index))")
  }
}
