/* See LICENSE file for copyright and license details. */

/*
 * url.c: absolute http and https URLs, for http.c's hops and redirects,
 * and URI references of any scheme resolved as strings (RFC 3986), the
 * one way both a redirect and a feed's links are resolved.  No I/O
 * beyond getaddrinfo's AI_NUMERICHOST, which never touches the network.
 */
#include <sys/types.h>
#include <sys/socket.h>
#include <netinet/in.h>
#include <arpa/inet.h>

#include <netdb.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "url.h"
#include "util.h"

/*
 * dotsegs removes "." and ".." segments from a path (RFC 3986 5.2.4), in
 * place: the output never outruns the input.  A path that starts with
 * '/' keeps it ("/" at least); a relative one, a reference's, loses its
 * leading "./" and "../" and keeps its first segment unless a ".." takes
 * it, as the algorithm says.  In one that starts with '/', a '?' ends
 * the path: the query after it stays as it is.
 */
static void
dotsegs(char *path)
{
	char *in = path, *out = path, *seg;
	size_t n;
	int rooted = *path == '/';

	if (!rooted) {
		/* rules A and D: what no base could resolve goes */
		for (;;) {
			if (!strncmp(in, "../", 3))
				in += 3;
			else if (!strncmp(in, "./", 2))
				in += 2;
			else
				break;
		}
		if (!strcmp(in, ".") || !strcmp(in, ".."))
			in += strlen(in);
		/* rule E for the first segment, which has no '/' before it */
		n = strcspn(in, "/");
		memmove(out, in, n);
		out += n;
		in += n;
	}
	while (*in && *in != '?') {
		/* in is at the '/' before a segment */
		seg = in + 1;
		n = strcspn(seg, "/?");
		if (n && n <= 2 && !strncmp(seg, "..", n)) {
			/* "." goes, ".." with the segment before it */
			while (n == 2 && out > path && *--out != '/')
				;
			in = seg + n;
			if (!*in || *in == '?')
				*out++ = '/';
		} else {
			memmove(out, in, n + 1);
			out += n + 1;
			in = seg + n;
		}
	}
	if (rooted && out == path)
		*out++ = '/';
	memmove(out, in, strlen(in) + 1);
}

/* an error naming what (a URL or a host), cut to 200 bytes, and why: -1 */
static int
bad(char *err, size_t errlen, const char *what, const char *why)
{
	seterr(err, errlen, "%.200s: %s", what, why);
	return -1;
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

/* the length of "http://" or "https://", any case, at s; 0 for neither */
static size_t
webscheme(const char *s)
{
	return !strncasecmp(s, "https://", 8) ? 8 : !strncasecmp(s, "http://", 7) ? 7 : 0;
}

/*
 * authority reads the host and port of the URL s, at auth up to end,
 * into u.  It refuses user names and passwords, which RFC 9110 4.2.4
 * deprecates and which make https://lwn.net@evil.example/ look like LWN,
 * and hosts with odd characters.
 */
static int
authority(Url *u, const char *s, const char *auth, const char *end, char *err, size_t errlen)
{
	const char *p, *h, *he;
	size_t i, n;
	unsigned long long port;
	struct in6_addr a6;

	for (h = end; h > auth && h[-1] != '@'; h--)
		;
	if (h > auth) {
		/* name only the host: the part before '@' may hold a password */
		for (he = h; he < end && *he != (*h == '[' ? ']' : ':'); he++)
			;
		seterr(err, errlen, "%.*s: user names and passwords in URLs are refused",
		    (int)MIN(he - h + (*h == '['), 200), h);
		return -1;
	}
	u->ip6 = *h == '[';
	h += u->ip6;
	if (!(he = memchr(h, u->ip6 ? ']' : ':', end - h)) && u->ip6)
		return bad(err, errlen, s, "unterminated IPv6 address");
	if (!he)
		he = end;
	p = he + u->ip6;
	if ((n = he - h) >= sizeof(u->host)) {
		seterr(err, errlen, "%.60s...: host name too long", h);
		return -1;
	}
	for (i = 0; i < n; i++)
		u->host[i] = asciitolower(h[i]);
	if (u->ip6 && inet_pton(AF_INET6, u->host, &a6) != 1)
		return bad(err, errlen, s, "invalid IPv6 address");
	/* a name is letters, digits, '-', '_' and '.', with no empty label;
	 * one final dot is the root */
	if (!u->ip6 && n && u->host[n - 1] == '.')
		u->host[--n] = '\0';
	if (!u->ip6 && (u->host[strspn(u->host, "abcdefghijklmnopqrstuvwxyz0123456789-_.")] ||
	    u->host[0] == '.' || (n && u->host[n - 1] == '.') || strstr(u->host, "..")))
		return bad(err, errlen, s, "invalid host name");
	if (!u->host[0])
		return bad(err, errlen, s, "no host name");
	/* ":" and nothing means the default port (RFC 3986 3.2.3) */
	if (p < end && *p++ != ':')
		return bad(err, errlen, s, "invalid host and port");
	if (p < end) {
		if (decnum(p, 65536, &port) != end || port == 0 || port > 65535)
			return bad(err, errlen, u->host, "invalid port");
		u->port = port;
	}
	return 0;
}

/*
 * url_parse splits an absolute http or https URL into u.  It refuses
 * what it cannot fetch safely: other schemes, what authority refuses,
 * and https to an IP address, because BearSSL checks certificates
 * against DNS names only and an unchecked connection is no connection.
 * Spaces and bytes above 0x7e in the path are percent-encoded; control
 * characters are refused.
 */
int
url_parse(Url *u, const char *s, char *err, size_t errlen)
{
	const char *p = s + webscheme(s), *end;
	char *d;
	int enc;

	memset(u, 0, sizeof(*u));
	if (p == s)
		return bad(err, errlen, s, "not an http:// or https:// URL");
	u->tls = p - s == 8;
	u->port = u->tls ? 443 : 80;
	end = p + strcspn(p, "/?#");
	if (authority(u, s, p, end, err, errlen) < 0)
		return -1;
	if (u->tls && isiphost(u->host))
		return bad(err, errlen, u->host,
		    "https to an IP address cannot be verified; use the host name");

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
		if (d + (enc ? 3 : 1) + 1 > u->path + sizeof(u->path))
			return bad(err, errlen, u->host, "URL too long");
		if ((unsigned char)*p < 0x20 || *p == 0x7f)
			return bad(err, errlen, u->host, "control character in URL");
		if (enc)
			d += sprintf(d, "%%%02X", (unsigned char)*p);
		else
			*d++ = *p;
	}
	*d = '\0';
	dotsegs(u->path);
	return 0;
}

void
url_hostport(const Url *u, char *buf, size_t size)
{
	const char *l = u->ip6 ? "[" : "", *r = u->ip6 ? "]" : "";

	if (u->port == (u->tls ? 443u : 80u))
		snprintf(buf, size, "%s%s%s", l, u->host, r);
	else
		snprintf(buf, size, "%s%s%s:%u", l, u->host, r, u->port);
}

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

/* the length of the scheme s starts with, without its ':' (RFC 3986
 * 3.1); 0 when it starts with none */
static size_t
schemelen(const char *s)
{
	const char *p = s;

	if (!asciialpha(*p))
		return 0;
	while (asciialpha(*p) || asciidigit(*p) || *p == '+' || *p == '-' || *p == '.')
		p++;
	return p - s;
}

int
url_relative(const char *ref)
{
	size_t n = schemelen(ref);

	return !n || ref[n] != ':';
}

/*
 * url_resolve resolves ref (a Location value) against base into u: the
 * strings joined as a feed's links are, then the result checked as any
 * URL is.
 */
int
url_resolve(Url *u, const Url *base, const char *ref, char *err, size_t errlen)
{
	char *b, *buf = NULL;
	int ret = -1;

	if (!(b = url_str(base)) || !(buf = malloc(strlen(b) + strlen(ref) + 2))) {
		seterr(err, errlen, "out of memory");
	} else {
		url_join(buf, b, ref);
		ret = url_parse(u, buf, err, errlen);
	}
	free(b);
	free(buf);
	return ret;
}

/*
 * split finds where the parts of the URI reference s end, as RFC 3986
 * appendix B splits it: e[0] after "scheme:", e[1] after "//authority",
 * e[2] after the path, e[3] after "?query"; an absent part ends where
 * the one before it does.
 */
static void
split(const char *s, size_t e[4])
{
	e[0] = url_relative(s) ? 0 : schemelen(s) + 1;
	e[1] = e[0];
	if (s[e[0]] == '/' && s[e[0] + 1] == '/')
		e[1] += 2 + strcspn(s + e[0] + 2, "/?#");
	e[2] = e[1] + strcspn(s + e[1], "?#");
	e[3] = e[2] + strcspn(s + e[2], "#");
}

/*
 * RFC 3986 5.2.2, strict: the result is a part of base, up to where one
 * of its parts ends, then ref whole; between them, dot segments go from
 * the result's path, which starts at `at`.
 */
size_t
url_join(char *out, const char *base, const char *ref)
{
	size_t b[4], r[4], keep, at;
	char *path, *o;

	split(base, b);
	split(ref, r);
	if (!r[1] && !r[2]) {
		/* no path: the base's as it is, dot segments and all, and its
		 * query unless ref has one */
		keep = ref[0] == '?' ? b[2] : b[3];
		memcpy(out, base, keep);
		strcpy(out + keep, ref);
		return keep + strlen(ref);
	}
	if (r[1]) {
		/* a scheme (a reference with one is absolute) or an authority */
		keep = r[0] ? 0 : b[0];
		at = keep + r[1];
	} else if (ref[0] == '/') {
		keep = at = b[1];
	} else {
		for (keep = b[2]; keep > b[1] && base[keep - 1] != '/'; keep--)
			;
		at = b[1];
	}
	memcpy(out, base, keep);
	o = out + keep;
	/* 5.2.3: merged below a base with an authority and no path */
	if (!r[1] && ref[0] != '/' && b[1] > b[0] && b[2] == b[1])
		*o++ = '/';
	memcpy(o, ref, r[2]);
	o[r[2]] = '\0';
	path = out + at;
	dotsegs(path);
	o = path + strlen(path);
	/*
	 * Dot segments gone may leave a path that reads as something else
	 * (5.3, 4.2): "a:b" first in a result with no scheme, a scheme;
	 * "//h" with no authority, one.  The "./" or "/." that keeps its
	 * meaning fits where the dots were.
	 */
	if ((!at && !url_relative(path)) ||
	    (at == (r[0] ? r[0] : b[0]) && path[0] == '/' && path[1] == '/')) {
		memmove(path + 2, path, o - path + 1);
		memcpy(path, path[2] == '/' ? "/." : "./", 2);
		o += 2;
	}
	strcpy(o, ref + r[2]);
	return o - out + strlen(o);
}

int
url_isweb(const char *s)
{
	size_t n = webscheme(s);

	/* a host: http and https URIs have one (RFC 9110 4.2) */
	return n && s[n] && !strchr("/?#", s[n]);
}

const char *
url_typed(const char *s)
{
	char *u;
	size_t n = schemelen(s);

	if (n && !strncmp(s + n, "://", 3))
		return s;
	n = strlen(s) + 9;
	if (!(u = malloc(n)))
		return s;
	snprintf(u, n, "https://%s", s);
	return u;
}
