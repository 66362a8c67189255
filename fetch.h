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

/*
 * fetch_cacheread: url's cache, parsed in place (c's body must outlive
 * *f), its relative links against the URL it came from; c->next takes
 * the feed's own polling hints, and a copy cut off loses its validators.
 * 0; 1 when the file keeps only the times (c to free, *f empty); -1 when
 * there is none (err "") or none usable (err says why, in n bytes).
 */
int fetch_cacheread(const FetchConf *cf, const char *url, Cache *c, Feed *f, char *err,
                    size_t n);

/*
 * fetch_child, in a child process: fetch url, conditionally on the
 * cache's validators unless cond is 0 (the copy shown is cut off), write
 * what the answer teaches to the cache, and exit with what happened:
 * FetchNew, a new feed is in the cache; FetchPiped, a new answer the
 * cache did not keep (no feed, no-store, the cache not written, standard
 * input for "-") follows on fd, for the window to parse or refuse;
 * FetchSame, not modified (304); FetchFailed.  fd first gets three
 * lines: "next retry", when the next automatic fetch may come (0 for
 * nothing new, as the cache keeps them), the fetch's error and the
 * cache's, each empty when there is none.  1 is no status: it is
 * die()'s, when memory runs out.
 */
enum { FetchNew = 2, FetchPiped, FetchSame, FetchFailed };
void fetch_child(const FetchConf *cf, const char *url, int cond, int fd);

/*
 * fetch_print: -p.  Fetch (or read standard input for "-"), parse and
 * print "title<TAB>link" lines, the link empty unless http or https
 * (url_isweb).  A cached feed the window would not fetch over yet
 * (refresh_held) is printed with no connection, unless force (-f).
 * Returns the exit status: 0 when it printed what the server sent or
 * confirmed unchanged, or a fresh cache, 1 when it printed nothing, 2
 * when the fetch failed and it printed the cached headlines.
 */
int fetch_print(const FetchConf *cf, const char *url, int force);
