/* See LICENSE file for copyright and license details. */
/*
 * fetch: a feed from its URL through the cache, or from standard input
 * ("-"); print mode.  No X.  Include http.h, rdf.h, util.h and store.h
 * first.  Messages go to standard error through warn().
 */

/* LWN's feed says it changes at most twice an hour (syn:updatePeriod
 * hourly, syn:updateFrequency 2): no automatic fetch comes sooner, whatever
 * config.h says */
#define MINREFRESH              (30 * 60)

/* what config.h says of fetching, and the clock */
typedef struct {
	const char *cafile;             /* SSL_CERT_FILE overrides it */
	unsigned int conntimeout;       /* seconds */
	unsigned int fetchtimeout;      /* seconds */
	size_t maxfeed;                 /* bytes */
	unsigned int maxredirects;
	time_t (*now)(void);            /* the tests' can be moved on */
	int (*hide)(const Item *it);    /* print mode leaves these out; may be NULL */
} FetchConf;

/* what fetch_child sent, pointing into the message */
typedef struct {
	int ret;                        /* http_get's: 0 a feed, 1 not modified, -1 failed */
	int status;                     /* the HTTP status, 0 when no answer came */
	long long next, retry;          /* no automatic fetch before them; 0: nothing new */
	const char *err, *etag, *lastmod, *url, *cerr, *body;
	size_t errn, etagn, lastmodn, urln, cerrn, bodyn;
} FetchMsg;

/*
 * fetch_cacheread: url's cache, parsed in place (c's body must outlive
 * *f), its relative links against the URL it came from.  0; 1 when the
 * file keeps only the times (c to free, *f empty); -1 when there is none
 * or none usable (said why).
 */
int fetch_cacheread(const FetchConf *cf, const char *url, Cache *c, Feed *f);

/*
 * fetch_child, in a child process: fetch url (or read standard input for
 * "-") conditionally on etag and lastmod (either NULL), write the cache,
 * and send the result to fd as a message; then exit.  shown is the feed
 * on screen, whose hints a 304 keeps.  The child writes the cache, so
 * that fsync never holds up the window.
 */
void fetch_child(const FetchConf *cf, const char *url, const char *etag,
                 const char *lastmod, const Feed *shown, int fd);

/* fetch_msg reads the message p[0..len) into *m: 0, or -1 when it is cut
 * short or malformed (the child died) */
int fetch_msg(const char *p, size_t len, FetchMsg *m);

/*
 * fetch_print: -p.  Fetch (or read standard input for "-"), parse and
 * print "title<TAB>link" lines, the link empty unless http or https
 * (url_isweb).  Returns the exit status: 0 when it printed what the
 * server sent or confirmed unchanged, 1 when it printed nothing, 2 when
 * the fetch failed and it printed the cached headlines.
 */
int fetch_print(const FetchConf *cf, const char *url);
