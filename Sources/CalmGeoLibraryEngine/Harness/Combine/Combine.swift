// Stand-in for Combine: CalmGeo imports it for nothing but the Foundation and networking
// names it brings along.
@_exported import Foundation
@_exported import PlatformNetworking
