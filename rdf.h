/* See LICENSE file for copyright and license details. */
/*
 * rdf: feed bytes in, Feed out.
 *
 * RSS 1.0 (RDF, items beside the channel), RSS 0.90, RSS 0.91 to 2.0
 * (items inside the channel) and Atom 1.0 and 0.3 (entries).  Elements
 * are matched by namespace and local name (Namespaces in XML 1.0): RSS
 * 2.0's are in no namespace, RSS 1.0's in http://purl.org/rss/1.0/,
 * Atom's in http://www.w3.org/2005/Atom, and so on for RDF, Dublin Core,
 * content: and syn:.  An element of any other namespace is skipped with
 * everything inside it: no Media RSS title or extension's link ever
 * becomes a field.  A prefix that no declaration binds is read as the
 * vocabulary it conventionally names when it is one of dc, rdf, content,
 * syn and atom (feeds that forget xmlns:dc exist), and as a vocabulary of
 * its own, skipped, otherwise.  No X, no network, no global state:
 * rdf_parseurl may be called from anywhere, any number of times.
 */
#include <stddef.h>
#include <time.h>

typedef struct {
	char *title;   /* trimmed, inner runs of white space made one space,
	                  other control characters (C0, DEL, C1) removed; an
	                  Atom type="html" title as text, type="xhtml" without
	                  its markup, anything else literal */
	char *link;    /* as title; Atom's alternate href, else a permalink guid;
	                  a relative one resolved (RFC 3986) against the nearest
	                  xml:base and the document's URL (see rdf_parseurl);
	                  LWN's .../Articles/N/rss becomes .../Articles/N/.  Any
	                  scheme, or none: url_isweb tells a page from the rest */
	char *date;    /* the raw date, trimmed, and as title when it does not parse:
	                  dc:date, pubDate or published, else updated */
	time_t time;   /* date as seconds since the epoch (UTC, whatever the process's
	                  TZ), when dated */
	int dated;     /* 1 when date parsed (0 and negative times are dates too) */
	char *author;  /* dc:creator, else Atom's author/name, else RSS 2.0's author */
	char *desc;    /* description or summary, else content(:encoded), as the
	                  feed has it: the element's content, trimmed at the ends,
	                  with its references, CDATA sections and comments still
	                  to undo (and, inside, the escaped HTML of the feed); never
	                  decoded by rdf_parseurl.  rdf_html undoes the XML, rdf_text
	                  makes it text */
	int desctext;  /* desc is plain text, not HTML: Atom's type="text" (its
	                  default); a '<' in it is a character */
} Item;

typedef struct {
	char *title, *link, *desc;  /* the channel's (or Atom feed's) own, as in Item */
	int desctext;               /* as in Item */
	char *date, *author;        /* the channel's raw date and author, as in Item */
	Item *items;                /* in document order */
	size_t nitems;
	int truncated;              /* input ended inside the document */
	/* what the channel says of how often to ask for it (see rdf_nextupdate) */
	long ttl;                   /* RSS 2.0 <ttl>, in seconds; 0 when none */
	long updateperiod;          /* syn:updatePeriod / syn:updateFrequency, in
	                               seconds; 0 when neither or either is unreadable */
	time_t updatebase;          /* syn:updateBase, where that schedule starts, */
	int hasupdatebase;          /* when there is one */
	char *copy;                 /* private: the input made UTF-8, when it was not */
	char *mem;                  /* private: resolved links */
} Feed;

/*
 * rdf_parseurl parses len bytes of data (UTF-8, or ISO-8859-1/windows-1252
 * when the XML declaration says so) into *f.  Every string in a Feed is
 * UTF-8, NUL-terminated and never NULL: a missing element is "".  When an
 * element comes twice the first wins.
 *
 * url is the document's URL (after redirects), the base its relative
 * links are resolved against after any xml:base; NULL or "" for none
 * (standard input), when only xml:base resolves them.  url is not kept.
 *
 * Text is decoded in place: rdf_parseurl overwrites data[0..len) and the
 * strings of *f point into it, so data must stay allocated and untouched
 * until rdf_free(f); the caller frees it after that (after a failure, at
 * once).  Its bytes are unspecified after the call, whatever it returns.
 * Latin-1 and windows-1252 input, and input with invalid UTF-8, is first
 * converted into a copy of up to three times len bytes that *f owns; else
 * a Feed takes no memory beyond data but its items array and the links
 * it resolved.  A resolved link can be longer than its source: it is
 * kept in a block *f owns, taken at the first link resolved, of the
 * input's size and 4 KiB, which is the most resolved links take in all
 * (a link past that stays as the feed has it).
 *
 * Returns 0 on success.  A document cut off in the middle still succeeds
 * with the items that were complete and f->truncated set; err then holds
 * a warning.  Returns -1 when data is no feed at all (empty, binary, an
 * HTML page, out of memory) with a one-line message in err; *f is then
 * empty and needs no rdf_free.
 */
int rdf_parseurl(Feed *f, char *data, size_t len, const char *url, char *err,
                 size_t errlen);

/* rdf_free frees everything rdf_parseurl allocated in *f and zeroes it. */
void rdf_free(Feed *f);

/*
 * rdf_nextupdate: the earliest time after t (say, when the feed was
 * fetched) that f's own hints allow the next request: t plus its <ttl>,
 * and the next point after t of its syn: schedule (updateBase + k *
 * updatePeriod / updateFrequency; t plus that period without a base),
 * whichever is later.  0 when f says nothing.
 */
time_t rdf_nextupdate(const Feed *f, time_t t);

/*
 * rdf_html turns a description (Item.desc) into the HTML it stands for:
 * references decoded once, CDATA sections unwrapped, comments dropped.
 * rdf_text turns it into plain text: that, then, unless plain says it is
 * text already (Item.desctext), tags dropped and entities decoded again;
 * white space collapsed and trimmed, control characters removed.  With
 * paras the paragraphs of HTML are kept: a '\n' where a block tag breaks
 * the line, a '\t' starting each paragraph inside a blockquote; no empty
 * paragraph, none at either end (plain text is one paragraph).  Either
 * returns a string the caller frees, never longer than desc, or NULL
 * when out of memory.
 */
char *rdf_html(const char *desc);
char *rdf_text(const char *desc, int plain, int paras);
