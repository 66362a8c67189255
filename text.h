/* See LICENSE file for copyright and license details. */
/*
 * text: character data into text, for rdf.c.  No allocation, no state.
 * Every decoder writes to out, which may be its input itself: none
 * writes more bytes than it has read.
 */
#include <stddef.h>

/* the white space of XML; c is an unsigned char */
#define isws(c)                 ((c) == ' ' || (c) == '\t' || (c) == '\n' || (c) == '\r')
/* c can start an element's name (any non-ASCII byte may); c is an unsigned char */
#define isnamestart(c)          ((((c) | 0x20) >= 'a' && ((c) | 0x20) <= 'z') || \
                                 (c) == '_' || (c) == ':' || (c) >= 0x80)

/* the first occurrence of the n bytes of pat in [s, e), or NULL */
const char *text_find(const char *s, const char *e, const char *pat, size_t n);

/* past the comment, CDATA section or processing instruction at s (its
 * '<'), which may hold any markup; s when none starts there, NULL when
 * the input ends inside it */
const char *text_pass(const char *s, const char *e);

/* the '>' ending the tag whose attributes start at s, quotes respected;
 * NULL when the input ends first */
const char *text_tagend(const char *s, const char *e);

/*
 * text_xml: the character data of element content s[0..len) as the feed
 * has it: references decoded, CDATA sections unwrapped, comments and
 * processing instructions dropped; other markup (Atom's xhtml) kept
 * when markup is 1, else dropped, the text inside it kept, as in a
 * title.  An attribute value, which holds no markup, decodes the same.
 * Returns the length written.
 */
size_t text_xml(const char *s, size_t len, char *out, int markup);

/*
 * text_html: the text of HTML s[0..len): tags dropped (script and style
 * with their content), references decoded, white space and no-break
 * spaces collapsed to one space, other control characters (C0, DEL, C1)
 * removed, a space where a block tag breaks the line; with paras a '\n'
 * there instead, and a '\t' starting each paragraph inside a blockquote.
 * Returns the length written.
 */
size_t text_html(const char *s, size_t len, char *out, int paras);
