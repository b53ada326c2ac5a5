/// A VTG whose epoch is not yet known: it arrived after the current epoch's RMC but
/// disagrees with that RMC's speed, so it may be the first sentence of the next burst
/// (receivers that print VTG before the next epoch's timed sentences).
///
/// **The rule.** A VTG joins the epoch of the latest timed sentence (as every untimed
/// sentence does) unless that epoch already has an RMC whose speed in knots differs from
/// the VTG's. Then it is held for the next epoch opened after it, and joins that epoch
/// unless the next epoch's RMC contradicts it too (another speed): then it joins the epoch
/// it arrived in. It is settled by the next epoch's RMC; when either epoch is handed on
/// before that RMC came (or the log ends), nothing contradicted it, so it joins the next
/// epoch if one was opened, or else the one it arrived in. Nothing else moves: a VTG fills
/// only the speed and course its epoch's RMC did not give.
///
/// Why speed: RMC and VTG of one fix report the same speed over ground in knots, so a
/// speed that differs from the RMC's says the VTG was made from another fix. Receivers
/// that print VTG first in their burst (u-blox LEA-5H's capture starting with VTG, then
/// GGA of 085515) hand it over with the previous epoch still current.
struct NMEAHeldVTG {
  /// Speed (m/s) and course (degrees) to fill.
  var speed: Double?
  var course: Double?
  /// The VTG's speed in knots, compared with the next RMC's.
  var knots: Double
  /// The epoch it arrived in: its slot and key (the slot may be reused after a hand-on).
  var slot: Int
  var key: Int64
  /// The next epoch opened after it, once there is one (slot -1 before).
  var nextSlot = -1
  var nextKey: Int64 = 0
}

extension NMEAParser {
  /// Fills the epoch in `slot` with a VTG's speed and course, where its RMC gave none.
  @inline(__always)
  mutating func fillVTG(_ slot: Int, speed: Double?, course: Double?) {
    NMEAEpoch.fill(&merger[slot].speed, speed)
    NMEAEpoch.fill(&merger[slot].course, course)
  }

  /// A VTG arrived in the current epoch (`merger.current >= 0`): joins it, or is held.
  mutating func acceptVTG(speed: Double?, course: Double?, knots: Double?) {
    let slot = merger.current
    // An earlier held VTG is settled first: into its next epoch if one opened since.
    settleHeldVTG(inNext: (heldVTG?.nextSlot ?? -1) >= 0)
    let rmcKnots = merger[slot].rmcKnots
    if let knots, !rmcKnots.isNaN, knots != rmcKnots {
      heldVTG = NMEAHeldVTG(speed: speed, course: course, knots: knots, slot: slot, key: merger[slot].key)
      return
    }
    fillVTG(slot, speed: speed, course: course)
  }

  /// An epoch was opened in `slot`: the next epoch of a held VTG without one.
  @inline(__always)
  mutating func noteOpenedEpoch(_ slot: Int) {
    guard heldVTG != nil, heldVTG!.nextSlot < 0 else { return }
    heldVTG!.nextSlot = slot
    heldVTG!.nextKey = merger[slot].key
  }

  /// A valid RMC with speed `knots` was read into `slot`: when that is the held VTG's next
  /// epoch, the VTG joins it if the speeds agree, or else the epoch it arrived in.
  @inline(__always)
  mutating func settleHeldVTG(afterRMCIn slot: Int, knots: Double?) {
    guard let held = heldVTG, held.nextSlot == slot, merger[slot].key == held.nextKey else { return }
    if let knots, knots != held.knots { settleHeldVTG() } else { settleHeldVTG(inNext: true) }
  }

  /// Settles a held VTG: into its next epoch, or into the epoch it arrived in; either only
  /// while still open.
  mutating func settleHeldVTG(inNext: Bool = false) {
    guard let held = heldVTG else { return }
    heldVTG = nil
    let (slot, key) = inNext ? (held.nextSlot, held.nextKey) : (held.slot, held.key)
    if slot >= 0, merger.isOpen(slot), merger[slot].key == key {
      fillVTG(slot, speed: held.speed, course: held.course)
    }
  }

  /// Hands on the epoch in `slot`, after it takes the VTG held for it.
  mutating func handOn(_ slot: Int, emit: (Fix) -> Void) throws(ParseError) {
    if let held = heldVTG,
      (held.slot == slot && merger[slot].key == held.key) || (held.nextSlot == slot && merger[slot].key == held.nextKey)
    {
      settleHeldVTG(inNext: held.nextSlot >= 0)
    }
    try merger.handOn(slot, to: &resolver, emit: emit)
  }
}
