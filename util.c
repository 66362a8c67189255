/* See LICENSE file for copyright and license details. */
#include <errno.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>
#include <unistd.h>

#include "util.h"

void
warn(const char *fmt, ...)
{
	va_list ap;
	int saved = errno;

	fputs("lwnrss: ", stderr);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	if (fmt[0] && fmt[strlen(fmt) - 1] == ':')
		fprintf(stderr, " %s", strerror(saved));
	fputc('\n', stderr);
}

void
seterr(char *buf, size_t size, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(buf, size, fmt, ap);
	va_end(ap);
}

void *
ecalloc(size_t nmemb, size_t size)
{
	void *p;

	if (!(p = calloc(nmemb, size)))
		die("calloc:");
	return p;
}

char *
estrdup(const char *s)
{
	char *p;

	if (!(p = strdup(s)))
		die("strdup:");
	return p;
}

int
bufgrow(Buf *b, size_t n)
{
	size_t cap;
	char *p;

	/* room for n more bytes and a NUL; half the address space at most,
	 * so that doubling cannot overflow */
	if (n > SIZE_MAX / 2 - b->len)
		return -1;
	if (b->len + n + 1 <= b->cap)
		return 0;
	for (cap = b->cap ? b->cap : 64; cap < b->len + n + 1; cap *= 2)
		;
	if (!(p = realloc(b->p, cap)))
		return -1;
	b->p = p;
	b->cap = cap;
	return 0;
}

int
bufadd(Buf *b, const void *s, size_t n)
{
	if (bufgrow(b, n) < 0)
		return -1;
	if (n)
		memcpy(b->p + b->len, s, n);
	b->len += n;
	b->p[b->len] = '\0';
	return 0;
}

void
buffree(Buf *b)
{
	free(b->p);
	b->p = NULL;
	b->len = b->cap = 0;
}

int
readfd(int fd, Buf *b, size_t max)
{
	ssize_t n;

	for (;;) {
		if (bufgrow(b, 65536) < 0) {
			errno = ENOMEM;
			return -1;
		}
		b->p[b->len] = '\0';   /* a string even when nothing is read */
		n = read(fd, b->p + b->len, MIN(b->cap - b->len - 1, max + 1 - b->len));
		if (n < 0) {
			if (errno == EINTR)
				continue;
			return -1;
		}
		if (n == 0)
			return 0;
		b->len += n;
		b->p[b->len] = '\0';
		if (b->len > max)
			return 1;
	}
}

int
writeall(int fd, const char *s, size_t n)
{
	ssize_t w;

	while (n > 0) {
		if ((w = write(fd, s, n)) < 0) {
			if (errno == EINTR)
				continue;
			return -1;
		}
		s += w;
		n -= w;
	}
	return 0;
}

const char *
decnum(const char *s, unsigned long long max, unsigned long long *v)
{
	if (!asciidigit(*s))
		return NULL;
	/* no step past max: it may be the type's own */
	for (*v = 0; asciidigit(*s); s++)
		*v = *v > (max - (*s - '0')) / 10 ? max : *v * 10 + (*s - '0');
	return s;
}

long
decval(const char *s, long max)
{
	unsigned long long v;
	const char *e = decnum(s, max, &v);

	return e && !*e ? (long)v : -1;
}

size_t
utf8enc(char *s, unsigned long cp)
{
	size_t n, i;

	if (cp == 0 || (cp >= 0xd800 && cp <= 0xdfff) || cp > 0x10ffff)
		cp = 0xfffd;
	if (cp < 0x80) {
		s[0] = cp;
		return 1;
	}
	n = cp < 0x800 ? 2 : cp < 0x10000 ? 3 : 4;
	for (i = n - 1; i > 0; i--, cp >>= 6)
		s[i] = 0x80 | (cp & 0x3f);
	/* the lead byte: n bits set, a 0, then what is left of cp */
	s[0] = ((0xff00 >> n) & 0xff) | cp;
	return n;
}

size_t
utf8dec(const char *s, size_t n, unsigned long *cp)
{
	const unsigned char *u = (const unsigned char *)s;
	unsigned long c, min;
	size_t len, i;

	if (u[0] < 0x80) {
		*cp = u[0];
		return 1;
	}
	if (u[0] < 0xc0 || u[0] > 0xf7) {
		*cp = 0xfffd;
		return 1;
	}
	/* a lead byte: len bits set, a 0, then the first bits of the code point */
	len = u[0] >= 0xf0 ? 4 : u[0] >= 0xe0 ? 3 : 2;
	c = u[0] & (0x7f >> len);
	min = len == 2 ? 0x80 : len == 3 ? 0x800 : 0x10000;
	for (i = 1; i < len; i++) {
		/* a short or broken sequence is one U+FFFD for its valid prefix */
		if (i >= n || (u[i] & 0xc0) != 0x80) {
			*cp = 0xfffd;
			return i;
		}
		c = (c << 6) | (u[i] & 0x3f);
	}
	if (c < min || c > 0x10ffff || (c >= 0xd800 && c <= 0xdfff))
		c = 0xfffd;
	*cp = c;
	return len;
}

/*
 * The simple case folding of the scripts a filter must know, limited to
 * pairs whose UTF-8 is no longer folded than not: from lo to hi, every
 * step-th code point from lo folds to itself plus add; the first range
 * that holds a code point counts.
 */
static const struct {
	unsigned short lo, hi, step;
	short add;
} folds[] = {
	/* Latin-1 */
	{ 0xc0, 0xd6, 1, 32 }, { 0xd8, 0xde, 1, 32 },
	/* Latin Extended-A: pairs, capital first; I with dot above, Y with
	 * diaeresis and long s; 0x131, 0x138 and 0x149 are lowercase only */
	{ 0x100, 0x12e, 2, 1 }, { 0x132, 0x136, 2, 1 }, { 0x139, 0x147, 2, 1 },
	{ 0x14a, 0x176, 2, 1 }, { 0x179, 0x17d, 2, 1 }, { 0x130, 0x130, 1, 'i' - 0x130 },
	{ 0x178, 0x178, 1, 0xff - 0x178 }, { 0x17f, 0x17f, 1, 's' - 0x17f },
	/* Latin Extended-B: the pairs of Romanian, Vietnamese, the Balkan
	 * digraphs (DŽ, Dž and dž are one letter), and pinyin's tones */
	{ 0x1c4, 0x1ca, 3, 2 }, { 0x1c5, 0x1cb, 3, 1 }, { 0x1f1, 0x1f1, 1, 2 },
	{ 0x1f2, 0x1f2, 1, 1 }, { 0x1cd, 0x1db, 2, 1 }, { 0x1af, 0x1af, 1, 1 },
	{ 0x1de, 0x1ee, 2, 1 }, { 0x1f4, 0x1f4, 1, 1 }, { 0x1f8, 0x21e, 2, 1 },
	{ 0x222, 0x232, 2, 1 }, { 0x1a0, 0x1a4, 2, 1 },
	/* Latin Extended Additional: Vietnamese and Welsh letters, capital
	 * sharp s */
	{ 0x1e00, 0x1e94, 2, 1 }, { 0x1ea0, 0x1efe, 2, 1 }, { 0x1e9e, 0x1e9e, 1, 0xdf - 0x1e9e },
	/* Greek: the capitals, the accented ones, and final sigma */
	{ 0x391, 0x3a1, 1, 32 }, { 0x3a3, 0x3ab, 1, 32 }, { 0x386, 0x386, 1, 0x3ac - 0x386 },
	{ 0x388, 0x38a, 1, 37 }, { 0x38c, 0x38c, 1, 0x3cc - 0x38c }, { 0x38e, 0x38f, 1, 63 },
	{ 0x3c2, 0x3c2, 1, 1 },
	/* Cyrillic */
	{ 0x400, 0x40f, 1, 80 }, { 0x410, 0x42f, 1, 32 }, { 0x460, 0x480, 2, 1 },
	{ 0x48a, 0x4be, 2, 1 }, { 0x4d0, 0x52e, 2, 1 }, { 0x4c1, 0x4cd, 2, 1 },
	{ 0x4c0, 0x4c0, 1, 0x4cf - 0x4c0 },
};

static unsigned long
foldcp(unsigned long c)
{
	size_t i;

	if (c < 0x80)
		return c >= 'A' && c <= 'Z' ? c + 32 : c;
	for (i = 0; i < LENGTH(folds); i++)
		if (c >= folds[i].lo && c <= folds[i].hi && (c - folds[i].lo) % folds[i].step == 0)
			return c + folds[i].add;
	return c;
}

size_t
utf8fold(char *out, const char *s, size_t n)
{
	unsigned long cp;
	size_t i = 0, o = 0, k;

	while (i < n) {
		k = utf8dec(s + i, n - i, &cp);
		/* invalid input stays as it is, and so does NUL, which
		 * utf8enc would make U+FFFD: that could be longer */
		if (cp == 0xfffd || !cp) {
			memcpy(out + o, s + i, k);
			o += k;
		} else {
			o += utf8enc(out + o, foldcp(cp));
		}
		i += k;
	}
	out[o] = '\0';
	return o;
}

void
agestr(char *buf, size_t n, long long d)
{
	if (d < 60)
		snprintf(buf, n, "just now");
	else if (d < 3600)
		snprintf(buf, n, "%lld min ago", d / 60);
	else if (d < 2 * 86400)
		snprintf(buf, n, "%lld h ago", d / 3600);
	else
		snprintf(buf, n, "%lld d ago", d / 86400);
}

unsigned long long
fnv1a(const char *s)
{
	unsigned long long h = 14695981039346656037ULL;

	for (; *s; s++)
		h = (h ^ (unsigned char)*s) * 1099511628211ULL;
	return h;
}

long
daysfromcivil(long y, int m, int d)
{
	long era, yoe, doy, doe;

	/* count years from March, so the leap day ends a year */
	y -= m <= 2;
	era = (y >= 0 ? y : y - 399) / 400;
	yoe = y - era * 400;
	doy = (153 * (m + (m > 2 ? -3 : 9)) + 2) / 5 + d - 1;
	doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
	return era * 146097 + doe - 719468;
}

#define WS " \t\r\n"

/* after the characters of skip, min to max digits at *sp as a number, *sp
 * moved past them; -1, *sp unmoved, when there are none such */
static int
field(const char **sp, const char *skip, int min, int max)
{
	unsigned long long v;
	const char *s = *sp + strspn(*sp, skip), *e = decnum(s, 9999, &v);

	if (!e || e - s < min || e - s > max)
		return -1;
	*sp = e;
	return v;
}

/* after white space, HH:MM[:SS[.fff]] at *sp; 0 when there is none */
static int
hms(const char **sp, int *h, int *mi, int *sec)
{
	const char *s = *sp;

	*sec = 0;
	if ((*h = field(&s, WS, 1, 2)) < 0 || *s++ != ':' || (*mi = field(&s, "", 2, 2)) < 0 ||
	    (*s == ':' && (*sec = field(&s, ":", 2, 2)) < 0))
		return 0;
	if (*s == '.' || *s == ',')
		for (s++; asciidigit(*s); s++)
			;
	*sp = s;
	return 1;
}

/* after white space or '-', a month's name or its first three letters
 * at *sp, as 1 to 12; 0, *sp unmoved, when there is none */
static int
month(const char **sp)
{
	static const char names[] = "janfebmaraprmayjunjulaugsepoctnovdec";
	const char *s = *sp + strspn(*sp, WS "-");
	int m;

	for (m = 0; m < 12; m++) {
		if (!strncasecmp(s, names + 3 * m, 3)) {
			while (asciialpha(*s))
				s++;
			*sp = s;
			return m + 1;
		}
	}
	return 0;
}

/* a zone's offset east of UTC in seconds: +hhmm, +hh:mm or a US name;
 * GMT, UT, Z, military letters and unknown names are UTC (RFC 5322 4.3) */
static long
zone(const char *s)
{
	static const struct { const char *name; int hours; } zones[] = {
		{ "EST", -5 }, { "EDT", -4 }, { "CST", -6 }, { "CDT", -5 },
		{ "MST", -7 }, { "MDT", -6 }, { "PST", -8 }, { "PDT", -7 },
	};
	const char *d;
	size_t i;
	int h, m, sign;

	if (*s == '+' || *s == '-') {
		sign = *s++ == '-' ? -1 : 1;
		d = s;
		if ((h = field(&s, "", 2, 4)) < 0 || s - d == 3)
			return 0;
		if (s - d == 4)
			m = h % 100, h /= 100;
		else if ((m = field(&s, ":", 2, 2)) < 0)
			m = 0;
		return sign * (h * 3600L + m * 60L);
	}
	/* a name of three letters, no more */
	for (i = 0; i < LENGTH(zones); i++)
		if (!strncasecmp(s, zones[i].name, 3) && !asciialpha(s[3]))
			return zones[i].hours * 3600L;
	return 0;
}

static int
thisyear(void)
{
	time_t now = time(NULL);
	struct tm tm;

	return gmtime_r(&now, &tm) ? tm.tm_year + 1900 : 1970;
}

int
datetime(const char *s, int http, time_t *t)
{
	static const char mdays[] = { 31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31 };
	const char *p;
	int y, mo, d, h = 0, mi = 0, sec = 0, asc = 0;

	s += strspn(s, WS);
	p = s;
	if (!http && (y = field(&p, "", 4, 4)) >= 0 && *p == '-') {
		/* ISO 8601: YYYY-MM-DD[THH:MM[:SS[.fff]]][zone] */
		s = p + 1;
		if ((mo = field(&s, "", 2, 2)) < 0 || *s++ != '-' || (d = field(&s, "", 2, 2)) < 0)
			return 0;
		if ((*s == 'T' || *s == 't' || *s == ' ') && (++s, !hms(&s, &h, &mi, &sec)))
			return 0;
	} else {
		/* RFC 5322: [Day,] D Mon Y HH:MM[:SS] zone, white space
		 * folded or not (3.2.2), '-' between the date's parts as RFC
		 * 850's; or asctime: Day Mon D HH:MM:SS YYYY */
		if ((p = strchr(s, ',')))
			s = p + 1;
		else
			while (asciialpha(*s))
				s++;
		if ((mo = month(&s))) {
			asc = 1;
			if ((d = field(&s, WS, 1, 2)) < 0 || !hms(&s, &h, &mi, &sec) ||
			    (y = field(&s, WS, 4, 4)) < 0)
				return 0;
		} else if ((d = field(&s, WS, 1, 2)) < 0 || !(mo = month(&s)) ||
		    (y = field(&s, WS "-", 2, 4)) < 0 || !hms(&s, &h, &mi, &sec)) {
			return 0;
		}
		/* RFC 5322 4.3: a two-digit year 00 to 49 is 20xx, 50 to 99
		 * 19xx; RFC 9110 5.6.7: in an HTTP-date, the latest year with
		 * those digits that is at most 50 years ahead */
		if (y < 100 && http)
			y += (y + 2000 > thisyear() + 50) ? 1900 : 2000;
		else if (y < 100)
			y += y < 50 ? 2000 : 1900;
	}
	s += strspn(s, WS);
	/* an HTTP-date is in GMT, asctime's without saying so, and ends there */
	if (http && (asc ? *s : strncmp(s, "GMT", 3) || s[3 + strspn(s + 3, WS)]))
		return 0;
	if (y < 1 || mo < 1 || mo > 12 || d < 1 || d > mdays[mo - 1] ||
	    h > 24 || mi > 59 || sec > 60)
		return 0;
	*t = (time_t)daysfromcivil(y, mo, d) * 86400 + h * 3600L + mi * 60L + sec - zone(s);
	return 1;
}
