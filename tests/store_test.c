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
#include <sys/stat.h>
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
