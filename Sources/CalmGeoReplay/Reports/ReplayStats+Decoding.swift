extension ReplayStats {
  /// Reads `stats.json` of this or an earlier schema (a file without `schemaVersion` is
  /// version 1, without the metrics sections); refuses a newer one.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    schemaVersion = try container.decodeIfPresent(Int.self, forKey: .schemaVersion) ?? 1
    guard schemaVersion <= Self.currentSchemaVersion else {
      throw DecodingError.dataCorruptedError(
        forKey: .schemaVersion, in: container,
        debugDescription: "stats.json schema version \(schemaVersion) is newer than this tool's "
          + "\(Self.currentSchemaVersion): use a newer calmgeo-replay")
    }
    input = try container.decode(Input.self, forKey: .input)
    engine = try container.decode(Engine.self, forKey: .engine)
    storage = try container.decode(Storage.self, forKey: .storage)
    uploads = try container.decode(Uploads.self, forKey: .uploads)
    accounting = try container.decode(Accounting.self, forKey: .accounting)
    fidelity = try container.decodeIfPresent(FidelityStats.self, forKey: .fidelity)
    stops = try container.decodeIfPresent(StopStats.self, forKey: .stops)
    energy = try container.decodeIfPresent(EnergyStats.self, forKey: .energy)
    geofences = try container.decodeIfPresent(GeofenceStats.self, forKey: .geofences)
    platform = try container.decodeIfPresent(Platform.self, forKey: .platform)
    library = try container.decodeIfPresent(LibraryStats.self, forKey: .library)
    seed = try container.decode(Int.self, forKey: .seed)
    configuration = try container.decodeIfPresent(EffectiveConfiguration.self, forKey: .configuration)
    tool = try container.decodeIfPresent(String.self, forKey: .tool)
  }
}
