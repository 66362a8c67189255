/* See LICENSE file for copyright and license details. */
/*
 * text.c: character data into text.  References (the XML five, numeric
 * ones, HTML 4's names) decoded, CDATA unwrapped, HTML made plain text.
 * Everything writes into its own input or a buffer as large: nothing
 * decodes longer than it read.
 */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "text.h"
#include "util.h"

typedef struct {
	char name[9];           /* in place: no pointer, no relocation */
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

static int
entcmp(const void *key, const void *elem)
{
	const Entity *e = elem;

	return strcmp(key, e->name);
}

/* the first occurrence of the n bytes of pat in [s, e), or NULL */
const char *
text_find(const char *s, const char *e, const char *pat, size_t n)
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
 * Past the comment, CDATA section or processing instruction at s (its
 * '<'), which may hold any markup; s when none starts there, NULL when
 * the input ends inside it.
 */
const char *
text_pass(const char *s, const char *e)
{
	const char *c;

	if (e - s >= 4 && !memcmp(s, "<!--", 4))
		return (c = text_find(s + 4, e, "-->", 3)) ? c + 3 : NULL;
	if (e - s >= 9 && !memcmp(s, "<![CDATA[", 9))
		return (c = text_find(s + 9, e, "]]>", 3)) ? c + 3 : NULL;
	if (e - s >= 2 && !memcmp(s, "<?", 2))
		return (c = text_find(s + 2, e, "?>", 2)) ? c + 2 : NULL;
	return s;
}

/*
 * Decode the reference at s[0] == '&' (before e) into out; sets *used to
 * the bytes read and returns the bytes written, never more than *used.
 * Anything that is no known reference is the '&' itself, as browsers
 * treat it.
 */
static size_t
entity(const char *s, const char *e, char *out, size_t *used)
{
	const Entity *ent;
	const char *semi, *d;
	char name[12], *end;
	unsigned long cp;
	int hex;
	size_t n;

	/* long enough for the longest name and for numbers with leading zeros */
	n = MIN((size_t)(e - s), 40);
	if (!(semi = memchr(s, ';', n)) || semi - s < 3)
		goto literal;
	n = semi - s - 1;
	if (s[1] == '#') {
		hex = (s[2] | 0x20) == 'x';
		d = s + 2 + hex;
		/* digits and nothing else, where strtoul would take blanks, a
		 * sign or a 0x too; past U+10FFFF, ULONG_MAX included, is
		 * what utf8enc makes U+FFFD */
		if (!isxdigit((unsigned char)*d) || (*d == '0' && (d[1] | 0x20) == 'x'))
			goto literal;
		cp = strtoul(d, &end, hex ? 16 : 10);
		if (end != semi)
			goto literal;
	} else {
		if (n >= sizeof(name))
			goto literal;
		memcpy(name, s + 1, n);
		name[n] = '\0';
		if (!(ent = bsearch(name, entities, LENGTH(entities), sizeof(entities[0]), entcmp)))
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

/* the '>' ending the tag whose attributes start at s, quotes respected */
const char *
text_tagend(const char *s, const char *e)
{
	for (; s < e; s++) {
		if (*s == '>')
			return s;
		/* a quoted value may hold a '>' */
		if ((*s == '"' || *s == '\'') && !(s = memchr(s + 1, *s, e - s - 1)))
			return NULL;
	}
	return NULL;
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
 * writes more than it has read, a tag becoming at most one space, or
 * with paras a '\n' and a '\t', never more than the 3 bytes of "<p>".
 * Returns the length written.
 */
size_t
text_html(const char *s, size_t len, char *out, int paras)
{
	const char *e = s + len, *n, *q, *c;
	size_t used, k;
	char *o = out, buf[4];
	int sp = 0, br = 0, quote = 0;

	while (s < e) {
		if (*s == '<' && s + 1 < e && (s[1] == '/' || s[1] == '!' || s[1] == '?' ||
		    ((s[1] | 0x20) >= 'a' && (s[1] | 0x20) <= 'z'))) {
			/* a comment (or a CDATA section) may hold a '>'; an
			 * unfinished one runs to the end */
			if (s[1] == '!' && (q = text_pass(s, e)) != s) {
				s = q ? q : e;
				continue;
			}
			n = s + 1 + (s[1] == '/');
			for (k = 0; n + k < e && (((n[k] | 0x20) >= 'a' && (n[k] | 0x20) <= 'z') ||
			    (n[k] >= '0' && n[k] <= '9')); k++)
				;
			/* an unfinished tag hides the rest, as in a browser */
			if (!(q = text_tagend(n + k, e)))
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
			if (k == 10 && !strncasecmp(n, "blockquote", 10))
				quote += s[1] == '/' ? -(quote > 0) : 1;
			if (blocktag(n, k))
				sp = br = 1;
			s = q + 1;
			continue;
		}
		if (*s == '&') {
			k = entity(s, e, buf, &used);
		} else {
			/* U+0080 to U+00BF whole (a no-break space, a C1
			 * control), as its reference makes it */
			used = k = e - s >= 2 && (unsigned char)*s == 0xc2 ? 2 : 1;
			memcpy(buf, s, k);
		}
		s += used;
		/* white space, a reference to it and no-break spaces part
		 * words, as one space */
		if ((k == 1 && isws((unsigned char)*buf)) || (k == 2 && !memcmp(buf, "\xc2\xa0", 2))) {
			sp = 1;
			continue;
		}
		/* other control characters (C0, DEL, C1) are nothing, as in a title */
		if ((k == 1 && ((unsigned char)*buf < ' ' || *buf == 0x7f)) ||
		    (k == 2 && (unsigned char)buf[0] == 0xc2 && (unsigned char)buf[1] < 0xa0))
			continue;
		if (sp) {
			if (o > out)
				*o++ = paras && br ? '\n' : ' ';
			if (paras && br && quote)
				*o++ = '\t';
			sp = br = 0;
		}
		memcpy(o, buf, k);
		o += k;
	}
	return o - out;
}

/*
 * The character data of element content s[0..len) into out, which may be
 * s itself: references decoded, CDATA sections unwrapped, comments and
 * processing instructions dropped, other markup (Atom's xhtml) kept, or
 * without markup dropped.  Nothing writes more than it has read.  Returns
 * the length written.
 */
size_t
text_xml(const char *s, size_t len, char *out, int markup)
{
	const char *e = s + len, *q;
	char *o = out;
	size_t used, k;

	while (s < e) {
		/* the run up to the next '&' or '<' is copied as it is */
		for (k = 0; s + k < e && s[k] != '&' && s[k] != '<'; k++)
			;
		memmove(o, s, k);
		o += k;
		if ((s += k) >= e)
			break;
		if (*s == '&') {
			o += entity(s, e, o, &used);
			s += used;
		} else if ((q = text_pass(s, e)) != s) {
			/* an unfinished one runs to the end */
			if (s[1] == '!' && s[2] == '[') {
				k = (q ? q - 3 : e) - (s + 9);
				memmove(o, s + 9, k);
				o += k;
			}
			s = q ? q : e;
		} else if (!markup && e - s > 1 && (s[1] == '/' || s[1] == '!' ||
		    isnamestart((unsigned char)s[1]))) {
			q = text_tagend(s + 1, e);
			s = q ? q + 1 : e;
		} else {
			*o++ = *s++;
		}
	}
	return o - out;
}
