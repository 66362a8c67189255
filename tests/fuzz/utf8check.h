/* See LICENSE file for copyright and license details. */
/* checks shared by the fuzz targets: abort() is what libFuzzer reports */
#include <stdlib.h>
#include <string.h>

/* is s valid UTF-8: shortest forms, no surrogates, nothing past U+10FFFF? */
static int
isutf8(const char *s, size_t len)
{
	const unsigned char *u = (const unsigned char *)s, *e = u + len;
	unsigned long c;
	size_t n, i;

	while (u < e) {
		if (*u < 0x80) {
			u++;
			continue;
		}
		if ((*u & 0xe0) == 0xc0)
			n = 2, c = *u & 0x1f;
		else if ((*u & 0xf0) == 0xe0)
			n = 3, c = *u & 0x0f;
		else if ((*u & 0xf8) == 0xf0)
			n = 4, c = *u & 0x07;
		else
			return 0;
		if ((size_t)(e - u) < n)
			return 0;
		for (i = 1; i < n; i++) {
			if ((u[i] & 0xc0) != 0x80)
				return 0;
			c = (c << 6) | (u[i] & 0x3f);
		}
		if ((n == 2 && c < 0x80) || (n == 3 && c < 0x800) ||
		    (n == 4 && c < 0x10000) || c > 0x10ffff ||
		    (c >= 0xd800 && c <= 0xdfff))
			return 0;
		u += n;
	}
	return 1;
}

/* s, a string, must be valid UTF-8 */
static void
assertutf8(const char *s)
{
	if (!s || !isutf8(s, strlen(s)))
		abort();
}
