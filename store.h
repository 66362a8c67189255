/* See LICENSE file for copyright and license details. */
/*
 * store: the files lwnrss keeps between runs, under the XDG base
 * directories.  No X, no network, no global state.
 *
 * The cache ($XDG_CACHE_HOME/lwnrss/, ~/.cache/lwnrss/) holds the last
 * good feed of each URL as the server sent it, with its validators, so
 * that the window paints before the network answers, works offline and
 * asks the server conditionally.  Every file is written whole and
 * atomically (a locked temporary file, fsync, rename, a directory fsync):
 * a kill at any moment leaves the old file or the new one.
 */
#include <stddef.h>
#include <time.h>

/* Buf is util.h's: include it first */

typedef struct {
	Buf body;               /* the feed's bytes, NUL-terminated; none (len 0)
	                           when the file keeps only the times */
	char *etag, *lastmod;   /* the validators, NULL when none */
	char *base;             /* the URL the body came from, after redirects;
	                           NULL when unknown (a file of format 1) */
	time_t fetched;         /* when the server sent or last confirmed it; 0: never */
	time_t next;            /* no automatic fetch before then; 0: no limit */
	time_t retry;           /* the server's Retry-After ends then; 0: none */
} Cache;

/*
 * cache_load reads url's cache into *c, accepting a body of at most max
 * bytes.  Returns 0, or -1 when there is none (err then "") or the file
 * is unusable (err says which file and why: corrupt, a value that is no
 * number, another program's, another URL's); *c then needs no
 * cache_free.  Files of format 1 are read too, without base, next and
 * retry.  The times are as the file has them: the caller judges them.
 */
int cache_load(const char *url, size_t max, Cache *c, char *err, size_t errlen);

/*
 * cache_save replaces url's cache with c: its body (none for a file of
 * the times alone) and the rest.  Validators and a base that could break
 * a line of the header are not kept.  Returns 0 when written, or left to
 * another lwnrss writing the same file at the same moment, and when url
 * can have no cache (no home directory); -1 with a one-line message in
 * err.
 */
int cache_save(const char *url, const Cache *c, char *err, size_t errlen);

void cache_free(Cache *c);
