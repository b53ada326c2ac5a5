import CalmGeoReplay
import Foundation

/// A local equirectangular projection around a track's centre, scaled to fit a box,
/// north up: x grows east, y grows south, in the box's pixels.
///
/// Good to well under 1 % over a few hundred kilometres away from the poles, which is
/// what a replayed log covers; distances on the page use `pixelsPerMetre`.
struct MapProjection {
  /// Degrees at the box's centre.
  let centreLatitude: Double
  let centreLongitude: Double
  /// Pixels per metre on the ground.
  let pixelsPerMetre: Double
  let width: Double
  let height: Double
  private let metresPerDegree = GeoMath.earthRadius * Double.pi / 180
  private let cosLatitude: Double

  /// The projection that fits `bounds`, grown by `margin` metres on each side, into a
  /// box `width` wide, with `padding` pixels all round; the height follows the track's
  /// shape within `heights`.
  init(fitting bounds: GeoBounds, margin: Double, width: Double, heights: ClosedRange<Double>, padding: Double) {
    let bounds = bounds.isEmpty ? Self.origin : bounds
    centreLatitude = (bounds.minLatitude + bounds.maxLatitude) / 2
    centreLongitude = (bounds.minLongitude + bounds.maxLongitude) / 2
    cosLatitude = max(cos(centreLatitude * Double.pi / 180), 0.01)
    // A stationary log still gets a map some tens of metres across, not one zoomed into its noise.
    let spanX = max((bounds.maxLongitude - bounds.minLongitude) * cosLatitude * metresPerDegree + 2 * margin, 80)
    let spanY = max((bounds.maxLatitude - bounds.minLatitude) * metresPerDegree + 2 * margin, 80)
    let innerWidth = width - 2 * padding
    let idealHeight = innerWidth * spanY / spanX + 2 * padding
    height = min(max(idealHeight, heights.lowerBound), heights.upperBound)
    pixelsPerMetre = min(innerWidth / spanX, (height - 2 * padding) / spanY)
    self.width = width
  }

  private static let origin: GeoBounds = {
    var bounds = GeoBounds()
    bounds.include(latitude: 0, longitude: 0)
    return bounds
  }()

  /// The pixel position of a point in degrees.
  func point(latitude: Double, longitude: Double) -> (x: Double, y: Double) {
    let east = (longitude - centreLongitude) * cosLatitude * metresPerDegree
    let north = (latitude - centreLatitude) * metresPerDegree
    return (width / 2 + east * pixelsPerMetre, height / 2 - north * pixelsPerMetre)
  }

  /// Pixels per degree of latitude and of longitude (for the page's script to invert).
  var pixelsPerDegree: (latitude: Double, longitude: Double) {
    (metresPerDegree * pixelsPerMetre, metresPerDegree * cosLatitude * pixelsPerMetre)
  }
}
