/* See LICENSE file for copyright and license details. */

/*
 * url.c: absolute http and https URLs, and references resolved against
 * them (RFC 3986), for http.c's hops and redirects.  No I/O beyond
 * getaddrinfo's AI_NUMERICHOST, which never touches the network.
 */
#include <sys/types.h>
#include <sys/socket.h>
#include <netinet/in.h>
#include <arpa/inet.h>

#include <netdb.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "url.h"
#include "util.h"

/* an error line into buf, cut to fit */
static void
seterr(char *buf, size_t size, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(buf, size, fmt, ap);
	va_end(ap);
}

static int
isdigitc(int c)
{
	return c >= '0' && c <= '9';
}

static int
isalphac(int c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
}

static int
lowerc(int c)
{
	return c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c;
}

/*
 * dotsegs removes "." and ".." segments from a path that starts with
 * '/' (RFC 3986 5.2.4), in place: the output never outruns the input.
 */
static void
dotsegs(char *path)
{
	char *in = path, *out = path, *seg;
	size_t n;

	while (*in) {
		/* in is at the '/' before a segment */
		seg = in + 1;
		n = strcspn(seg, "/");
		if (n == 1 && seg[0] == '.') {
			in = seg + 1;
			if (!*in)
				*out++ = '/';
		} else if (n == 2 && seg[0] == '.' && seg[1] == '.') {
			while (out > path && *--out != '/')
				;
			in = seg + 2;
			if (!*in)
				*out++ = '/';
		} else {
			memmove(out, in, n + 1);
			out += n + 1;
			in = seg + n;
		}
	}
	if (out == path)
		*out++ = '/';
	*out = '\0';
}

/* is host an IP address, in any form getaddrinfo would take as one? */
static int
isiphost(const char *host)
{
	struct addrinfo hints, *res;

	memset(&hints, 0, sizeof(hints));
	hints.ai_flags = AI_NUMERICHOST;
	hints.ai_socktype = SOCK_STREAM;
	if (getaddrinfo(host, NULL, &hints, &res))
		return 0;
	freeaddrinfo(res);
	return 1;
}

/*
 * url_parse splits an absolute http or https URL into u.  It refuses
 * what it cannot fetch safely: other schemes; user names and passwords,
 * which RFC 9110 4.2.4 deprecates and which make
 * https://lwn.net@evil.example/ look like LWN; hosts with odd
 * characters; and https to an IP address, because BearSSL checks
 * certificates against DNS names only and an unchecked connection is no
 * connection.  Spaces and bytes above 0x7e in the path are
 * percent-encoded; control characters are refused.
 */
int
url_parse(Url *u, const char *s, char *err, size_t errlen)
{
	const char *p, *auth, *end, *h, *he, *at;
	char *d;
	size_t i, n;
	int query = 0, enc;
	unsigned long port;
	struct in6_addr a6;

	memset(u, 0, sizeof(*u));
	if (!strncasecmp(s, "https://", 8)) {
		u->tls = 1;
		u->port = 443;
		auth = s + 8;
	} else if (!strncasecmp(s, "http://", 7)) {
		u->port = 80;
		auth = s + 7;
	} else {
		seterr(err, errlen, "%.200s: not an http:// or https:// URL", s);
		return -1;
	}

	/* authority: [userinfo@]host[:port], up to the path, query or fragment */
	end = auth + strcspn(auth, "/?#");
	for (at = NULL, p = auth; p < end; p++)
		if (*p == '@')
			at = p;
	if (at) {
		/* name only the host: the part before '@' may hold a password */
		for (h = at + 1, he = h; he < end && *he != (*h == '[' ? ']' : ':'); he++)
			;
		seterr(err, errlen, "%.*s: user names and passwords in URLs are refused",
		    (int)MIN(he - h + (*h == '['), 200), h);
		return -1;
	}
	if (*auth == '[') {
		h = auth + 1;
		if (!(he = memchr(h, ']', end - h))) {
			seterr(err, errlen, "%.200s: unterminated IPv6 address", s);
			return -1;
		}
		p = he + 1;
		u->ip6 = 1;
	} else {
		h = auth;
		for (he = h; he < end && *he != ':'; he++)
			;
		p = he;
	}
	if ((n = he - h) >= sizeof(u->host)) {
		seterr(err, errlen, "%.60s...: host name too long", h);
		return -1;
	}
	for (i = 0; i < n; i++)
		u->host[i] = lowerc(h[i]);
	u->host[n] = '\0';
	if (u->ip6) {
		if (inet_pton(AF_INET6, u->host, &a6) != 1) {
			seterr(err, errlen, "%.200s: invalid IPv6 address", s);
			return -1;
		}
	} else {
		/* a name is letters, digits, '-', '_' and '.'; one final dot is the root */
		for (i = 0; i < n; i++) {
			if (!isalphac(u->host[i]) && !isdigitc(u->host[i]) &&
			    !strchr("-_.", u->host[i])) {
				seterr(err, errlen, "%.200s: invalid host name", s);
				return -1;
			}
		}
		if (n && u->host[n - 1] == '.')
			u->host[--n] = '\0';
		/* no empty label: "..", a leading dot, a dot left at the end */
		if (n && (u->host[0] == '.' || u->host[n - 1] == '.' ||
		    strstr(u->host, ".."))) {
			seterr(err, errlen, "%.200s: invalid host name", s);
			return -1;
		}
	}
	if (!u->host[0]) {
		seterr(err, errlen, "%.200s: no host name", s);
		return -1;
	}
	if (p < end) {
		/* ":" and nothing means the default port (RFC 3986 3.2.3) */
		if (*p++ != ':') {
			seterr(err, errlen, "%.200s: invalid host and port", s);
			return -1;
		}
		if (p < end) {
			for (port = 0; p < end && isdigitc(*p) && port <= 65535; p++)
				port = port * 10 + (*p - '0');
			if (p < end || port == 0 || port > 65535) {
				seterr(err, errlen, "%s: invalid port", u->host);
				return -1;
			}
			u->port = port;
		}
	}
	if (u->tls && isiphost(u->host)) {
		seterr(err, errlen, "%s: https to an IP address cannot be verified; "
		    "use the host name", u->host);
		return -1;
	}

	/* path and query, percent-encoded where needed; the fragment is ours */
	d = u->path;
	if (*end != '/')
		*d++ = '/';
	for (p = end; *p && *p != '#'; p++) {
		/*
		 * room for what this byte becomes and the NUL, exactly: a
		 * looser test would let "%XX" reach further than the same
		 * three characters typed, and a URL we print would not parse
		 */
		enc = *p == ' ' || (unsigned char)*p > 0x7e;
		if (d + (enc ? 3 : 1) + 1 > u->path + sizeof(u->path)) {
			seterr(err, errlen, "%s: URL too long", u->host);
			return -1;
		}
		if ((unsigned char)*p < 0x20 || *p == 0x7f) {
			seterr(err, errlen, "%s: control character in URL", u->host);
			return -1;
		}
		if (enc) {
			d += sprintf(d, "%%%02X", (unsigned char)*p);
			continue;
		}
		if (*p == '?' && !query) {
			/* the path ends: tidy its dot segments before the query */
			*d = '\0';
			dotsegs(u->path);
			d = u->path + strlen(u->path);
			query = 1;
		}
		*d++ = *p;
	}
	*d = '\0';
	if (!query)
		dotsegs(u->path);
	return 0;
}

/* "host" or "host:port" when the port is not the scheme's own, for Host */
void
url_hostport(const Url *u, char *buf, size_t size)
{
	const char *l = u->ip6 ? "[" : "", *r = u->ip6 ? "]" : "";

	if (u->port == (u->tls ? 443u : 80u))
		snprintf(buf, size, "%s%s%s", l, u->host, r);
	else
		snprintf(buf, size, "%s%s%s:%u", l, u->host, r, u->port);
}

/* u as a URL string, malloc'd; NULL when out of memory */
char *
url_str(const Url *u)
{
	char hp[300], *s;
	size_t n;

	url_hostport(u, hp, sizeof(hp));
	n = strlen(hp) + strlen(u->path) + 9;
	if (!(s = malloc(n)))
		return NULL;
	snprintf(s, n, "%s://%s%s", u->tls ? "https" : "http", hp, u->path);
	return s;
}

/* does ref start with a scheme, "name:" (RFC 3986 3.1)? */
static int
hasscheme(const char *ref)
{
	const char *p = ref;

	if (!isalphac(*p))
		return 0;
	while (isalphac(*p) || isdigitc(*p) || *p == '+' || *p == '-' || *p == '.')
		p++;
	return *p == ':';
}

/*
 * url_resolve resolves ref (a Location value) against base into u
 * (RFC 3986 5.2): absolute, scheme-relative "//host/p", absolute path
 * "/p", query "?q", or a path relative to base's directory.
 */
int
url_resolve(Url *u, const Url *base, const char *ref, char *err, size_t errlen)
{
	char hp[300], *buf;
	size_t n, dir;
	int ret;

	if (hasscheme(ref))
		return url_parse(u, ref, err, errlen);
	n = strlen(ref) + sizeof(base->path) + sizeof(hp) + 16;
	if (!(buf = malloc(n))) {
		seterr(err, errlen, "out of memory");
		return -1;
	}
	url_hostport(base, hp, sizeof(hp));
	if (ref[0] == '/' && ref[1] == '/') {
		snprintf(buf, n, "%s:%s", base->tls ? "https" : "http", ref);
	} else if (ref[0] == '/') {
		snprintf(buf, n, "%s://%s%s", base->tls ? "https" : "http", hp, ref);
	} else {
		/*
		 * Relative to base's path: "" and "#f" keep all of it, query
		 * included; "?q" replaces the query; anything else replaces
		 * the last segment.
		 */
		if (!ref[0] || ref[0] == '#') {
			dir = strlen(base->path);
		} else {
			dir = strcspn(base->path, "?");
			if (ref[0] != '?')
				while (dir > 0 && base->path[dir - 1] != '/')
					dir--;
		}
		snprintf(buf, n, "%s://%s%.*s%s", base->tls ? "https" : "http", hp,
		    (int)dir, base->path, ref[0] == '#' ? "" : ref);
	}
	ret = url_parse(u, buf, err, errlen);
	free(buf);
	return ret;
}

