import CFuzzDriver
import Foundation

// libFuzzer owns the command line (corpus folders, -max_total_time=…); the target comes
// from CALMGEO_FUZZ_TARGET, read before the first input.
_ = FuzzTarget.current
var argc = CommandLine.argc
var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
exit(LLVMFuzzerRunDriver(&argc, &argv, fuzzOne))
