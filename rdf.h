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
	char *title;   /* trimmed, inner white space collapsed to one space,
	                  other control characters (and DEL) made spaces */
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
	char *copy;                 /* private: the input made UTF-8, when it was not */
} Feed;

/*
 * rdf_parse parses len bytes of data (UTF-8, or ISO-8859-1/windows-1252
 * when the XML declaration says so) into *f.  Every string in a Feed is
 * UTF-8, NUL-terminated and never NULL: a missing element is "".  When an
 * element comes twice the first wins.
 *
 * Text is decoded in place: rdf_parse overwrites data[0..len) and the
 * strings of *f point into it, so data must stay allocated and untouched
 * until rdf_free(f); the caller frees it after that (after a failure, at
 * once).  Its bytes are unspecified after the call, whatever it returns.
 * Latin-1 and windows-1252 input, and input with invalid UTF-8, is first
 * converted into a copy of up to three times len bytes that *f owns; else
 * a Feed takes no memory beyond data but its items array.
 *
 * Returns 0 on success.  A document cut off in the middle still succeeds
 * with the items that were complete and f->truncated set; err then holds
 * a warning.  Returns -1 when data is no feed at all (empty, binary, an
 * HTML page, out of memory) with a one-line message in err; *f is then
 * empty and needs no rdf_free.
 */
int rdf_parse(Feed *f, char *data, size_t len, char *err, size_t errlen);

/* rdf_free frees everything rdf_parse allocated in *f and zeroes it. */
void rdf_free(Feed *f);

/*
 * rdf_text turns a description (HTML) into plain text: tags dropped,
 * entities decoded, white space collapsed and trimmed.  Returns a string
 * the caller frees, or NULL when out of memory.
 */
char *rdf_text(const char *html);
