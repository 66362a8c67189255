/* See LICENSE file for copyright and license details. */
/*
 * rdf.c reads RSS 1.0, RSS 2.0 and Atom in one pass, without a DTD and
 * without validating: it skips to the next '<', looks at what follows
 * ('!' for comments, CDATA and DOCTYPE, '?' for processing instructions,
 * '/' for end tags, else a start tag) and acts on the local names of the
 * few elements a headline reader needs.  A DOCTYPE is skipped, never
 * read, so no entity defined in one is ever expanded.
 *
 * Contexts (an item, an image or textinput whose title is nobody's, an
 * Atom author) end at the end tag of the same local name, not by counting
 * depth: a stray or missing end tag elsewhere cannot shift them, and
 * hostile nesting costs no memory.
 *
 * Memory: the input is first made valid UTF-8 (converted from a declared
 * Latin-1 or windows-1252, or with invalid bytes replaced); a copy is made
 * only when that changes something.  Text is then decoded in place, each
 * string written over its own markup: decoding never makes text longer
 * than its source (no reference is shorter than the UTF-8 it stands for,
 * and a string's NUL takes the place of its end tag), so the writing never
 * passes the reading, and a feed costs its input and the items array.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "rdf.h"
#include "util.h"

/* a table, not a function or four comparisons: it runs for every byte of
 * every title; c is an unsigned char */
#define isws(c)                 (wstab[c])

/* the white space of XML */
static const unsigned char wstab[256] = {
	['\t'] = 1, ['\n'] = 1, ['\r'] = 1, [' '] = 1,
};

enum { FTitle, FLink, FDesc, FDate, FAuthor, FLast };
enum { TCap, TItem, TSkip, TRoot, TAuthor, TName, TLink, TGuid };

typedef struct {
	const char *name;
	size_t len;
	int type, field, prio;
} Tag;

#define T(name, type, field, prio) { name, sizeof(name) - 1, type, field, prio }

/* by local name, the most frequent first; a higher prio replaces a lower one */
static const Tag tags[] = {
	T("item",        TItem,   0,       0),
	T("title",       TCap,    FTitle,  2),
	T("link",        TLink,   FLink,   2),
	T("description", TCap,    FDesc,   2),
	T("date",        TCap,    FDate,   2),
	T("creator",     TCap,    FAuthor, 3),
	T("entry",       TItem,   0,       0),
	T("pubDate",     TCap,    FDate,   2),
	T("updated",     TCap,    FDate,   1),
	T("published",   TCap,    FDate,   2),
	T("summary",     TCap,    FDesc,   2),
	T("content",     TCap,    FDesc,   1),
	T("encoded",     TCap,    FDesc,   1),
	T("author",      TAuthor, FAuthor, 1),
	T("name",        TName,   FAuthor, 2),
	T("guid",        TGuid,   FLink,   1),
	T("image",       TSkip,   0,       0),
	T("textinput",   TSkip,   0,       0),
	T("textInput",   TSkip,   0,       0),
	T("source",      TSkip,   0,       0),
	T("subtitle",    TCap,    FDesc,   2),
	T("tagline",     TCap,    FDesc,   2),
	T("rss",         TRoot,   0,       0),
	T("RDF",         TRoot,   0,       0),
	T("feed",        TRoot,   0,       0),
};

typedef struct {
	const char *name;
	unsigned short cp;
} Entity;

/* the HTML 4 entities and &apos;, sorted by strcmp for bsearch */
static const Entity entities[] = {
	{"AElig", 0xc6}, {"Aacute", 0xc1}, {"Acirc", 0xc2}, {"Agrave", 0xc0},
	{"Alpha", 0x391}, {"Aring", 0xc5}, {"Atilde", 0xc3}, {"Auml", 0xc4},
	{"Beta", 0x392}, {"Ccedil", 0xc7}, {"Chi", 0x3a7}, {"Dagger", 0x2021},
	{"Delta", 0x394}, {"ETH", 0xd0}, {"Eacute", 0xc9}, {"Ecirc", 0xca},
	{"Egrave", 0xc8}, {"Epsilon", 0x395}, {"Eta", 0x397}, {"Euml", 0xcb},
	{"Gamma", 0x393}, {"Iacute", 0xcd}, {"Icirc", 0xce}, {"Igrave", 0xcc},
	{"Iota", 0x399}, {"Iuml", 0xcf}, {"Kappa", 0x39a}, {"Lambda", 0x39b},
	{"Mu", 0x39c}, {"Ntilde", 0xd1}, {"Nu", 0x39d}, {"OElig", 0x152},
	{"Oacute", 0xd3}, {"Ocirc", 0xd4}, {"Ograve", 0xd2}, {"Omega", 0x3a9},
	{"Omicron", 0x39f}, {"Oslash", 0xd8}, {"Otilde", 0xd5}, {"Ouml", 0xd6},
	{"Phi", 0x3a6}, {"Pi", 0x3a0}, {"Prime", 0x2033}, {"Psi", 0x3a8},
	{"Rho", 0x3a1}, {"Scaron", 0x160}, {"Sigma", 0x3a3}, {"THORN", 0xde},
	{"Tau", 0x3a4}, {"Theta", 0x398}, {"Uacute", 0xda}, {"Ucirc", 0xdb},
	{"Ugrave", 0xd9}, {"Upsilon", 0x3a5}, {"Uuml", 0xdc}, {"Xi", 0x39e},
	{"Yacute", 0xdd}, {"Yuml", 0x178}, {"Zeta", 0x396}, {"aacute", 0xe1},
	{"acirc", 0xe2}, {"acute", 0xb4}, {"aelig", 0xe6}, {"agrave", 0xe0},
	{"alefsym", 0x2135}, {"alpha", 0x3b1}, {"amp", 0x26}, {"and", 0x2227},
	{"ang", 0x2220}, {"apos", 0x27}, {"aring", 0xe5}, {"asymp", 0x2248},
	{"atilde", 0xe3}, {"auml", 0xe4}, {"bdquo", 0x201e}, {"beta", 0x3b2},
	{"brvbar", 0xa6}, {"bull", 0x2022}, {"cap", 0x2229}, {"ccedil", 0xe7},
	{"cedil", 0xb8}, {"cent", 0xa2}, {"chi", 0x3c7}, {"circ", 0x2c6},
	{"clubs", 0x2663}, {"cong", 0x2245}, {"copy", 0xa9}, {"crarr", 0x21b5},
	{"cup", 0x222a}, {"curren", 0xa4}, {"dArr", 0x21d3}, {"dagger", 0x2020},
	{"darr", 0x2193}, {"deg", 0xb0}, {"delta", 0x3b4}, {"diams", 0x2666},
	{"divide", 0xf7}, {"eacute", 0xe9}, {"ecirc", 0xea}, {"egrave", 0xe8},
	{"empty", 0x2205}, {"emsp", 0x2003}, {"ensp", 0x2002}, {"epsilon", 0x3b5},
	{"equiv", 0x2261}, {"eta", 0x3b7}, {"eth", 0xf0}, {"euml", 0xeb},
	{"euro", 0x20ac}, {"exist", 0x2203}, {"fnof", 0x192}, {"forall", 0x2200},
	{"frac12", 0xbd}, {"frac14", 0xbc}, {"frac34", 0xbe}, {"frasl", 0x2044},
	{"gamma", 0x3b3}, {"ge", 0x2265}, {"gt", 0x3e}, {"hArr", 0x21d4},
	{"harr", 0x2194}, {"hearts", 0x2665}, {"hellip", 0x2026}, {"iacute", 0xed},
	{"icirc", 0xee}, {"iexcl", 0xa1}, {"igrave", 0xec}, {"image", 0x2111},
	{"infin", 0x221e}, {"int", 0x222b}, {"iota", 0x3b9}, {"iquest", 0xbf},
	{"isin", 0x2208}, {"iuml", 0xef}, {"kappa", 0x3ba}, {"lArr", 0x21d0},
	{"lambda", 0x3bb}, {"lang", 0x2329}, {"laquo", 0xab}, {"larr", 0x2190},
	{"lceil", 0x2308}, {"ldquo", 0x201c}, {"le", 0x2264}, {"lfloor", 0x230a},
	{"lowast", 0x2217}, {"loz", 0x25ca}, {"lrm", 0x200e}, {"lsaquo", 0x2039},
	{"lsquo", 0x2018}, {"lt", 0x3c}, {"macr", 0xaf}, {"mdash", 0x2014},
	{"micro", 0xb5}, {"middot", 0xb7}, {"minus", 0x2212}, {"mu", 0x3bc},
	{"nabla", 0x2207}, {"nbsp", 0xa0}, {"ndash", 0x2013}, {"ne", 0x2260},
	{"ni", 0x220b}, {"not", 0xac}, {"notin", 0x2209}, {"nsub", 0x2284},
	{"ntilde", 0xf1}, {"nu", 0x3bd}, {"oacute", 0xf3}, {"ocirc", 0xf4},
	{"oelig", 0x153}, {"ograve", 0xf2}, {"oline", 0x203e}, {"omega", 0x3c9},
	{"omicron", 0x3bf}, {"oplus", 0x2295}, {"or", 0x2228}, {"ordf", 0xaa},
	{"ordm", 0xba}, {"oslash", 0xf8}, {"otilde", 0xf5}, {"otimes", 0x2297},
	{"ouml", 0xf6}, {"para", 0xb6}, {"part", 0x2202}, {"permil", 0x2030},
	{"perp", 0x22a5}, {"phi", 0x3c6}, {"pi", 0x3c0}, {"piv", 0x3d6},
	{"plusmn", 0xb1}, {"pound", 0xa3}, {"prime", 0x2032}, {"prod", 0x220f},
	{"prop", 0x221d}, {"psi", 0x3c8}, {"quot", 0x22}, {"rArr", 0x21d2},
	{"radic", 0x221a}, {"rang", 0x232a}, {"raquo", 0xbb}, {"rarr", 0x2192},
	{"rceil", 0x2309}, {"rdquo", 0x201d}, {"real", 0x211c}, {"reg", 0xae},
	{"rfloor", 0x230b}, {"rho", 0x3c1}, {"rlm", 0x200f}, {"rsaquo", 0x203a},
	{"rsquo", 0x2019}, {"sbquo", 0x201a}, {"scaron", 0x161}, {"sdot", 0x22c5},
	{"sect", 0xa7}, {"shy", 0xad}, {"sigma", 0x3c3}, {"sigmaf", 0x3c2},
	{"sim", 0x223c}, {"spades", 0x2660}, {"sub", 0x2282}, {"sube", 0x2286},
	{"sum", 0x2211}, {"sup", 0x2283}, {"sup1", 0xb9}, {"sup2", 0xb2},
	{"sup3", 0xb3}, {"supe", 0x2287}, {"szlig", 0xdf}, {"tau", 0x3c4},
	{"there4", 0x2234}, {"theta", 0x3b8}, {"thetasym", 0x3d1}, {"thinsp", 0x2009},
	{"thorn", 0xfe}, {"tilde", 0x2dc}, {"times", 0xd7}, {"trade", 0x2122},
	{"uArr", 0x21d1}, {"uacute", 0xfa}, {"uarr", 0x2191}, {"ucirc", 0xfb},
	{"ugrave", 0xf9}, {"uml", 0xa8}, {"upsih", 0x3d2}, {"upsilon", 0x3c5},
	{"uuml", 0xfc}, {"weierp", 0x2118}, {"xi", 0x3be}, {"yacute", 0xfd},
	{"yen", 0xa5}, {"yuml", 0xff}, {"zeta", 0x3b6}, {"zwj", 0x200d},
	{"zwnj", 0x200c}
};

/* windows-1252 0x80-0x9f; its five holes map to the C1 controls, as browsers do */
static const unsigned short cp1252[32] = {
	0x20ac, 0x81, 0x201a, 0x192, 0x201e, 0x2026, 0x2020, 0x2021,
	0x2c6, 0x2030, 0x160, 0x2039, 0x152, 0x8d, 0x17d, 0x8f,
	0x90, 0x2018, 0x2019, 0x201c, 0x201d, 0x2022, 0x2013, 0x2014,
	0x2dc, 0x2122, 0x161, 0x203a, 0x153, 0x9d, 0x17e, 0x178,
};

typedef struct {
	char *s;                 /* the input, valid UTF-8, decoded in place */
	const char *e;
	Feed *f;
	size_t itemcap;
	Item cur;                /* the item being read */
	int initem;
	unsigned char prio[2][FLast]; /* [0] the feed's fields, [1] cur's; 0: unset */
	/* the open contexts, each closed by the end tag of its local name */
	const char *rootname, *skipname, *capname, *capq;
	size_t rootlen, skiplen, caplen, capqlen; /* capq: the qualified name */
	int rootdone, inauthor;
	/* the field being captured: its text is written from capstart to o,
	 * o never past the byte being read */
	int cap;                 /* 0, or 1 + the Tag type */
	int capfield, capprio, caphtml, captype;
	char *capstart, *o;
	const char *err;
	/*
	 * Feeds repeat the shape of an item: for each tag (by index in
	 * tags[] + 1, 0 for none), the start tag without attributes that
	 * came next last time, as it was spelt.  It is compared with what
	 * follows a '<' before any scan of the name or search of tags[].
	 * Its bytes stay as they were: text is only ever written after the
	 * start tag that began it.
	 */
	struct Next {
		const char *name;        /* the qualified name, in the input */
		size_t len, local;       /* its length; where its local name starts */
		const Tag *tag;
	} next[LENGTH(tags) + 1];
	size_t last;             /* the index in next of the last start tag */
} Parser;

static char nothing[1];

static time_t datetime(const char *s);
static size_t htmltext(const char *s, size_t len, char *out);

static char **
field(Parser *ps, int fld)
{
	switch (fld) {
	case FTitle:  return ps->initem ? &ps->cur.title : &ps->f->title;
	case FLink:   return ps->initem ? &ps->cur.link : &ps->f->link;
	case FDesc:   return ps->initem ? &ps->cur.desc : &ps->f->desc;
	case FDate:   return ps->initem ? &ps->cur.date : &ps->f->date;
	default:      return ps->initem ? &ps->cur.author : &ps->f->author;
	}
}

/* a[0..n) == b[0..n) for names, mostly under 16 bytes: two loads that
 * overlap in the middle cost less than a call to memcmp */
static int
samename(const char *a, const char *b, size_t n)
{
	uint64_t w, x, y, z;
	uint32_t w4, x4, y4, z4;

	if (n >= 8 && n <= 16) {
		memcpy(&w, a, 8);
		memcpy(&x, b, 8);
		memcpy(&y, a + n - 8, 8);
		memcpy(&z, b + n - 8, 8);
		return w == x && y == z;
	}
	if (n >= 4 && n < 8) {
		memcpy(&w4, a, 4);
		memcpy(&x4, b, 4);
		memcpy(&y4, a + n - 4, 4);
		memcpy(&z4, b + n - 4, 4);
		return w4 == x4 && y4 == z4;
	}
	return !memcmp(a, b, n);
}

static int
namematch(const char *a, size_t alen, const char *b, size_t blen)
{
	return alen == blen && samename(a, b, alen);
}

static const Tag *
findtag(const char *s, size_t n)
{
	size_t i;

	/* a few dozen names: comparing lengths and first bytes first beats
	 * a bsearch */
	for (i = 0; i < LENGTH(tags); i++)
		if (tags[i].len == n && tags[i].name[0] == s[0] &&
		    samename(tags[i].name, s, n))
			return &tags[i];
	return NULL;
}

static int
entcmp(const void *key, const void *elem)
{
	const Entity *e = elem;

	return strcmp(key, e->name);
}

/* s is past the name, at ':' or the end; the local name is after the last ':' */
static const char *
localname(const char *s, const char *e, size_t *n)
{
	const char *c;

	for (c = e; c > s && c[-1] != ':'; c--)
		;
	*n = e - c;
	return c;
}

/* the first occurrence of the n bytes of pat in [s, e), or NULL */
static const char *
findstr(const char *s, const char *e, const char *pat, size_t n)
{
	while ((size_t)(e - s) >= n) {
		if (!(s = memchr(s, pat[0], e - s - n + 1)))
			return NULL;
		if (!memcmp(s, pat, n))
			return s;
		s++;
	}
	return NULL;
}

/*
 * Decode the reference at s[0] == '&' into out; sets *used to the bytes
 * read and returns the bytes written, never more than *used.  Anything
 * that is no known reference is the '&' itself, as browsers treat it.
 */
static size_t
entity(const char *s, const char *e, char *out, size_t *used)
{
	const Entity *ent;
	const char *semi;
	char name[12];
	unsigned long cp = 0;
	size_t n, i;

	/* long enough for the longest name and for numbers with leading zeros */
	n = (size_t)(e - s) > 40 ? 40 : (size_t)(e - s);
	if (!(semi = memchr(s, ';', n)) || semi - s < 3)
		goto literal;
	n = semi - s - 1;
	if (s[1] == '#') {
		i = 2;
		if (s[2] == 'x' || s[2] == 'X') {
			for (i = 3; s + i < semi; i++) {
				int c = (unsigned char)s[i], d;
				if (c >= '0' && c <= '9')
					d = c - '0';
				else if ((c | 0x20) >= 'a' && (c | 0x20) <= 'f')
					d = (c | 0x20) - 'a' + 10;
				else
					goto literal;
				if (cp <= 0x10ffff)
					cp = cp * 16 + d;
			}
			if (i == 3)
				goto literal;
		} else {
			for (; s + i < semi; i++) {
				if (s[i] < '0' || s[i] > '9')
					goto literal;
				if (cp <= 0x10ffff)
					cp = cp * 10 + (s[i] - '0');
			}
		}
		*used = semi - s + 1;
		return utf8enc(out, cp);
	}
	/* the XML five first: they are nearly all a feed has */
	switch (s[1]) {
	case 'l':
		if (n == 2 && s[2] == 't')
			cp = '<';
		break;
	case 'g':
		if (n == 2 && s[2] == 't')
			cp = '>';
		break;
	case 'a':
		if (n == 3 && s[2] == 'm' && s[3] == 'p')
			cp = '&';
		break;
	case 'q':
		if (n == 4 && !memcmp(s + 2, "uot", 3))
			cp = '"';
		break;
	}
	if (!cp) {
		if (n >= sizeof(name))
			goto literal;
		memcpy(name, s + 1, n);
		name[n] = '\0';
		ent = bsearch(name, entities, LENGTH(entities), sizeof(entities[0]), entcmp);
		if (!ent)
			goto literal;
		cp = ent->cp;
	}
	*used = n + 2;
	return utf8enc(out, cp);
literal:
	*out = '&';
	*used = 1;
	return 1;
}

/*
 * memmove(o, s, n) for o before s.  In escaped HTML two references are
 * often a few bytes apart (&lt;/a&gt;), and so few bytes cost less than
 * a call: all are loaded before any is stored, as o may overlap s.
 */
static void
shift(char *o, const char *s, size_t n)
{
	uint32_t a, b;
	char c, d, f;

	if (n > 8) {
		memmove(o, s, n);
	} else if (n >= 4) {
		memcpy(&a, s, 4);
		memcpy(&b, s + n - 4, 4);
		memcpy(o, &a, 4);
		memcpy(o + n - 4, &b, 4);
	} else if (n > 0) {
		c = s[0];
		d = s[n / 2];
		f = s[n - 1];
		o[0] = c;
		o[n / 2] = d;
		o[n - 1] = f;
	}
}

/* decode the character data [s, e) to ps->o, which is never past s */
static void
addtext(Parser *ps, const char *s, const char *e)
{
	const char *amp;
	char *o = ps->o;
	size_t used;
	uint32_t w, lt, gt, am, qu;

	/* escaped HTML is mostly &lt; &gt; &amp; &quot;: their first four
	 * bytes are compared as one word, and no lookup is made for them */
	memcpy(&lt, "&lt;", 4);
	memcpy(&gt, "&gt;", 4);
	memcpy(&am, "&amp", 4);
	memcpy(&qu, "&quo", 4);
	/* memmove, not memcpy: at -Os gcc makes memcpy a rep movsb, a loop
	 * of one byte at a time where libc's copies by vectors; until the
	 * first reference the text is in place already */
	while ((amp = memchr(s, '&', e - s))) {
		if (o != s)
			shift(o, s, amp - s);
		o += amp - s;
		s = amp;
		w = 0;
		if (e - s >= 6)
			memcpy(&w, s, 4);
		if (w == lt || w == gt) {
			*o++ = w == lt ? '<' : '>';
			s += 4;
		} else if (w == am && s[4] == ';') {
			*o++ = '&';
			s += 5;
		} else if (w == qu && s[4] == 't' && s[5] == ';') {
			*o++ = '"';
			s += 6;
		} else {
			o += entity(s, e, o, &used);
			s += used;
		}
	}
	if (o != s)
		memmove(o, s, e - s);
	ps->o = o + (e - s);
}

/* copy [s, e) as it is (CDATA, or markup inside a description) */
static void
addraw(Parser *ps, const char *s, const char *e)
{
	if (ps->o != s)
		memmove(ps->o, s, e - s);
	ps->o += e - s;
}

/*
 * Collapse the inner runs of white space of s[0..n), trimmed, to one
 * space, and make every other control character a space of its own: a
 * title or link is one line of text.
 */
static size_t
collapse(char *s, size_t n)
{
	const uint64_t lo = 0x0101010101010101ULL, hi = 0x8080808080808080ULL;
	uint64_t x, y, z;
	size_t i, o;
	int sp = 0, c;

	/* most values need nothing: eight bytes at a time while no byte is
	 * below ' ' (x - 0x20 borrows) or DEL (x + 1 carries into the top
	 * bit) and no two spaces touch (z over-reports, which only costs
	 * time).  Each eight overlap the seven before by a byte, so that two
	 * spaces across them are seen, and the last end at n */
	for (i = 0; n >= 8; i += 7) {
		if (i > n - 8)
			i = n - 8;
		memcpy(&x, s + i, 8);
		y = x ^ (lo * ' ');
		z = (y - lo) & ~y & hi;
		if ((((x - lo * 0x20) | (x + lo)) & ~x & hi) || (z & (z << 8)))
			break;
		if (i == n - 8)
			return n;
	}
	/* none starts before: the eight before would have shown it */
	for (; i < n; i++)
		if ((unsigned char)s[i] < ' ' || s[i] == 0x7f ||
		    (s[i] == ' ' && isws((unsigned char)s[i + 1])))
			break;
	for (o = i; i < n; i++) {
		c = (unsigned char)s[i];
		if (isws(c)) {
			sp = 1;
			continue;
		}
		if (sp) {
			s[o++] = ' ';
			sp = 0;
		}
		s[o++] = c < ' ' || c == 0x7f ? ' ' : c;
	}
	return o;
}

/* the length of s[0..n) without the bytes up to ' ' that end it */
static size_t
rtrim(const char *s, size_t n)
{
	const uint64_t lo = 0x0101010101010101ULL, hi = 0x8080808080808080ULL;
	uint64_t x;

	/* eight at a time while none is above ' ': LWN pads descriptions
	 * with a few lines of blanks */
	for (; n >= 8; n -= 8) {
		memcpy(&x, s + n - 8, 8);
		if (((x + lo * (0x80 - 0x21)) | x) & hi)
			break;
	}
	while (n && (unsigned char)s[n - 1] <= ' ')
		n--;
	return n;
}

/* LWN's item links once ended in /rss: the article is the link without it */
static size_t
lwnlink(const char *s, size_t n)
{
	size_t i, k;

	/* the suffix first: most links do not end in /rss */
	if (n < 4 || s[n - 4] != '/' || s[n - 3] != 'r' || s[n - 2] != 's' || s[n - 1] != 's')
		return n;
	if (n > 25 + 4 && !memcmp(s, "https://lwn.net/Articles/", 25))
		k = 25;
	else if (n > 24 + 4 && !memcmp(s, "http://lwn.net/Articles/", 24))
		k = 24;
	else
		return n;
	for (i = k; i < n - 4; i++)
		if (s[i] < '0' || s[i] > '9')
			return n;
	return n - 3;
}

/* start capturing t, its text written from the input's byte at out on */
static void
capbegin(Parser *ps, const Tag *t, const char *name, size_t nlen, const char *out)
{
	ps->cap = 1 + t->type;
	ps->capfield = t->field;
	ps->capprio = t->prio;
	ps->caphtml = t->field == FDesc;
	ps->captype = 0;
	ps->capstart = ps->o = ps->s + (out - ps->s);
	ps->capname = name;
	ps->caplen = nlen;
}

/* end the capture: the value replaces its field unless that has a better one */
static void
capend(Parser *ps)
{
	char *s = ps->capstart, **fp;
	size_t n = ps->o - ps->capstart;
	unsigned char *prio = &ps->prio[ps->initem][ps->capfield];
	int type = ps->cap - 1;

	ps->cap = 0;
	if (type == TAuthor)
		ps->inauthor = 0;
	/* a guid is a link only when it looks like one */
	if (type == TGuid && (n < 4 || memcmp(s, "http", 4)))
		return;
	if (ps->caphtml || ps->capfield == FDate) {
		/* trim only: a description is HTML, for rdf_text; LWN pads
		 * its end with white space, and control bytes can go too */
		n = rtrim(s, n);
	} else {
		/* Atom's type="html" title is markup too; nothing else is */
		if (ps->captype)
			n = htmltext(s, n, s);
		while (n && isws((unsigned char)s[n - 1]))
			n--;
	}
	/* s[n - 1] is no white space: it stops the loop */
	if (n)
		while (isws((unsigned char)*s))
			s++, n--;
	if (!ps->caphtml && ps->capfield != FDate)
		n = collapse(s, n);
	if (ps->capfield == FLink)
		n = lwnlink(s, n);
	if (!n || *prio >= ps->capprio)
		return;
	s[n] = '\0';
	fp = field(ps, ps->capfield);
	*fp = s;
	*prio = ps->capprio;
}

/* the value of attribute local name want in [s, e), or NULL */
static const char *
attr(const char *s, const char *e, const char *want, size_t *vlen)
{
	const char *n, *ln, *v;
	size_t len, wlen = strlen(want);
	char q;

	for (;;) {
		while (s < e && (isws((unsigned char)*s) || *s == '/'))
			s++;
		if (s >= e)
			return NULL;
		for (n = s; s < e && *s != '=' && !isws((unsigned char)*s); s++)
			;
		ln = localname(n, s, &len);
		while (s < e && isws((unsigned char)*s))
			s++;
		if (s >= e || *s != '=')
			continue;
		for (s++; s < e && isws((unsigned char)*s); s++)
			;
		if (s >= e)
			return NULL;
		if (*s != '"' && *s != '\'')
			continue;
		q = *s++;
		if (!(v = memchr(s, q, e - s)))
			return NULL;
		if (len == wlen && !memcmp(ln, want, len)) {
			*vlen = v - s;
			return s;
		}
		s = v + 1;
	}
}

static int
additem(Parser *ps)
{
	Feed *f = ps->f;
	Item *p;
	size_t cap;

	if (f->nitems == ps->itemcap) {
		cap = ps->itemcap ? ps->itemcap * 2 : 32;
		if (cap > SIZE_MAX / sizeof(Item) ||
		    !(p = realloc(f->items, cap * sizeof(Item))))
			return -1;
		f->items = p;
		ps->itemcap = cap;
	}
	ps->cur.time = datetime(ps->cur.date);
	f->items[f->nitems++] = ps->cur;
	return 0;
}

#define D2(s)                   (((s)[0] - '0') * 10 + (s)[1] - '0')
#define ISDIGIT(c)              ((unsigned)(c) - '0' < 10)
/* 1 when s starts with two digits; stops at the first non-digit, NUL
 * included.  Macros: a date has eight of them, and a feed an item a date */
#define DIGITS2(s)              (ISDIGIT((s)[0]) && ISDIGIT((s)[1]))

static int
num(const char **sp, int min, int max)
{
	const char *s = *sp;
	int v = 0, n;

	for (n = 0; n < max && *s >= '0' && *s <= '9'; n++)
		v = v * 10 + (*s++ - '0');
	if (n < min)
		return -1;
	*sp = s;
	return v;
}

static time_t
mktime_utc(int y, int mo, int d, int h, int mi, int sec, long off)
{
	static const char mdays[] = { 31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31 };

	if (y < 1 || mo < 1 || mo > 12 || d < 1 || d > mdays[mo - 1] ||
	    h > 24 || mi > 59 || sec > 60)
		return 0;
	return (time_t)daysfromcivil(y, mo, d) * 86400 + h * 3600L + mi * 60L + sec - off;
}

/* a zone's offset east of UTC in seconds: +hhmm, +hh:mm, Z or a US name */
static long
zone(const char *s)
{
	static const struct { const char *name; int hours; } zones[] = {
		{ "GMT", 0 }, { "UT", 0 }, { "UTC", 0 }, { "Z", 0 },
		{ "EST", -5 }, { "EDT", -4 }, { "CST", -6 }, { "CDT", -5 },
		{ "MST", -7 }, { "MDT", -6 }, { "PST", -8 }, { "PDT", -7 },
	};
	size_t i, n;
	int h, m = 0, sign;

	while (*s == ' ' || *s == '\t')
		s++;
	if (*s == '+' || *s == '-') {
		sign = *s++ == '-' ? -1 : 1;
		if (!DIGITS2(s))
			return 0;
		h = D2(s);
		s += 2;
		if (*s == ':')
			s++;
		m = DIGITS2(s) ? D2(s) : 0;
		return sign * (h * 3600L + m * 60L);
	}
	for (n = 0; (s[n] | 0x20) >= 'a' && (s[n] | 0x20) <= 'z'; n++)
		;
	for (i = 0; i < LENGTH(zones); i++)
		if (strlen(zones[i].name) == n && !strncasecmp(s, zones[i].name, n))
			return zones[i].hours * 3600L;
	/* military letters and unknown names: RFC 5322 says treat as UTC */
	return 0;
}

/* ISO 8601 (dc:date, Atom) or RFC 822 (pubDate) to seconds since the epoch; 0 if neither */
static time_t
datetime(const char *s)
{
	static const char months[] = "janfebmaraprmayjunjulaugsepoctnovdec";
	const char *m;
	int y, mo, d, h = 0, mi = 0, sec = 0;

	while (isws((unsigned char)*s))
		s++;
	/* ISO 8601 at fixed places: YYYY-MM-DD[THH:MM[:SS[.fff]]][zone] */
	if (DIGITS2(s) && DIGITS2(s + 2) && s[4] == '-') {
		if (!DIGITS2(s + 5) || s[7] != '-' || !DIGITS2(s + 8))
			return 0;
		y = D2(s) * 100 + D2(s + 2);
		mo = D2(s + 5);
		d = D2(s + 8);
		s += 10;
		if (*s == 'T' || *s == 't' || *s == ' ') {
			if (!DIGITS2(s + 1) || s[3] != ':' || !DIGITS2(s + 4))
				return 0;
			h = D2(s + 1);
			mi = D2(s + 4);
			s += 6;
			if (*s == ':') {
				if (!DIGITS2(s + 1))
					return 0;
				sec = D2(s + 1);
				s += 3;
				if (*s == '.' || *s == ',')
					for (s++; *s >= '0' && *s <= '9'; s++)
						;
			}
		}
		return mktime_utc(y, mo, d, h, mi, sec, zone(s));
	}
	/* RFC 822: [Day,] DD Mon YYYY HH:MM[:SS] zone */
	if ((m = strchr(s, ',')))
		s = m + 1;
	while (*s == ' ')
		s++;
	if ((d = num(&s, 1, 2)) < 0)
		return 0;
	while (*s == ' ' || *s == '-')
		s++;
	for (mo = 0; mo < 12; mo++)
		if (s[0] && s[1] && s[2] && !strncasecmp(s, months + 3 * mo, 3))
			break;
	if (mo++ == 12)
		return 0;
	while ((*s | 0x20) >= 'a' && (*s | 0x20) <= 'z')
		s++;
	while (*s == ' ' || *s == '-')
		s++;
	if ((y = num(&s, 2, 4)) < 0)
		return 0;
	if (y < 100)
		y += y < 50 ? 2000 : 1900;
	while (*s == ' ')
		s++;
	if ((h = num(&s, 1, 2)) < 0 || *s++ != ':' || (mi = num(&s, 2, 2)) < 0)
		return 0;
	if (*s == ':') {
		s++;
		if ((sec = num(&s, 2, 2)) < 0)
			return 0;
	}
	return mktime_utc(y, mo, d, h, mi, sec, zone(s));
}

static void
itembegin(Parser *ps)
{
	ps->initem = 1;
	ps->cur.title = ps->cur.link = ps->cur.date = nothing;
	ps->cur.author = ps->cur.desc = nothing;
	ps->cur.time = 0;
	memset(ps->prio[1], 0, sizeof(ps->prio[1]));
}


/* a start tag: local name [ln, ne), t its entry in tags[] or NULL, attributes
 * [ne, ae); 0, or -1 with ps->err */
static int
starttag(Parser *ps, const Tag *t, const char *ln, const char *ne, const char *ae, int empty)
{
	const char *v;
	size_t lnlen = ne - ln, vlen;

	if (ps->cap) {
		/* Atom's author holds name, email and uri: only name is its value */
		if (ps->cap == 1 + TAuthor) {
			ps->cap = 0;
			if (namematch(ln, lnlen, "name", 4) && !empty)
				capbegin(ps, findtag("name", 4), ln, lnlen, ae + 1);
		}
		return 0;
	}
	if (!ps->rootname) {
		if (!t || t->type != TRoot) {
			if (lnlen == 4 && !strncasecmp(ln, "html", 4))
				ps->err = "looks like an HTML page, not a feed";
			else
				ps->err = "no RSS, RDF or Atom root element";
			return -1;
		}
		ps->rootname = ln;
		ps->rootlen = lnlen;
		return 0;
	}
	if (ps->skipname || !t)
		return 0;
	switch (t->type) {
	case TItem:
		if (!ps->initem && !empty)
			itembegin(ps);
		return 0;
	case TSkip:
		if (!empty) {
			ps->skipname = ln;
			ps->skiplen = lnlen;
		}
		return 0;
	case TRoot:
		return 0;
	case TAuthor:
		break;
	case TName:
		if (!ps->inauthor)
			return 0;
		break;
	case TLink:
		if (ne < ae && (v = attr(ne, ae, "href", &vlen))) {
			const char *rel;
			size_t rlen;
			/* Atom: only the alternate link (the default) is the page */
			rel = attr(ne, ae, "rel", &rlen);
			if (rel && !namematch(rel, rlen, "alternate", 9))
				return 0;
			if (ps->prio[ps->initem][FLink] >= t->prio)
				return 0;
			capbegin(ps, t, ln, lnlen, v);
			addtext(ps, v, v + vlen);
			capend(ps);
			if (!empty) {
				ps->skipname = ln;
				ps->skiplen = lnlen;
			}
			return 0;
		}
		break;
	case TGuid:
		if (ne < ae && (v = attr(ne, ae, "isPermaLink", &vlen)) &&
		    namematch(v, vlen, "false", 5))
			return 0;
		break;
	}
	if (empty)
		return 0;
	if (ps->prio[ps->initem][t->field] >= t->prio) {
		/* no better than what we have: skip it whole, markup inside included */
		ps->skipname = ln;
		ps->skiplen = lnlen;
		return 0;
	}
	capbegin(ps, t, ln, lnlen, ae + 1);
	if (t->type == TAuthor)
		ps->inauthor = 1;
	if (t->field == FTitle && ne < ae && (v = attr(ne, ae, "type", &vlen)) &&
	    namematch(v, vlen, "html", 4))
		ps->captype = 1;
	return 0;
}

static int
endtag(Parser *ps, const char *ln, size_t lnlen)
{
	if (ps->cap) {
		if (namematch(ln, lnlen, ps->capname, ps->caplen))
			capend(ps);
		return 0;
	}
	if (ps->skipname) {
		if (namematch(ln, lnlen, ps->skipname, ps->skiplen))
			ps->skipname = NULL;
		return 0;
	}
	if (namematch(ln, lnlen, "author", 6)) {
		ps->inauthor = 0;
	} else if (ps->initem && (namematch(ln, lnlen, "item", 4) ||
	    namematch(ln, lnlen, "entry", 5))) {
		ps->initem = 0;
		if (additem(ps) < 0) {
			ps->err = "out of memory";
			return -1;
		}
	} else if (namematch(ln, lnlen, ps->rootname, ps->rootlen)) {
		ps->rootdone = 1;
	}
	return 0;
}

/* the end of a DOCTYPE at s, its internal subset and quoted strings skipped */
static const char *
doctypeend(const char *s, const char *e)
{
	const char *q;
	int sub = 0;

	for (; s < e; s++) {
		switch (*s) {
		case '"':
		case '\'':
			if (!(q = memchr(s + 1, *s, e - s - 1)))
				return NULL;
			s = q;
			break;
		case '[':
			sub = 1;
			break;
		case ']':
			sub = 0;
			break;
		case '<':
			if (sub && e - s >= 4 && !memcmp(s, "<!--", 4)) {
				if (!(q = findstr(s + 4, e, "-->", 3)))
					return NULL;
				s = q + 2;
			}
			break;
		case '>':
			if (!sub)
				return s;
			break;
		}
	}
	return NULL;
}

/* 1 for the bytes that end a tag name, 2 for ':' */
static const unsigned char namestop[256] = {
	['\t'] = 1, ['\n'] = 1, ['\r'] = 1, [' '] = 1, ['/'] = 1, ['>'] = 1,
	[':'] = 2,
};

/* the '>' ending the tag whose attributes start at s, quotes respected */
static const char *
tagend(const char *s, const char *e)
{
	static const unsigned char stop[256] = { ['"'] = 1, ['\''] = 1, ['>'] = 1 };
	const char *q;

	for (; s < e; s++) {
		if (!stop[(unsigned char)*s])
			continue;
		if (*s == '>')
			return s;
		/* a quoted value may hold a '>' */
		if (!(q = memchr(s + 1, *s, e - s - 1)))
			return NULL;
		s = q;
	}
	return NULL;
}

/* 0 at the end of the root or of the input (ps->f->truncated then set), -1 on error */
static int
parse(Parser *ps)
{
	const char *p = ps->s, *e = ps->e, *q, *n, *ne, *n0;
	const Tag *t;
	size_t lnlen;
	int c, k;
	struct Next *g;

	/* what follows the last '>' can complete no tag: without it the
	 * input ends in a '>', so a '<' is never its last byte, and the
	 * '>' stops the scan of any tag name without a look at e for every
	 * byte */
	while (e > p && e[-1] != '>')
		e--;
	while (p < e && !ps->rootdone) {
		if (!(q = memchr(p, '<', e - p)))
			q = e;
		/* text with no reference in it is in place already */
		if (ps->cap) {
			if (ps->o == p && !memchr(p, '&', q - p))
				ps->o += q - p;
			else
				addtext(ps, p, q);
		}
		if ((p = q) >= e)
			break;
		c = (unsigned char)p[1];
		/* the end of the capture, spelt as its start tag was: no name scan */
		if (ps->cap && c == '/' && (size_t)(e - p) > ps->capqlen + 2 &&
		    p[2 + ps->capqlen] == '>' && samename(p + 2, ps->capq, ps->capqlen)) {
			capend(ps);
			p += ps->capqlen + 3;
			continue;
		}
		if (c == '!') {
			if (e - p >= 4 && !memcmp(p, "<!--", 4)) {
				if (!(q = findstr(p + 4, e, "-->", 3)))
					goto truncated;
				p = q + 3;
			} else if (e - p >= 9 && !memcmp(p, "<![CDATA[", 9)) {
				if (!(q = findstr(p + 9, e, "]]>", 3)))
					goto truncated;
				if (ps->cap)
					addraw(ps, p + 9, q);
				p = q + 3;
			} else {
				if (!(q = doctypeend(p + 2, e)))
					goto truncated;
				if (!ps->rootname && e - p >= 14 &&
				    !strncasecmp(p + 2, "doctype", 7) &&
				    isws((unsigned char)p[9]) &&
				    !strncasecmp(p + 10, "html", 4) &&
				    (isws((unsigned char)p[14]) || p[14] == '>')) {
					ps->err = "looks like an HTML page, not a feed";
					return -1;
				}
				p = q + 1;
			}
		} else if (c == '?') {
			if (!(q = findstr(p + 2, e, "?>", 2)))
				goto truncated;
			p = q + 2;
		} else if (c == '/') {
			/* the local name is what follows the last ':' */
			for (n = ne = p + 2; ne < e && *ne != '>' && !isws((unsigned char)*ne); ne++)
				if (*ne == ':')
					n = ne + 1;
			if (ne >= e || !(q = memchr(ne, '>', e - ne)))
				goto truncated;
			lnlen = ne - n;
			if (ps->cap && ps->caphtml &&
			    !namematch(n, lnlen, ps->capname, ps->caplen)) {
				addraw(ps, p, q + 1);
			} else if (ps->rootname && endtag(ps, n, lnlen) < 0) {
				return -1;
			}
			p = q + 1;
		} else if (((c | 0x20) >= 'a' && (c | 0x20) <= 'z') ||
		    c == '_' || c == ':' || c >= 0x80) {
			g = &ps->next[ps->last];
			if (!ps->cap && g->len && (size_t)(e - p) > g->len + 1 &&
			    p[1 + g->len] == '>' && samename(p + 1, g->name, g->len)) {
				/* as last time */
				n = p + 1 + g->local;
				q = ne = p + 1 + g->len;
				t = g->tag;
			} else {
				for (k = 0, n = ne = p + 1; !(k = namestop[(unsigned char)*ne]); ne++)
					;
				while (k == 2) {
					/* a prefix: the local name is after the last ':' */
					n = ++ne;
					for (k = 0; !(k = namestop[(unsigned char)*ne]); ne++)
						;
				}
				/* most start tags a feed reader wants have no attributes */
				if (*ne == '>')
					q = ne;
				else if (!(q = tagend(ne, e)))
					goto truncated;
				t = ps->cap || ps->skipname ? NULL : findtag(n, ne - n);
				if (t && q == ne) {
					g->name = p + 1;
					g->len = ne - p - 1;
					g->local = n - p - 1;
					g->tag = t;
				}
			}
			if (!ps->cap)
				ps->last = t ? t - tags + 1 : 0;
			if (ps->cap && ps->caphtml) {
				addraw(ps, p, q + 1);
			} else {
				n0 = ps->cap ? ps->capname : NULL;
				if (starttag(ps, t, n, ne, q, q[-1] == '/') < 0)
					return -1;
				if (ps->cap && ps->capname != n0) {
					ps->capq = p + 1;
					ps->capqlen = ne - p - 1;
				}
			}
			p = q + 1;
		} else {
			/* a '<' that starts no markup is text */
			if (ps->cap)
				addraw(ps, p, p + 1);
			p++;
		}
	}
	if (ps->rootdone)
		return 0;
truncated:
	if (!ps->rootname) {
		ps->err = "no RSS, RDF or Atom root element";
		return -1;
	}
	/* only what was complete counts */
	ps->cap = 0;
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

	if (n < 6 || memcmp(s, "<?xml", 5) || !isws((unsigned char)s[5]))
		return 0;
	if (!(e = findstr(s, s + MIN(n, 512), "?>", 2)))
		return 0;
	if (!(v = attr(s + 5, e, "encoding", &len)))
		return 0;
	for (i = 0; i < LENGTH(names); i++)
		if (strlen(names[i]) == len && !strncasecmp(v, names[i], len))
			return 1;
	return 0;
}

/* the offset of the first NUL or invalid UTF-8 sequence, or n when none */
static size_t
utf8check(const char *s, size_t n)
{
	const uint64_t hi = 0x8080808080808080ULL;
	uint64_t a, b, c, d;
	unsigned long cp;
	const char *nul;
	size_t i = 0, end, k, len;

	end = (nul = memchr(s, '\0', n)) ? (size_t)(nul - s) : n;
	while (i < end) {
		/* 64 bytes at a time while they are ASCII */
		for (; end - i >= 64; i += 64) {
			/* eight-byte memcpys: each is one load */
			memcpy(&a, s + i, 8);
			memcpy(&b, s + i + 8, 8);
			memcpy(&c, s + i + 16, 8);
			memcpy(&d, s + i + 24, 8);
			a |= b | c | d;
			memcpy(&b, s + i + 32, 8);
			memcpy(&c, s + i + 40, 8);
			memcpy(&d, s + i + 48, 8);
			a |= b | c | d;
			memcpy(&b, s + i + 56, 8);
			if ((a | b) & hi)
				break;
		}
		/* then eight at a time, and one at a time only near the others */
		for (k = MIN(i + 64, end); i < k; ) {
			if (k - i >= 8) {
				memcpy(&a, s + i, 8);
				if (!(a & hi)) {
					i += 8;
					continue;
				}
			}
			if ((unsigned char)s[i] < 0x80) {
				i++;
				continue;
			}
			len = utf8dec(s + i, n - i, &cp);
			if (cp == 0xfffd && (len != 3 || memcmp(s + i, "\xef\xbf\xbd", 3)))
				return i;
			i += len;
		}
	}
	return end;
}

/*
 * Make data valid UTF-8: *out is data itself when it already is, else
 * *copy, a new string the caller frees.  -1 when out of memory.
 */
static int
toutf8(char *data, size_t len, char **out, size_t *outlen, char **copy)
{
	const unsigned char *u = (const unsigned char *)data;
	unsigned long cp;
	size_t i, bad, k;
	char *o;

	*copy = NULL;
	if (latin(data, len)) {
		for (i = 0; i < len && u[i] < 0x80; i++)
			;
		if (i == len)
			goto same;
		if (len > (SIZE_MAX - 1) / 3 || !(o = *copy = malloc(len * 3 + 1)))
			return -1;
		memcpy(o, data, i);
		for (k = i; i < len; i++) {
			/* utf8enc makes NUL U+FFFD */
			cp = u[i] >= 0x80 && u[i] < 0xa0 ? cp1252[u[i] - 0x80] : u[i];
			k += utf8enc(o + k, cp);
		}
		*out = o;
		*outlen = k;
		return 0;
	}
	if ((bad = utf8check(data, len)) == len)
		goto same;
	if (len > (SIZE_MAX - 1) / 3 || !(o = *copy = malloc(len * 3 + 1)))
		return -1;
	memcpy(o, data, bad);
	for (i = k = bad; i < len; ) {
		if (u[i] < 0x80) {
			if (u[i]) {
				o[k++] = u[i++];
				continue;
			}
			cp = 0xfffd;
			i++;
		} else {
			i += utf8dec(data + i, len - i, &cp);
		}
		k += utf8enc(o + k, cp);
	}
	*out = o;
	*outlen = k;
	return 0;
same:
	*out = data;
	*outlen = len;
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
	n = MIN(n, 4096);
	if (memchr(s, '\0', n))
		return "binary data, not a feed";
	for (i = 0; i < n; i++)
		if ((u[i] < 0x20 && !isws(u[i])) || u[i] == 0x7f)
			ctl++;
	if (ctl * 10 > n)
		return "binary data, not a feed";
	return NULL;
}

int
rdf_parse(Feed *f, char *data, size_t len, char *err, size_t errlen)
{
	Parser ps;
	const char *why;
	char *in;
	size_t inlen;

	memset(f, 0, sizeof(*f));
	memset(&ps, 0, sizeof(ps));
	if (len >= 3 && !memcmp(data, "\xef\xbb\xbf", 3))
		data += 3, len -= 3;
	if ((why = notfeed(data, len)))
		goto fail;
	why = "out of memory";
	if (toutf8(data, len, &in, &inlen, &f->copy) < 0)
		goto fail;
	ps.s = in;
	ps.e = in + inlen;
	ps.f = f;
	f->title = f->link = f->desc = f->date = f->author = nothing;
	if (parse(&ps) < 0) {
		why = ps.err;
		rdf_free(f);
		goto fail;
	}
	if (f->truncated)
		snprintf(err, errlen, "feed is truncated after %zu complete item%s",
		         f->nitems, f->nitems == 1 ? "" : "s");
	return 0;
fail:
	if (errlen)
		snprintf(err, errlen, "%s", why);
	return -1;
}

void
rdf_free(Feed *f)
{
	free(f->items);
	free(f->copy);
	memset(f, 0, sizeof(*f));
}

/* 1 when the tag named s[0..n) breaks a line, so that words either side stay apart */
static int
blocktag(const char *s, size_t n)
{
	static const char *block[] = {
		"address", "blockquote", "br", "dd", "div", "dl", "dt", "figcaption",
		"figure", "h1", "h2", "h3", "h4", "h5", "h6", "hr", "li", "ol", "p",
		"pre", "table", "td", "th", "tr", "ul",
	};
	size_t i;

	for (i = 0; i < LENGTH(block); i++)
		if (strlen(block[i]) == n && !strncasecmp(s, block[i], n))
			return 1;
	return 0;
}

/*
 * The text of HTML [s, s + len) into out, which may be s itself: nothing
 * writes more than it has read, a tag becoming at most one space.
 * Returns the length written.
 */
static size_t
htmltext(const char *s, size_t len, char *out)
{
	const char *e = s + len, *n, *q, *c;
	size_t used, k;
	char *o = out, buf[4];
	int sp = 0;

	while (s < e) {
		if (*s == '<' && s + 1 < e && (s[1] == '/' || s[1] == '!' || s[1] == '?' ||
		    ((s[1] | 0x20) >= 'a' && (s[1] | 0x20) <= 'z'))) {
			if (e - s >= 4 && !memcmp(s, "<!--", 4)) {
				q = findstr(s + 4, e, "-->", 3);
				s = q ? q + 3 : e;
				continue;
			}
			n = s + 1 + (s[1] == '/');
			for (k = 0; n + k < e && (((n[k] | 0x20) >= 'a' && (n[k] | 0x20) <= 'z') ||
			    (n[k] >= '0' && n[k] <= '9')); k++)
				;
			/* an unfinished tag hides the rest, as in a browser */
			if (!(q = tagend(n + k, e)))
				break;
			if (s[1] != '/' && ((k == 6 && !strncasecmp(n, "script", 6)) ||
			    (k == 5 && !strncasecmp(n, "style", 5)))) {
				/* their content is code, not text */
				for (c = q; (c = memchr(c, '<', e - c)); c++)
					if ((size_t)(e - c) >= 2 + k && c[1] == '/' &&
					    !strncasecmp(c + 2, n, k))
						break;
				if (!c || !(q = memchr(c, '>', e - c)))
					break;
			}
			if (blocktag(n, k))
				sp = 1;
			s = q + 1;
			continue;
		}
		if (*s == '&') {
			k = entity(s, e, buf, &used);
			s += used;
			if (k == 2 && !memcmp(buf, "\xc2\xa0", 2)) {
				sp = 1;
				continue;
			}
		} else if (isws((unsigned char)*s)) {
			sp = 1;
			s++;
			continue;
		} else if (e - s >= 2 && !memcmp(s, "\xc2\xa0", 2)) {
			sp = 1;
			s += 2;
			continue;
		} else {
			buf[0] = *s++;
			k = 1;
		}
		if (sp && o > out)
			*o++ = ' ';
		sp = 0;
		memcpy(o, buf, k);
		o += k;
	}
	return o - out;
}

char *
rdf_text(const char *html)
{
	size_t len = strlen(html);
	char *out;

	if (!(out = malloc(len + 1)))
		return NULL;
	out[htmltext(html, len, out)] = '\0';
	return out;
}
