#ifndef CALMGEO_CZLIB_SHIM_H
#define CALMGEO_CZLIB_SHIM_H
#include <zlib.h>

/// `inflateInit2` is a function-like macro that Swift cannot import.
/// Window bits 15 + 32 accept a gzip or a zlib header.
static inline int calmgeo_inflate_init(z_stream *stream) {
  return inflateInit2(stream, 15 + 32);
}
#endif
