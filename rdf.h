/* See LICENSE file for copyright and license details. */
/*
 * rdf: feed bytes in, Feed out.
 *
 * RSS 1.0 (RDF, items beside the channel), RSS 2.0 (items inside the
 * channel) and Atom (entries) are recognised by their elements' local
 * names, whatever the namespace prefix.  No X, no network, no global
 * state: rdf_parse may be called from anywhere, any number of times.
 */
#include <stddef.h>
#include <time.h>

typedef struct {
	char *title;   /* trimmed, inner white space collapsed to one space */
	char *link;    /* as title; Atom's alternate href, else a permalink guid;
	                  LWN's .../Articles/N/rss becomes .../Articles/N/ */
	char *date;    /* the raw date, trimmed: dc:date, pubDate or published, else updated */
	time_t time;   /* date as seconds since the epoch (UTC, whatever the process's
	                  TZ); 0 when absent or unparsable */
	char *author;  /* dc:creator, else Atom's author/name, else RSS 2.0's author */
	char *desc;    /* description or summary, else content(:encoded); decoded
	                  once, so still HTML (see rdf_text); trimmed at the ends */
} Item;

typedef struct {
	char *title, *link, *desc;  /* the channel's (or Atom feed's) own */
	char *date, *author;        /* the channel's raw date and author, as in Item */
	Item *items;                /* in document order */
	size_t nitems;
	int truncated;              /* input ended inside the document */
	char *arena;                /* private: the one block every string lives in */
} Feed;

/*
 * rdf_parse parses len bytes of data (UTF-8, or ISO-8859-1/windows-1252
 * when the XML declaration says so) into *f.  Every string in a Feed is
 * UTF-8, NUL-terminated and never NULL: a missing element is "".  When an
 * element comes twice the first wins.  data is not kept: it may be freed
 * as soon as rdf_parse returns.  The strings take at most len bytes (up
 * to three times that when the input is Latin-1 or invalid UTF-8).
 *
 * Returns 0 on success.  A document cut off in the middle still succeeds
 * with the items that were complete and f->truncated set; err then holds
 * a warning.  Returns -1 when data is no feed at all (empty, binary, an
 * HTML page, out of memory) with a one-line message in err; *f is then
 * empty and needs no rdf_free.
 */
int rdf_parse(Feed *f, const char *data, size_t len, char *err, size_t errlen);

/* rdf_free frees everything rdf_parse allocated in *f and zeroes it. */
void rdf_free(Feed *f);

/*
 * rdf_text turns a description (HTML) into plain text: tags dropped,
 * entities decoded, white space collapsed and trimmed.  Returns a string
 * the caller frees, or NULL when out of memory.
 */
char *rdf_text(const char *html);
