#ifndef CVIRTUALPLATFORM_H
#define CVIRTUALPLATFORM_H
#include <stdint.h>

/// Sets the virtual wall clock (ms since 1970) that `clock_gettime(CLOCK_REALTIME)`,
/// `gettimeofday` and `time` answer from now on (Foundation's `Date()` reads them).
void cvp_set_now_ms(int64_t ms);
int64_t cvp_now_ms(void);
/// Records the fix being processed, so that a trap can name it.
void cvp_set_fix(int64_t index, int64_t time_ms);
/// Installs the handlers that write the virtual time and fix to stderr on a trap.
void cvp_install_crash_reporter(void);
#endif
