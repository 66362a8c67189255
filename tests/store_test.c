/* See LICENSE file for copyright and license details. */
/*
 * store_test: unit tests for store.c's read state, and for what the
 * read state's and the cache's writers say when they cannot write, in
 * files under a directory of its own (HOME and the XDG directories point
 * there).  Run from the top directory.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <signal.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <fcntl.h>
#include <unistd.h>

#include "util.h"
#include "store.h"

#include "check.h"

static char dir[4096], state[4200];

/* the read-state file is s, replaced as a writer replaces it */
static void
putstate(const char *s)
{
	char tmp[4300];
	FILE *f;

	snprintf(tmp, sizeof(tmp), "%s.new", state);
	if (!(f = fopen(tmp, "w")) || fputs(s, f) == EOF || fclose(f) == EOF ||
	    rename(tmp, state) < 0)
		die("%s:", tmp);
}

/* the read-state file holds the line s */
static int
statehas(const char *s)
{
	char line[512];
	FILE *f;
	int found = 0;

	if (!(f = fopen(state, "r")))
		return 0;
	while (!found && fgets(line, sizeof(line), f))
		found = !strcmp(line, s);
	fclose(f);
	return found;
}

/* link has a slot in rs's table, read or not */
static int
inset(const ReadSet *rs, const char *link)
{
	size_t i;

	for (i = 0; i < rs->cap; i++)
		if (rs->tab[i].link && !strcmp(rs->tab[i].link, link))
			return 1;
	return 0;
}

static void
readstate(void)
{
	ReadSet rs = {0};
	char err[512];
	int rc;

	/* a last line without its newline, as an editor may leave it */
	putstate("lwnrss-read 1\n100 https://e/a\n200 https://e/last");
	rc = state_load(&rs, err, sizeof(err));
	check(rc == 0 && !err[0], "no final newline: loaded with no warning (got %d \"%s\")",
	      rc, err);
	check(state_isread(&rs, "https://e/last"), "no final newline: the last link is read");
	state_mark(&rs, "https://e/new", 1, 300);
	rc = state_save(&rs, 300, 0, err, sizeof(err));
	check(rc == 0 && statehas("200 https://e/last\n") && statehas("100 https://e/a\n") &&
	      statehas("300 https://e/new\n"),
	      "no final newline: a write keeps the last link, with the new mark");
	state_free(&rs);

	/* links the file dropped leave memory */
	putstate("lwnrss-read 1\n100 https://e/A\n100 https://e/B\n");
	state_load(&rs, err, sizeof(err));
	check(rs.n == 2 && state_isread(&rs, "https://e/A") && state_isread(&rs, "https://e/B"),
	      "load: A and B read (n %zu)", rs.n);
	putstate("lwnrss-read 1\n100 https://e/A\n");
	rc = state_load(&rs, err, sizeof(err));
	check(rc == 0 && rs.n == 1 && !inset(&rs, "https://e/B") &&
	      !state_isread(&rs, "https://e/B") && state_isread(&rs, "https://e/A"),
	      "load: B, gone from the file, leaves the table (n %zu)", rs.n);

	/* unwritten changes stay: a mark, an unmark, a later sighting */
	state_mark(&rs, "https://e/C", 1, 500);
	state_mark(&rs, "https://e/A", 0, 500);
	putstate("lwnrss-read 1\n100 https://e/A\n100 https://e/D\n150 https://e/E\n");
	state_load(&rs, err, sizeof(err));
	check(rs.n == 4 && state_isread(&rs, "https://e/C") && !state_isread(&rs, "https://e/A") &&
	      state_isread(&rs, "https://e/D") && state_isread(&rs, "https://e/E") &&
	      state_dirty(&rs),
	      "load: a mark and an unmark not yet written stay, the file's links come (n %zu)",
	      rs.n);
	check(state_seen(&rs, "https://e/D", 200000) && state_seen(&rs, "https://e/E", 200000),
	      "seen: D and E seen a day later");
	putstate("lwnrss-read 1\n100 https://e/D\n");
	state_load(&rs, err, sizeof(err));
	check(rs.n == 3 && !inset(&rs, "https://e/E") && state_isread(&rs, "https://e/D") &&
	      state_isread(&rs, "https://e/C") && inset(&rs, "https://e/A"),
	      "load: E, seen here but dropped from the file, leaves the table (n %zu)", rs.n);
	rc = state_save(&rs, 200000, 0, err, sizeof(err));
	check(rc == 0 && statehas("200000 https://e/D\n") && statehas("500 https://e/C\n") &&
	      !statehas("100 https://e/A\n") && !statehas("150 https://e/E\n"),
	      "save: the later sighting of D and the marks are written, E is not back");
	state_free(&rs);
}

/* the bytes of the file path, or "" when there is none */
static char *
slurp(const char *path)
{
	Buf b = {0};
	int fd = open(path, O_RDONLY);

	if (fd < 0 || readfd(fd, &b, 1 << 20) != 0)
		bufadd(&b, "", 0);
	if (fd >= 0)
		close(fd);
	return b.p;
}

/*
 * A full disk, as a file size limit makes it (SIGXFSZ ignored, a write
 * past the limit fails): the read state's and the cache's writes fail
 * whole, saying so, and leave the good file byte for byte and no
 * temporary file, whether the header or the links cannot go out (limit
 * 0) or the rest (1 KB).
 */
static void
fulldisk(void)
{
	static const rlim_t limits[] = { 0, 1024 };
	struct rlimit old, rl;
	ReadSet rs = {0};
	Cache c;
	char err[512], link[64], cache[4300], ctmp[4400], stmp[4300], *good, *got, *body;
	size_t i;
	int rc;

	setenv("XDG_STATE_HOME", dir, 1);
	setenv("XDG_CACHE_HOME", dir, 1);
	signal(SIGXFSZ, SIG_IGN);
	if (getrlimit(RLIMIT_FSIZE, &old) < 0)
		die("getrlimit:");
	rl = old;
	putstate("lwnrss-read 1\n100 https://e/kept\n");
	for (i = 0; i < 200; i++) {
		snprintf(link, sizeof(link), "https://e/full/%zu", i);
		state_mark(&rs, link, 1, 100);
	}
	memset(&c, 0, sizeof(c));
	c.maxage = c.expires = -1;
	c.body.p = "<rss/>";
	c.body.len = 6;
	if (cache_save("https://e/full", &c, err, sizeof(err)) != 0)
		die("cache_save: %s", err);
	body = ecalloc(1, 8192);
	memset(body, 'x', 8191);
	c.body.p = body;
	c.body.len = 8191;
	snprintf(cache, sizeof(cache), "%s/lwnrss/%016llx", dir, fnv1a("https://e/full"));
	snprintf(ctmp, sizeof(ctmp), "%s.tmp", cache);
	snprintf(stmp, sizeof(stmp), "%s.tmp", state);
	for (i = 0; i < LENGTH(limits); i++) {
		good = slurp(state);
		rl.rlim_cur = limits[i];
		if (setrlimit(RLIMIT_FSIZE, &rl) < 0)
			die("setrlimit:");
		rc = state_save(&rs, 100, 0, err, sizeof(err));
		setrlimit(RLIMIT_FSIZE, &old);
		got = slurp(state);
		check(rc < 0 && strstr(err, "/read: cannot write the read state: File too large") &&
		      !strcmp(got, good) && strstr(got, "\n100 https://e/kept\n") &&
		      access(stmp, F_OK) < 0,
		      "read state, full disk past %d bytes: not written, the file as it was: \"%s\"",
		      (int)limits[i], err);
		free(good);
		free(got);

		good = slurp(cache);
		if (setrlimit(RLIMIT_FSIZE, &rl) < 0)
			die("setrlimit:");
		rc = cache_save("https://e/full", &c, err, sizeof(err));
		setrlimit(RLIMIT_FSIZE, &old);
		got = slurp(cache);
		check(rc < 0 && strstr(err, ": cannot write the cache: File too large") &&
		      !strcmp(got, good) && strstr(got, "\n\n<rss/>") && access(ctmp, F_OK) < 0,
		      "cache, full disk past %d bytes: not written, the file as it was: \"%s\"",
		      (int)limits[i], err);
		free(good);
		free(got);
	}
	unlink(cache);
	free(body);
	state_free(&rs);
	signal(SIGXFSZ, SIG_DFL);
}

/* a directory that cannot be made: one line, the file, the cause */
static void
unwritable(void)
{
	ReadSet rs = {0};
	Cache c;
	char err[512], want[4400], path[4200];
	FILE *f;

	snprintf(path, sizeof(path), "%s/notadir", dir);
	if (!(f = fopen(path, "w")) || fclose(f) == EOF)
		die("%s:", path);
	setenv("XDG_STATE_HOME", path, 1);
	setenv("XDG_CACHE_HOME", path, 1);

	state_mark(&rs, "https://e/x", 1, 100);
	err[0] = '\0';
	snprintf(want, sizeof(want), "%s/lwnrss/read: cannot write the read state: "
	         "Not a directory", path);
	check(state_save(&rs, 100, 0, err, sizeof(err)) < 0 && !strcmp(err, want),
	      "read state, not a directory: \"%s\"", err);
	state_free(&rs);

	memset(&c, 0, sizeof(c));
	c.maxage = c.expires = -1;
	snprintf(want, sizeof(want), "%s/lwnrss/%016llx: cannot write the cache: "
	         "Not a directory", path, fnv1a("https://e/feed"));
	check(cache_save("https://e/feed", &c, err, sizeof(err)) < 0 && !strcmp(err, want) &&
	      !strstr(err, ".tmp"),
	      "cache, not a directory: the cache file named, not its .tmp: \"%s\"", err);
	unlink(path);
}

int
main(void)
{
	char cwd[2048], p[4200];

	if (!getcwd(cwd, sizeof(cwd)))
		die("getcwd:");
	/* run alone, tests/tmp may not be there yet */
	mkdir("tests/tmp", 0755);
	snprintf(dir, sizeof(dir), "%s/tests/tmp/store.XXXXXX", cwd);
	if (!mkdtemp(dir))
		die("mkdtemp %s:", dir);
	setenv("HOME", dir, 1);
	setenv("XDG_STATE_HOME", dir, 1);
	setenv("XDG_CACHE_HOME", dir, 1);
	snprintf(state, sizeof(state), "%s/lwnrss/read", dir);
	snprintf(p, sizeof(p), "%s/lwnrss", dir);
	if (mkdir(p, 0700) < 0)
		die("mkdir %s:", p);

	readstate();
	fulldisk();
	unwritable();

	unlink(state);
	snprintf(p, sizeof(p), "%s/lwnrss/read.lock", dir);
	unlink(p);
	snprintf(p, sizeof(p), "%s/lwnrss", dir);
	rmdir(p);
	rmdir(dir);
	printf("%d passed, %d failed\n", npass, nfail);
	return nfail != 0;
}
