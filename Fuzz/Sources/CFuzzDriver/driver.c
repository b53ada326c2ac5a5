// The declaration in include/ is the point of this target; SwiftPM needs one source file.
#include "CFuzzDriver.h"
