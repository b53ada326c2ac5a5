import Foundation

@testable import CalmGeoReplay

/// Decodes hand-written configuration JSON as the file `cfg.json`, for suites that test
/// the decoder.
protocol ConfigDecoding {}

extension ConfigDecoding {
  func decode(_ json: String) throws(DocumentError) -> ReplayConfiguration {
    try ReplayConfigurationDecoder.decode(Data(json.utf8), source: "cfg.json")
  }

  /// The rendered error decoding `json` throws, or `"no error"`.
  func error(_ json: String) -> String {
    do {
      _ = try decode(json)
      return "no error"
    } catch {
      return error.description
    }
  }
}
