/* See LICENSE file for copyright and license details. */
/* placeholder until the client lands */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "http.h"

int
http_get(const char *url, const HttpOpt *o, HttpResp *r)
{
	(void)o;
	memset(r, 0, sizeof(*r));
	r->retryafter = -1;
	snprintf(r->err, sizeof(r->err), "%s: fetching is not built yet", url);
	return -1;
}

void
http_free(HttpResp *r)
{
	free(r->body);
	free(r->etag);
	free(r->lastmod);
	free(r->url);
}
