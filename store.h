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
 * a kill at any moment leaves the old file or the new one.  Include
 * util.h first.
 */
#include <stddef.h>
#include <time.h>

typedef struct {
	Buf body;               /* the feed's bytes, NUL-terminated; none (len 0)
	                           when the file keeps only the times */
	char *etag, *lastmod;   /* the validators, NULL when none */
	char *base;             /* the URL the body came from, after redirects;
	                           NULL when unknown */
	time_t fetched;         /* when the server sent or last confirmed it; 0: never */
	time_t next;            /* no automatic fetch before then; 0: no limit */
	time_t retry;           /* the server's Retry-After ends then; 0: none */
	/* what the stored response said of its freshness, for a 304 that
	 * says nothing of it (RFC 9111 4.3.4): -1 when it said nothing */
	long maxage;            /* Cache-Control max-age, seconds */
	long long expires;      /* Expires, seconds since the epoch */
} Cache;

/*
 * cache_load reads url's cache into *c, accepting a body of at most max
 * bytes.  Returns 0, or -1 when there is none (err then "") or the file
 * is unusable (err says which file and why: corrupt, a value that is no
 * number, another program's, another URL's); *c then holds nothing to
 * use and needs no cache_free.  The times are as the file has them: the
 * caller judges them.
 */
int cache_load(const char *url, size_t max, Cache *c, char *err, size_t errlen);

/*
 * cache_save replaces url's cache with c: its body (none for a file of
 * the times alone) and the rest.  Validators and a base that could break
 * a line of the header are not kept.  Returns 0 when written; 1 when
 * not, and rightly so: left to another lwnrss writing the same file at
 * the same moment, or url can have no cache (no home directory); -1 with
 * a one-line message in err.
 */
int cache_save(const char *url, const Cache *c, char *err, size_t errlen);

void cache_free(Cache *c);

/*
 * The read state ($XDG_STATE_HOME/lwnrss/read, ~/.local/state/lwnrss/read):
 * the links of the articles read, in any feed, each with the time it was
 * last seen in a feed on screen, so that links no feed has shown for a
 * while can be dropped.  Every lwnrss shares the file: a writer takes
 * read.lock, reads the file again and merges its own changes into it, so
 * windows open at once never lose each other's marks.
 *
 * A ReadSet holds the links in memory, and which of them this process
 * changed since its last write: those changes win a merge, the file wins
 * for every other link.  Changes are numbered, so a write made from a
 * copy of the set (a child process) can be acknowledged for exactly the
 * changes it carried.
 */
typedef struct {
	char *link;
	unsigned long long hash; /* fnv1a(link), kept for growing the table */
	time_t seen;            /* last seen in a feed shown, or marked */
	unsigned long change;   /* the number of this process's last change; 0: none unwritten */
	unsigned char read;
	unsigned char marked;   /* read was set here: it wins the merge; else
	                           seen was updated here: the later time wins,
	                           if still read */
} ReadLink;

typedef struct {
	ReadLink *tab;          /* open addressing; cap is a power of 2 */
	size_t cap, n;
	unsigned long changes;  /* the number of the last change */
	long long stamp[4];     /* the file last read whole: its device, inode,
	                           size and time of change (ns); 0s: none */
} ReadSet;

/* 1 when link is marked read */
int state_isread(const ReadSet *rs, const char *link);
/* mark link read or unread at time now */
void state_mark(ReadSet *rs, const char *link, int read, time_t now);
/* a read link was seen in a feed at now: keep it from expiring; 1 when
 * that changed something worth writing (it was last seen over a day ago) */
int state_seen(ReadSet *rs, const char *link, time_t now);
/* 1 when something is changed and unwritten */
int state_dirty(const ReadSet *rs);
/* the changes up to number upto are written: forget them as changes */
void state_clean(ReadSet *rs, unsigned long upto);

/*
 * state_load merges the file into rs: every link without an unwritten
 * mark takes the file's state, and leaves rs when the file has it no
 * more (expired, or unmarked by another lwnrss); a file unchanged since
 * rs last read it (device, inode, size, ctime) is not read again.
 * Returns 0 when the file was read or unchanged, err then "" or a warning (malformed lines, skipped); -1
 * when there is none (err "") or it cannot be used: unreadable, or
 * another program's, which is never written over (err says so).
 */
int state_load(ReadSet *rs, char *err, size_t errlen);

/*
 * state_save writes rs's changes: under the lock, the file is read
 * again, rs's unwritten changes are applied to it, links read but unseen
 * for more than maxage seconds are dropped, and the result replaces the
 * file atomically.  Returns 0, or -1 with a one-line message in err
 * (the marks then stay only in memory).  It does not change rs: the
 * caller acknowledges with state_clean and may state_load afterwards.
 */
int state_save(const ReadSet *rs, time_t now, time_t maxage, char *err, size_t errlen);

void state_free(ReadSet *rs);
