/* See LICENSE file for copyright and license details. */
/*
 * libFuzzer target: rdf_html and rdf_text, with and without paras, on
 * any string.  Their output is never longer than their input, and it is
 * valid UTF-8 whenever the input is, as every description from
 * rdf_parseurl is.
 */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "../../rdf.h"
#include "utf8check.h"

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t len)
{
	char *s, *t;

	if (!(s = malloc(len + 1)))
		return 0;
	memcpy(s, data, len);
	s[len] = '\0';
	if ((t = rdf_html(s))) {
		if (strlen(t) > strlen(s))
			abort();
		if (isutf8(s, strlen(s)))
			assertutf8(t);
		free(t);
	}
	if ((t = rdf_text(s, len && (data[0] & 1), 0))) {
		if (strlen(t) > strlen(s))
			abort();
		if (isutf8(s, strlen(s)))
			assertutf8(t);
		free(t);
	}
	if ((t = rdf_text(s, len && (data[0] & 1), 1))) {
		if (strlen(t) > strlen(s))
			abort();
		if (isutf8(s, strlen(s)))
			assertutf8(t);
		free(t);
	}
	free(s);
	return 0;
}
