// The library product: the pure core, the input layer that feeds it, and the study layer here.
@_exported import CalmGeoCore
@_exported import CalmGeoInput
