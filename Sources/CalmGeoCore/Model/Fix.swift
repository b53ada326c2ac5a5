/// One position report from a receiver or an app, as the replay engine receives it.
///
/// Times are milliseconds since 1970-01-01T00:00:00Z (UTC, no leap seconds).
/// Angles are degrees (WGS84), distances and altitudes metres, speeds m/s.
/// Optional measurements are stored with NaN for "absent". The six that reach the wire
/// (altitude, speed, course, the three accuracies) are `Double`s, the values a
/// `CLLocation` would hold: the number parsed from the log, written as `JSONEncoder`
/// writes a `Double` (`5.95`, not a `Float`'s `5.9500003`). The others (geoid separation
/// and the DOPs) stay `Float` so that a `Fix` is 96 bytes: sweeps hold millions of them.
public struct Fix: Sendable {
  /// Milliseconds since 1970-01-01T00:00:00Z.
  public var time: Int64
  /// Latitude in degrees, north positive.
  public var latitude: Double
  /// Longitude in degrees, east positive.
  public var longitude: Double

  @usableFromInline package var storedAltitude: Double = .nan
  @usableFromInline package var storedSpeed: Double = .nan
  @usableFromInline package var storedCourse: Double = .nan
  @usableFromInline package var storedHorizontalAccuracy: Double = .nan
  @usableFromInline package var storedVerticalAccuracy: Double = .nan
  @usableFromInline package var storedSpeedAccuracy: Double = .nan
  @usableFromInline package var storedGeoidSeparation: Float = .nan
  @usableFromInline package var storedHDOP: Float = .nan
  @usableFromInline package var storedVDOP: Float = .nan
  @usableFromInline package var storedPDOP: Float = .nan

  /// The 1-based line (or record number) of the input this fix came from; 0 if unknown.
  public var line: UInt32
  @usableFromInline var storedSatellites: UInt8 = .max
  @usableFromInline var storedQuality: UInt8 = .max
  @usableFromInline var storedActivity: UInt8 = .max
  /// How values of this fix were obtained when they were not read as they are.
  public var flags: Flags = []

  /// Creates a fix with a time and a position; every other value is absent.
  @inlinable
  public init(time: Int64, latitude: Double, longitude: Double, line: UInt32 = 0) {
    self.time = time
    self.latitude = latitude
    self.longitude = longitude
    self.line = line
  }

  /// Marks for values that were derived or estimated rather than read.
  public struct Flags: OptionSet, Sendable, Hashable {
    public let rawValue: UInt8
    @inlinable public init(rawValue: UInt8) { self.rawValue = rawValue }
    /// Speed was computed from the previous fix (distance / time).
    public static let speedDerived = Flags(rawValue: 1 << 0)
    /// Horizontal accuracy was estimated from HDOP × UERE.
    public static let horizontalAccuracyEstimated = Flags(rawValue: 1 << 1)
    /// Vertical accuracy was estimated from VDOP × UERE.
    public static let verticalAccuracyEstimated = Flags(rawValue: 1 << 2)
    /// The time was synthesized (e.g. `--assume-speed` on a GPX without times).
    public static let timeSynthesized = Flags(rawValue: 1 << 3)
    /// The fix starts a new track segment (GPX `trkseg`, a new `trk`, ...).
    public static let segmentStart = Flags(rawValue: 1 << 4)
    /// The time was read without a zone (local time, or UTC by assumption); set by the
    /// CSV and GPX readers only while `ParseOptions.utcOffsetMillis` asks for it, and
    /// cleared once the offset is applied.
    public static let timeWithoutZone = Flags(rawValue: 1 << 5)
  }
}

extension Fix {
  @inlinable static func load(_ value: Float) -> Double? { value.isNaN ? nil : Double(value) }
  @inlinable static func store(_ value: Double?) -> Float { value.map { Float($0) } ?? .nan }
  @inlinable static func load(_ value: Double) -> Double? { value.isNaN ? nil : value }
  @inlinable static func store(_ value: Double?) -> Double { value ?? .nan }

  /// Altitude above mean sea level, metres.
  @inlinable public var altitude: Double? {
    get { Self.load(storedAltitude) }
    set { storedAltitude = Self.store(newValue) }
  }
  /// Geoid separation (ellipsoid minus mean sea level), metres.
  @inlinable public var geoidSeparation: Double? {
    get { Self.load(storedGeoidSeparation) }
    set { storedGeoidSeparation = Self.store(newValue) }
  }
  /// Speed over ground, m/s.
  @inlinable public var speed: Double? {
    get { Self.load(storedSpeed) }
    set { storedSpeed = Self.store(newValue) }
  }
  /// Course over ground, degrees clockwise from true north.
  @inlinable public var course: Double? {
    get { Self.load(storedCourse) }
    set { storedCourse = Self.store(newValue) }
  }
  /// Horizontal accuracy (1σ radius), metres.
  @inlinable public var horizontalAccuracy: Double? {
    get { Self.load(storedHorizontalAccuracy) }
    set { storedHorizontalAccuracy = Self.store(newValue) }
  }
  /// Vertical accuracy (1σ), metres.
  @inlinable public var verticalAccuracy: Double? {
    get { Self.load(storedVerticalAccuracy) }
    set { storedVerticalAccuracy = Self.store(newValue) }
  }
  /// Speed accuracy, m/s.
  @inlinable public var speedAccuracy: Double? {
    get { Self.load(storedSpeedAccuracy) }
    set { storedSpeedAccuracy = Self.store(newValue) }
  }
  /// Horizontal dilution of precision.
  @inlinable public var hdop: Double? {
    get { Self.load(storedHDOP) }
    set { storedHDOP = Self.store(newValue) }
  }
  /// Vertical dilution of precision.
  @inlinable public var vdop: Double? {
    get { Self.load(storedVDOP) }
    set { storedVDOP = Self.store(newValue) }
  }
  /// Position dilution of precision.
  @inlinable public var pdop: Double? {
    get { Self.load(storedPDOP) }
    set { storedPDOP = Self.store(newValue) }
  }
  /// Satellites used in the solution (0...254).
  @inlinable public var satellites: Int? {
    get { storedSatellites == .max ? nil : Int(storedSatellites) }
    set { storedSatellites = newValue.map { UInt8(clamping: min($0, 254)) } ?? .max }
  }
  /// NMEA GGA fix quality (0 invalid, 1 GPS, 2 DGPS, 4 RTK fixed, 5 RTK float, ...).
  @inlinable public var quality: Int? {
    get { storedQuality == .max ? nil : Int(storedQuality) }
    set { storedQuality = newValue.map { UInt8(clamping: min($0, 254)) } ?? .max }
  }
}
