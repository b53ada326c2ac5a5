import CVirtualPlatform
import Foundation

/// The virtual wall clock every stand-in and the library read (`Date()` included: the
/// driver's own `clock_gettime` answers it).
public enum VirtualClock {
  /// Virtual time, ms since 1970.
  public static var nowMs: Int64 {
    get { cvp_now_ms() }
    set { cvp_set_now_ms(newValue) }
  }

  /// Names the fix being processed (reported if the library traps).
  public static func processing(fix index: Int, at time: Int64) {
    cvp_set_fix(Int64(index), time)
  }

  /// Writes the virtual time and the fix to stderr when the process traps.
  public static func installCrashReporter() {
    cvp_install_crash_reporter()
  }
}
