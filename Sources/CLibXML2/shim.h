#ifndef CALMGEO_CLIBXML2_SHIM_H
#define CALMGEO_CLIBXML2_SHIM_H
#include <libxml/xmlversion.h>
// Debian builds libxml2 with ICU; its encoding.h then includes <unicode/ucnv.h>,
// whose UErrorCode clashes with Foundation's own ICU module. We use no ICU field.
#undef LIBXML_ICU_ENABLED
#include <libxml/parser.h>
#include <libxml/SAX2.h>
#include <libxml/xmlerror.h>
#endif
