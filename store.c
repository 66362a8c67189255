/* See LICENSE file for copyright and license details. */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "util.h"
#include "store.h"

/* files */

/*
 * $env/lwnrss/name, or $HOME/home/lwnrss/name when env is unset (the XDG
 * base directory spec: a relative path is to be ignored as unset); NULL
 * without a home directory
 */
static char *
xdgpath(const char *env, const char *home, const char *name)
{
	const char *dir, *sub;
	char *p;
	size_t n;

	if ((dir = getenv(env)) && dir[0] == '/')
		sub = "";
	else if ((dir = getenv("HOME")) && dir[0])
		sub = home;
	else
		return NULL;
	n = strlen(dir) + strlen(sub) + strlen(name) + 9;
	p = ecalloc(1, n);
	snprintf(p, n, "%s%s/lwnrss/%s", dir, sub, name);
	return p;
}

/* 1 when s holds a control character: no line of a file may */
static int
hasctl(const char *s)
{
	for (; *s; s++)
		if ((unsigned char)*s < 0x20 || *s == 0x7f)
			return 1;
	return 0;
}

/* mkdir -p the directories of path, private as the cache is */
static int
mkdirs(char *path)
{
	char *s;

	for (s = path + 1; (s = strchr(s, '/')); *s++ = '/') {
		*s = '\0';
		if (mkdir(path, 0700) < 0 && errno != EEXIST) {
			*s = '/';
			return -1;
		}
	}
	return 0;
}

/*
 * wopen locks lock, made with path's directories as needed, waiting up to
 * tries times 50 ms for another process to let go of it (the lock goes
 * with the process, even killed), and opens tmp, emptied, to write; *lfd
 * is the lock's fd, to close after wclose.  NULL with errno set: EAGAIN
 * when another process held the lock all along, or renamed the locked
 * file into place meanwhile (then it is no longer ours to empty).
 */
static FILE *
wopen(char *path, const char *lock, const char *tmp, int tries, int *lfd)
{
	struct flock lk = { .l_type = F_WRLCK, .l_whence = SEEK_SET };
	struct timespec pause = { 0, 50000000 };
	struct stat a, b;
	FILE *f;
	int fd;

	if (mkdirs(path) < 0 || (*lfd = open(lock, O_RDWR | O_CREAT | O_CLOEXEC, 0600)) < 0)
		return NULL;
	for (; fcntl(*lfd, F_SETLK, &lk) < 0; tries--) {
		if (errno == EACCES || errno == EINTR)
			errno = EAGAIN;
		if (errno != EAGAIN || !tries)
			return NULL;
		nanosleep(&pause, NULL);
	}
	if (fstat(*lfd, &a) < 0 || stat(lock, &b) < 0 || a.st_dev != b.st_dev ||
	    a.st_ino != b.st_ino) {
		errno = EAGAIN;
		return NULL;
	}
	if ((fd = open(tmp, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0600)) < 0)
		return NULL;
	if (!(f = fdopen(fd, "w")))
		close(fd);
	return f;
}

/*
 * wclose makes tmp, written through f, the file path when ok: fsync,
 * rename, and an fsync of the directory, which makes the rename durable.
 * 0, or -1 with errno set and tmp removed.
 */
static int
wclose(FILE *f, const char *tmp, char *path, int ok)
{
	char *slash;
	int dfd, e;

	if (!ok || fflush(f) == EOF || ferror(f) || fsync(fileno(f)) < 0 ||
	    rename(tmp, path) < 0) {
		e = errno;
		unlink(tmp);
		fclose(f);
		errno = e;
		return -1;
	}
	fclose(f);
	slash = strrchr(path, '/');
	*slash = '\0';
	if ((dfd = open(path, O_RDONLY | O_CLOEXEC)) >= 0) {
		fsync(dfd);
		close(dfd);
	}
	*slash = '/';
	return 0;
}

/* the cache */

/*
 * The cache: one file per URL under $XDG_CACHE_HOME/lwnrss/ (~/.cache/lwnrss/), named by
 * the URL's FNV-1a hash:
 *
 *	lwnrss-cache 3\n
 *	url URL\n
 *	base URL\n            (where the body came from after redirects; empty: unknown)
 *	etag ETAG\n            (the value empty when there was none)
 *	lastmod LAST-MODIFIED\n
 *	fetched SECONDS\n      (since the epoch)
 *	next SECONDS\n         (no automatic fetch before then; 0: none)
 *	retry SECONDS\n        (the end of the server's Retry-After; 0: none)
 *	maxage SECONDS\n       (the body's Cache-Control max-age; -: none)
 *	expires SECONDS\n      (the body's Expires, since the epoch; -: none)
 *	length N\n             (0: no body, the file keeps the times alone)
 *	\n
 *	N bytes: the body as the server sent it
 *
 * A file that does not follow this to the byte (cut short, a time that is no
 * number, another program's, another URL's with the same hash) is
 * ignored with a warning.  A writer locks HASH.tmp, writes it whole,
 * fsyncs it, renames it over HASH and fsyncs the directory: a kill at any
 * moment leaves the old cache or the new one, and at most one stale
 * HASH.tmp, which the next writer reuses.  Only a body that parses as a
 * whole feed is written.
 */
static char *
cachepath(const char *url, const char *suffix)
{
	char name[24];

	/* the header is made of lines: a URL that could break one gets no cache */
	if (hasctl(url))
		return NULL;
	snprintf(name, sizeof(name), "%016llx%s", fnv1a(url), suffix);
	return xdgpath("XDG_CACHE_HOME", "/.cache", name);
}

/* the value of the header line "key value" at *p; *p then follows it */
static char *
cachefield(char **p, char *end, const char *key)
{
	size_t kl = strlen(key);
	char *nl, *v;

	if (!(nl = memchr(*p, '\n', end - *p)) || (size_t)(nl - *p) < kl + 1 ||
	    memcmp(*p, key, kl) || (*p)[kl] != ' ')
		return NULL;
	*nl = '\0';
	v = *p + kl + 1;
	*p = nl + 1;
	return v;
}

/* s, a header line's value, as a decimal number, or -1 for "-" when none
 * is allowed; -2 when it is neither */
static long long
cachenum(const char *s, int none)
{
	unsigned long long u;
	const char *e;

	if (none && !strcmp(s, "-"))
		return -1;
	/* too large a number is the largest, which no field takes */
	if (!(e = decnum(s, LLONG_MAX, &u)) || *e || u == LLONG_MAX)
		return -2;
	return (long long)u;
}

void
cache_free(Cache *c)
{
	buffree(&c->body);
	free(c->etag);
	free(c->lastmod);
	free(c->base);
	memset(c, 0, sizeof(*c));
}

int
cache_load(const char *url, size_t max, Cache *c, char *err, size_t errlen)
{
	static const char *const keys[] = { "url", "base", "etag", "lastmod", "fetched", "next",
	                                    "retry", "maxage", "expires", "length" };
	char *path, *p, *end, *v[LENGTH(keys)];
	const char *why = "corrupt cache file ignored";
	long long n[6];
	size_t i;
	int fd, ret;

	memset(c, 0, sizeof(*c));
	err[0] = '\0';
	if (!(path = cachepath(url, "")))
		return -1;
	/* the header: a URL twice, the validators (each at most the 64 KiB
	 * of a response head) and a few numbers */
	ret = (fd = open(path, O_RDONLY | O_CLOEXEC)) < 0 ? -1 :
	      readfd(fd, &c->body, max + 2 * strlen(url) + 3 * 65536);
	/* no cache yet, or no directory for one (said when writing) */
	if (ret < 0 && errno != ENOENT && errno != ENOTDIR)
		snprintf(err, errlen, "%s: cache ignored: %s", path, strerror(errno));
	if (fd >= 0)
		close(fd);
	if (ret < 0)
		goto out;
	p = c->body.p;
	end = p + c->body.len;
	if (ret > 0 || !c->body.len)
		goto bad;
	if (!(v[0] = cachefield(&p, end, "lwnrss-cache")) || strcmp(v[0], "3")) {
		why = "not an lwnrss cache file, ignored";
		goto bad;
	}
	for (i = 0; i < LENGTH(keys); i++)
		if (!(v[i] = cachefield(&p, end, keys[i])))
			goto bad;
	if (strcmp(v[0], url)) {
		why = "the cache of another URL, ignored";
		goto bad;
	}
	/* the times, max-age ("-": none), Expires (the same) and the length */
	for (i = 0; i < 6; i++)
		if ((n[i] = cachenum(v[4 + i], i == 3 || i == 4)) < -1 || (i < 3 && (time_t)n[i] != n[i]))
			goto bad;
	if (n[3] > 2147483647LL || n[4] > (long long)1 << 40 || p >= end ||
	    *p++ != '\n' || n[5] != end - p)
		goto bad;
	c->etag = *v[2] ? estrdup(v[2]) : NULL;
	c->lastmod = *v[3] ? estrdup(v[3]) : NULL;
	c->base = *v[1] ? estrdup(v[1]) : NULL;
	c->fetched = n[0];
	c->next = n[1];
	c->retry = n[2];
	c->maxage = (long)n[3];
	c->expires = n[4];
	memmove(c->body.p, p, n[5]);
	c->body.len = n[5];
	c->body.p[n[5]] = '\0';
	free(path);
	return 0;
bad:
	snprintf(err, errlen, "%s: %s", path, why);
out:
	cache_free(c);
	free(path);
	return -1;
}

/* s, or "" when there is none or it could break a line of the header */
static const char *
oneline(const char *s)
{
	return s && !strpbrk(s, "\r\n") ? s : "";
}

int
cache_save(const char *url, const Cache *c, char *err, size_t errlen)
{
	char *path, *tmp, maxage[24] = "-", expires[24] = "-";
	FILE *f;
	int lfd = -1, ret = 0;

	if (!(path = cachepath(url, "")))
		return 1;
	if (c->maxage >= 0)
		snprintf(maxage, sizeof(maxage), "%ld", c->maxage);
	if (c->expires >= 0)
		snprintf(expires, sizeof(expires), "%lld", c->expires);
	/* one writer per file, the lock on its temporary file */
	tmp = cachepath(url, ".tmp");
	if (!(f = wopen(path, tmp, tmp, 0, &lfd))) {
		ret = errno == EAGAIN ? 1 : -1;
	} else {
		/* a failed write leaves f in error, for wclose to see */
		fprintf(f, "lwnrss-cache 3\nurl %s\nbase %s\netag %s\nlastmod %s\nfetched %lld\n"
		        "next %lld\nretry %lld\nmaxage %s\nexpires %s\nlength %zu\n\n",
		        url, oneline(c->base), oneline(c->etag), oneline(c->lastmod),
		        (long long)MAX(c->fetched, 0), (long long)MAX(c->next, 0),
		        (long long)MAX(c->retry, 0), maxage, expires, c->body.len);
		/* no body (a 304's times alone, no-store): no buffer at all */
		if (c->body.len)
			fwrite(c->body.p, 1, c->body.len, f);
		ret = wclose(f, tmp, path, 1);
	}
	if (ret < 0)
		snprintf(err, errlen, "%s: cannot write the cache: %s", path, strerror(errno));
	if (lfd >= 0)
		close(lfd);
	free(tmp);
	free(path);
	return ret;
}


/* the read state */

static const char statehead[] = "lwnrss-read 1\n";

#define LOCKWAIT                5   /* seconds a writer waits for read.lock */

/* link's slot in rs, by its hash h, or the empty one it would take; NULL
 * when rs has none */
static ReadLink *
rsfind(const ReadSet *rs, const char *link, unsigned long long h)
{
	size_t i;

	if (!rs->cap)
		return NULL;
	for (i = h & (rs->cap - 1); rs->tab[i].link; i = (i + 1) & (rs->cap - 1))
		if (rs->tab[i].hash == h && !strcmp(rs->tab[i].link, link))
			return &rs->tab[i];
	return &rs->tab[i];
}

/* room for n links in rs, at most half full so that a search ends soon */
static void
rsroom(ReadSet *rs, size_t n)
{
	ReadLink *old = rs->tab;
	size_t i, oldcap = rs->cap;

	if (n * 2 <= rs->cap)
		return;
	while (n * 2 > rs->cap)
		rs->cap = rs->cap ? rs->cap * 2 : 64;
	rs->tab = ecalloc(rs->cap, sizeof(*rs->tab));
	for (i = 0; i < oldcap; i++)
		if (old[i].link)
			*rsfind(rs, old[i].link, old[i].hash) = old[i];
	free(old);
}

/* link's entry, added unread and unseen when it has none */
static ReadLink *
rsget(ReadSet *rs, const char *link)
{
	ReadLink *l;
	unsigned long long h = fnv1a(link);

	if ((l = rsfind(rs, link, h)) && l->link)
		return l;
	if ((rs->n + 1) * 2 > rs->cap) {
		rsroom(rs, rs->n + 1);
		l = rsfind(rs, link, h);
	}
	l->link = estrdup(link);
	l->hash = h;
	rs->n++;
	return l;
}

int
state_isread(const ReadSet *rs, const char *link)
{
	const ReadLink *l = rsfind(rs, link, fnv1a(link));

	return l && l->link && l->read;
}

void
state_mark(ReadSet *rs, const char *link, int read, time_t now)
{
	ReadLink *l = rsget(rs, link);

	l->read = read != 0;
	l->seen = now;
	l->marked = 1;
	l->change = ++rs->changes;
}

int
state_seen(ReadSet *rs, const char *link, time_t now)
{
	ReadLink *l = rsfind(rs, link, fnv1a(link));

	/* a day's precision is plenty against an expiry of weeks */
	if (!l || !l->link || !l->read || (now >= l->seen && now - l->seen < 86400))
		return 0;
	l->seen = now;
	l->change = ++rs->changes;
	return 1;
}

int
state_dirty(const ReadSet *rs)
{
	size_t i;

	for (i = 0; i < rs->cap; i++)
		if (rs->tab[i].change)
			return 1;
	return 0;
}

void
state_clean(ReadSet *rs, unsigned long upto)
{
	size_t i;

	for (i = 0; i < rs->cap; i++)
		if (rs->tab[i].change && rs->tab[i].change <= upto)
			rs->tab[i].change = rs->tab[i].marked = 0;
}

void
state_free(ReadSet *rs)
{
	size_t i;

	for (i = 0; i < rs->cap; i++)
		free(rs->tab[i].link);
	free(rs->tab);
	memset(rs, 0, sizeof(*rs));
}

/*
 * apply rs's unwritten changes to disk, the file's set: a mark wins, a
 * later sighting of a link still read is kept; a link disk has no more
 * and this process only saw stays gone.  They stay changes in disk.
 */
static void
apply(ReadSet *disk, const ReadSet *rs)
{
	const ReadLink *l;
	ReadLink *d;
	size_t i;

	for (i = 0; i < rs->cap; i++) {
		l = &rs->tab[i];
		d = !l->change ? NULL : l->marked ? rsget(disk, l->link) : rsfind(disk, l->link, l->hash);
		if (!d || !d->link)
			continue;
		if (l->marked)
			d->read = l->read;
		d->seen = l->marked ? l->seen : MAX(d->seen, l->seen);
		d->change = l->change;
		d->marked = l->marked;
	}
}

/*
 * The file at path into disk, every link in it read: 0, err "" or a
 * warning about malformed lines; -1 when there is none (err "") or it
 * is unreadable or foreign (err says so).
 */
static int
stateread(const char *path, ReadSet *disk, char *err, size_t errlen)
{
	Buf b = {0};
	ReadLink *l;
	char *p, *nl, *end;
	const char *e;
	unsigned long long t;
	size_t bad = 0, n;
	int fd, rc;

	err[0] = '\0';
	rc = (fd = open(path, O_RDONLY | O_CLOEXEC)) < 0 ? -1 : readfd(fd, &b, 64 << 20);
	if (rc > 0 || (rc < 0 && errno != ENOENT && errno != ENOTDIR))
		snprintf(err, errlen, "%s: %s", path, rc < 0 ? strerror(errno) :
		         "larger than 64 MB, ignored");
	if (fd >= 0)
		close(fd);
	/* an empty file (made by hand, say) is an empty state */
	if (!rc && b.len && strncmp(b.p, statehead, sizeof(statehead) - 1)) {
		snprintf(err, errlen, "%s: not an lwnrss read-state file, "
		         "ignored and left as it is", path);
		rc = -1;
	}
	if (rc) {
		buffree(&b);
		return -1;
	}
	end = b.p + b.len;
	/* a table the size of the file at once: growing it a step at a time
	 * costs more than counting its lines (0.2 M instructions of each
	 * start for 2,000 links) */
	for (p = b.p, n = 0; p && (p = memchr(p, '\n', end - p)); p++)
		n++;
	rsroom(disk, disk->n + n);
	for (p = b.len ? b.p + sizeof(statehead) - 1 : end; p < end; p = nl + 1) {
		/* a last line may lack its newline: files are replaced whole,
		 * so that is an editor's doing, not a write cut short */
		if (!(nl = memchr(p, '\n', end - p)))
			nl = end;
		*nl = '\0';
		/* seconds, then a space and the link; no strtoll: its locale
		 * and its signs cost more than the rest of the line */
		if (!(e = decnum(p, (unsigned long long)LLONG_MAX + 1, &t)) ||
		    t > LLONG_MAX || *e != ' ' || !e[1] || hasctl(e + 1)) {
			bad++;
			continue;
		}
		l = rsget(disk, e + 1);
		l->read = 1;
		l->seen = (time_t)t;
	}
	if (bad)
		snprintf(err, errlen, "%s: %zu malformed line%s ignored", path,
		         bad, bad == 1 ? "" : "s");
	buffree(&b);
	return 0;
}

int
state_load(ReadSet *rs, char *err, size_t errlen)
{
	ReadSet disk = {0};
	struct stat st;
	long long stamp[4] = {0};
	char *path;
	int rc;

	err[0] = '\0';
	if (!(path = xdgpath("XDG_STATE_HOME", "/.local/state", "read")))
		return -1;
	if (stat(path, &st) == 0) {
		stamp[0] = st.st_dev;
		stamp[1] = st.st_ino;
		stamp[2] = st.st_size;
		stamp[3] = st.st_ctim.tv_sec * 1000000000LL + st.st_ctim.tv_nsec;
	}
	/* the file as last read has nothing new (a focus, a fetch, each look
	 * here; a write renames a new file into place); no file there has a
	 * time of change of 0 */
	rc = stamp[3] && !memcmp(stamp, rs->stamp, sizeof(stamp)) ? 1 :
	     stateread(path, &disk, err, errlen);
	free(path);
	if (rc)
		return rc < 0 ? -1 : 0;
	/*
	 * The file's set becomes the set, with this process's unwritten
	 * changes over it (apply).  What the file dropped (expired, unmarked elsewhere)
	 * goes with the old table, so that memory holds no more than the file.
	 */
	apply(&disk, rs);
	disk.changes = rs->changes;
	memcpy(disk.stamp, stamp, sizeof(stamp));
	state_free(rs);
	*rs = disk;
	return 0;
}

int
state_save(const ReadSet *rs, time_t now, time_t maxage, char *err, size_t errlen)
{
	ReadSet disk = {0};
	ReadLink *d;
	FILE *f;
	char *path, *lock, *tmp;
	size_t i;
	int lfd = -1, ret = -1;

	if (!(path = xdgpath("XDG_STATE_HOME", "/.local/state", "read")))
		return 0;
	lock = xdgpath("XDG_STATE_HOME", "/.local/state", "read.lock");
	tmp = xdgpath("XDG_STATE_HOME", "/.local/state", "read.tmp");
	/*
	 * One writer at a time.  A write holds the lock for milliseconds: one
	 * held for LOCKWAIT seconds is a stuck process's, and no lwnrss waits
	 * for it for ever.
	 */
	if (!(f = wopen(path, lock, tmp, LOCKWAIT * 20, &lfd))) {
		if (errno != EAGAIN)
			goto fail;
		snprintf(err, errlen, "%s: still locked after %d s, not written", lock, LOCKWAIT);
		goto out;
	}
	/* what the others wrote meanwhile, then our changes over it */
	if (stateread(path, &disk, err, errlen) < 0 && err[0]) {
		wclose(f, tmp, path, 0);
		goto out;
	}
	apply(&disk, rs);
	fputs(statehead, f);
	for (i = 0; i < disk.cap; i++) {
		d = &disk.tab[i];
		/* a line a link: one with a control character would not be read back */
		if (!d->link || !d->read || (maxage && d->seen < now - maxage) ||
		    hasctl(d->link))
			continue;
		fprintf(f, "%lld %s\n", (long long)d->seen, d->link);
	}
	if (wclose(f, tmp, path, 1) < 0)
		goto fail;
	ret = 0;
	goto out;
fail:
	snprintf(err, errlen, "%s: cannot write the read state: %s", path,
	         strerror(errno));
out:
	if (lfd >= 0)
		close(lfd);
	state_free(&disk);
	free(lock);
	free(tmp);
	free(path);
	return ret;
}
