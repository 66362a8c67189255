/* See LICENSE file for copyright and license details. */
/*
 * http: one HTTP/1.1 GET over TLS (BearSSL) or plain TCP.
 *
 * Blocking code bounded by timeouts; no X, no global state.  The caller
 * fills an HttpOpt, calls http_get and reads the HttpResp.
 */
#include <stddef.h>

typedef struct {
	const char *cafile;        /* PEM bundle of trust anchors */
	unsigned int conntimeout;  /* ms for each connect() */
	unsigned int timeout;      /* ms for the whole fetch, redirects included */
	size_t maxbody;            /* largest body accepted, bytes */
	unsigned int maxredirects; /* redirects followed before giving up */
	const char *etag;          /* If-None-Match, or NULL */
	const char *lastmod;       /* If-Modified-Since, or NULL */
	/*
	 * Proxies, [http://][user[:password]@]host[:port], port 1080 by
	 * default, chosen per hop by the URL's scheme, unless noproxy (a
	 * no_proxy list) names the host.  NULL or "" for none;
	 * http_proxyenv sets them from the environment.
	 */
	const char *httpsproxy;    /* for https URLs */
	const char *httpproxy;     /* for http URLs */
	const char *noproxy;
} HttpOpt;

/*
 * http_proxyenv sets o's proxies from the environment as curl reads it:
 * https_proxy, else HTTPS_PROXY, for https; http_proxy (lowercase only:
 * CGI puts a request's Proxy header in HTTP_PROXY) for http; all_proxy,
 * else ALL_PROXY, for either when its own is unset or empty; no_proxy,
 * else NO_PROXY.  The strings are the environment's.
 */
void http_proxyenv(HttpOpt *o);

typedef struct {
	int status;       /* final HTTP status, 0 when none arrived */
	char *body;       /* NUL-terminated, len bytes; NULL when no body */
	size_t len;
	char *etag;       /* the response's ETag, or NULL */
	char *lastmod;    /* the response's Last-Modified, or NULL */
	char *url;        /* the final URL after redirects */
	long retryafter;  /* seconds from Retry-After, -1 when absent */
	/* what the final response says of its freshness (RFC 9111), for polling */
	int cachecontrol; /* a Cache-Control header came */
	long maxage;      /* Cache-Control max-age, seconds; -1 when absent */
	int nocache;      /* Cache-Control no-cache (without field names) */
	int nostore;      /* Cache-Control no-store */
	long age;         /* Age, seconds; -1 when absent or no number */
	long long date;   /* Date, seconds since the epoch; -1 when absent or no date */
	long long expires; /* Expires, likewise; -1 when absent, 0 when no date (stale) */
	char err[256];    /* one line naming the host and the cause; "" on success */
} HttpResp;

/*
 * http_get fetches url.  Returns 0 with a 2xx status and its body (never
 * NULL then, "" when empty), 1 for 304 Not Modified (no body), and -1 on
 * any failure, with r->err set to a one-line message such as
 * "lwn.net: certificate has expired" or "lwn.net: HTTP 404 Not Found";
 * it never holds a proxy's user name or password.
 * r->status is the last status received even on failure (0 when none),
 * and r->url the last URL tried.  Whatever it returns, the caller frees
 * r with http_free.
 *
 * It does not print, exit or touch signals (writes use MSG_NOSIGNAL);
 * it keeps no state between calls.  The deadline bounds the name lookup
 * too: the host is looked up in a thread, left to finish on its own when
 * the deadline comes first.
 */
int http_get(const char *url, const HttpOpt *o, HttpResp *r);
void http_free(HttpResp *r);
