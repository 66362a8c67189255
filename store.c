/* See LICENSE file for copyright and license details. */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "util.h"
#include "store.h"

/*
 * The cache: one file per URL under $XDG_CACHE_HOME/lwnrss/ (~/.cache/lwnrss/), named by
 * the URL's FNV-1a hash:
 *
 *	lwnrss-cache 2\n
 *	url URL\n
 *	base URL\n            (where the body came from after redirects; empty: unknown)
 *	etag ETAG\n            (the value empty when there was none)
 *	lastmod LAST-MODIFIED\n
 *	fetched SECONDS\n      (since the epoch)
 *	next SECONDS\n         (no automatic fetch before then; 0: none)
 *	retry SECONDS\n        (the end of the server's Retry-After; 0: none)
 *	length N\n             (0: no body, the file keeps the times alone)
 *	\n
 *	N bytes: the body as the server sent it
 *
 * Format 1, which lacked base, next and retry, is read as well.  A file
 * that does not follow this to the byte (cut short, a time that is no
 * number, another program's, another URL's with the same hash) is
 * ignored with a warning.  A writer locks HASH.tmp, writes it whole,
 * fsyncs it, renames it over HASH and fsyncs the directory: a kill at any
 * moment leaves the old cache or the new one, and at most one stale
 * HASH.tmp, which the next writer reuses.  Only a body that parses as a
 * whole feed is written.
 */
static char *
cachepath(const char *url)
{
	const char *dir, *sub, *s;
	char *p;
	size_t n;

	/* the header is made of lines: a URL that could break one gets no cache */
	for (s = url; *s; s++)
		if ((unsigned char)*s < 0x20 || *s == 0x7f)
			return NULL;
	/* the XDG base directory spec: a relative path is to be ignored */
	if ((dir = getenv("XDG_CACHE_HOME")) && dir[0] == '/')
		sub = "/lwnrss/";
	else if ((dir = getenv("HOME")) && dir[0])
		sub = "/.cache/lwnrss/";
	else
		return NULL;
	n = strlen(dir) + strlen(sub) + 17;
	p = ecalloc(1, n);
	snprintf(p, n, "%s%s%016llx", dir, sub, fnv1a(url));
	return p;
}

/* mkdir -p the directories of path, private as the cache is */
static int
mkdirs(char *path)
{
	char *s;

	for (s = path + 1; (s = strchr(s, '/')); s++) {
		*s = '\0';
		if (mkdir(path, 0700) < 0 && errno != EEXIST) {
			*s = '/';
			return -1;
		}
		*s = '/';
	}
	return 0;
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

/* a decimal number with nothing around it */
static int
cachenum(const char *s, unsigned long long *v)
{
	char *e;

	if (*s < '0' || *s > '9')
		return -1;
	errno = 0;
	*v = strtoull(s, &e, 10);
	return errno || *e ? -1 : 0;
}

/* the header line "key SECONDS" at *p as a time; -1 when it is none */
static int
cachetime(char **p, char *end, const char *key, time_t *t)
{
	unsigned long long v;
	char *s;

	if (!(s = cachefield(p, end, key)) || cachenum(s, &v) < 0 ||
	    (time_t)v < 0 || (unsigned long long)(time_t)v != v)
		return -1;
	*t = (time_t)v;
	return 0;
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
	Buf b = {0};
	char *path, *p, *end, *v, *e, *l, *n, *base = NULL;
	const char *why = "corrupt cache file ignored";
	unsigned long long len;
	int fd, ret, version;

	memset(c, 0, sizeof(*c));
	if (errlen)
		err[0] = '\0';
	if (!(path = cachepath(url)))
		return -1;
	if ((fd = open(path, O_RDONLY | O_CLOEXEC)) < 0) {
		/* no cache yet, or no directory for one (said when writing) */
		if (errno != ENOENT && errno != ENOTDIR)
			snprintf(err, errlen, "%s: cache ignored: %s", path, strerror(errno));
		free(path);
		return -1;
	}
	/* the header: a URL twice, the validators (each at most the 64 KiB
	 * of a response head) and a few numbers */
	ret = readfd(fd, &b, max + 2 * strlen(url) + 3 * 65536);
	close(fd);
	if (ret < 0) {
		snprintf(err, errlen, "%s: cache ignored: %s", path, strerror(errno));
		buffree(&b);
		free(path);
		return -1;
	}
	if (ret > 0 || !b.len)
		goto bad;
	p = b.p;
	end = b.p + b.len;
	if (!(v = cachefield(&p, end, "lwnrss-cache")) ||
	    (strcmp(v, "1") && strcmp(v, "2"))) {
		why = "not an lwnrss cache file, ignored";
		goto bad;
	}
	version = v[0] - '0';
	if (!(v = cachefield(&p, end, "url")))
		goto bad;
	if (strcmp(v, url)) {
		why = "the cache of another URL, ignored";
		goto bad;
	}
	if ((version == 2 && !(base = cachefield(&p, end, "base"))) ||
	    !(e = cachefield(&p, end, "etag")) ||
	    !(l = cachefield(&p, end, "lastmod")) ||
	    cachetime(&p, end, "fetched", &c->fetched) < 0 ||
	    (version == 2 && (cachetime(&p, end, "next", &c->next) < 0 ||
	    cachetime(&p, end, "retry", &c->retry) < 0)) ||
	    !(n = cachefield(&p, end, "length")) ||
	    p >= end || *p++ != '\n' || cachenum(n, &len) < 0 ||
	    len != (unsigned long long)(end - p))
		goto bad;
	c->etag = *e ? estrdup(e) : NULL;
	c->lastmod = *l ? estrdup(l) : NULL;
	c->base = base && *base ? estrdup(base) : NULL;
	memmove(b.p, p, len);
	b.len = len;
	b.p[len] = '\0';
	c->body = b;
	free(path);
	return 0;
bad:
	snprintf(err, errlen, "%s: %s", path, why);
	buffree(&b);
	free(path);
	c->fetched = c->next = c->retry = 0;
	return -1;
}

/* s, unless it could break a line of the header */
static const char *
oneline(const char *s)
{
	return s && !strpbrk(s, "\r\n") ? s : NULL;
}

int
cache_save(const char *url, const Cache *c, char *err, size_t errlen)
{
	struct flock lk;
	struct stat a, b;
	Buf h = {0};
	char *path, *tmp, *slash, tail[160];
	const char *etag = oneline(c->etag), *lastmod = oneline(c->lastmod);
	const char *base = oneline(c->base);
	int fd = -1, dfd, ret = -1, locked = 0;
	size_t n;

	if (!(path = cachepath(url)))
		return 0;
	n = strlen(path) + 5;
	tmp = ecalloc(1, n);
	snprintf(tmp, n, "%s.tmp", path);
	if (mkdirs(path) < 0 ||
	    (fd = open(tmp, O_WRONLY | O_CREAT | O_CLOEXEC, 0600)) < 0)
		goto fail;
	/* one writer per file: the lock goes with the process, even killed */
	memset(&lk, 0, sizeof(lk));
	lk.l_type = F_WRLCK;
	lk.l_whence = SEEK_SET;
	if (fcntl(fd, F_SETLK, &lk) < 0) {
		if (errno != EACCES && errno != EAGAIN)
			goto fail;
		ret = 0;
		goto out;
	}
	locked = 1;
	/* the writer we waited for may have renamed this very file into
	 * place: then it is the cache, not ours to truncate */
	if (fstat(fd, &a) < 0 || stat(tmp, &b) < 0 || a.st_dev != b.st_dev ||
	    a.st_ino != b.st_ino) {
		ret = 0;
		goto out;
	}
	snprintf(tail, sizeof(tail), "\nfetched %lld\nnext %lld\nretry %lld\nlength %zu\n\n",
	         (long long)MAX(c->fetched, 0), (long long)MAX(c->next, 0),
	         (long long)MAX(c->retry, 0), c->body.len);
	if (bufadd(&h, "lwnrss-cache 2\nurl ", 19) < 0 ||
	    bufadd(&h, url, strlen(url)) < 0 || bufadd(&h, "\nbase ", 6) < 0 ||
	    (base && bufadd(&h, base, strlen(base)) < 0) || bufadd(&h, "\netag ", 6) < 0 ||
	    (etag && bufadd(&h, etag, strlen(etag)) < 0) ||
	    bufadd(&h, "\nlastmod ", 9) < 0 ||
	    (lastmod && bufadd(&h, lastmod, strlen(lastmod)) < 0) ||
	    bufadd(&h, tail, strlen(tail)) < 0) {
		errno = ENOMEM;
		goto fail;
	}
	if (ftruncate(fd, 0) < 0 || writeall(fd, h.p, h.len) < 0 ||
	    writeall(fd, c->body.p, c->body.len) < 0 || fsync(fd) < 0 || rename(tmp, path) < 0)
		goto fail;
	locked = 0;
	/* the rename is durable once the directory is */
	slash = strrchr(path, '/');
	*slash = '\0';
	if ((dfd = open(path, O_RDONLY | O_CLOEXEC)) >= 0) {
		fsync(dfd);
		close(dfd);
	}
	ret = 0;
	goto out;
fail:
	snprintf(err, errlen, "%s: cannot write the cache: %s", tmp,
	         strerror(errno));
	if (locked)
		unlink(tmp);
out:
	if (fd >= 0)
		close(fd);
	buffree(&h);
	free(tmp);
	free(path);
	return ret;
}

