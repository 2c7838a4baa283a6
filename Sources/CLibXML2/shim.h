/* Debian builds libxml2 with ICU, so <libxml/encoding.h> includes the system ICU headers,
 * whose types clash with Foundation's bundled ICU (_FoundationICU) in any Swift module that
 * imports both. Nothing here uses libxml2's ICU fields (they only end xmlCharEncodingHandler,
 * which is handled through pointers), so the headers are read without them. */
#include <libxml/xmlversion.h>
#undef LIBXML_ICU_ENABLED
#include <libxml/parser.h>
#include <libxml/parserInternals.h>
#include <libxml/SAX2.h>
#include <libxml/entities.h>
#include <libxml/encoding.h>
#include <libxml/tree.h>
#include <libxml/xmlreader.h>
#include <libxml/HTMLparser.h>
#include <libxml/xmlerror.h>
