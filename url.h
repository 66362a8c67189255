/* See LICENSE file for copyright and license details. */
/*
 * url: absolute http and https URLs, parsed and resolved (RFC 3986), and
 * URI references of any scheme resolved as strings.
 *
 * No allocation except url_str's result, no global state.  Every function
 * that can fail returns 0 or -1, and on -1 writes one line naming the URL
 * or host and the cause into err (errlen bytes, cut to fit), such as
 * "lwn.net: invalid port".
 */
#include <stddef.h>

#define URLMAX      4096   /* longest path and query accepted */

/* a parsed URL; host is lowercase, without brackets or a trailing dot */
typedef struct {
	int tls;              /* https */
	int ip6;              /* host is an IPv6 literal, bracketed in URLs */
	char host[256];
	unsigned int port;
	char path[URLMAX];    /* path and query, at least "/", no fragment */
} Url;

/*
 * url_parse splits the absolute http or https URL s into u.  It refuses
 * other schemes, user names and passwords, odd host characters, and
 * https to an IP address (its certificate cannot be checked); spaces and
 * bytes above 0x7e in the path are percent-encoded, "." and ".."
 * segments removed, the fragment dropped.
 */
int url_parse(Url *u, const char *s, char *err, size_t errlen);

/*
 * url_resolve resolves ref (a Location value) against base into u, as
 * url_join does, then checks the result as url_parse does.
 */
int url_resolve(Url *u, const Url *base, const char *ref, char *err, size_t errlen);

/* u as a URL string, malloc'd (the caller frees it); NULL when out of memory */
char *url_str(const Url *u);

/* "host" or "host:port" (brackets around IPv6) into buf, for Host */
void url_hostport(const Url *u, char *buf, size_t size);

/*
 * url_join resolves the URI reference ref against base (RFC 3986 5.2,
 * the strict algorithm, for any scheme: a feed's links and xml:base) and
 * writes the result, NUL-terminated, to out, which has room for
 * strlen(base) + strlen(ref) + 2 bytes; returns its length.  Nothing is
 * checked, decoded or normalised beyond the standard's dot-segment
 * removal.  A base that is itself relative gives a reference resolved as
 * far as it goes, itself relative.
 */
size_t url_join(char *out, const char *base, const char *ref);

/* 1 when ref has no scheme, so means something only against a base */
int url_relative(const char *ref);

/* 1 when s is an http or https URL with a host: a page a browser opens */
int url_isweb(const char *s);

/*
 * url_typed: s as a user types it.  Without "scheme://" it is https, as
 * in a browser ("lwn.net/headlines/newrss", "localhost:8080/feed").
 * Returns s itself, or a new string the caller may free.
 */
const char *url_typed(const char *s);
