#ifndef CALMGEO_CFUZZDRIVER_H
#define CALMGEO_CFUZZDRIVER_H
#include <stddef.h>
#include <stdint.h>
/// libFuzzer's driver (compiler-rt, linked by -sanitize=fuzzer): runs the fuzzing loop
/// with `callback` and libFuzzer's own command line. Lets a SwiftPM executable keep its
/// own `main`, which SwiftPM renames and links in place of libFuzzer's.
int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*callback)(const uint8_t *data, size_t size));
#endif
