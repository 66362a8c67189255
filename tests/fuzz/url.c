/* See LICENSE file for copyright and license details. */
/*
 * libFuzzer target: url_parse, url_str and url_resolve, and url_join.
 *
 * Input: a base URL, a newline, and a reference (a Location value) to
 * resolve against it; without a newline, the whole input is both the
 * URL and a reference against https://lwn.net/a/b?q.
 *
 * Checked for every URL accepted: a host of the allowed characters, a
 * path that starts with '/' and holds no fragment, control character,
 * space or byte above 0x7e; url_str's string parses back to the same URL
 * and the same string.  A reference without a scheme keeps the base's
 * scheme (http_get refuses https to http by comparing them), and one
 * that names no host keeps the base's host and port.
 *
 * url_join, on the two strings as they are: the result fits the room
 * url.h promises; it has a scheme when either had one, and then
 * resolving "" against it gives it back without its fragment; an
 * http(s) base and a reference without a scheme give an http(s) URL.
 */
#include "../../url.c"

static void
checkurl(const Url *u)
{
	char err[256], *s, *t;
	const char *c;
	Url v;

	if (!u->host[0] || u->host[strlen(u->host) - 1] == '.' || u->port < 1 ||
	    u->port > 65535 || u->path[0] != '/')
		abort();
	for (c = u->host; *c; c++)
		if (u->ip6 ? !strchr("0123456789abcdef:.", *c) :
		    !asciialpha(*c) && !asciidigit(*c) && !strchr("-_.", *c))
			abort();
	for (c = u->path; *c; c++)
		if (*c == '#' || (unsigned char)*c <= 0x20 || (unsigned char)*c > 0x7e)
			abort();
	if (!(s = url_str(u)))
		return;
	if (url_parse(&v, s, err, sizeof(err)) < 0)
		abort();
	if (!(t = url_str(&v)))
		abort();
	if (strcmp(s, t) || v.tls != u->tls || v.ip6 != u->ip6 ||
	    strcmp(v.host, u->host) || v.port != u->port || strcmp(v.path, u->path))
		abort();
	free(s);
	free(t);
}

static void
resolveagainst(const Url *base, const char *ref)
{
	char err[256];
	Url u;

	if (url_resolve(&u, base, ref, err, sizeof(err)) < 0) {
		if (!err[0])
			abort();
		return;
	}
	checkurl(&u);
	if (url_relative(ref) && u.tls != base->tls)
		abort();
	if (url_relative(ref) && !(ref[0] == '/' && ref[1] == '/') &&
	    (strcmp(u.host, base->host) || u.port != base->port))
		abort();
}

static void
joinagainst(const char *base, const char *ref)
{
	size_t n = strlen(base) + strlen(ref) + 2, k;
	char *out, *again;

	if (!(out = malloc(n)) || !(again = malloc(2 * n))) {
		free(out);
		return;
	}
	k = url_join(out, base, ref);
	if (k != strlen(out) || k + 1 > n)
		abort();
	if ((!url_relative(base) || !url_relative(ref)) != !url_relative(out))
		abort();
	if (!url_relative(out)) {
		url_join(again, out, "");
		out[strcspn(out, "#")] = '\0';
		if (strcmp(again, out))
			abort();
	}
	if (url_relative(ref) && (!strncmp(base, "https://", 8) || !strncmp(base, "http://", 7)) &&
	    strncmp(out, base, strchr(base, ':') - base + 1))
		abort();
	free(out);
	free(again);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t len)
{
	static Url lwn;
	char *s, *ref, err[256];
	Url base;

	if (!lwn.host[0] && url_parse(&lwn, "https://lwn.net/a/b?q", err, sizeof(err)) < 0)
		abort();
	if (!(s = malloc(len + 1)))
		return 0;
	memcpy(s, data, len);
	s[len] = '\0';
	if ((ref = memchr(s, '\n', len)))
		*ref++ = '\0';
	err[0] = '\0';
	if (url_parse(&base, s, err, sizeof(err)) == 0) {
		checkurl(&base);
		if (ref)
			resolveagainst(&base, ref);
	} else if (!err[0]) {
		abort();
	}
	if (!ref)
		resolveagainst(&lwn, s);
	joinagainst(ref ? s : "https://lwn.net/a/b?q", ref ? ref : s);
	free(s);
	return 0;
}
