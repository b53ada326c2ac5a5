/*
 * libxml2's floor for reading a GPX: its SAX2 push parser with empty callbacks, fed
 * 64 KB at a time, as calmgeo-replay's XMLEventReader feeds it (same options:
 * NONET, BIG_LINES, NOCDATA). Plain and gzip files alike (zlib's gzread reads both).
 * Prints the number of elements, so that the callbacks cannot be optimized away.
 *
 *   cc -O2 $(xml2-config --cflags) sax2_floor.c -o sax2_floor $(xml2-config --libs) -lz
 *   ./sax2_floor big.gpx
 */
#include <stdio.h>
#include <string.h>
#include <zlib.h>
#include <libxml/parser.h>

static unsigned long elements;

static void start(void *ctx, const xmlChar *localname, const xmlChar *prefix, const xmlChar *uri,
                  int nb_namespaces, const xmlChar **namespaces, int nb_attributes, int nb_defaulted,
                  const xmlChar **attributes) {
  (void)ctx; (void)localname; (void)prefix; (void)uri; (void)nb_namespaces; (void)namespaces;
  (void)nb_attributes; (void)nb_defaulted; (void)attributes;
  elements++;
}

static void end(void *ctx, const xmlChar *localname, const xmlChar *prefix, const xmlChar *uri) {
  (void)ctx; (void)localname; (void)prefix; (void)uri;
}

static void characters(void *ctx, const xmlChar *text, int length) { (void)ctx; (void)text; (void)length; }

int main(int argc, char **argv) {
  if (argc != 2) { fprintf(stderr, "usage: %s FILE[.gz]\n", argv[0]); return 64; }
  gzFile file = gzopen(argv[1], "rb");
  if (!file) { perror(argv[1]); return 66; }
  gzbuffer(file, 1 << 17);
  xmlSAXHandler sax;
  memset(&sax, 0, sizeof sax);
  sax.initialized = XML_SAX2_MAGIC;
  sax.startElementNs = start;
  sax.endElementNs = end;
  sax.characters = characters;
  static char buffer[1 << 16];
  int count = gzread(file, buffer, 4);
  xmlParserCtxtPtr parser = xmlCreatePushParserCtxt(&sax, NULL, buffer, count > 0 ? count : 0, argv[1]);
  xmlCtxtUseOptions(parser, XML_PARSE_NONET | XML_PARSE_BIG_LINES | XML_PARSE_NOCDATA);
  while ((count = gzread(file, buffer, sizeof buffer)) > 0) {
    if (xmlParseChunk(parser, buffer, count, 0) != 0 && !parser->wellFormed) break;
  }
  xmlParseChunk(parser, NULL, 0, 1);
  int ok = parser->wellFormed;
  xmlFreeParserCtxt(parser);
  gzclose(file);
  printf("%lu elements%s\n", elements, ok ? "" : " (not well-formed)");
  return ok ? 0 : 65;
}
