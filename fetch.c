/* See LICENSE file for copyright and license details. */
/*
 * fetch.c: getting a feed, through the cache; print mode.
 *
 * A fetch asks the server conditionally, with the cache's validators,
 * and writes back what the answer teaches: a new whole feed, or for a
 * 304 the validators it carries, and always when the next automatic
 * fetch may come (cacheafter).  The window runs fetch_child in a child
 * process, which says with its exit status what happened, and the window
 * reads the cache as it does at start; print mode (fetch_print) prints
 * a fresh cache as it is and otherwise fetches in process.  Whoever
 * shows a feed applies its own polling hints (fetch_cacheread): the
 * child parses only to know whether a body is a feed to keep.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "http.h"
#include "rdf.h"
#include "refresh.h"
#include "util.h"
#include "store.h"
#include "url.h"
#include "fetch.h"

int
fetch_cacheread(const FetchConf *cf, const char *url, Cache *c, Feed *f, char *err,
                size_t n)
{
	char perr[256];

	memset(f, 0, sizeof(*f));
	if (cache_load(url, cf->maxfeed, c, err, n) < 0)
		return -1;
	if (!c->body.len)
		return 1;
	if (rdf_parseurl(f, c->body.p, c->body.len, c->base ? c->base : url,
	                 perr, sizeof(perr)) < 0) {
		snprintf(err, n, "cached feed ignored: %s: %s", perr, url);
		cache_free(c);
		return -1;
	}
	/* the file keeps the server's hints; the feed's own are read here,
	 * by whoever parses it, from the time it was fetched */
	c->next = MAX(c->next, refresh_hint(NULL, f, c->fetched));
	/* a copy cut off is no copy to confirm: the next fetch asks for all */
	if (f->truncated) {
		free(c->etag);
		free(c->lastmod);
		c->etag = c->lastmod = NULL;
	}
	return 0;
}

/* a and b are the same validator, NULL for none */
static int
samevalidator(const char *a, const char *b)
{
	return a && b ? !strcmp(a, b) : a == b;
}

/*
 * After a fetch of url that sent the validators etag and lastmod and got
 * ret and r from http_get: write what the cache keeps of the answer, and
 * set *next and *retry to when the next automatic fetch may come (0:
 * nothing new is known; no answer came).  whole says r's body is a feed
 * to keep; shown is the feed the answer leaves shown, whose hints count.
 *
 * Every answer but a failure moves the next allowed time on, to
 * MINREFRESH from now or the latest hint (refresh.h); a failure keeps the
 * time the file had (the window retries sooner, backing off), and a 429 or
 * 503 keeps its Retry-After, capped at MAXHINT.  A new whole feed
 * replaces the file; a 304 keeps its body, takes the validators and the freshness it carries (what it does not
 * carry, the stored response still says: RFC 9111 4.3.4) and is the time
 * it was last confirmed, if the file still holds what was sent (else
 * another lwnrss wrote it since: that stays); no-store keeps no body at
 * all (RFC 9111 5.2.2.5); anything else keeps the body and the
 * validators and gets the times.  Returns -1 for a 304 about a copy the
 * file does not hold, 1 when a new whole feed was not kept, else 0.
 */
static int
cacheafter(const FetchConf *cf, const char *url, const char *etag, const char *lastmod, int ret,
           const HttpResp *r, int whole, const Feed *shown, time_t now,
           time_t *next, time_t *retry, char *cerr, size_t n)
{
	Cache c = { .maxage = -1, .expires = -1 }, old;
	HttpResp fr = *r;
	int had = 0, ours, isnew = ret == 0 && whole && !r->nostore, rc;

	*next = *retry = 0;
	cerr[0] = '\0';
	if (!r->status)
		return 0;
	if (!(ret == 0 && (whole || r->nostore)))
		had = cache_load(url, cf->maxfeed, &old, cerr, n) == 0;
	cerr[0] = '\0';
	/* the file holds the response the 304 is about, not another
	 * lwnrss's since */
	ours = had && old.body.len && samevalidator(old.etag, etag) &&
	       samevalidator(old.lastmod, lastmod);
	if (ret == 1 && ours) {
		if (!r->cachecontrol)
			fr.maxage = old.maxage;
		if (r->expires < 0)
			fr.expires = old.expires;
	}
	if (ret >= 0)
		*next = MAX(now + MINREFRESH, refresh_hint(&fr, shown, now));
	else if (had)
		*next = old.next;
	if (ret < 0 && r->retryafter >= 0 && (r->status == 429 || r->status == 503))
		*retry = now + MIN(r->retryafter, (long)MAXHINT);
	/* the stored body kept, or the times alone */
	if (had && old.body.len) {
		if (ret == 1 && !ours) {
			cache_free(&old);
			return -1;
		}
		c = old;
	}
	if (isnew) {
		c.body.p = r->body;
		c.body.len = r->len;
		c.base = r->url;
	}
	if (isnew || (ret == 1 && ours)) {
		/* a new body's validators; RFC 9111 4.3.4: a 304's are the
		 * stored ones now */
		if (isnew || r->etag)
			c.etag = r->etag;
		if (isnew || r->lastmod)
			c.lastmod = r->lastmod;
		/* its freshness, for a 304 to come, unless no-cache says it
		 * has none */
		c.maxage = fr.nocache || fr.nostore ? -1 : fr.maxage;
		c.expires = fr.nocache || fr.nostore ? -1 : fr.expires;
		c.fetched = now;
	}
	c.next = *next;
	c.retry = *retry;
	rc = cache_save(url, &c, cerr, n);
	if (had)
		cache_free(&old);
	return ret == 1 && !ours ? -1 : isnew && rc;
}

/* print mode */

/*
 * Every item not hidden by a rule; an untitled one by its link, so that
 * no line of a menu is blank.  A link the window would not open (not
 * url_isweb: javascript:, file:, one left relative) leaves the link field
 * empty, so that a pipeline opening that field opens nothing; as an
 * untitled item's title it is only shown.
 */
static void
printfeed(const FetchConf *cf, const Feed *f)
{
	const Item *it;
	size_t i;

	for (i = 0; i < f->nitems; i++) {
		it = &f->items[i];
		if (cf->hide && cf->hide(it))
			continue;
		/* rdf.h promises a title and a link no tab, newline or other
		 * control character: one item is always one line */
		printf("%s\t%s\n", it->title[0] ? it->title : it->link,
		       url_isweb(it->link) ? it->link : "");
	}
}

/* the options of http_get: cf's, the environment's as curl reads it,
 * and the validators of c unless it is NULL */
static void
httpopts(const FetchConf *cf, const Cache *c, HttpOpt *o)
{
	const char *env;

	memset(o, 0, sizeof(*o));
	if (c) {
		o->etag = c->etag;
		o->lastmod = c->lastmod;
	}
	o->cafile = (env = getenv("SSL_CERT_FILE")) && *env ? env : cf->cafile;
	o->conntimeout = cf->conntimeout * 1000;
	o->timeout = cf->fetchtimeout * 1000;
	o->maxbody = cf->maxfeed;
	o->maxredirects = cf->maxredirects;
	http_proxyenv(o);
}

/* parse data in place into *f, its relative links against url (NULL:
 * none), and print it; 0, or -1 when it is no feed (said why, as name's) */
static int
printdata(const FetchConf *cf, const char *name, const char *url, char *data, size_t len,
          Feed *f)
{
	char err[256] = "";

	if (rdf_parseurl(f, data, len, url, err, sizeof(err)) < 0) {
		warn("%s: %s", name, err);
		return -1;
	}
	if (f->truncated)
		warn("%s: %s", name, err[0] ? err : "feed is truncated");
	printfeed(cf, f);
	return 0;
}

/*
 * Print mode's fetch of url, conditional on the validators of c, the
 * cache that holds the feed cached (both NULL when there is none): the
 * feed the server sent is printed, or else the cached one, and what the
 * answer teaches is written to the cache.  A new feed goes out and
 * standard output is closed (*closed) before the cache's fsync, so that
 * a reader such as dmenu has it at once.  Returns the exit status.
 */
static int
printfetch(const FetchConf *cf, const char *url, const Cache *c, const Feed *cached,
           int *closed)
{
	HttpOpt o;
	HttpResp r;
	Buf copy = {0};
	Feed f;
	const Feed *shown = NULL;
	char cerr[512], age[32];
	int ret, status = 1;
	time_t now, next, retry;

	httpopts(cf, c, &o);
	ret = http_get(url, &o, &r);
	now = cf->now();
	/* parsed in a copy, as rdf_parseurl writes into its input and the cache
	 * keeps the body as sent; relative links against the final URL */
	if (ret == 0 && bufadd(&copy, r.body, r.len) < 0) {
		warn("%s: out of memory", url);
	} else if (ret == 0 && printdata(cf, url, r.url, copy.p, r.len, &f) == 0) {
		shown = &f;
		status = 0;
		*closed = 1;
		if (fclose(stdout) == EOF) {
			warn("stdout:");
			status = 1;
		}
	} else if (ret == 1 && cached) {
		printfeed(cf, cached);
		shown = cached;
		status = 0;
	}
	cacheafter(cf, url, o.etag, o.lastmod, ret, &r, shown == &f, shown, now, &next, &retry,
	           cerr, sizeof(cerr));
	if (cerr[0])
		warn("%s", cerr);
	if (ret == 1 && !cached)
		warn("%s: 304 Not Modified, but no cached copy", url);
	else if (ret < 0)
		warn("%s", r.err);
	if (status && !*closed && cached) {
		if (ret) {
			agestr(age, sizeof(age), now - c->fetched);
			warn("%s: printing the cached headlines, fetched %s", url, age);
		}
		printfeed(cf, cached);
		status = 2;
	}
	if (shown == &f)
		rdf_free(&f);
	buffree(&copy);
	http_free(&r);
	return status;
}

int
fetch_print(const FetchConf *cf, const char *url, int force)
{
	Buf in = {0};
	Cache c;
	Feed cached;
	char cerr[512];
	int r, status = 1, closed = 0;
	time_t now;

	if (!strcmp(url, "-")) {
		/* standard input, parsed and printed, never cached */
		if ((r = readfd(0, &in, cf->maxfeed)) < 0) {
			warn("stdin:");
		} else if (r > 0) {
			warn("stdin: feed is larger than the %zu byte limit", cf->maxfeed);
		} else if (printdata(cf, "stdin", NULL, in.p, in.len, &cached) == 0) {
			rdf_free(&cached);
			status = 0;
		}
		buffree(&in);
	} else {
		if ((r = fetch_cacheread(cf, url, &c, &cached, cerr, sizeof(cerr))) < 0 && cerr[0])
			warn("%s", cerr);
		/*
		 * A cache the window would not fetch over yet (refresh_held)
		 * is printed as it is, with no connection; force (-f) asks the
		 * server whatever the cache says.  Both are empty, to free or
		 * not, without a feed in the cache.
		 */
		now = cf->now();
		if (!r && !force && refresh_held(&c.next, &c.retry, now) > now) {
			printfeed(cf, &cached);
			status = 0;
		} else {
			status = printfetch(cf, url, r ? NULL : &c, r ? NULL : &cached, &closed);
		}
		rdf_free(&cached);
		cache_free(&c);
	}
	/* what went to standard output, unless it is closed already, must
	 * all have got there */
	if (!closed && (fflush(stdout) == EOF || ferror(stdout))) {
		warn("stdout:");
		return 1;
	}
	return status;
}

/* the fetch child */

/*
 * The window learns what happened from the exit status; the pipe carries
 * the times the answer sets, the fetch's error and the cache's, a line
 * each, and a new feed's bytes only when the cache did not keep them (or
 * they came from standard input, which is never cached): the window
 * reads the feed from the cache, as at start.
 */
void
fetch_child(const FetchConf *cf, const char *url, int cond, int fd)
{
	HttpOpt o;
	HttpResp r;
	Buf in = {0}, copy = {0};
	Cache c;
	Feed f;
	char cerr[512] = "", err[512];
	time_t next = 0, retry = 0;
	int ret, whole, kept, rc = FetchFailed;

	memset(&r, 0, sizeof(r));
	if (!strcmp(url, "-")) {
		if ((ret = readfd(0, &in, cf->maxfeed)) < 0)
			snprintf(r.err, sizeof(r.err), "stdin: %s", strerror(errno));
		else if (ret > 0)
			snprintf(r.err, sizeof(r.err),
			         "feed is larger than the %zu byte limit: stdin", cf->maxfeed);
		else
			rc = FetchPiped;
		r.body = in.p;
		r.len = in.len;
	} else {
		/* the cache's validators, but for a copy cut off (cond 0) */
		httpopts(cf, cond && cache_load(url, cf->maxfeed, &c, err, sizeof(err)) == 0 ?
		         &c : NULL, &o);
		ret = http_get(url, &o, &r);
		rc = ret == 0 ? FetchNew : ret == 1 ? FetchSame : FetchFailed;
		/*
		 * A feed worth caching: rdf_parseurl, the one judge of that,
		 * takes it, in a copy (it writes into its input; the cache
		 * keeps the body as sent), left for _exit to free.  A feed cut
		 * off further on is still a feed; the window, which parses it
		 * again to show it, will not confirm it.
		 */
		whole = ret == 0 && bufadd(&copy, r.body, r.len) == 0 &&
		        rdf_parseurl(&f, copy.p, r.len, NULL, err, sizeof(err)) == 0;
		kept = cacheafter(cf, url, o.etag, o.lastmod, ret, &r, whole, NULL, cf->now(),
		                  &next, &retry, cerr, sizeof(cerr));
		if (kept < 0 && ret == 1) {
			snprintf(r.err, sizeof(r.err), "304 Not Modified, but no cached copy: %s", url);
			rc = FetchFailed;
		}
		/* what the window must parse to show, or to say why not */
		if (rc == FetchNew && (!whole || r.nostore || kept == 1 || cerr[0]))
			rc = FetchPiped;
	}
	if (dprintf(fd, "%lld %lld\n%s\n%s\n", (long long)next, (long long)retry, r.err,
	            cerr) < 0 || (rc == FetchPiped && r.len && writeall(fd, r.body, r.len) < 0))
		_exit(FetchFailed);
	_exit(rc);
}
