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

/*
 * The HTML 4 entities and &apos;, each as its reference spells it and then
 * its code point in hex, the XML five first: a reference is looked up as a
 * search for it, which finds a whole one or none, as every '&' here starts
 * a name and every name ends at its ';'.
 */
static const char entities[] =
	"&amp;26&lt;3c&gt;3e&quot;22&apos;27&nbsp;a0&AElig;c6&Aacute;c1&Acirc;c2&Agrave;c0"
	"&Alpha;391&Aring;c5&Atilde;c3&Auml;c4&Beta;392&Ccedil;c7&Chi;3a7&Dagger;2021"
	"&Delta;394&ETH;d0&Eacute;c9&Ecirc;ca&Egrave;c8&Epsilon;395&Eta;397&Euml;cb"
	"&Gamma;393&Iacute;cd&Icirc;ce&Igrave;cc&Iota;399&Iuml;cf&Kappa;39a&Lambda;39b"
	"&Mu;39c&Ntilde;d1&Nu;39d&OElig;152&Oacute;d3&Ocirc;d4&Ograve;d2&Omega;3a9"
	"&Omicron;39f&Oslash;d8&Otilde;d5&Ouml;d6&Phi;3a6&Pi;3a0&Prime;2033&Psi;3a8&Rho;3a1"
	"&Scaron;160&Sigma;3a3&THORN;de&Tau;3a4&Theta;398&Uacute;da&Ucirc;db&Ugrave;d9"
	"&Upsilon;3a5&Uuml;dc&Xi;39e&Yacute;dd&Yuml;178&Zeta;396&aacute;e1&acirc;e2"
	"&acute;b4&aelig;e6&agrave;e0&alefsym;2135&alpha;3b1&and;2227&ang;2220&aring;e5"
	"&asymp;2248&atilde;e3&auml;e4&bdquo;201e&beta;3b2&brvbar;a6&bull;2022&cap;2229"
	"&ccedil;e7&cedil;b8&cent;a2&chi;3c7&circ;2c6&clubs;2663&cong;2245&copy;a9"
	"&crarr;21b5&cup;222a&curren;a4&dArr;21d3&dagger;2020&darr;2193&deg;b0&delta;3b4"
	"&diams;2666&divide;f7&eacute;e9&ecirc;ea&egrave;e8&empty;2205&emsp;2003&ensp;2002"
	"&epsilon;3b5&equiv;2261&eta;3b7&eth;f0&euml;eb&euro;20ac&exist;2203&fnof;192"
	"&forall;2200&frac12;bd&frac14;bc&frac34;be&frasl;2044&gamma;3b3&ge;2265&hArr;21d4"
	"&harr;2194&hearts;2665&hellip;2026&iacute;ed&icirc;ee&iexcl;a1&igrave;ec"
	"&image;2111&infin;221e&int;222b&iota;3b9&iquest;bf&isin;2208&iuml;ef&kappa;3ba"
	"&lArr;21d0&lambda;3bb&lang;2329&laquo;ab&larr;2190&lceil;2308&ldquo;201c&le;2264"
	"&lfloor;230a&lowast;2217&loz;25ca&lrm;200e&lsaquo;2039&lsquo;2018&macr;af"
	"&mdash;2014&micro;b5&middot;b7&minus;2212&mu;3bc&nabla;2207&ndash;2013&ne;2260"
	"&ni;220b&not;ac&notin;2209&nsub;2284&ntilde;f1&nu;3bd&oacute;f3&ocirc;f4&oelig;153"
	"&ograve;f2&oline;203e&omega;3c9&omicron;3bf&oplus;2295&or;2228&ordf;aa&ordm;ba"
	"&oslash;f8&otilde;f5&otimes;2297&ouml;f6&para;b6&part;2202&permil;2030&perp;22a5"
	"&phi;3c6&pi;3c0&piv;3d6&plusmn;b1&pound;a3&prime;2032&prod;220f&prop;221d&psi;3c8"
	"&rArr;21d2&radic;221a&rang;232a&raquo;bb&rarr;2192&rceil;2309&rdquo;201d&real;211c"
	"&reg;ae&rfloor;230b&rho;3c1&rlm;200f&rsaquo;203a&rsquo;2019&sbquo;201a&scaron;161"
	"&sdot;22c5&sect;a7&shy;ad&sigma;3c3&sigmaf;3c2&sim;223c&spades;2660&sub;2282"
	"&sube;2286&sum;2211&sup;2283&sup1;b9&sup2;b2&sup3;b3&supe;2287&szlig;df&tau;3c4"
	"&there4;2234&theta;3b8&thetasym;3d1&thinsp;2009&thorn;fe&tilde;2dc&times;d7"
	"&trade;2122&uArr;21d1&uacute;fa&uarr;2191&ucirc;fb&ugrave;f9&uml;a8&upsih;3d2"
	"&upsilon;3c5&uuml;fc&weierp;2118&xi;3be&yacute;fd&yen;a5&yuml;ff&zeta;3b6&zwj;200d"
	"&zwnj;200c";

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
	const char *semi, *d;
	char *end;
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
		if (!(d = text_find(entities, entities + sizeof(entities) - 1, s, n + 2)))
			goto literal;
		cp = strtoul(d + n + 2, NULL, 16);
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
		    asciialpha((unsigned char)s[1]))) {
			/* a comment (or a CDATA section) may hold a '>'; an
			 * unfinished one runs to the end */
			if (s[1] == '!' && (q = text_pass(s, e)) != s) {
				s = q ? q : e;
				continue;
			}
			n = s + 1 + (s[1] == '/');
			for (k = 0; n + k < e && (asciialpha((unsigned char)n[k]) ||
			    asciidigit((unsigned char)n[k])); k++)
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
