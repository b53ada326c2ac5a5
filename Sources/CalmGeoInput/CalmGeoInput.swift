// The input layer: reads logs into the core's fixes, so its API speaks the core's types.
@_exported import CalmGeoCore
