/* See LICENSE file for copyright and license details. */
/*
 * rdf.c reads RSS 1.0, RSS 2.0 and Atom in one pass, without a DTD and
 * without validating: it skips to the next '<', looks at what follows
 * ('!' for comments, CDATA and DOCTYPE, '?' for processing instructions,
 * '/' for end tags, else a start tag) and acts on the few elements a
 * headline reader needs.  A DOCTYPE is skipped, never read, so no entity
 * defined in one is ever expanded.
 *
 * Elements are known by namespace and local name, as the Namespaces in
 * XML recommendation says: a small scope of prefix bindings is kept as
 * the elements open and close (the root's never closes before the end),
 * and an element of a vocabulary rdf.c does not read is skipped whole,
 * so that nothing inside it (a Media RSS title, an extension's link)
 * becomes a field.  An item ends at the end tag spelt as its start tag
 * was, as the root does; a stray end tag can close an inner scope early,
 * never the root's, and hostile nesting costs no memory: the scope has a
 * fixed size, and what nests deeper than it fits is read as a vocabulary
 * of its own, skipped.
 *
 * Memory: the input is first made valid UTF-8 (converted from a declared
 * Latin-1 or windows-1252, or with invalid bytes replaced); a copy is made
 * only when that changes something.  Text is then decoded in place, each
 * string written over its own markup: decoding never makes text longer
 * than its source (no reference is shorter than the UTF-8 it stands for,
 * and a string's NUL takes the place of its end tag), so the writing never
 * passes the reading, and a feed costs its input and the items array.
 * Descriptions are not decoded at all: they are only found, and stay as
 * the feed has them until rdf_text decodes the few that are shown.
 */
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "rdf.h"
#include "text.h"
#include "url.h"
#include "util.h"

/*
 * The vocabularies read.  NsNone is no namespace at all: RSS 0.91, 0.92
 * and 2.0 put their elements there.  NsOther is any other namespace (the
 * XML namespace's too: no element is in it, and xml:base is known by its
 * name), and the one an undeclared prefix that is not well known (see
 * nsuris) is taken to be in.
 */
enum { NsNone, NsRss, NsRdf, NsDc, NsContent, NsAtom, NsSyn, NsOther };

#define IN(ns)                  (1u << (ns))
#define RSS                     (IN(NsNone) | IN(NsRss))
#define ATOM                    IN(NsAtom)

/*
 * By namespace name, with the prefix each is known by.  A prefix nobody
 * declared leaves a document not namespace-well-formed, but feeds that
 * forget to declare the prefixes everyone uses exist (dc: most of all):
 * those few are read as the vocabulary they name by convention.  Any
 * other undeclared prefix is a vocabulary of its own.
 */
static const struct {
	const char *uri, *prefix;
	int ns;
} nsuris[] = {
	{ "http://purl.org/rss/1.0/", "", NsRss },
	{ "http://purl.org/dc/elements/1.1/", "dc", NsDc },
	{ "http://www.w3.org/1999/02/22-rdf-syntax-ns#", "rdf", NsRdf },
	{ "http://www.w3.org/2005/Atom", "atom", NsAtom },
	{ "http://purl.org/rss/1.0/modules/content/", "content", NsContent },
	{ "http://purl.org/rss/1.0/modules/syndication/", "syn", NsSyn },
	{ "http://my.netscape.com/rdf/simple/0.9/", "", NsRss },     /* RSS 0.90 */
	{ "http://purl.org/atom/ns#", "", NsAtom },                 /* Atom 0.3 */
	{ "http://backend.userland.com/rss2", "", NsNone },         /* RSS 2.0, once */
};

enum { FTitle, FLink, FDesc, FDate, FAuthor, FTtl, FPeriod, FFreq, FBase, FLast };
#define FITEM                   (FAuthor + 1)   /* the fields an item has */
enum { TCap, TItem, TSkip, TRoot, TLink, TGuid };

typedef struct {
	const char *name;
	unsigned int ns;        /* the vocabularies it is in, IN(ns) bits */
	int type, field, prio;
} Tag;

/* by local name, the most frequent first; a higher prio replaces a lower
 * one, and prio 0 (TSkip) is no value: the element is skipped whole.  An
 * element of a vocabulary read that is not here is transparent: its
 * content is read as if it were its parent's (RSS's channel and items,
 * RDF's Seq, Atom's id and author, whose name is the author: Atom's other
 * names are a contributor's, skipped) */
static const Tag tags[] = {
	{ "item",            RSS,          TItem,   0,       0 },
	{ "title",           RSS | ATOM,   TCap,    FTitle,  2 },
	{ "link",            RSS | ATOM,   TLink,   FLink,   2 },
	{ "description",     RSS,          TCap,    FDesc,   2 },
	{ "date",            IN(NsDc),     TCap,    FDate,   2 },
	{ "creator",         IN(NsDc),     TCap,    FAuthor, 3 },
	{ "entry",           ATOM,         TItem,   0,       0 },
	{ "pubDate",         IN(NsNone),   TCap,    FDate,   2 },
	{ "guid",            IN(NsNone),   TGuid,   FLink,   1 },
	{ "updated",         ATOM,         TCap,    FDate,   1 },
	{ "published",       ATOM,         TCap,    FDate,   2 },
	{ "summary",         ATOM,         TCap,    FDesc,   2 },
	{ "content",         ATOM,         TCap,    FDesc,   1 },
	{ "encoded",         IN(NsContent), TCap,   FDesc,   1 },
	{ "author",          IN(NsNone),   TCap,    FAuthor, 1 },
	{ "name",            ATOM,         TCap,    FAuthor, 2 },
	{ "contributor",     ATOM,         TSkip,   0,       0 },
	{ "image",           RSS,          TSkip,   0,       0 },
	{ "textinput",       RSS,          TSkip,   0,       0 },
	{ "textInput",       IN(NsNone),   TSkip,   0,       0 },
	{ "source",          IN(NsNone) | ATOM, TSkip, 0,    0 },
	{ "subtitle",        ATOM,         TCap,    FDesc,   2 },
	{ "tagline",         ATOM,         TCap,    FDesc,   2 },
	{ "ttl",             IN(NsNone),   TCap,    FTtl,    1 },
	{ "updatePeriod",    IN(NsSyn),    TCap,    FPeriod, 1 },
	{ "updateFrequency", IN(NsSyn),    TCap,    FFreq,   1 },
	{ "updateBase",      IN(NsSyn),    TCap,    FBase,   1 },
	{ "rss",             IN(NsNone),   TRoot,   0,       0 },
	{ "RDF",             IN(NsRdf),    TRoot,   0,       0 },
	{ "feed",            ATOM,         TRoot,   0,       0 },
	/* last, found by no name: any element of another vocabulary */
	{ "",                0,            TSkip,   0,       0 },
};
#define FOREIGN                 (&tags[LENGTH(tags) - 1])

/* windows-1252 0x80-0x9f; its five holes map to the C1 controls, as browsers do */
static const unsigned short cp1252[32] = {
	0x20ac, 0x81, 0x201a, 0x192, 0x201e, 0x2026, 0x2020, 0x2021,
	0x2c6, 0x2030, 0x160, 0x2039, 0x152, 0x8d, 0x17d, 0x8f,
	0x90, 0x2018, 0x2019, 0x201c, 0x201d, 0x2022, 0x2013, 0x2014,
	0x2dc, 0x2122, 0x161, 0x203a, 0x153, 0x9d, 0x17e, 0x178,
};

/* bounds of the scope: declarations and xml:bases in it, the longest
 * base kept */
#define MAXDECL                 64
#define MAXBASE                 8192

typedef struct {
	char *s;                 /* the input, valid UTF-8, decoded in place */
	const char *e;           /* its end */
	Feed *f;
	Buf items;               /* the items read, an array of Item */
	Item cur;                /* the item being read */
	int initem;
	unsigned char prio[2][FLast]; /* [0] the feed's fields, [1] cur's; 0: unset */
	char *hint[FLast];       /* the channel's ttl and syn: values, FTtl on */
	/* the root and the item open, each closed by the end tag spelt as its
	 * start tag (its qualified name, in the input) */
	const char *rootq, *itemq;
	size_t rootqlen, itemqlen;
	int rootdone;
	const char *err;         /* what is wrong, the input or memory */
	/*
	 * The namespace scope.  depth counts the elements open; each
	 * namespace declaration and xml:base of an open element is an entry
	 * in decl, innermost last, with the depth of the element's content.
	 * The prefixes point into start tags, which nothing overwrites while
	 * their element is open: a value is written over its own element,
	 * which is over once the value is read.
	 */
	size_t depth;
	struct Decl {
		const char *p;       /* the prefix, "" for the default namespace;
		                        NULL for an xml:base */
		size_t n;
		int ns;
		size_t depth;
		size_t base;         /* an xml:base's offset in bases */
	} decl[MAXDECL];
	size_t ndecl;
	/* xml:base: the bases in scope, resolved, NUL-terminated, one after
	 * the other; the URL the document came from, or NULL */
	Buf bases;
	const char *docbase;
	size_t memused;          /* bytes taken for resolved links */
} Parser;

static char nothing[1];

/* s[0..n) is the word w */
static int
is(const char *s, size_t n, const char *w)
{
	size_t i;

	for (i = 0; i < n && w[i] && w[i] == s[i]; i++)
		;
	return i == n && !w[i];
}

/* the entry of tags[] for local name s[0..n) in namespace ns, FOREIGN for
 * another vocabulary's, NULL for one of ours that rdf.c does not read */
static const Tag *
findtag(int ns, const char *s, size_t n)
{
	size_t i;

	if (ns == NsOther)
		return FOREIGN;
	for (i = 0; i < LENGTH(tags) - 1; i++)
		if ((tags[i].ns & IN(ns)) && is(s, n, tags[i].name))
			return &tags[i];
	return NULL;
}

/*
 * Make s[0..n) one line: each inner run of white space one space, none at
 * the ends, and every other control character (C0, DEL, and C1: 0xc2 0x80
 * to 0xc2 0x9f) removed, as one shows as nothing a reader could want:
 * ab<U+0008>cd is abcd.  Returns the new length.
 */
static size_t
collapse(char *s, size_t n)
{
	size_t i, o;
	int sp = 0, c;

	for (i = o = 0; i < n; i++) {
		c = (unsigned char)s[i];
		if (isws(c)) {
			sp = 1;
		} else if (c < ' ' || c == 0x7f) {
			;
		} else if (c == 0xc2 && i + 1 < n && (unsigned char)s[i + 1] < 0xa0) {
			i++;
		} else {
			if (sp && o)
				s[o++] = ' ';
			sp = 0;
			s[o++] = c;
		}
	}
	return o;
}

/*
 * The next attribute in the attributes of a start tag at *sp, up to e:
 * its qualified name and its value, quotes off, not decoded.  0 when
 * there is none; *sp then follows it.
 */
static int
nextattr(const char **sp, const char *e, const char **name, size_t *nlen,
         const char **val, size_t *vlen)
{
	const char *s = *sp, *v;

	for (;;) {
		while (s < e && (isws((unsigned char)*s) || *s == '/'))
			s++;
		for (*name = s; s < e && *s != '=' && !isws((unsigned char)*s); s++)
			;
		*nlen = s - *name;
		/* then '=' and a quote, leniently: a name with no quote after it
		 * is passed */
		while (s < e && (isws((unsigned char)*s) || *s == '='))
			s++;
		if (s >= e)
			return 0;
		if (*s != '"' && *s != '\'')
			continue;
		if (!(v = memchr(s + 1, *s, e - s - 1)))
			return 0;
		*val = s + 1;
		*vlen = v - s - 1;
		*sp = v + 1;
		return 1;
	}
}

/* the namespace that prefix p[0..n) (n 0: none) names where the parser is */
static int
nsof(const Parser *ps, const char *p, size_t n)
{
	size_t i;

	for (i = ps->ndecl; i-- > 0; )
		if (ps->decl[i].p && ps->decl[i].n == n && !memcmp(ps->decl[i].p, p, n))
			return ps->decl[i].ns;
	if (!n)
		return NsNone;
	for (i = 0; i < LENGTH(nsuris); i++)
		if (is(p, n, nsuris[i].prefix))
			return nsuris[i].ns;
	return NsOther;
}

/*
 * The value of the attribute want of an element in namespace ns, its
 * attributes in [s, e), or NULL.  The attributes RSS and Atom define
 * (href, rel, type, isPermaLink) are unprefixed (Namespaces in XML,
 * 6.3); one with a prefix bound to the element's own namespace means
 * the same, and is taken when there is no unprefixed one.  Any other
 * prefix is another vocabulary's: its value never becomes a link.  With
 * no ps (the XML declaration) only an unprefixed one is taken.
 */
static const char *
ownattr(const Parser *ps, const char *s, const char *e, const char *want,
        int ns, size_t *vlen)
{
	const char *n, *ln, *v, *own = NULL;
	size_t len, ownlen = 0;

	while (nextattr(&s, e, &n, &len, &v, vlen)) {
		for (ln = n + len; ln > n && ln[-1] != ':'; ln--)
			;
		if (ln == n && is(n, len, want))
			return v;
		if (ps && !own && ln > n + 1 && is(ln, n + len - ln, want) &&
		    nsof(ps, n, ln - n - 1) == ns) {
			own = v;
			ownlen = *vlen;
		}
	}
	*vlen = ownlen;
	return own;
}

/* the vocabulary of the namespace name v[0..n) (an attribute value) */
static int
nsuri(const char *v, size_t n, int prefixed)
{
	char buf[512];
	size_t i, k;

	/* decoded, and then compared as a string, byte for byte; a value
	 * this long is none of the URIs below in any spelling a feed uses */
	if (n > sizeof(buf))
		return NsOther;
	k = text_xml(v, n, buf, 1);
	/* xmlns="" puts what follows in no namespace; xmlns:p="" is no
	 * declaration XML 1.0 allows, and names nothing we read */
	if (!k)
		return prefixed ? NsOther : NsNone;
	for (i = 0; i < LENGTH(nsuris); i++)
		if (is(buf, k, nsuris[i].uri))
			return nsuris[i].ns;
	return NsOther;
}

/* the base URI in scope, or NULL when there is none */
static const char *
curbase(const Parser *ps)
{
	size_t i;

	for (i = ps->ndecl; i-- > 0; )
		if (!ps->decl[i].p)
			return ps->bases.p + ps->decl[i].base;
	return ps->docbase;
}

/*
 * An xml:base value v[0..n), decoded and resolved against the base in
 * scope, made the base in scope, in a new entry of decl (the caller makes
 * room).  When it cannot be (too long, out of memory: ps->err) the
 * element keeps the base in scope.
 */
static void
addbase(Parser *ps, const char *v, size_t n)
{
	char ref[MAXBASE + 1], *o;
	const char *b;
	size_t k;

	if (n > MAXBASE)
		return;
	/* made one line as a link is, its ends trimmed */
	ref[k = collapse(ref, text_xml(v, n, ref, 1))] = '\0';
	b = curbase(ps);
	if (bufgrow(&ps->bases, (b ? strlen(b) : 0) + k + 2) < 0) {
		ps->err = "out of memory";
		return;
	}
	/* after the bases in scope, which bufgrow may have moved */
	o = ps->bases.p + ps->bases.len;
	if ((b = curbase(ps)))
		k = url_join(o, b, ref);
	else
		memcpy(o, ref, k + 1);
	if (k > MAXBASE)
		return;
	ps->decl[ps->ndecl].p = NULL;
	ps->decl[ps->ndecl].depth = ps->depth + 1;
	ps->decl[ps->ndecl++].base = ps->bases.len;
	ps->bases.len += k + 1;
}

/*
 * The namespace declarations and the xml:base among the attributes
 * [s, e) of a start tag, put in scope for the element and its content.
 * 0, or -1 when the scope is full: the element is then read as another
 * vocabulary's, and skipped.
 */
static int
declare(Parser *ps, const char *s, const char *e)
{
	const char *n, *v;
	size_t nlen, vlen;
	struct Decl *d;
	int base;

	while (nextattr(&s, e, &n, &nlen, &v, &vlen)) {
		base = is(n, nlen, "xml:base");
		if (!base && (nlen < 5 || memcmp(n, "xmlns", 5) ||
		    (nlen > 5 && (n[5] != ':' || nlen == 6))))
			continue;
		/* what the element put in scope before, popscope takes back */
		if (ps->ndecl == MAXDECL)
			return -1;
		if (base) {
			addbase(ps, v, vlen);
			continue;
		}
		d = &ps->decl[ps->ndecl++];
		d->p = nlen > 5 ? n + 6 : n + 5;
		d->n = nlen > 5 ? nlen - 6 : 0;
		d->ns = nsuri(v, vlen, nlen > 5);
		d->depth = ps->depth + 1;
	}
	return 0;
}

/* close the scope of the elements that are no longer open */
static void
popscope(Parser *ps)
{
	while (ps->ndecl && ps->decl[ps->ndecl - 1].depth > ps->depth)
		if (!ps->decl[--ps->ndecl].p)
			ps->bases.len = ps->decl[ps->ndecl].base;
}

/*
 * The end tag of the element whose content starts at s, spelt qn[0..qlen)
 * with white space allowed before its '>': where its '<' is, *after then
 * past its '>'.  An element spelt the same inside it (a foreign one may
 * nest as it likes) ends before it does.  Comments, CDATA sections and
 * processing instructions are passed over whole; other markup is
 * content, and never holds a '<' inside its quotes in XML.  NULL when
 * the input ends first.
 */
static const char *
rawend(const char *s, const char *e, const char *qn, size_t qlen, const char **after)
{
	const char *q, *c;
	size_t nest = 0;

	while ((q = memchr(s, '<', e - s)) && q + 1 < e) {
		if (!(c = text_pass(q, e)))
			return NULL;
		s = c > q ? c : q + 1;
		if (c > q)
			continue;
		/* a tag whose name is qn, then white space, '/' or '>' */
		c = q + 1 + (q[1] == '/');
		if ((size_t)(e - c) <= qlen || memcmp(c, qn, qlen) || !(isws((unsigned char)c[qlen]) ||
		    c[qlen] == '/' || c[qlen] == '>'))
			continue;
		c += qlen;
		if (q[1] == '/') {
			while (c < e && isws((unsigned char)*c))
				c++;
			if (c == e || *c != '>')
				continue;
			if (!nest--) {
				*after = c + 1;
				return q;
			}
		} else {
			if (!(c = text_tagend(c, e)))
				return NULL;
			if (c[-1] != '/')
				nest++;
		}
		s = c + 1;
	}
	return NULL;
}

/* LWN's item links once ended in /rss: the article is the link without it */
static size_t
lwnlink(const char *s, size_t n)
{
	/* past "http" or "https" */
	size_t i = 4 + (n > 4 && s[4] == 's');

	if (n <= i + 24 || memcmp(s, "http", 4) || memcmp(s + i, "://lwn.net/Articles/", 20))
		return n;
	for (i += 20; i < n - 4 && s[i] >= '0' && s[i] <= '9'; i++)
		;
	return i == n - 4 && !memcmp(s + i, "/rss", 4) ? n - 3 : n;
}

/*
 * The link s (n bytes, NUL-terminated) resolved against the base in
 * scope, the nearest xml:base and then the document's URL: s itself when
 * it is absolute or there is no base, else a copy in the Feed's memory
 * (the result may be longer than its source), or s again when that
 * memory runs out (over the limit, or out of memory: ps->err then set).
 * *n becomes the result's length.
 */
static char *
resolve(Parser *ps, char *s, size_t *n)
{
	const char *b;
	/* resolved links take at most what the feed itself takes, however
	 * long a base and however many links a hostile feed has */
	size_t need, max = ps->e - ps->s + 4096;
	char *o;

	if (!url_relative(s) || !(b = curbase(ps)) || (need = strlen(b) + *n + 2) > max - ps->memused)
		return s;
	/* one block for them all, taken when the first is resolved: a
	 * feed of absolute links, as most are, takes none */
	if (!ps->f->mem && !(ps->f->mem = malloc(max))) {
		ps->err = "out of memory";
		return s;
	}
	o = ps->f->mem + ps->memused;
	ps->memused += need;
	*n = url_join(o, b, s);
	return o;
}

/*
 * The value s[0..n) of t, written over its source: it replaces its field
 * unless that has a better one.  plain is a description's desctext.
 */
static void
setfield(Parser *ps, const Tag *t, char *s, size_t n, int plain)
{
	unsigned char *prio = &ps->prio[ps->initem][t->field];
	char *r, **fields[2][FITEM] = {
		{ &ps->f->title, &ps->f->link, &ps->f->desc, &ps->f->date, &ps->f->author },
		{ &ps->cur.title, &ps->cur.link, &ps->cur.desc, &ps->cur.date, &ps->cur.author },
	};

	/* a description or a date is trimmed only (a date that does not
	 * parse is made one line later): of the bytes up to ' ' that end it
	 * (LWN pads descriptions with blank lines) and the white space that
	 * starts it; any other value is made one line */
	if (t->field != FDesc && t->field != FDate) {
		n = collapse(s, n);
	} else {
		while (n && (unsigned char)s[n - 1] <= ' ')
			n--;
		while (n && isws((unsigned char)*s))
			s++, n--;
	}
	/* a guid is a link only when it looks like one */
	if (t->type == TGuid && (n < 4 || memcmp(s, "http", 4)))
		return;
	if (!n || *prio >= t->prio)
		return;
	s[n] = '\0';
	if (t->field == FLink) {
		/* a base can hold what a value may not: the result is one too */
		if ((r = resolve(ps, s, &n)) != s)
			n = collapse(s = r, n);
		n = lwnlink(s, n);
		s[n] = '\0';
	}
	*(t->field < FITEM ? fields[ps->initem][t->field] : &ps->hint[t->field]) = s;
	*prio = t->prio;
	if (t->field == FDesc)
		*(ps->initem ? &ps->cur.desctext : &ps->f->desctext) = plain;
}

/*
 * An element inside the root: qualified name [qn, ne) in namespace ns, t
 * its entry in tags[] (FOREIGN for another vocabulary, NULL for one of
 * ours rdf.c does not read), attributes [ne, ae), ae at its '>'; *pp
 * follows the tag.  Returns 0 when the element is open, 1 when it is
 * over (empty, or its content read or skipped to its end tag, *pp then
 * past that), 2 when the input ends first.
 */
static int
element(Parser *ps, const Tag *t, int ns, const char *qn, const char *ne,
        const char *ae, int empty, const char **pp)
{
	const char *v, *rel, *end, *type = NULL;
	size_t qlen = ne - qn, vlen, rlen, tlen = 0, n;
	int read = 1;
	char *s;

	/* an element of ours not read, or a root inside the root, is
	 * transparent */
	if (!t || t->type == TRoot)
		return empty;
	switch (t->type) {
	case TItem:
		if (!ps->initem && !empty) {
			ps->initem = 1;
			ps->cur = (Item){ .title = nothing, .link = nothing, .date = nothing,
			                  .author = nothing, .desc = nothing };
			memset(ps->prio[1], 0, sizeof(ps->prio[1]));
			ps->itemq = qn;
			ps->itemqlen = qlen;
		}
		return empty;
	case TLink:
		if (!(v = ownattr(ps, ne, ae, "href", ns, &vlen)))
			break;
		/* Atom: only the alternate link (the default) is the page */
		rel = ownattr(ps, ne, ae, "rel", ns, &rlen);
		if (!rel || is(rel, rlen, "alternate")) {
			s = ps->s + (v - ps->s);
			setfield(ps, t, s, text_xml(s, vlen, s, 1), 0);
		}
		read = 0;
		break;
	case TGuid:
		if ((v = ownattr(ps, ne, ae, "isPermaLink", ns, &vlen)) && is(v, vlen, "false"))
			return empty;
		break;
	}
	if (empty)
		return 1;
	/* a channel's hint inside an item, or no better than what we have:
	 * skipped whole, markup inside included */
	if ((t->field >= FITEM && ps->initem) || ps->prio[ps->initem][t->field] >= t->prio)
		read = 0;
	if (!(end = rawend(ae + 1, ps->e, qn, qlen, pp)))
		return 2;
	if (!read)
		return 1;
	s = ps->s + (ae + 1 - ps->s);
	n = end - (ae + 1);
	if (ns == NsAtom)
		type = ownattr(ps, ne, ae, "type", ns, &tlen);
	/* a description is found, not decoded (rdf_text decodes the few
	 * that are shown) */
	if (t->field != FDesc)
		n = text_xml(s, n, s, 0);
	/* Atom's html title is markup to read as text; its xhtml one is
	 * elements, dropped as in any value, and its text one plain text */
	if (t->field == FTitle && type && is(type, tlen, "html"))
		n = text_html(s, n, s, 0);
	/* Atom's text (the default; Atom 0.3's text/plain) is no HTML */
	setfield(ps, t, s, n, ns == NsAtom && (!type || is(type, tlen, "text") ||
	         is(type, tlen, "text/plain")));
	return 1;
}

/*
 * The start tag at *pp (its '<'): 0, *pp then past it, or past the end
 * tag of an element whose content was read or skipped; 1 when the input
 * ends first; -1 with ps->err.
 */
static int
starttag(Parser *ps, const char **pp)
{
	const char *qn = *pp + 1, *e = ps->e, *n, *ne, *q;
	const Tag *t;
	size_t i;
	int ns, rc;

	/* the name, and its local part after the last ':' */
	for (n = ne = qn; ne < e && !isws((unsigned char)*ne) && *ne != '/' && *ne != '>'; ne++)
		if (*ne == ':')
			n = ne + 1;
	if (!(q = text_tagend(ne, e)))
		return 1;
	*pp = q + 1;
	ns = declare(ps, ne, q) < 0 ? NsOther : nsof(ps, qn, n > qn ? (size_t)(n - qn - 1) : 0);
	/*
	 * RSS 2.0 has no namespace, yet some feeds give its root one, RSS
	 * 1.0's or one of their own making: an unprefixed rss root is RSS
	 * 2.0's whatever its default namespace says, and so is all it holds
	 * in that namespace.
	 */
	if (!ps->rootq && ns != NsNone && n == qn && is(n, ne - n, "rss")) {
		for (i = 0; i < ps->ndecl; i++)
			if (ps->decl[i].p && !ps->decl[i].n)
				ps->decl[i].ns = NsNone;
		ns = NsNone;
	}
	t = findtag(ns, n, ne - n);
	if (ps->rootq) {
		rc = element(ps, t, ns, qn, ne, q, q[-1] == '/', pp);
	} else if (t && t->type == TRoot) {
		ps->rootq = qn;
		ps->rootqlen = ne - qn;
		rc = ps->rootdone = q[-1] == '/';
	} else {
		ps->err = ne - n == 4 && !strncasecmp(n, "html", 4) ?
		          "looks like an HTML page, not a feed" : "no RSS, RDF or Atom root element";
		return -1;
	}
	if (rc == 1)
		popscope(ps);
	else if (rc == 0)
		ps->depth++;
	return rc == 2;
}

/* an end tag spelt qn[0..qlen) */
static void
endtag(Parser *ps, const char *qn, size_t qlen)
{
	if (ps->initem && qlen == ps->itemqlen && !memcmp(qn, ps->itemq, qlen)) {
		ps->initem = 0;
		/* shown as it is when it does not parse, so one line, as a title */
		if (!(ps->cur.dated = datetime(ps->cur.date, 0, &ps->cur.time)))
			ps->cur.date[collapse(ps->cur.date, strlen(ps->cur.date))] = '\0';
		if (bufadd(&ps->items, &ps->cur, sizeof(ps->cur)) < 0)
			ps->err = "out of memory";
	} else if (qlen == ps->rootqlen && !memcmp(qn, ps->rootq, qlen)) {
		ps->rootdone = 1;
		return;
	}
	/* the root's content, depth 1, closes only with the document */
	if (ps->depth > 1)
		ps->depth--;
	popscope(ps);
}

/*
 * The end of the declaration whose name starts at s: its '>', quotes
 * respected, or a DOCTYPE's '[', after which the declarations, comments
 * and processing instructions of its internal subset are passed as any
 * are, and its "]>" is text.  NULL when the input ends first.
 */
static const char *
declend(const char *s, const char *e)
{
	for (; s < e && *s != '>' && *s != '['; s++)
		if ((*s == '"' || *s == '\'') && !(s = memchr(s + 1, *s, e - s - 1)))
			return NULL;
	return s < e ? s : NULL;
}

/* 0 at the end of the root or of the input (ps->f->truncated then set), -1 on error */
static int
parse(Parser *ps)
{
	const char *p = ps->s, *e = ps->e, *q, *ne;
	int c;

	/* a break is the input ending too soon */
	while (!ps->rootdone && (p = memchr(p, '<', e - p)) && p + 1 < e) {
		c = (unsigned char)p[1];
		if (c == '!' || c == '?') {
			if (!(q = text_pass(p, e)))
				break;
			if (q == p) {
				/* a DOCTYPE, or another declaration */
				if (!(q = declend(p + 2, e)))
					break;
				if (!ps->rootq && e - p >= 14 && !strncasecmp(p + 2, "doctype", 7) &&
				    isws((unsigned char)p[9]) && !strncasecmp(p + 10, "html", 4) &&
				    (isws((unsigned char)p[14]) || p[14] == '>')) {
					ps->err = "looks like an HTML page, not a feed";
					return -1;
				}
				q++;
			}
			p = q;
		} else if (c == '/') {
			for (ne = p + 2; ne < e && *ne != '>' && !isws((unsigned char)*ne); ne++)
				;
			if (!(q = memchr(ne, '>', e - ne)))
				break;
			if (ps->rootq)
				endtag(ps, p + 2, ne - p - 2);
			p = q + 1;
		} else if (isnamestart(c)) {
			if ((c = starttag(ps, &p)) < 0)
				return -1;
			if (c)
				break;
		} else {
			/* a '<' that starts no markup is text, and text
			 * outside a value is nothing */
			p++;
		}
	}
	if (ps->rootdone)
		return 0;
	if (!ps->rootq) {
		ps->err = "no RSS, RDF or Atom root element";
		return -1;
	}
	/* only what was complete counts */
	ps->f->truncated = 1;
	return 0;
}

/* 1 when the XML declaration at s names windows-1252 or one of its subsets */
static int
latin(const char *s, size_t n)
{
	static const char *names[] = {
		"iso-8859-1", "iso8859-1", "latin1", "l1", "iso_8859-1",
		"windows-1252", "cp1252", "x-cp1252", "us-ascii", "ascii",
	};
	const char *e, *v;
	size_t i, len;

	if (n < 6 || memcmp(s, "<?xml", 5) || !isws((unsigned char)s[5]) ||
	    !(e = text_find(s, s + MIN(n, 512), "?>", 2)) ||
	    !(v = ownattr(NULL, s + 5, e, "encoding", 0, &len)))
		return 0;
	for (i = 0; i < LENGTH(names); i++)
		if (strlen(names[i]) == len && !strncasecmp(v, names[i], len))
			return 1;
	return 0;
}

/*
 * Make data valid UTF-8, the parser's input: data itself when it already
 * is, else a copy the Feed owns.  A NUL becomes U+FFFD, as an invalid
 * sequence does.  -1 when out of memory.
 */
static int
toutf8(Parser *ps, char *data, size_t len)
{
	const unsigned char *u = (const unsigned char *)data;
	int lat = latin(data, len);
	unsigned long cp;
	size_t i, k = 0, n;
	char *o = NULL;

	for (i = 0; i < len; i += n) {
		n = 1;
		if (!o && u[i] && u[i] < 0x80)
			continue;
		if (lat)
			cp = u[i] >= 0x80 && u[i] < 0xa0 ? cp1252[u[i] - 0x80] : u[i];
		else
			n = utf8dec(data + i, len - i, &cp);
		/* copied from the first byte that needs converting: a NUL,
		 * in Latin-1 any byte past ASCII, else an invalid sequence
		 * (U+FFFD is what utf8dec makes of those, and of itself) */
		if (!o && (lat || !cp || (cp == 0xfffd && (n != 3 ||
		    memcmp(data + i, "\xef\xbf\xbd", 3))))) {
			if (len > (SIZE_MAX - 1) / 3 || !(o = ps->f->copy = malloc(len * 3 + 1)))
				return -1;
			memcpy(o, data, k = i);
		}
		/* utf8enc makes NUL U+FFFD */
		if (o)
			k += utf8enc(o + k, cp);
	}
	ps->s = o ? o : data;
	ps->e = o ? o + k : data + len;
	return 0;
}

/* what no feed looks like, or NULL */
static const char *
notfeed(const char *s, size_t n)
{
	const unsigned char *u = (const unsigned char *)s;
	size_t i, ctl = 0;

	for (i = 0; i < n && isws(u[i]); i++)
		;
	if (i == n)
		return "empty input";
	if (n >= 2 && ((u[0] == 0xfe && u[1] == 0xff) || (u[0] == 0xff && u[1] == 0xfe)))
		return "UTF-16 input, not a feed lwnrss can read";
	/* a NUL, or many control characters, in the first 4 KiB */
	n = MIN(n, 4096);
	for (i = 0; i < n; i++)
		if ((u[i] < 0x20 && !isws(u[i])) || u[i] == 0x7f)
			ctl++;
	if (ctl * 10 > n || memchr(s, '\0', n))
		return "binary data, not a feed";
	return NULL;
}

/* the channel's polling hints, from what the parser kept of them */
static void
hints(Parser *ps, Feed *f)
{
	static const char *periods[] = { "hourly", "daily", "weekly", "monthly", "yearly" };
	static const long secs[] = { 3600L, 86400L, 7 * 86400L, 30 * 86400L, 365 * 86400L };
	const char *p = ps->hint[FPeriod], *q = ps->hint[FFreq];
	long v, freq = 1;
	size_t i;

	/* ttl is minutes; a million of them is forever enough for a long */
	if (ps->hint[FTtl] && (v = decval(ps->hint[FTtl], 1000000L)) > 0)
		f->ttl = v * 60;
	/* RSS 1.0's syndication module: updatePeriod (daily unless said)
	 * divided by updateFrequency (1 unless said); either unreadable
	 * means nothing can be told */
	for (i = 0; p && i < LENGTH(periods) && strcasecmp(p, periods[i]); i++)
		;
	if ((!p && !q) || i == LENGTH(periods) || (q && (freq = decval(q, 1000000L)) <= 0))
		return;
	f->updateperiod = MAX((p ? secs[i] : 86400L) / freq, 1);
	if (ps->hint[FBase])
		f->hasupdatebase = datetime(ps->hint[FBase], 0, &f->updatebase);
}

int
rdf_parseurl(Feed *f, char *data, size_t len, const char *url, char *err, size_t errlen)
{
	Parser ps;
	const char *why;
	int rc;

	memset(f, 0, sizeof(*f));
	memset(&ps, 0, sizeof(ps));
	if (len >= 3 && !memcmp(data, "\xef\xbb\xbf", 3))
		data += 3, len -= 3;
	if ((why = notfeed(data, len)))
		goto fail;
	ps.f = f;
	ps.docbase = url && *url ? url : NULL;
	f->title = f->link = f->desc = f->date = f->author = nothing;
	rc = toutf8(&ps, data, len) < 0 ? -1 : parse(&ps);
	buffree(&ps.bases);
	f->items = (Item *)ps.items.p;
	f->nitems = ps.items.len / sizeof(Item);
	if (rc < 0 || ps.err) {
		/* parse's error, or no memory for the input or what it holds */
		why = ps.err ? ps.err : "out of memory";
		rdf_free(f);
		goto fail;
	}
	hints(&ps, f);
	if (f->truncated)
		snprintf(err, errlen, "feed is truncated after %zu complete item%s",
		         f->nitems, f->nitems == 1 ? "" : "s");
	return 0;
fail:
	seterr(err, errlen, "%s", why);
	return -1;
}

void
rdf_free(Feed *f)
{
	free(f->mem);
	free(f->items);
	free(f->copy);
	memset(f, 0, sizeof(*f));
}

time_t
rdf_nextupdate(const Feed *f, time_t t)
{
	time_t next = f->ttl > 0 ? t + f->ttl : 0, p = f->updateperiod;
	time_t base = f->hasupdatebase ? f->updatebase : t, d = t - base;

	/* the first point of the schedule base + k * period after t (t
	 * itself its base when the feed names none) */
	if (p > 0)
		next = MAX(next, base + (d / p - (d % p != 0 && d < 0) + 1) * p);
	return next;
}

char *
rdf_html(const char *desc)
{
	size_t len = strlen(desc);
	char *out;

	if (!(out = malloc(len + 1)))
		return NULL;
	out[text_xml(desc, len, out, 1)] = '\0';
	return out;
}

char *
rdf_text(const char *desc, int plain, int paras)
{
	char *out = rdf_html(desc);

	/* plain text is one line, as a title is */
	if (out)
		out[plain ? collapse(out, strlen(out)) : text_html(out, strlen(out), out, paras)] = '\0';
	return out;
}
