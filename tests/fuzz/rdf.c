/* See LICENSE file for copyright and license details. */
/*
 * libFuzzer target: rdf_parse, and rdf_text on every description.
 *
 * The input is copied into a buffer of its exact size, which rdf_parse
 * may decode in place, so a read or write past it is caught.
 *
 * Checked: every string is valid UTF-8 whatever the input; there are
 * never more items than "item" and "entry" in the input; a failure
 * leaves the Feed empty, as rdf.h promises.
 */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "../../rdf.h"
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

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t len)
{
	Feed f;
	char err[256], *buf, *t;
	size_t i;

	if (!(buf = malloc(len ? len : 1)))
		return 0;
	memcpy(buf, data, len);
	err[0] = '\0';
	if (rdf_parse(&f, buf, len, err, sizeof(err)) < 0) {
		if (f.items || f.nitems || !err[0])
			abort();
		free(buf);
		return 0;
	}
	/* an item needs its element's name somewhere in the input */
	if (f.nitems > count(data, len, "item") + count(data, len, "entry"))
		abort();
	assertutf8(f.title);
	assertutf8(f.link);
	assertutf8(f.desc);
	assertutf8(f.date);
	assertutf8(f.author);
	for (i = 0; i < f.nitems; i++) {
		assertutf8(f.items[i].title);
		assertutf8(f.items[i].link);
		assertutf8(f.items[i].date);
		assertutf8(f.items[i].author);
		assertutf8(f.items[i].desc);
		if (!(t = rdf_text(f.items[i].desc)))
			continue;
		assertutf8(t);
		free(t);
	}
	rdf_free(&f);
	free(buf);
	return 0;
}
