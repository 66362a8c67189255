/* See LICENSE file for copyright and license details. */

/*
 * http.c: one HTTP/1.1 GET, over TLS 1.2 (BearSSL) or plain TCP.
 *
 * A fetch is a chain of hops (the first URL, then each redirect).  For
 * every hop:
 *
 *   url_parse   the URL into scheme, host, port and path (url.c)
 *   proxyfor    the proxy for this hop, if any, from the https_proxy,
 *               http_proxy and no_proxy values the caller read
 *   dial        the name looked up in a thread (lookup), then a
 *               non-blocking connect to each address in turn, bounded by
 *               the connect timeout; to the proxy, and for https a
 *               CONNECT tunnel through it (fetch1)
 *   tls_open    a BearSSL client on the socket (tls.c): TLS 1.2, ECDHE
 *               and AEAD only, SNI and the server-name check always on,
 *               the certificates checked by x509.c against the CA file's
 *               anchors; a refusal sends the server an alert
 *   mkrequest   GET with Host, User-Agent, Accept, Connection: close,
 *               in absolute form to a proxy
 *   pfeed       the response, pushed in pieces of any size into a state
 *               machine that knows HTTP framing; it decides when the
 *               body is complete, never the TLS close_notify (many
 *               servers close without one)
 *
 * The name lookup and all socket I/O poll with what is left of one
 * deadline, so the whole fetch, redirects included, ends in time even
 * against a dead name server or a server that drips a byte a second.  They
 * keep the real reason for a failure (timeout, reset, EOF) because
 * BearSSL reduces all of these to BR_ERR_IO.
 *
 * Nothing here exits or prints: every failure becomes one line in
 * HttpResp.err that names the host and the cause.
 */
#include <sys/socket.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <arpa/inet.h>

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <netdb.h>
#include <poll.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>
#include <unistd.h>

#include "http.h"
#include "url.h"
#include "util.h"
#include "tls.h"

#define MAXHEAD     65536  /* bytes of response head, 1xx heads included */
#define MAXFIELDS   100    /* header lines in one head (and in a trailer) */
#define MAXLINE     4096   /* a chunk-size line, extensions included */
#define DELTAMAX    2147483647L   /* delta-seconds' cap (RFC 9111 1.2.2) */

/* the socket and the deadline shared by every read and write on it */
typedef struct {
	int fd;
	int64_t deadline;     /* CLOCK_MONOTONIC ms */
	int err;              /* errno of the failure, ETIMEDOUT at the deadline */
} Sock;

/* the headers whose values are kept for the caller, and their names */
enum { HEtag, HLastmod, HLocation, HRetry, HExpires, HAge, HDate, HLast };
static const char *const keptname[HLast] = {
	"etag", "last-modified", "location", "retry-after", "expires", "age", "date"
};

/* states of the response parser */
enum {
	PStatus,   /* the status line */
	PHead,     /* header lines up to the empty line */
	PBody,     /* chunk data, a body of Content-Length bytes, or one to the close */
	PSize,     /* a chunk-size line */
	PDataEnd,  /* the CRLF after chunk data */
	PTrailer,  /* trailer lines after the last chunk */
	PDone,     /* the message is complete */
	PError     /* p->err says why */
};

/*
 * Parser is a push parser for one HTTP/1.1 response: pfeed takes bytes
 * in pieces of any size, pend says whether the message was complete when
 * the connection ended.  It knows nothing of sockets.
 *
 * Only a 2xx response has its body read.  For any other status the
 * message ends with its head: the caller wants the status and Location,
 * and the connection is closed right after anyway.
 */
typedef struct {
	int state;
	int status;             /* of the final (non-1xx) response */
	char reason[64];        /* its reason phrase, printable ASCII */
	Buf line;               /* the line being gathered */
	size_t headlen;         /* bytes of head (or trailer) so far */
	unsigned int nfields;   /* header (or trailer) lines so far */
	int chunked, haslen;    /* a Transfer-Encoding (always chunked), a Content-Length */
	int http10;             /* the final response is HTTP/1.0 */
	int connect;            /* the answer to a CONNECT: a 2xx ends with its head */
	uintmax_t length;       /* Content-Length */
	uintmax_t left;         /* bytes left of the body or the chunk */
	size_t maxbody;
	Buf body;
	char *kept[HLast];
	long maxage;            /* Cache-Control max-age, the first; -1 none */
	int cc, nocache, nostore;     /* cc: a Cache-Control came */
	char err[160];
} Parser;

/* ---------------------------------------------------------------- time */

/* milliseconds on the monotonic clock */
static int64_t
now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (int64_t)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

/* an HTTP-date as seconds since the epoch; -1 when none, or before 1970 */
static long long
httpdate(const char *s)
{
	time_t t;

	return datetime(s, 1, &t) && t >= 0 ? t : -1;
}

/*
 * retryafter turns a Retry-After value, delay-seconds or an HTTP-date,
 * into seconds from t; -1 when it is neither.
 */
static long
retryafter(const char *s, time_t t)
{
	long long v;

	/* a year is forever enough */
	if (asciidigit(*s))
		return decval(s, 86400L * 365);
	if ((v = httpdate(s)) < 0)
		return -1;
	return v > (long long)t ? (long)MIN(v - (long long)t, 86400LL * 365) : 0;
}

/* ----------------------------------------------------------- characters */

/* the first control character other than HTAB in s[0..n), or NULL */
static const char *
ctlchar(const char *s, size_t n)
{
	for (; n--; s++)
		if (((unsigned char)*s < 0x20 && *s != '\t') || *s == 0x7f)
			return s;
	return NULL;
}

/* the value of the hex digit c, -1 when it is none */
static int
hexval(int c)
{
	static const char hex[] = "0123456789abcdef";
	const char *h = c ? strchr(hex, asciitolower(c)) : NULL;

	return h ? h - hex : -1;
}

/*
 * past the token, or with quoted the quoted-string, at s (RFC 9110 5.6.2,
 * 5.6.4); NULL when there is none.  pline has refused control characters.
 */
static const char *
skipword(const char *s, int quoted)
{
	const char *t = s;

	if (quoted && *s == '"') {
		for (s++; *s != '"'; s++)
			if (!*s || (*s == '\\' && !*++s))
				return NULL;
		return s + 1;
	}
	/* RFC 9110 tchar */
	while (asciialpha(*t) || asciidigit(*t) || (*t && strchr("!#$%&'*+-.^_`|~", *t)))
		t++;
	return t > s ? t : NULL;
}

/* --------------------------------------------------------- the parser */

static void
pinit(Parser *p, size_t maxbody)
{
	*p = (Parser){ .state = PStatus, .maxbody = maxbody, .maxage = -1 };
}

static void
pfree(Parser *p)
{
	size_t i;

	buffree(&p->line);
	buffree(&p->body);

	for (i = 0; i < HLast; i++)
		free(p->kept[i]);
	memset(p, 0, sizeof(*p));
}

static int
perr(Parser *p, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(p->err, sizeof(p->err), fmt, ap);
	va_end(ap);
	p->state = PError;
	return -1;
}

/* -1, with the error, when a body of n more bytes would break the limit */
static int
ptoobig(Parser *p, uintmax_t n)
{
	if (n > p->maxbody || p->body.len > p->maxbody - n)
		return perr(p, "response is larger than the %zu byte limit", p->maxbody);
	return 0;
}

/*
 * the next comma-separated element of a header list, trimmed, "" when
 * empty (which only Content-Length refuses, RFC 9110 5.6.1); NULL past
 * the last
 */
static char *
nextelem(char **sp)
{
	char *s = *sp, *e, *t;

	if (!s)
		return NULL;
	s += strspn(s, " \t");
	e = s + strcspn(s, ",");
	*sp = *e ? e + 1 : NULL;
	for (t = e; t > s && (t[-1] == ' ' || t[-1] == '\t'); t--)
		;
	*t = '\0';
	return s;
}

/*
 * pfield acts on one header of the final response.  Framing headers
 * are checked strictly: a response whose length is ambiguous could be
 * a smuggling attempt, and a coding we did not ask for is unreadable.
 */
static int
pfield(Parser *p, const char *name, char *v)
{
	unsigned long long n;
	const char *d;
	size_t i, k;
	char *e;

	if (!strcasecmp(name, "content-length")) {
		/*
		 * 1*DIGIT, or a list of equal values, "42, 42" (RFC 9110
		 * 8.6).  Anything else, an empty element included, is an
		 * error: never a reason to read to the close instead.
		 */
		while ((e = nextelem(&v))) {
			if (!(d = decnum(e, ULLONG_MAX, &n)) || *d)
				return perr(p, "malformed Content-Length");
			if (n == ULLONG_MAX)
				return perr(p, "Content-Length too large");
			if (p->haslen && n != p->length)
				return perr(p, "conflicting Content-Length headers");
			p->haslen = 1;
			p->length = n;
		}
	} else if (!strcasecmp(name, "transfer-encoding")) {
		/*
		 * A list of codings, over any number of lines (RFC 9112
		 * 6.1), of which we decode one: chunked, once, last.
		 * identity is no coding since RFC 7230; anything else we
		 * did not ask for.  Empty elements are ignored (RFC 9110
		 * 5.6.1), an empty value is not.
		 */
		k = !*v;
		while ((e = nextelem(&v))) {
			if (!*e)
				continue;
			if (p->chunked)
				return perr(p, "chunked is not the last Transfer-Encoding");
			if (strcasecmp(e, "chunked"))
				return perr(p, "unsupported Transfer-Encoding: %.40s", e);
			p->chunked = 1;
		}
		if (k || !p->chunked)
			return perr(p, "empty Transfer-Encoding");
	} else if (!strcasecmp(name, "content-encoding")) {
		/* we sent Accept-Encoding: identity */
		while ((e = nextelem(&v)))
			if (*e && strcasecmp(e, "identity"))
				return perr(p, "unsupported Content-Encoding: %.40s", e);
	} else if (!strcasecmp(name, "cache-control")) {
		/*
		 * The directives that say how long the response stays fresh
		 * (RFC 9111 5.2).  max-age may be quoted; the first counts,
		 * and one that is no number makes the response stale at
		 * once.  A no-cache that names fields is about those fields
		 * only.
		 */
		p->cc = 1;
		while ((e = nextelem(&v))) {
			if (!strcasecmp(e, "no-store")) {
				p->nostore = 1;
			} else if (!strcasecmp(e, "no-cache")) {
				p->nocache = 1;
			} else if (!strncasecmp(e, "max-age=", 8) && p->maxage < 0) {
				/* digits, quoted or not, and nothing else */
				k = e[8] == '"';
				d = decnum(e + 8 + k, DELTAMAX, &n);
				p->maxage = d && !strcmp(d, k ? "\"" : "") ? (long)n : 0;
			}
		}
	}
	/* a later one replaces an earlier */
	for (i = 0; i < HLast; i++) {
		if (!strcasecmp(name, keptname[i])) {
			free(p->kept[i]);
			if (!(p->kept[i] = strdup(v)))
				return perr(p, "out of memory");
		}
	}
	return 0;
}

/* the empty line ended a head, to frame the body by, or the trailer */
static int
pendhead(Parser *p)
{
	if (p->status < 200) {
		/*
		 * An interim response: its head is dropped (pheader kept
		 * none of its fields), the real one follows.
		 */
		if (p->status == 101)
			return perr(p, "unexpected 101 Switching Protocols");
		p->state = PStatus;
		p->nfields = 0;
		return 0;
	}
	/*
	 * RFC 9112 6.1: an HTTP/1.0 message with Transfer-Encoding has
	 * faulty framing, Content-Length or not.  6.3 item 3: with both,
	 * Transfer-Encoding would win, but the message "ought to be
	 * handled as an error": it is how responses are smuggled.
	 */
	if (p->chunked && p->http10)
		return perr(p, "Transfer-Encoding in an HTTP/1.0 response");
	if (p->chunked && p->haslen)
		return perr(p, "both Transfer-Encoding and Content-Length in the response");
	/*
	 * A 2xx to CONNECT: the tunnel starts after the head (RFC 9110
	 * 9.3.6).  The trailer, past the checks above since its head
	 * passed them, ends the message.
	 */
	if (p->state == PTrailer || p->status / 100 != 2 || p->status == 204 || p->connect) {
		p->state = PDone;
		return 0;
	}
	/* chunks, Content-Length bytes, or without either as much as the server sends */
	p->left = p->haslen ? p->length : UINTMAX_MAX;
	p->state = p->chunked ? PSize : p->left ? PBody : PDone;
	return ptoobig(p, p->haslen ? p->length : 0);
}

/* a header or trailer line: name ":" OWS value OWS */
static int
pheader(Parser *p, char *s, size_t len, int trailer)
{
	char *colon, *v, *e;

	if (++p->nfields > MAXFIELDS)
		return perr(p, "more than %d %s lines", MAXFIELDS,
		    trailer ? "trailer" : "header");
	if (s[0] == ' ' || s[0] == '\t')
		return perr(p, "obsolete folded header line");
	/* a token, then the colon at once */
	if (!(colon = strchr(s, ':')) || skipword(s, 0) != colon)
		return perr(p, "malformed header line");
	*colon = '\0';
	v = colon + 1 + strspn(colon + 1, " \t");
	for (e = s + len; e > v && (e[-1] == ' ' || e[-1] == '\t'); e--)
		;
	*e = '\0';
	/*
	 * Interim responses and trailers carry nothing we use, nor does a
	 * 2xx to CONNECT, which has no content: its framing is ignored
	 * (RFC 9110 9.3.6).
	 */
	if (trailer || p->status < 200 || (p->connect && p->status / 100 == 2))
		return 0;
	return pfield(p, s, v);
}

/* "HTTP/1.1 200 OK" */
static int
pstatus(Parser *p, const char *s, size_t len)
{
	size_t i, n;

	/* the status is 100 to 999 */
	if (len < 12 || memcmp(s, "HTTP/1.", 7) || !asciidigit(s[7]) || s[8] != ' ' ||
	    s[9] < '1' || s[9] > '9' || !asciidigit(s[10]) || !asciidigit(s[11]) ||
	    (len > 12 && s[12] != ' '))
		return perr(p, len >= 5 && !memcmp(s, "HTTP/", 5) ?
		    "malformed status line" : "not an HTTP/1.x response");
	p->status = (s[9] - '0') * 100 + (s[10] - '0') * 10 + (s[11] - '0');
	p->http10 = s[7] == '0';
	/* keep the reason phrase for messages, printable ASCII only */
	for (i = 13, n = 0; i < len && n < sizeof(p->reason) - 1; i++)
		if ((unsigned char)s[i] >= 0x20 && (unsigned char)s[i] < 0x7f)
			p->reason[n++] = s[i];
	p->reason[n] = '\0';
	p->state = PHead;
	return 0;
}

/*
 * "1a2b;name=value": a chunk size and its extensions, which mean
 * nothing to us but must be well-formed (RFC 9112 7.1.1):
 *
 *   chunk-size [ *( BWS ";" BWS token [ BWS "=" BWS ( token / quoted-string ) ] ) ]
 *
 * so white space only around ';' and '=', never at the end.
 */
static int
psize(Parser *p, const char *s)
{
	uintmax_t n = 0;
	const char *t = s;
	int d;

	for (; (d = hexval(*s)) >= 0; s++) {
		if (n > UINTMAX_MAX >> 4)
			return perr(p, "chunk size too large");
		n = n << 4 | d;
	}
	if (s == t)
		return perr(p, "malformed chunk size");
	while (*s) {
		s += strspn(s, " \t");
		if (!*s)
			return perr(p, "malformed chunk extension (white space at the end)");
		if (*s++ != ';' || !(s = skipword(s + strspn(s, " \t"), 0)))
			return perr(p, "malformed chunk extension");
		t = s + strspn(s, " \t");
		if (*t == '=' && !(s = skipword(t + 1 + strspn(t + 1, " \t"), 1)))
			return perr(p, "malformed chunk extension");
	}
	/* the last chunk, of size 0, is followed by a trailer counted as a head is */
	p->headlen = p->nfields = 0;
	p->left = n;
	p->state = n ? PBody : PTrailer;
	return ptoobig(p, n);
}

/*
 * pfeed pushes n bytes of the response into p.  Returns 1 once the
 * message is complete (bytes after it are ignored: we asked the server
 * to close), 0 when it wants more, -1 on an error in p->err.
 */
static int
pfeed(Parser *p, const char *s, size_t n)
{
	const char *e = s + n, *nl, *c;
	char *l;
	size_t k, max;

	while (s < e && p->state != PDone && p->state != PError) {
		if (p->state == PBody) {
			k = (size_t)MIN(p->left, (uintmax_t)(e - s));
			if (ptoobig(p, k) < 0)
				return -1;
			if (bufadd(&p->body, s, k) < 0)
				return perr(p, "out of memory");
			s += k;
			if (!(p->left -= k))
				p->state = p->chunked ? PDataEnd : PDone;
			continue;
		}
		/* the line states: gather a line up to LF; its CR goes below */
		nl = memchr(s, '\n', e - s);
		k = nl ? (size_t)(nl - s) : (size_t)(e - s);
		/* a chunk-size line, the CR after chunk data, or what is left of the head */
		max = p->state == PSize ? MAXLINE : p->state == PDataEnd ? 1 :
		    MAXHEAD - MIN(p->headlen, MAXHEAD);
		if (p->line.len + k > max) {
			if (p->state == PSize)
				return perr(p, "chunk size line too long");
			if (p->state == PDataEnd)
				return perr(p, "malformed chunk: no line end after the data");
			return perr(p, "response %s is larger than %d bytes",
			    p->state == PTrailer ? "trailer" : "header", MAXHEAD);
		}
		if (bufadd(&p->line, s, k) < 0)
			return perr(p, "out of memory");
		s += k;
		if (!nl)
			return 0;
		s++;
		/* psize starts the count again for a trailer */
		p->headlen += p->line.len + 1;
		/*
		 * A bare LF ends the status line and header and
		 * trailer lines (RFC 9112 2.2); chunked framing's own
		 * lines end in CRLF (7.1), and a parser that took LF
		 * alone there would read chunks differently from one
		 * that did not.
		 */
		if (p->line.len && p->line.p[p->line.len - 1] == '\r')
			p->line.p[--p->line.len] = '\0';
		else if (p->state == PSize || p->state == PDataEnd)
			return perr(p, "bare LF after a chunk%s", p->state == PSize ? " size" : "'s data");
		/*
		 * A CR is allowed only as part of the line end, and no other
		 * control character but HTAB anywhere in a line: they have no
		 * business in a head and could hide one header inside another.
		 */
		l = p->line.p ? p->line.p : "";
		if ((c = ctlchar(l, p->line.len)))
			return perr(p, "control character 0x%02x in the response", *c);
		/* each sets the next state, PError on a failure */
		if (p->state == PStatus)
			pstatus(p, l, p->line.len);
		else if (p->state == PSize)
			psize(p, l);
		else if (p->state == PDataEnd)
			p->state = PSize;   /* only its CR came in, and it is gone */
		else if (p->line.len)
			pheader(p, l, p->line.len, p->state == PTrailer);
		else
			pendhead(p);
		p->line.len = 0;
	}
	return p->state == PDone ? 1 : p->state == PError ? -1 : 0;
}

/*
 * pend tells the parser the connection ended.  Returns 1 when the
 * message was complete by its framing, -1 with the reason otherwise.
 */
static int
pend(Parser *p)
{
	static const char *const where[PError + 1] = {
		[PStatus] = "in the status line", [PHead] = "in the header",
		[PTrailer] = "in the trailer"
	};

	/*
	 * No length given: the close is the end (RFC 9112 6.3 item 8).
	 * Over TLS without close_notify, someone who can cut the
	 * connection could shorten such a body; servers that close without
	 * it are common, and a cut feed shows as truncated XML to the
	 * parser.
	 */
	if (p->state == PDone || (p->state == PBody && !p->haslen && !p->chunked)) {
		p->state = PDone;
		return 1;
	}
	if (p->state == PStatus && !p->headlen && !p->line.len)
		return perr(p, "connection closed without a response");
	if (where[p->state])
		return perr(p, "response truncated %s", where[p->state]);
	if (!p->chunked)
		return perr(p, "response truncated after %zu of %ju bytes", p->body.len, p->length);
	return perr(p, "response truncated after %zu bytes (chunked, no last chunk)",
	    p->body.len);
}

/* ------------------------------------------------------------- sockets */

/*
 * waitfd polls fd for events until the monotonic time until.  Returns
 * 0 when ready, ETIMEDOUT at the time limit, poll's errno on its error.
 */
static int
waitfd(int fd, short events, int64_t until)
{
	struct pollfd pfd = { .fd = fd, .events = events };
	int64_t left;
	int rc;

	for (;;) {
		if ((left = until - now()) <= 0)
			return ETIMEDOUT;
		if ((rc = poll(&pfd, 1, (int)MIN(left, 60000))) > 0)
			return 0;
		if (rc < 0 && errno != EINTR)
			return errno;
	}
}

/*
 * sockread and sockwrite are BearSSL's I/O callbacks and the plain-HTTP
 * path alike.  Each waits with what is left of the fetch's deadline,
 * retries on EINTR, and on failure records why in the Sock before
 * returning -1, because BearSSL will only say BR_ERR_IO; the peer's
 * close leaves c->err 0.  send uses MSG_NOSIGNAL so a reset never
 * raises SIGPIPE.
 */
static int
sockio(Sock *c, unsigned char *buf, size_t len, int out)
{
	ssize_t n;

	for (;;) {
		if ((c->err = waitfd(c->fd, out ? POLLOUT : POLLIN, c->deadline)))
			return -1;
		n = out ? send(c->fd, buf, len, MSG_NOSIGNAL) : recv(c->fd, buf, len, 0);
		if (n > 0)
			return n;
		/* the peer's close leaves c->err 0 */
		if (n == 0 || (errno != EINTR && errno != EAGAIN && errno != EWOULDBLOCK)) {
			c->err = n ? errno : 0;
			return -1;
		}
	}
}

static int
sockread(void *ctx, unsigned char *buf, size_t len)
{
	return sockio(ctx, buf, len, 0);
}

static int
sockwrite(void *ctx, const unsigned char *buf, size_t len)
{
	return sockio(ctx, (unsigned char *)buf, len, 1);
}

/* strerror with a lowercase first letter, to fit "host: cause" lines */
static void
errnomsg(int e, char *buf, size_t size)
{
	snprintf(buf, size, "%s", strerror(e));
	buf[0] = asciitolower(buf[0]);
}

/*
 * A name lookup in a thread of its own.  getaddrinfo has no timeout
 * (resolv.conf's timeouts, attempts and search domains let a dead name
 * server hold it a minute), so the caller waits for the thread's byte on
 * a pipe only until the deadline, then leaves it; of the two, the one
 * that finishes last frees the Job.  A thread costs a tenth of what a
 * forked child does; an address takes the same way, answered at once.
 */
typedef struct {
	int rc, err;            /* getaddrinfo's code, errno for EAI_SYSTEM */
	struct addrinfo *res;
	char host[256], port[8];
	int fd[2];
	int done;               /* the thread has answered: the above is whole */
	int left;               /* the caller gave up: the thread frees */
	pthread_mutex_t mu;
} Job;

static void
jobfree(Job *j)
{
	close(j->fd[0]);
	close(j->fd[1]);
	if (j->res)
		freeaddrinfo(j->res);
	pthread_mutex_destroy(&j->mu);
	free(j);
}

static void *
lookupthread(void *arg)
{
	static const struct addrinfo hints = {
		.ai_family = AF_UNSPEC, .ai_socktype = SOCK_STREAM, .ai_flags = AI_NUMERICSERV
	};
	Job *j = arg;
	int left;

	j->rc = getaddrinfo(j->host, j->port, &hints, &j->res);
	j->err = errno;
	pthread_mutex_lock(&j->mu);
	if (!(left = j->left))
		writeall(j->fd[1], "", 1);
	j->done = 1;
	pthread_mutex_unlock(&j->mu);
	if (left)
		jobfree(j);
	return NULL;
}

/*
 * lookup resolves host by the deadline (above).  Returns getaddrinfo's
 * list, or NULL with err set.
 */
static struct addrinfo *
lookup(const char *host, unsigned int port, int64_t deadline, char *err, size_t errlen)
{
	struct addrinfo *res = NULL;
	pthread_t t;
	Job *j;
	int e, done;

	if (!(j = calloc(1, sizeof(*j))) || pipe(j->fd) < 0) {
		errnomsg(errno, err, errlen);
		free(j);
		return NULL;
	}
	snprintf(j->host, sizeof(j->host), "%s", host);
	snprintf(j->port, sizeof(j->port), "%u", port);
	pthread_mutex_init(&j->mu, NULL);
	if ((e = pthread_create(&t, NULL, lookupthread, j))) {
		jobfree(j);
		errnomsg(e, err, errlen);
		return NULL;
	}
	pthread_detach(t);
	e = waitfd(j->fd[0], POLLIN, deadline);
	pthread_mutex_lock(&j->mu);
	j->left = !(done = j->done);
	pthread_mutex_unlock(&j->mu);
	if (!done) {
		if (e == ETIMEDOUT)
			seterr(err, errlen, "name lookup timed out");
		else
			errnomsg(e, err, errlen);
		return NULL;
	}
	if (j->rc)
		seterr(err, errlen, "cannot resolve host name: %s",
		    j->rc == EAI_SYSTEM ? strerror(j->err) : gai_strerror(j->rc));
	else
		res = j->res, j->res = NULL;
	jobfree(j);
	return res;
}

/*
 * dial connects to u's host and port: every address lookup returns, in
 * getaddrinfo's order, each with a non-blocking connect bounded by the
 * connect timeout and the deadline.  Returns the socket (non-blocking,
 * close-on-exec, TCP_NODELAY) or -1 with the lookup's or the last
 * address's failure.
 */
static int
dial(const Url *u, const HttpOpt *o, int64_t deadline, char *err, size_t errlen)
{
	struct addrinfo *res, *ai;
	int fd = -1, e = ETIMEDOUT, one = 1, total = 1;
	socklen_t sl = sizeof(e);
	int64_t until;

	if (!(res = lookup(u->host, u->port, deadline, err, errlen)))
		return -1;
	/* the deadline, when it comes first, is what timed out */
	for (ai = res; ai && fd < 0 && now() < deadline; ai = ai->ai_next) {
		until = now() + o->conntimeout;
		total = until >= deadline;
		e = 0;
		/* close-on-exec: a browser started later must not inherit it */
		if ((fd = socket(ai->ai_family, SOCK_STREAM, 0)) < 0 ||
		    fcntl(fd, F_SETFD, FD_CLOEXEC) < 0 ||
		    fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK) < 0)
			e = errno;
		/* EINTR leaves a non-blocking connect running, as EINPROGRESS does */
		else if (connect(fd, ai->ai_addr, ai->ai_addrlen) < 0 && errno != EINPROGRESS &&
		    errno != EINTR)
			e = errno;
		/* a connect done at once is writable at once */
		else if (!(e = waitfd(fd, POLLOUT, MIN(until, deadline))) &&
		    getsockopt(fd, SOL_SOCKET, SO_ERROR, &e, &sl) < 0)
			e = errno;
		if (e && fd >= 0) {
			close(fd);
			fd = -1;
		}
	}
	freeaddrinfo(res);
	/*
	 * BearSSL writes each handshake record separately: without
	 * TCP_NODELAY, Nagle and delayed ACK add some 40 ms per round trip.
	 */
	if (fd >= 0)
		setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof(one));
	else if (e == ETIMEDOUT)
		/* "1 s", "1.5 s": LC_NUMERIC is never set, the point is a point */
		seterr(err, errlen, total ? "timed out after %g s" : "connection timed out after %g s",
		    (total ? o->timeout : o->conntimeout) / 1000.0);
	else
		errnomsg(e, err, errlen);
	return fd;
}

/* ------------------------------------------------------------ proxies */

/*
 * A proxy as curl reads one: [http://][user[:password]@]host[:port],
 * port 1080 when none is given.  The credentials live only in auth, as
 * a header line, and name only host and port: messages never show more.
 */
typedef struct {
	Url u;
	char name[300];     /* "host:port", for messages */
	char auth[800];     /* "Proxy-Authorization: Basic ...\r\n", or "" */
} Proxy;

/* is the IP literal host in the token (an address, or address/bits)? */
static int
cidrmatch(const char *host, int ip6, const char *tok, size_t n)
{
	unsigned char a[16], b[16];
	unsigned long long v;
	char t[64], *slash;
	unsigned int bits, i, len = ip6 ? 16 : 4;
	int af = ip6 ? AF_INET6 : AF_INET;

	if (snprintf(t, sizeof(t), "%.*s", (int)n, tok) >= (int)sizeof(t))
		return 0;
	bits = len * 8;
	if ((slash = strchr(t, '/')))
		*slash = '\0';
	/* as curl: /0 and no number mean the whole address, too many bits none */
	if (slash && decnum(slash + 1, 255, &v) && v)
		bits = v <= bits ? v : 0;
	if (!bits || inet_pton(af, host, a) != 1 || inet_pton(af, t, b) != 1)
		return 0;
	for (i = 0; i < bits; i++)
		if ((a[i / 8] ^ b[i / 8]) & 0x80 >> i % 8)
			return 0;
	return 1;
}

/*
 * noproxy says whether host is in list, a no_proxy value, as curl
 * 7.86 and later read it: "*" alone matches every host; otherwise the
 * entries, separated by commas and white space, match a host name
 * that equals them or ends in "." and them, a leading dot and trailing
 * dots being ignored, case-insensitively.  An IP literal host matches
 * an entry that is the same address or a network holding it
 * ("10.0.0.0/8", "::1/128"); names and addresses never match each other,
 * and nothing is resolved.  Ports are not compared: an entry with one
 * matches no host, as in curl.
 */
static int
noproxy(const char *list, const char *host, int ip6)
{
	struct in_addr a4;
	const char *p = list, *tok;
	size_t n, hl = strlen(host);
	int ip = ip6 || inet_pton(AF_INET, host, &a4) == 1;

	if (!list || !*list || !hl)
		return 0;
	if (!strcmp(list, "*"))
		return 1;
	if (!ip && host[hl - 1] == '.')
		hl--;
	while (*p) {
		tok = p + strspn(p, " \t,");
		p = tok + strcspn(tok, " \t,");
		if (!(n = p - tok))
			continue;
		if (ip) {
			if (cidrmatch(host, ip6, tok, n))
				return 1;
			continue;
		}
		if (tok[n - 1] == '.')
			n--;
		if (n && tok[0] == '.')
			tok++, n--;
		/* the host itself, or a domain it is in */
		if (n && n <= hl && (n == hl || host[hl - n - 1] == '.') &&
		    !strncasecmp(tok, host + hl - n, n))
			return 1;
	}
	return 0;
}

/*
 * proxyfor picks the proxy for a hop to u, as curl does: https_proxy
 * (or HTTPS_PROXY) for https, http_proxy for http, unless no_proxy
 * names the host.  lwnrss.c reads the variables into o.  Returns the
 * proxy's URL, or NULL to go direct.
 */
static const char *
proxyfor(const HttpOpt *o, const Url *u)
{
	const char *px = u->tls ? o->httpsproxy : o->httpproxy;

	return px && *px && !noproxy(o->noproxy, u->host, u->ip6) ? px : NULL;
}

/* %XX sequences into bytes, in place; -1 for %00, which ends nothing well */
static int
pctdecode(char *s)
{
	char *d = s;
	int hi, lo;

	for (; *s; s++, d++) {
		*d = *s;
		if (*s == '%' && (hi = hexval(s[1])) >= 0 && (lo = hexval(s[2])) >= 0) {
			if (!(*d = hi << 4 | lo))
				return -1;
			s += 2;
		}
	}
	*d = '\0';
	return 0;
}

/* base64 of s[0..n) into out, which has room for 4 * (n + 2) / 3 + 1 */
static void
b64enc(const unsigned char *s, size_t n, char *out)
{
	static const char digits[] =
	    "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
	unsigned long v;
	size_t i, k;

	/* three bytes to four digits; the last group's missing digits are '=' */
	for (i = 0; i < n; i += 3) {
		v = (unsigned long)s[i] << 16 | (i + 1 < n ? s[i + 1] << 8 : 0) |
		    (i + 2 < n ? s[i + 2] : 0);
		for (k = 0; k < 4; k++)
			*out++ = k <= n - i ? digits[v >> (18 - 6 * k) & 63] : '=';
	}
	*out = '\0';
}

/*
 * proxyparse reads a proxy URL into px.  Only HTTP proxies: TLS to the
 * proxy itself (https://) and SOCKS are refused as unsupported.  The
 * user and password are percent-decoded, as curl does, and become a
 * Basic Proxy-Authorization (RFC 9110 11.7.1); they never reach err.
 */
static int
proxyparse(Proxy *px, const char *spec, char *err, size_t errlen)
{
	char buf[600], cred[512], b64[700];
	const char *s = spec, *end, *at, *h, *p;
	size_t n;

	memset(px, 0, sizeof(*px));
	/* a scheme is letters and "://", never what a password holds */
	n = strspn(s, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789+-.");
	if (n && !strncmp(s + n, "://", 3)) {
		/* https:// would be TLS to the proxy itself */
		if (n != 4 || strncasecmp(s, "http", 4)) {
			seterr(err, errlen, "%.*s:// proxies are not supported; use an http:// "
			    "proxy", (int)MIN(n, 20), s);
			return -1;
		}
		s += n + 3;
	}
	/* the credentials end at the last '@', whatever they hold ('/', '?', '#') */
	at = strrchr(s, '@');
	h = at ? at + 1 : s;
	end = h + strcspn(h, "/?#");
	n = snprintf(buf, sizeof(buf), "http://%.*s/", (int)(end - h), h);
	if (n >= sizeof(buf) || url_parse(&px->u, buf, cred, sizeof(cred)) < 0) {
		seterr(err, errlen, "invalid proxy URL: %s", n >= sizeof(buf) ? "too long" : cred);
		return -1;
	}
	/* no ':' after the host (after ']' for IPv6, which url_parse found): 1080 */
	p = *h == '[' ? memchr(h, ']', end - h) : h;
	if (!memchr(p, ':', end - p))
		px->u.port = 1080;
	snprintf(px->name, sizeof(px->name), "%s%s%s:%u", px->u.ip6 ? "[" : "",
	    px->u.host, px->u.ip6 ? "]" : "", px->u.port);
	if (at) {
		n = snprintf(cred, sizeof(cred), "%.*s", (int)(at - s), s);
		if (n >= sizeof(cred) || pctdecode(cred) < 0) {
			memset(cred, 0, sizeof(cred));
			seterr(err, errlen, n >= sizeof(cred) ? "proxy %s: credentials too long" :
			    "proxy %s: invalid credentials", px->name);
			return -1;
		}
		b64enc((unsigned char *)cred, strlen(cred), b64);
		snprintf(px->auth, sizeof(px->auth), "Proxy-Authorization: Basic %s\r\n", b64);
		memset(cred, 0, sizeof(cred));
		memset(b64, 0, sizeof(b64));
	}
	return 0;
}

/* ------------------------------------------------------------- a hop */

/*
 * mkrequest writes the GET for u into buf: origin-form, or absolute-form
 * to a proxy (RFC 9112 3.2.2).  Accept prefers feed types but takes
 * anything, so a server never answers 406.  Returns the length, or -1
 * when it does not fit.
 */
static int
mkrequest(char *buf, size_t size, const Url *u, const HttpOpt *o, const Proxy *px)
{
	char hp[300];
	int n;
	/* a validator is sent only if it cannot break the request */
	int e = o->etag && !ctlchar(o->etag, strlen(o->etag));
	int l = o->lastmod && !ctlchar(o->lastmod, strlen(o->lastmod));

	url_hostport(u, hp, sizeof(hp));
	n = snprintf(buf, size,
	    "GET %s%s%s HTTP/1.1\r\n"
	    "Host: %s\r\n"
	    "%s"
	    "User-Agent: lwnrss/" VERSION "\r\n"
	    "Accept: application/rss+xml, application/rdf+xml, "
	    "application/atom+xml, application/xml;q=0.9, text/xml;q=0.9, "
	    "*/*;q=0.1\r\n"
	    "Accept-Encoding: identity\r\n"
	    "Connection: close\r\n"
	    "%s%s%s"
	    "%s%s%s"
	    "\r\n",
	    px ? "http://" : "", px ? hp : "", u->path, hp,
	    px ? px->auth : "",
	    e ? "If-None-Match: " : "", e ? o->etag : "", e ? "\r\n" : "",
	    l ? "If-Modified-Since: " : "", l ? o->lastmod : "", l ? "\r\n" : "");
	return n < 0 || (size_t)n >= size ? -1 : n;
}

/*
 * exchange sends req[0..len) on c, through t when not NULL, and reads
 * the answer into p until the parser has a complete message: a byte at
 * a time for CONNECT's, so that nothing after it (the server's TLS) is
 * taken from the socket.  Over TLS the first write runs the handshake, so its failures
 * (certificates, versions) surface in the sending.  No TLS close:
 * BearSSL's waits for the peer's close_notify, which many servers never
 * send, and completeness is the framing's business.  Returns 0, or -1
 * with err set: the parser's reason, TLS's, the deadline (naming the
 * proxy px when not NULL), a socket error, or an EOF while sending.
 */
static int
exchange(Sock *c, Tls *t, const char *req, int len, Parser *p, unsigned int timeout,
    const Proxy *px, char *err, size_t errlen)
{
	char buf[16384];
	int n, rc = 0, sent;

	if (t) {
		sent = tls_write(t, req, len) == 0;
	} else {
		while (len > 0 && (n = sockwrite(c, (const unsigned char *)req, len)) > 0)
			req += n, len -= n;
		sent = len == 0;
	}
	while (sent && rc == 0) {
		n = t ? tls_read(t, buf, sizeof(buf)) :
		    sockread(c, (unsigned char *)buf, p->connect ? 1 : sizeof(buf));
		/* a plain EOF is the framing's to judge */
		if (n <= 0 && (c->err || (t && tls_err(t, buf, sizeof(buf)))))
			break;
		rc = n > 0 ? pfeed(p, buf, n) : pend(p);
	}
	if (rc > 0)
		return 0;
	if (rc < 0) {
		seterr(err, errlen, "%s", p->err);
	} else if (t && tls_err(t, err, errlen)) {
		/* BearSSL's words, x509.c's for a refused chain */
	} else if (c->err == ETIMEDOUT) {
		seterr(err, errlen, "timed out after %g s%s%s%s", timeout / 1000.0,
		    px ? " (through proxy " : "", px ? px->name : "", px ? ")" : "");
	} else if (c->err) {
		errnomsg(c->err, buf, sizeof(buf));
		seterr(err, errlen, "%s%s", t && !sent ? "TLS handshake: " : "", buf);
	} else {
		/* EOF, or close_notify, before the request went out */
		seterr(err, errlen, t ? "connection closed during the TLS handshake" :
		    "connection closed before the request went out");
	}
	/*
	 * A refused handshake: tell the server why we hang up (a TLS
	 * alert: BearSSL sends none when it refuses a chain) and close
	 * gracefully: our FIN, then what the server still sends read and
	 * dropped for a moment, since closing with unread bytes would reset
	 * the connection and could destroy the alert before the server
	 * reads it.
	 */
	if (t && !sent) {
		tls_refuse(t);
		shutdown(c->fd, SHUT_WR);
		c->deadline = MIN(c->deadline, now() + 250);
		while (sockread(c, (unsigned char *)buf, sizeof(buf)) > 0)
			;
	}
	return -1;
}

/*
 * fetch1 makes one request to u, through px when not NULL, and parses
 * the response into p.  Returns 0 when p holds a complete response, -1
 * with err set (without the host, which the caller adds).
 */
static int
fetch1(const Url *u, const Proxy *px, const HttpOpt *o, Anchors *a, int64_t deadline,
    Parser *p, char *err, size_t errlen)
{
	Sock c = { -1, deadline, 0 };
	Tls *t = NULL;
	char *req, con[1400], hp[300], m[200];
	int len = -1, ret = -1, n;
	size_t max = p->maxbody;
	/* room for the validators as the server sent them, however long */
	size_t size = URLMAX + 2048 + (o->etag ? strlen(o->etag) : 0) +
	    (o->lastmod ? strlen(o->lastmod) : 0);

	if ((req = malloc(size)))
		len = mkrequest(req, size, u, o, u->tls ? NULL : px);
	if (len < 0) {
		seterr(err, errlen, req ? "request too long" : "out of memory");
		goto out;
	}
	/* directly, or to the proxy */
	if ((c.fd = dial(px ? &px->u : u, o, deadline, m, sizeof(m))) < 0) {
		seterr(err, errlen, "%s%s%s%s", px ? "cannot reach proxy " : "",
		    px ? px->name : "", px ? ": " : "", m);
		goto out;
	}
	/*
	 * For https, a tunnel through the proxy (RFC 9110 9.3.6), asked in
	 * the authority form, which always has the port.  exchange reads
	 * the answer a byte at a time: what follows it is the server's TLS.
	 */
	if (px && u->tls) {
		snprintf(hp, sizeof(hp), "%s%s%s:%u", u->ip6 ? "[" : "", u->host,
		    u->ip6 ? "]" : "", u->port);
		n = snprintf(con, sizeof(con), "CONNECT %s HTTP/1.1\r\nHost: %s\r\n%s"
		    "User-Agent: lwnrss/" VERSION "\r\n\r\n", hp, hp, px->auth);
		p->connect = 1;
		if (exchange(&c, NULL, con, n, p, o->timeout, NULL, m, sizeof(m)) < 0) {
			seterr(err, errlen, "proxy %s: %s", px->name, m);
			goto out;
		}
		if (p->status / 100 != 2)
			goto refused;
		/* the tunnel stands: the parser starts again for the server's answer */
		pfree(p);
		pinit(p, max);
	}
	if ((u->tls && !(t = tls_open(u->host, a, sockread, sockwrite, &c, err, errlen))) ||
	    exchange(&c, t, req, len, p, o->timeout, px, err, errlen) < 0)
		goto out;
	/* a plain request's 407 is the proxy's, not the server's */
	if (!px || u->tls || p->status != 407) {
		ret = 0;
		goto out;
	}
refused:
	if (p->status == 407)
		seterr(err, errlen, px->auth[0] ? "proxy %s refused the credentials (407 %s)" :
		    "proxy %s requires authentication (407 %s)", px->name,
		    p->reason[0] ? p->reason : "Proxy Authentication Required");
	else
		seterr(err, errlen, "proxy %s refused CONNECT to %s: %d%s%s", px->name,
		    hp, p->status, p->reason[0] ? " " : "", p->reason);
out:
	/* the status of a refused CONNECT is the proxy's: the caller gets none */
	if (ret < 0 && p->connect)
		p->status = 0;
	if (req)
		memset(req, 0, size);   /* they may hold the proxy's credentials */
	memset(con, 0, sizeof(con));
	free(req);
	tls_close(t);
	close(c.fd);
	return ret;
}

/* ------------------------------------------------------------ http_get */

/*
 * answer puts the final response p into r.  Returns 0 with a 2xx's body
 * (a string even when empty), 1 for a 304, -1 with err set otherwise;
 * what the response says of its freshness is kept whatever its status.
 */
static int
answer(Parser *p, HttpResp *r, char *err, size_t errlen)
{
	r->retryafter = p->kept[HRetry] ? retryafter(p->kept[HRetry], time(NULL)) : -1;
	r->cachecontrol = p->cc;
	r->maxage = p->maxage;
	r->nocache = p->nocache;
	r->nostore = p->nostore;
	r->age = p->kept[HAge] ? decval(p->kept[HAge], DELTAMAX) : -1;
	r->date = p->kept[HDate] ? httpdate(p->kept[HDate]) : -1;
	/* an Expires that is no date is in the past (RFC 9111 5.3) */
	r->expires = p->kept[HExpires] ? MAX(httpdate(p->kept[HExpires]), 0) : -1;
	/* the validators are the caller's now */
	r->etag = p->kept[HEtag];
	r->lastmod = p->kept[HLastmod];
	p->kept[HEtag] = p->kept[HLastmod] = NULL;
	if (bufgrow(&p->body, 0) < 0) {
		seterr(err, errlen, "out of memory");
		return -1;
	}
	if (p->status == 304)
		return 1;
	if (p->status / 100 != 2) {
		seterr(err, errlen, "HTTP %d%s%s", p->status, p->reason[0] ? " " : "", p->reason);
		return -1;
	}
	p->body.p[p->body.len] = '\0';
	r->body = p->body.p;
	r->len = p->body.len;
	memset(&p->body, 0, sizeof(p->body));
	return 0;
}

int
http_get(const char *url, const HttpOpt *o, HttpResp *r)
{
	Url u, next;
	Anchors a = {0};
	Parser p = {0};
	Proxy px;
	Buf seen = {0};
	const char *pxs;
	char err[256] = "", m[200];
	unsigned int hops;
	size_t i;
	int64_t deadline = now() + o->timeout;
	int ret = -1, rc;

	*r = (HttpResp){ .retryafter = -1, .maxage = -1, .age = -1, .date = -1, .expires = -1 };
	if (url_parse(&u, url, r->err, sizeof(r->err)) < 0)
		return -1;
	for (hops = 0;; hops++) {
		/* every URL of the chain, each with its NUL, to catch loops; r->url is the last */
		free(r->url);
		if (!(r->url = url_str(&u))) {
			seterr(err, sizeof(err), "out of memory");
			goto fail;
		}
		for (i = 0; i < seen.len && strcmp(seen.p + i, r->url); i += strlen(seen.p + i) + 1)
			;
		if (i < seen.len || bufadd(&seen, r->url, strlen(r->url) + 1) < 0) {
			seterr(err, sizeof(err), i < seen.len ? "redirect loop (%.120s)" :
			    "out of memory", r->url);
			goto fail;
		}

		/* the trust anchors, the first time a hop needs them */
		if (u.tls && !a.loaded && x509_loadanchors(&a, o->cafile, err, sizeof(err)) < 0)
			goto fail;

		/* the proxy, chosen again for every hop: a redirect may change host */
		if ((pxs = proxyfor(o, &u)) && proxyparse(&px, pxs, err, sizeof(err)) < 0)
			goto fail;

		pfree(&p);
		pinit(&p, o->maxbody);
		rc = fetch1(&u, pxs ? &px : NULL, o, &a, deadline, &p, err, sizeof(err));
		memset(&px, 0, sizeof(px));
		if (rc < 0)
			goto fail;
		if ((p.status != 301 && p.status != 302 && p.status != 303 && p.status != 307 &&
		    p.status != 308) || !p.kept[HLocation])
			break;
		if (hops >= o->maxredirects) {
			seterr(err, sizeof(err), "too many redirects (more than %u)",
			    o->maxredirects);
			goto fail;
		}
		if (url_resolve(&next, &u, p.kept[HLocation], m, sizeof(m)) < 0) {
			seterr(err, sizeof(err), "bad redirect: %s", m);
			goto fail;
		}
		if (u.tls && !next.tls) {
			seterr(err, sizeof(err), "refusing redirect from https to http (%.100s)",
			    p.kept[HLocation]);
			goto fail;
		}
		u = next;
	}
	if ((ret = answer(&p, r, err, sizeof(err))) >= 0)
		goto out;
fail:
	seterr(r->err, sizeof(r->err), "%s: %s", u.host, err);
out:
	r->status = p.status;
	buffree(&seen);
	pfree(&p);
	x509_freeanchors(&a);
	return ret;
}

/* the first of the variables named that is set and not empty, or NULL */
static const char *
envfirst(const char *a, const char *b, const char *c, const char *d)
{
	const char *names[] = { a, b, c, d }, *v;
	size_t i;

	for (i = 0; i < LENGTH(names); i++)
		if (names[i] && (v = getenv(names[i])) && *v)
			return v;
	return NULL;
}

void
http_proxyenv(HttpOpt *o)
{
	o->httpsproxy = envfirst("https_proxy", "HTTPS_PROXY", "all_proxy", "ALL_PROXY");
	o->httpproxy = envfirst("http_proxy", "all_proxy", "ALL_PROXY", NULL);
	o->noproxy = envfirst("no_proxy", "NO_PROXY", NULL, NULL);
}

void
http_free(HttpResp *r)
{
	free(r->body);
	free(r->etag);
	free(r->lastmod);
	free(r->url);
	memset(r, 0, sizeof(*r));
}
