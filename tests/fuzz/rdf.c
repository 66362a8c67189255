/* See LICENSE file for copyright and license details. */
/*
 * libFuzzer target: rdf_parseurl, and rdf_html and rdf_text on every
 * description, as the window decodes them when it draws a row.  An
 * input whose first byte is odd is parsed as fetched from a URL, so its
 * relative links are resolved against that and any xml:base; else with
 * no URL, as standard input is.
 *
 * The input is copied into a buffer of its exact size, which rdf_parseurl
 * may decode in place, so a read or write past it is caught.
 *
 * Checked: every string is valid UTF-8 whatever the input; titles, links
 * and authors are one line with no control character (C0, DEL, C1) and
 * no white space at their ends; a description's HTML and text are never
 * longer than it; with a document URL, a link without a scheme is one
 * the feed's own xml:base left relative, as the URL never would; there
 * are never more items than "item" and "entry" in the input; a failure
 * leaves the Feed empty, as rdf.h promises.
 */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "../../rdf.h"
#include "../../url.h"
#include "utf8check.h"

/* how many times needle occurs in data[0..len) */
static size_t
count(const unsigned char *data, size_t len, const char *needle)
{
	size_t n = 0, nl = strlen(needle), i;

	for (i = 0; i + nl <= len; i++)
		if (!memcmp(data + i, needle, nl))
			n++;
	return n;
}

/* a one-line value: UTF-8, no control character, no blank at either end */
static void
assertline(const char *s)
{
	const unsigned char *u = (const unsigned char *)s;
	size_t n = strlen(s), i;

	assertutf8(s);
	if (n && (u[0] == ' ' || u[n - 1] == ' '))
		abort();
	for (i = 0; i < n; i++)
		if (u[i] < 0x20 || u[i] == 0x7f || (u[i] == 0xc2 && u[i + 1] < 0xa0) ||
		    (u[i] == ' ' && u[i + 1] == ' '))
			abort();
}

static void
assertdesc(const char *d)
{
	char *h, *t;

	assertutf8(d);
	if ((h = rdf_html(d))) {
		assertutf8(h);
		if (strlen(h) > strlen(d))
			abort();
		free(h);
	}
	if ((t = rdf_text(d, 0, 0))) {
		assertutf8(t);
		if (strlen(t) > strlen(d))
			abort();
		free(t);
	}
	if ((t = rdf_text(d, 1, 0))) {
		assertutf8(t);
		if (strlen(t) > strlen(d))
			abort();
		free(t);
	}
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t len)
{
	Feed f;
	char err[256], *buf;
	const char *url = len && (data[0] & 1) ? "https://lwn.net/a/b?c#d" : NULL;
	size_t i;
	time_t t;

	if (!(buf = malloc(len ? len : 1)))
		return 0;
	memcpy(buf, data, len);
	err[0] = '\0';
	if (rdf_parseurl(&f, buf, len, url, err, sizeof(err)) < 0) {
		if (f.items || f.nitems || !err[0])
			abort();
		free(buf);
		return 0;
	}
	/* an item needs its element's name somewhere in the input */
	if (f.nitems > count(data, len, "item") + count(data, len, "entry"))
		abort();
	assertline(f.title);
	assertline(f.link);
	assertline(f.author);
	assertutf8(f.date);
	assertdesc(f.desc);
	if (f.ttl < 0 || f.updateperiod < 0)
		abort();
	t = rdf_nextupdate(&f, 1796256000);
	if (t && t <= 1796256000)
		abort();
	for (i = 0; i < f.nitems; i++) {
		assertline(f.items[i].title);
		assertline(f.items[i].link);
		/* against an absolute URL only a link as long as the feed's
		 * resolved links may be can stay relative */
		if (url && f.items[i].link[0] && url_relative(f.items[i].link) &&
		    !count(data, len, "xml:base"))
			abort();
		assertline(f.items[i].author);
		assertutf8(f.items[i].date);
		if (!f.items[i].dated && f.items[i].time)
			abort();
		assertdesc(f.items[i].desc);
	}
	rdf_free(&f);
	free(buf);
	return 0;
}
