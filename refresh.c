/* See LICENSE file for copyright and license details. */
#include <time.h>

#include "http.h"
#include "rdf.h"
#include "refresh.h"
#include "util.h"

/* the end of r's freshness, received at now, or 0 when it is not fresh */
static time_t
fresh(const HttpResp *r, time_t now)
{
	long long life, age, apparent;

	if (r->nocache || r->nostore)
		return 0;
	if (r->maxage >= 0)
		life = r->maxage;
	else if (r->expires >= 0)
		life = r->expires - (r->date >= 0 ? r->date : (long long)now);
	else
		return 0;
	/* 4.2.3: the age is the larger of what Age says and how long ago
	 * Date was (never less than nothing, whatever the server's clock) */
	apparent = r->date >= 0 ? MAX((long long)now - r->date, 0) : 0;
	age = MAX(apparent, r->age >= 0 ? (long long)r->age : 0);
	if (life - age <= 0)
		return 0;
	return now + (time_t)MIN(life - age, (long long)MAXHINT);
}

time_t
refresh_hint(const HttpResp *r, const Feed *f, time_t now)
{
	time_t t = r ? fresh(r, now) : 0, u;

	if (f && (u = rdf_nextupdate(f, now)) > now)
		t = MAX(t, MIN(u, now + MAXHINT));
	return t;
}

time_t
refresh_held(time_t *next, time_t *retry, time_t now)
{
	*next = MIN(*next, now + MAXHINT);
	*retry = MIN(*retry, now + MAXHINT);
	return MAX(*next, *retry);
}
