/* See LICENSE file for copyright and license details.
 *
 * lwnrss shows a feed's headlines, LWN.net's by default, in one X window.
 *
 * Three modules do the work: http.c fetches the feed over TLS, rdf.c
 * turns its bytes into a Feed, and this file shows it.  `lwnrss -p`
 * prints the headlines as "title<TAB>link" lines instead, for dmenu and
 * for scripts; `lwnrss -p -` reads the feed from standard input.
 *
 * To understand everything else, start reading main().
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "http.h"
#include "rdf.h"
#include "util.h"

/* configuration, allows nested code to access above variables */
#include "config.h"

static char *argv0;

/* print s with tabs, newlines and other control characters as spaces, so
 * that one item is always one "title<TAB>link" line */
static void
putfield(const char *s)
{
	for (; *s; s++)
		putchar((unsigned char)*s < 0x20 || *s == 0x7f ? ' ' : *s);
}

static void
printfeed(const Feed *f)
{
	size_t i;

	for (i = 0; i < f->nitems; i++) {
		putfield(f->items[i].title);
		putchar('\t');
		putfield(f->items[i].link);
		putchar('\n');
	}
}

static void
httpopts(HttpOpt *o)
{
	const char *env;

	memset(o, 0, sizeof(*o));
	o->cafile = (env = getenv("SSL_CERT_FILE")) && *env ? env : cafile;
	o->conntimeout = conntimeout * 1000;
	o->timeout = fetchtimeout * 1000;
	o->maxbody = maxfeed;
	o->maxredirects = maxredirects;
}

/* -p: fetch (or read stdin for "-"), parse, print; the exit status */
static int
printmode(const char *url)
{
	HttpOpt o;
	HttpResp r;
	Buf in = {0};
	Feed f;
	char err[256];
	const char *data, *name;
	size_t len;
	int ret;

	memset(&r, 0, sizeof(r));
	if (!strcmp(url, "-")) {
		name = "stdin";
		if ((ret = readfd(0, &in, maxfeed)) < 0) {
			warn("stdin:");
			buffree(&in);
			return 1;
		} else if (ret > 0) {
			warn("stdin: feed is larger than the %zu byte limit", maxfeed);
			buffree(&in);
			return 1;
		}
		data = in.p ? in.p : "";
		len = in.len;
	} else {
		name = url;
		httpopts(&o);
		if (http_get(url, &o, &r) < 0) {
			warn("%s", r.err);
			http_free(&r);
			return 1;
		}
		data = r.body ? r.body : "";
		len = r.len;
	}

	err[0] = '\0';
	ret = rdf_parse(&f, data, len, err, sizeof(err));
	buffree(&in);
	http_free(&r);
	if (ret < 0) {
		warn("%s: %s", name, err);
		return 1;
	}
	if (f.truncated)
		warn("%s: %s", name, err[0] ? err : "feed is truncated");
	printfeed(&f);
	rdf_free(&f);
	if (fflush(stdout) == EOF || ferror(stdout)) {
		warn("stdout:");
		return 1;
	}
	return 0;
}

static void
usage(void)
{
	fputs("usage: lwnrss [-pv] [-w windowid] [url | -]\n", stderr);
	exit(1);
}

int
main(int argc, char *argv[])
{
	const char *url = feedurl;
	int pflag = 0, i;

	argv0 = argv[0];
	for (i = 1; i < argc && argv[i][0] == '-' && argv[i][1]; i++) {
		if (!strcmp(argv[i], "--")) {
			i++;
			break;
		} else if (!strcmp(argv[i], "-v")) {
			puts("lwnrss-" VERSION);
			return 0;
		} else if (!strcmp(argv[i], "-p")) {
			pflag = 1;
		} else {
			usage();
		}
	}
	if (i < argc)
		url = argv[i++];
	if (i < argc)
		usage();

	if (pflag)
		return printmode(url);

	die("the window is not built yet; use -p");
	return 1;
}
