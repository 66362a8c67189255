/* See LICENSE file for copyright and license details. */
/*
 * refresh_test: unit tests for refresh.c, and for the polling hints
 * rdf.c reads from a feed (<ttl>, syn:).  Run from the top directory.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "http.h"
#include "rdf.h"
#include "refresh.h"
#include "util.h"

#include "check.h"

/* 2026-12-03T00:00:00Z, and a response that says nothing */
static const time_t T = 1796256000;

static HttpResp
resp(void)
{
	HttpResp r;

	memset(&r, 0, sizeof(r));
	r.retryafter = r.maxage = r.age = -1;
	r.date = r.expires = -1;
	return r;
}

/* the channel around s parsed into f (kept in buf until the next call) */
static int
feed(Feed *f, const char *s)
{
	static char *buf;
	char err[256];

	free(buf);
	buf = s ? strdup(s) : NULL;
	if (!buf)
		return -1;
	return rdf_parseurl(f, buf, strlen(buf), NULL, err, sizeof(err));
}

static int
is(time_t got, time_t want, const char *what)
{
	if (got == want)
		return 1;
	printf("# %s: got %lld, want %lld (%+lld s)\n", what, (long long)got, (long long)want,
	       (long long)(got - want));
	return 0;
}

static void
testhttp(void)
{
	HttpResp r = resp();

	check(is(refresh_hint(&r, NULL, T), 0, "none"), "http: no Cache-Control, no Expires: no hint");
	r.maxage = 3600;
	check(is(refresh_hint(&r, NULL, T), T + 3600, "max-age"), "http: fresh for max-age");
	r.age = 600;
	check(is(refresh_hint(&r, NULL, T), T + 3000, "age"), "http: less the Age it already has");
	r.date = T - 1200;
	check(is(refresh_hint(&r, NULL, T), T + 2400, "date"),
	      "http: or less how long ago its Date was, when that is more");
	r.date = T + 500;
	r.age = -1;
	check(is(refresh_hint(&r, NULL, T), T + 3600, "skew"), "http: a Date in the future ages it by nothing");
	r = resp();
	r.maxage = 3600;
	r.age = 7200;
	check(is(refresh_hint(&r, NULL, T), 0, "stale"), "http: a response older than its max-age: no hint");
	r = resp();
	r.maxage = 0;
	check(is(refresh_hint(&r, NULL, T), 0, "0"), "http: max-age=0: no hint");
	r.maxage = 2147483647L;
	check(is(refresh_hint(&r, NULL, T), T + MAXHINT, "cap"), "http: ten years of max-age is MAXHINT");
	r.maxage = 3600;
	r.nocache = 1;
	check(is(refresh_hint(&r, NULL, T), 0, "no-cache"), "http: no-cache: no freshness to wait for");
	r.nocache = 0;
	r.nostore = 1;
	check(is(refresh_hint(&r, NULL, T), 0, "no-store"), "http: no-store: no freshness to wait for");
	r = resp();
	r.date = T - 60;
	r.expires = T + 7140;
	check(is(refresh_hint(&r, NULL, T), T + 7140, "expires"),
	      "http: Expires less Date is the lifetime, less the age since Date");
	r.date = -1;
	check(is(refresh_hint(&r, NULL, T), T + 7140, "expires, no date"), "http: Expires without a Date");
	r.expires = 0;
	check(is(refresh_hint(&r, NULL, T), 0, "expired"), "http: an Expires that is no date: stale");
	r.expires = T + 7140;
	r.maxage = 60;
	check(is(refresh_hint(&r, NULL, T), T + 60, "both"), "http: max-age wins over Expires");
}

static void
testfeed(void)
{
	Feed f;
	HttpResp r = resp();

	if (feed(&f, "<rss><channel><ttl>90</ttl><item><ttl>5</ttl></item></channel></rss>") == 0) {
		check(f.ttl == 5400 && is(refresh_hint(NULL, &f, T), T + 5400, "ttl"),
		      "feed: <ttl> in minutes, the channel's, not an item's (%ld)", f.ttl);
		r.maxage = 7200;
		check(is(refresh_hint(&r, &f, T), T + 7200, "latest"), "feed and http: the latest wins");
		r.maxage = 60;
		check(is(refresh_hint(&r, &f, T), T + 5400, "latest2"), "feed and http: the latest wins, either way");
		rdf_free(&f);
	}
	if (feed(&f, "<rss><channel><ttl>99999999999</ttl></channel></rss>") == 0) {
		check(is(refresh_hint(NULL, &f, T), T + MAXHINT, "ttl cap"), "feed: an absurd <ttl> is MAXHINT");
		rdf_free(&f);
	}
	if (feed(&f, "<rss><channel><ttl>soon</ttl></channel></rss>") == 0) {
		check(f.ttl == 0 && is(refresh_hint(NULL, &f, T), 0, "ttl junk"), "feed: a <ttl> that is no number: none");
		rdf_free(&f);
	}
	if (feed(&f, "<rdf:RDF xmlns:rdf='http://www.w3.org/1999/02/22-rdf-syntax-ns#' xmlns='http://purl.org/rss/1.0/'"
	         " xmlns:syn='http://purl.org/rss/1.0/modules/syndication/'><channel>"
	         "<syn:updatePeriod>hourly</syn:updatePeriod><syn:updateFrequency>2</syn:updateFrequency>"
	         "</channel></rdf:RDF>") == 0) {
		check(f.updateperiod == 1800 && is(refresh_hint(NULL, &f, T), T + 1800, "syn"),
		      "feed: syn:updatePeriod hourly, updateFrequency 2: every 30 minutes, as LWN says");
		rdf_free(&f);
	}
	if (feed(&f, "<rss xmlns:syn='http://purl.org/rss/1.0/modules/syndication/'><channel>"
	         "<syn:updatePeriod>daily</syn:updatePeriod><syn:updateFrequency>8</syn:updateFrequency>"
	         "<syn:updateBase>2000-01-01T01:00+00:00</syn:updateBase></channel></rss>") == 0) {
		/* every three hours from 01:00: after 00:00 the next is 01:00, after 01:00 04:00 */
		check(f.updateperiod == 10800 && f.hasupdatebase &&
		      is(refresh_hint(NULL, &f, T), T + 3600, "base") &&
		      is(refresh_hint(NULL, &f, T + 3600), T + 4 * 3600, "on a point") &&
		      is(refresh_hint(NULL, &f, T + 3601), T + 4 * 3600, "after"),
		      "feed: syn:updateBase: the next point of the schedule");
		rdf_free(&f);
	}
	if (feed(&f, "<rss xmlns:syn='http://purl.org/rss/1.0/modules/syndication/'><channel>"
	         "<syn:updatePeriod>weekly</syn:updatePeriod>"
	         "<syn:updateBase>2030-01-01T00:00Z</syn:updateBase></channel></rss>") == 0) {
		/* a base in the future: the schedule runs backwards too */
		check(rdf_nextupdate(&f, T) > T && rdf_nextupdate(&f, T) <= T + 604800 &&
		      is(rdf_nextupdate(&f, T), (time_t)1893456000 - 160 * 604800, "future"),
		      "feed: syn:updateBase after now, updateFrequency 1 when not said");
		rdf_free(&f);
	}
	if (feed(&f, "<rss xmlns:syn='http://purl.org/rss/1.0/modules/syndication/'><channel>"
	         "<syn:updateFrequency>4</syn:updateFrequency></channel></rss>") == 0) {
		check(f.updateperiod == 21600, "feed: updatePeriod daily when not said (%ld)", f.updateperiod);
		rdf_free(&f);
	}
	if (feed(&f, "<rss xmlns:syn='http://purl.org/rss/1.0/modules/syndication/'><channel>"
	         "<syn:updatePeriod>yearly</syn:updatePeriod></channel></rss>") == 0) {
		check(is(refresh_hint(NULL, &f, T), T + MAXHINT, "yearly"), "feed: yearly is MAXHINT");
		rdf_free(&f);
	}
	if (feed(&f, "<rss xmlns:syn='http://purl.org/rss/1.0/modules/syndication/'><channel>"
	         "<syn:updatePeriod>fortnightly</syn:updatePeriod><syn:updateFrequency>2</syn:updateFrequency>"
	         "</channel></rss>") == 0) {
		check(f.updateperiod == 0 && is(refresh_hint(NULL, &f, T), 0, "bad period"),
		      "feed: an updatePeriod of no known name: nothing");
		rdf_free(&f);
	}
	if (feed(&f, "<rss xmlns:syn='http://example.org/not-syn'><channel>"
	         "<syn:updatePeriod>daily</syn:updatePeriod><x:ttl xmlns:x='http://example.org/x'>60</x:ttl>"
	         "</channel></rss>") == 0) {
		check(f.updateperiod == 0 && f.ttl == 0, "feed: another vocabulary's updatePeriod or ttl: nothing");
		rdf_free(&f);
	}
	feed(NULL, NULL);
}

static void
testheld(void)
{
	time_t next = T + 1800, retry = 0;

	check(is(refresh_held(&next, &retry, T), T + 1800, "next"), "held: until the next allowed time");
	retry = T + 5400;
	check(is(refresh_held(&next, &retry, T), T + 5400, "retry"), "held: until a later Retry-After");
	next = retry = 0;
	check(is(refresh_held(&next, &retry, T), 0, "nothing"), "held: nothing holds off");
	next = T + 10 * MAXHINT;
	retry = T + 3 * MAXHINT;
	check(is(refresh_held(&next, &retry, T), T + MAXHINT, "cap") && next == T + MAXHINT &&
	      retry == T + MAXHINT, "held: absurd times, as after a clock set back, are MAXHINT, kept");
	check(is(refresh_held(&next, &retry, T + 60), T + MAXHINT, "kept"),
	      "held: ... and a minute later still end a day after the first look, not later");
}

int
main(void)
{
	testhttp();
	testfeed();
	testheld();
	printf("%d passed, %d failed\n", npass, nfail);
	return nfail != 0;
}
