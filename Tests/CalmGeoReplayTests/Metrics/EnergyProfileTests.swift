import Foundation
import Testing

@testable import CalmGeoReplay

/// Energy profiles with sources, the radio tail, and no per-hour rate for a short log.
struct EnergyProfileTests {
  @Test func requestsInsideOneTailShareIt() {
    // Tail 10 s. A burst at 0, 2, 4 s keeps the radio on over [0, 14]: 14 s.
    // The same three spread 20 s apart: [0, 10] + [20, 30] + [40, 50]: 30 s.
    #expect(radioActiveSeconds(requestTimes: [0, 2000, 4000], tail: 10) == 14)
    #expect(radioActiveSeconds(requestTimes: [40_000, 0, 20_000], tail: 10) == 30)
    // Touching tails (10 s apart) do not overlap: 20 s; no request or no tail: 0.
    #expect(radioActiveSeconds(requestTimes: [0, 10_000], tail: 10) == 20)
    #expect(radioActiveSeconds(requestTimes: [], tail: 10) == 0 && radioActiveSeconds(requestTimes: [5], tail: 0) == 0)
  }

  @Test func aBurstCostsLessThanTheSameRequestsSpreadOut() {
    let model = EnergyProfile.nexus5.model
    var burst = UploadCounters()
    burst.requests = 3
    burst.requestTimes = [0, 2000, 4000]
    var spread = burst
    spread.requestTimes = [0, 20_000, 40_000]
    // Tail 11.576 s: the burst keeps the radio on over [0, 15.576] s, 185.19 × 15.576 / 3600 = 0.801255 mAh;
    // spread out, 3 × 11.576 = 34.728 s, 185.19 × 34.728 / 3600 = 1.786466 mAh.
    #expect(abs(model.requestCharge(burst) - 0.801255) < 1e-6)
    #expect(abs(model.requestCharge(spread) - 1.786466) < 1e-6)
    // The default profile charges per request whatever the timing: 3 × 0.87 = 2.61 either way.
    #expect(EnergyModel().requestCharge(burst) == EnergyModel().requestCharge(spread))
    #expect(abs(EnergyModel().requestCharge(burst) - 2.61) < 1e-12)
  }

  @Test func profilesCarryTheirSourcesValues() {
    #expect(EnergyProfile.nexus5.model.gpsMilliamps == 76.23 && EnergyProfile.nexus5.model.radioMilliamps == 185.19)
    let pixel = EnergyProfile.pixel2XL.model
    #expect(pixel.gpsMilliamps == 30 && pixel.batteryMilliampHours == 3520)
    let aosp = EnergyProfile.aospExample.model
    #expect(aosp.gpsMilliamps == 50 && aosp.radioMilliamps == 200)
    // PowerTutor (HTC Dream, 3.7 V): 429.55 mW / 3.7 V = 116.095 mA; (570·6 + 401·4) / 10 / 3.7 = 135.784 mA.
    let dream = EnergyProfile.powerTutorDream.model
    #expect(abs(dream.gpsMilliamps - 116.0946) < 1e-4 && abs(dream.radioMilliamps! - 135.7838) < 1e-4)
    #expect(EnergyModel().profile == nil && EnergyProfile.nexus5.model.profile == "nexus5")
  }

  @Test func theProfileIsSelectedInTheConfigAndKeysOverrideIt() throws {
    let json = #"{"replay": {"energy": {"profile": "pixel2xl", "gpsMilliamps": 31}}}"#
    let energy = try ReplayConfigurationDecoder.decode(Data(json.utf8), source: "c.json").replay.energy
    #expect(energy.profile == "pixel2xl" && energy.gpsMilliamps == 31 && energy.radioMilliamps == 50)
    let bad = #"{"replay": {"energy": {"profile": "nexus6"}}}"#
    #expect(throws: DocumentError.self) { try ReplayConfigurationDecoder.decode(Data(bad.utf8), source: "c.json") }
  }

  @Test func statsGiveEveryProfileAndNoRateForAOneSecondLog() {
    let fixes = [EquatorTrack.fix(t: 0, x: 0, speed: 1), EquatorTrack.fix(t: 1, x: 1, speed: 1)]
    var (_, result) = EquatorTrack.replay(fixes)
    result.configuration = ReplayConfiguration()
    let energy = EnergyModel().estimate(result)
    // 1 s listening is under the 5-minute minimum: no per-hour figure, here or under any profile.
    #expect(energy.percentPerHour == nil)
    #expect(energy.profiles?.all.map(\.name) == EnergyProfile.allCases.map(\.rawValue))
    #expect(energy.profiles?.all.allSatisfy { $0.estimate.percentPerHour == nil } == true)
    #expect(EnergyLine.render(energy).contains("no %/h under 5 min of log"))
    // The worked example (329 s) is over it: a rate, and one per profile.
    var (_, long) = EquatorTrack.replay(EquatorTrack.workedExample)
    long.configuration = ReplayConfiguration()
    let longEnergy = EnergyModel().estimate(long)
    #expect(longEnergy.percentPerHour != nil)
    #expect(longEnergy.profiles?.all.allSatisfy { $0.estimate.percentPerHour != nil } == true)
    // Nexus 5: a higher GNSS current (76.23 mA) and a smaller battery (2300 mAh) than the default.
    let nexus = longEnergy.profiles!.nexus5.percentPerHour!
    let standard = longEnergy.profiles!.default.percentPerHour!
    #expect(nexus > standard && longEnergy.profiles!.default.percentPerHour == longEnergy.percentPerHour)
  }
}
