/* See LICENSE file for copyright and license details. */

/*
 * http.c: one HTTP/1.1 GET, over TLS 1.2 (BearSSL) or plain TCP.
 *
 * A fetch is a chain of hops (the first URL, then each redirect).  For
 * every hop:
 *
 *   url_parse   the URL into scheme, host, port and path (url.c)
 *   dial        getaddrinfo, then a non-blocking connect to each address
 *               in turn, bounded by the connect timeout
 *   tlsopen     a BearSSL client on the socket: TLS 1.2 only, SNI and
 *               the server-name check always on, trust anchors from the
 *               CA file (split and indexed by subject by hand, and only
 *               the ones the server's chain names decoded: 0.3 ms
 *               instead of 8 for Debian's bundle)
 *   mkrequest   GET with Host, User-Agent, Accept, Connection: close
 *   pfeed       the response, pushed in pieces of any size into a state
 *               machine that knows HTTP framing; it decides when the
 *               body is complete, never the TLS close_notify (many
 *               servers close without one)
 *
 * All socket I/O goes through sockread and sockwrite, which poll with
 * what is left of one deadline, so the whole fetch, redirects included,
 * ends in time even against a server that drips a byte a second.  They
 * keep the real reason for a failure (timeout, reset, EOF) because
 * BearSSL reduces all of these to BR_ERR_IO.
 *
 * Nothing here exits or prints: every failure becomes one line in
 * HttpResp.err that names the host and the cause.
 */
#include <sys/types.h>
#include <sys/socket.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <arpa/inet.h>

#include <errno.h>
#include <fcntl.h>
#include <netdb.h>
#include <poll.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>
#include <unistd.h>

#include <bearssl.h>

#include "http.h"
#include "url.h"
#include "util.h"

#define MAXHEAD     65536  /* bytes of response head, 1xx heads included */
#define MAXFIELDS   100    /* header lines in one head (and in a trailer) */
#define MAXLINE     4096   /* a chunk-size line, extensions included */

/* days from 0000-01-01 (BearSSL's epoch for certificate times) to 1970-01-01 */
#define DAYS0AD     719528

/* the socket and the deadline shared by every read and write on it */
typedef struct {
	int fd;
	int64_t deadline;     /* CLOCK_MONOTONIC ms */
	int err;              /* errno of the failure, ETIMEDOUT at the deadline */
	int eof;              /* the peer closed */
} Sock;

/*
 * Trust anchors from the CA file, decoded lazily.  Loading splits the
 * PEM, decodes the base64 and reads each certificate's subject name with
 * a small DER walk: that is all BearSSL needs to find an issuer.  Only
 * the anchors whose name matches an issuer in the server's chain are
 * decoded with br_x509_decoder for their keys (see Xcheck), because
 * decoding all 144 of Debian's costs 8 ms and a fetch needs one or two.
 * Until then an anchor has flags 0 and key type 0, which BearSSL's
 * minimal engine can never match.
 */
typedef struct {
	const unsigned char *der;   /* the certificate, inside file */
	size_t len;
	unsigned char *key;         /* the decoded key's bytes, malloc'd */
	int done;                   /* decoded (or found undecodable) */
} Pem;

typedef struct {
	br_x509_trust_anchor *ta;
	Pem *pem;
	size_t n, cap;
	Buf file;                   /* the CA file, base64 decoded in place */
	int loaded;
} Anchors;

/*
 * Xcheck wraps BearSSL's minimal X.509 engine and passes every call on
 * to it.  It holds each certificate back until its end, to decode the
 * trust anchors its issuer names (so they are ready before the engine
 * looks), and notes what BearSSL's error codes do not say: whether a
 * certificate was not yet valid or expired (one code for both), and
 * whether the leaf is self-signed or from an unknown issuer.
 */
typedef struct {
	const br_x509_class *vtable;    /* must be first: BearSSL casts */
	const br_x509_class **inner;    /* the minimal engine doing the work */
	Anchors *anchors;
	Buf cert;                       /* the certificate being received */
	uint32_t days, secs;            /* now, as BearSSL counts time */
	unsigned int ncerts;
	int early, late;                /* a certificate is not yet / no longer valid */
	int selfsigned;                 /* the leaf names itself as issuer */
	int err;                        /* out of memory, or a certificate too large */
} Xcheck;

typedef struct {
	br_ssl_client_context cc;
	br_x509_minimal_context xc;
	Xcheck xk;
	br_sslio_context io;
	unsigned char iobuf[BR_SSL_BUFSIZE_BIDI];
} Tls;

/* states of the response parser */
enum {
	PStatus,   /* the status line */
	PHead,     /* header lines up to the empty line */
	PLength,   /* a body of Content-Length bytes */
	PClose,    /* a body that ends when the server closes */
	PSize,     /* a chunk-size line */
	PData,     /* chunk data */
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
	int chunked, haslen;
	uintmax_t length;       /* Content-Length */
	uintmax_t left;         /* bytes left of the body or the chunk */
	size_t maxbody;
	Buf body;
	char *etag, *lastmod, *location, *retry;
	char *expires, *age, *date;   /* for the caller's polling (RFC 9111) */
	long maxage;            /* Cache-Control max-age, the first; -1 none */
	int nocache, nostore;
	char err[160];
} Parser;

/*
 * BearSSL error codes as a person would put them.  Some are refined in
 * tlsmsg: BR_ERR_X509_EXPIRED also means "not yet valid", and
 * BR_ERR_X509_NOT_TRUSTED is told apart for self-signed certificates.
 */
static const struct {
	int code;
	const char *msg;
} tlserrs[] = {
	{ BR_ERR_BAD_PARAM, "TLS: bad parameter (server name too long?)" },
	{ BR_ERR_UNSUPPORTED_VERSION, "server does not speak TLS 1.2" },
	{ BR_ERR_BAD_VERSION, "server does not speak TLS 1.2" },
	{ BR_ERR_BAD_MAC, "TLS record failed its integrity check" },
	{ BR_ERR_NO_RANDOM, "no random source for TLS" },
	{ BR_ERR_BAD_CIPHER_SUITE, "TLS handshake failure: no common cipher suite" },
	{ BR_ERR_INVALID_ALGORITHM, "TLS handshake failure: unsupported algorithm or curve" },
	{ BR_ERR_BAD_SIGNATURE, "TLS handshake failure: bad server signature" },
	{ BR_ERR_WRONG_KEY_USAGE, "certificate key may not be used for this" },
	{ BR_ERR_X509_EXPIRED, "certificate has expired" },
	{ BR_ERR_X509_NOT_TRUSTED, "certificate is not trusted (unknown issuer)" },
	{ BR_ERR_X509_BAD_SERVER_NAME, "certificate is for another host name" },
	{ BR_ERR_X509_TIME_UNKNOWN, "cannot check the certificate: no clock" },
	{ BR_ERR_X509_BAD_SIGNATURE, "certificate has a bad signature" },
	{ BR_ERR_X509_NOT_CA, "certificate was issued by a certificate that is no CA" },
	{ BR_ERR_X509_FORBIDDEN_KEY_USAGE, "certificate key usage forbids TLS" },
	{ BR_ERR_X509_WEAK_PUBLIC_KEY, "certificate key is too weak" },
	{ BR_ERR_X509_UNSUPPORTED, "certificate uses an unsupported feature" },
	{ BR_ERR_X509_CRITICAL_EXTENSION, "certificate has an unknown critical extension" },
	{ BR_ERR_X509_EMPTY_CHAIN, "server sent no certificate" },
	{ BR_ERR_X509_LIMIT_EXCEEDED, "certificate chain is too large" },
	{ BR_ERR_RECV_FATAL_ALERT + BR_ALERT_PROTOCOL_VERSION,
	  "server wants TLS 1.3 only (lwnrss speaks TLS 1.2)" },
	{ BR_ERR_RECV_FATAL_ALERT + BR_ALERT_HANDSHAKE_FAILURE,
	  "TLS handshake failure (no common cipher suite or curve)" },
	{ BR_ERR_RECV_FATAL_ALERT + BR_ALERT_INSUFFICIENT_SECURITY,
	  "TLS handshake failure: server wants stronger ciphers" },
	{ BR_ERR_RECV_FATAL_ALERT + 112,   /* unrecognized_name, RFC 6066 */
	  "server does not know this host name (SNI)" },
	{ BR_ERR_RECV_FATAL_ALERT + BR_ALERT_INTERNAL_ERROR, "server TLS internal error" },
};

/* an error line into buf, cut to fit */
static void
seterr(char *buf, size_t size, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(buf, size, fmt, ap);
	va_end(ap);
}

/* ---------------------------------------------------------------- time */

/* milliseconds on the monotonic clock */
static int64_t
now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (int64_t)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

/* "10 s" or "1500 ms", for timeout messages */
static const char *
fmtms(char *buf, size_t size, unsigned int ms)
{
	if (ms % 1000 == 0)
		snprintf(buf, size, "%u s", ms / 1000);
	else
		snprintf(buf, size, "%u ms", ms);
	return buf;
}

/*
 * httpdate parses an HTTP-date in any of its three forms (RFC 9110
 * 5.6.7) into seconds since the epoch, or returns -1:
 *
 *   Sun, 06 Nov 1994 08:49:37 GMT    IMF-fixdate
 *   Sunday, 06-Nov-94 08:49:37 GMT   RFC 850
 *   Sun Nov  6 08:49:37 1994         asctime
 */
static long long
httpdate(const char *s)
{
	static const char months[] = "JanFebMarAprMayJunJulAugSepOctNovDec";
	char mon[4], tz[4];
	const char *mp;
	int d, y, hh, mm, ss, n = 0;

	/* every form starts with a day name; RFC 850 and IMF follow it with ',' */
	while ((*s >= 'A' && *s <= 'Z') || (*s >= 'a' && *s <= 'z'))
		s++;
	if (*s == ',')
		s++;
	while (*s == ' ')
		s++;
	if (sscanf(s, "%2d %3s %4d %2d:%2d:%2d %3s%n",
	    &d, mon, &y, &hh, &mm, &ss, tz, &n) == 7 && n) {
		;
	} else if (n = 0, sscanf(s, "%2d-%3s-%2d %2d:%2d:%2d %3s%n",
	    &d, mon, &y, &hh, &mm, &ss, tz, &n) == 7 && n) {
		/* two-digit years: 70 to 99 are 19xx, the rest 20xx */
		y += y < 70 ? 2000 : 1900;
	} else if (n = 0, sscanf(s, "%3s %2d %2d:%2d:%2d %4d%n",
	    mon, &d, &hh, &mm, &ss, &y, &n) == 6 && n) {
		strcpy(tz, "GMT");
	} else {
		return -1;
	}
	for (s += n; *s == ' '; s++)
		;
	if (*s || strcmp(tz, "GMT") || strlen(mon) != 3 ||
	    !(mp = strstr(months, mon)) || (mp - months) % 3)
		return -1;
	if (d < 1 || d > 31 || y < 1970 || hh < 0 || hh > 23 || mm < 0 || mm > 59 ||
	    ss < 0 || ss > 60)
		return -1;
	return (long long)daysfromcivil(y, (mp - months) / 3 + 1, d) * 86400 +
	    hh * 3600 + mm * 60 + ss;
}

/*
 * retryafter turns a Retry-After value, delay-seconds or an HTTP-date,
 * into seconds from t; -1 when it is neither.
 */
static long
retryafter(const char *s, time_t t)
{
	long long v;
	const char *p;

	if (*s >= '0' && *s <= '9') {
		for (v = 0, p = s; *p >= '0' && *p <= '9'; p++)
			if ((v = v * 10 + (*p - '0')) > 86400L * 365)
				v = 86400L * 365;   /* a year is forever enough */
		return *p ? -1 : (long)v;
	}
	if ((v = httpdate(s)) < 0)
		return -1;
	return v > (long long)t ? (long)MIN(v - (long long)t, 86400LL * 365) : 0;
}

/* ----------------------------------------------------------- characters */

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

/* an RFC 9110 token character (header names, codings) */
static int
istchar(int c)
{
	return isalphac(c) || isdigitc(c) || (c && strchr("!#$%&'*+-.^_`|~", c));
}


/* --------------------------------------------------------- the parser */

static void
pinit(Parser *p, size_t maxbody)
{
	memset(p, 0, sizeof(*p));
	p->state = PStatus;
	p->maxbody = maxbody;
	p->maxage = -1;
}

static void
pfree(Parser *p)
{
	buffree(&p->line);
	buffree(&p->body);
	free(p->etag);
	free(p->lastmod);
	free(p->location);
	free(p->retry);
	free(p->expires);
	free(p->age);
	free(p->date);
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

/* a body of n more bytes would break the limit */
static int
ptoobig(Parser *p, uintmax_t n)
{
	return n > p->maxbody || p->body.len > p->maxbody - n;
}

/* the next comma-separated element of a header list, trimmed; NULL at the end */
static char *
nextelem(char **sp)
{
	char *s = *sp, *e, *t;

	while (*s == ' ' || *s == '\t' || *s == ',')
		s++;
	if (!*s)
		return NULL;
	e = s + strcspn(s, ",");
	*sp = *e ? e + 1 : e;
	for (t = e; t > s && (t[-1] == ' ' || t[-1] == '\t'); t--)
		;
	*t = '\0';
	return s;
}

/* keep a copy of v in *dst, replacing an earlier one */
static int
pkeep(Parser *p, char **dst, const char *v)
{
	char *s;

	if (!(s = strdup(v)))
		return perr(p, "out of memory");
	free(*dst);
	*dst = s;
	return 0;
}

/* delta-seconds (RFC 9111 1.2.2): s whole, up to 2^31 - 1; -1 when s is none */
static long
deltasecs(const char *s)
{
	long v = 0;

	if (!isdigitc(*s))
		return -1;
	for (; isdigitc(*s); s++)
		if ((v = v * 10 + (*s - '0')) > 2147483647L)
			v = 2147483647L;
	return *s ? -1 : v;
}

/*
 * One Cache-Control directive (RFC 9111 5.2): the ones that say how long
 * the response stays fresh.  max-age may be quoted; the first counts,
 * and one that is no number makes the response stale at once.  A
 * no-cache that names fields is about those fields only.
 */
static void
pcache(Parser *p, char *d)
{
	size_t n = strcspn(d, "="), k;

	if (n == 8 && !d[n] && !strncasecmp(d, "no-store", 8)) {
		p->nostore = 1;
	} else if (n == 8 && !d[n] && !strncasecmp(d, "no-cache", 8)) {
		p->nocache = 1;
	} else if (n == 7 && d[n] && !strncasecmp(d, "max-age", 7) && p->maxage < 0) {
		d += 8;
		if (*d == '"' && (k = strlen(d)) >= 2 && d[k - 1] == '"') {
			d[k - 1] = '\0';
			d++;
		}
		p->maxage = MAX(deltasecs(d), 0);
	}
}

/*
 * pfield acts on one header of the final response.  Framing headers
 * are checked strictly: a response whose length is ambiguous could be
 * a smuggling attempt, and a coding we did not ask for is unreadable.
 */
static int
pfield(Parser *p, const char *name, char *v)
{
	uintmax_t n;
	char *e;
	int digits;

	if (!strcasecmp(name, "content-length")) {
		/* "42" or a list of equal values, "42, 42" (RFC 9110 8.6) */
		if (!*v)
			return perr(p, "malformed Content-Length");
		while ((e = nextelem(&v))) {
			for (n = 0, digits = 0; isdigitc(*e); e++, digits++) {
				if (n > (UINTMAX_MAX - 9) / 10)
					return perr(p, "Content-Length too large");
				n = n * 10 + (*e - '0');
			}
			if (*e || !digits)
				return perr(p, "malformed Content-Length");
			if (p->haslen && n != p->length)
				return perr(p, "conflicting Content-Length headers");
			p->haslen = 1;
			p->length = n;
		}
	} else if (!strcasecmp(name, "transfer-encoding")) {
		/* only chunked, and only once: other codings we did not ask for */
		while ((e = nextelem(&v))) {
			if (!strcasecmp(e, "chunked")) {
				if (p->chunked)
					return perr(p, "chunked twice in Transfer-Encoding");
				p->chunked = 1;
			} else if (strcasecmp(e, "identity")) {
				return perr(p, "unsupported Transfer-Encoding: %.40s", e);
			}
		}
	} else if (!strcasecmp(name, "content-encoding")) {
		/* we sent Accept-Encoding: identity */
		while ((e = nextelem(&v)))
			if (strcasecmp(e, "identity"))
				return perr(p, "unsupported Content-Encoding: %.40s", e);
	} else if (!strcasecmp(name, "etag")) {
		return pkeep(p, &p->etag, v);
	} else if (!strcasecmp(name, "last-modified")) {
		return pkeep(p, &p->lastmod, v);
	} else if (!strcasecmp(name, "location")) {
		return pkeep(p, &p->location, v);
	} else if (!strcasecmp(name, "retry-after")) {
		return pkeep(p, &p->retry, v);
	} else if (!strcasecmp(name, "cache-control")) {
		while ((e = nextelem(&v)))
			pcache(p, e);
	} else if (!strcasecmp(name, "expires")) {
		return pkeep(p, &p->expires, v);
	} else if (!strcasecmp(name, "age")) {
		return pkeep(p, &p->age, v);
	} else if (!strcasecmp(name, "date")) {
		return pkeep(p, &p->date, v);
	}
	return 0;
}

/* the empty line ended a head: decide how the body is framed */
static int
pendhead(Parser *p)
{
	if (p->status < 200) {
		/* an interim response: its head is dropped, the real one follows */
		if (p->status == 101)
			return perr(p, "unexpected 101 Switching Protocols");
		p->state = PStatus;
		p->nfields = 0;
		p->chunked = p->haslen = 0;
		return 0;
	}
	if (p->status / 100 != 2 || p->status == 204) {
		p->state = PDone;
		return 0;
	}
	if (p->chunked) {
		/* chunked wins over Content-Length (RFC 9112 6.3) */
		p->state = PSize;
	} else if (p->haslen) {
		if (ptoobig(p, p->length))
			return perr(p, "response is larger than the %zu byte limit", p->maxbody);
		if (p->length == 0) {
			p->state = PDone;
			return 0;
		}
		/* one allocation for the whole body */
		if (bufgrow(&p->body, p->length) < 0)
			return perr(p, "out of memory");
		p->left = p->length;
		p->state = PLength;
	} else {
		p->state = PClose;
	}
	return 0;
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
	if (!(colon = strchr(s, ':')) || colon == s)
		return perr(p, "malformed header line");
	for (e = s; e < colon; e++)
		if (!istchar((unsigned char)*e))
			return perr(p, "malformed header name");
	*colon = '\0';
	for (v = colon + 1; *v == ' ' || *v == '\t'; v++)
		;
	for (e = s + len; e > v && (e[-1] == ' ' || e[-1] == '\t'); e--)
		;
	*e = '\0';
	/* interim responses and trailers carry nothing we use */
	if (trailer || p->status < 200)
		return 0;
	return pfield(p, s, v);
}

/* "HTTP/1.1 200 OK" */
static int
pstatus(Parser *p, const char *s, size_t len)
{
	size_t i, n;

	if (len < 12 || memcmp(s, "HTTP/1.", 7) || !isdigitc(s[7]) || s[8] != ' ' ||
	    !isdigitc(s[9]) || !isdigitc(s[10]) || !isdigitc(s[11]) ||
	    (len > 12 && s[12] != ' '))
		return perr(p, len >= 5 && !memcmp(s, "HTTP/", 5) ?
		    "malformed status line" : "not an HTTP/1.x response");
	p->status = (s[9] - '0') * 100 + (s[10] - '0') * 10 + (s[11] - '0');
	if (p->status < 100)
		return perr(p, "malformed status line");
	/* keep the reason phrase for messages, printable ASCII only */
	for (i = 13, n = 0; i < len && n < sizeof(p->reason) - 1; i++)
		if ((unsigned char)s[i] >= 0x20 && (unsigned char)s[i] < 0x7f)
			p->reason[n++] = s[i];
	p->reason[n] = '\0';
	p->state = PHead;
	return 0;
}

/* "1a2b;ext=val": a chunk size with optional extensions */
static int
psize(Parser *p, const char *s)
{
	uintmax_t n;
	int d, digits;

	for (n = 0, digits = 0;; s++, digits++) {
		if (isdigitc(*s))
			d = *s - '0';
		else if (lowerc(*s) >= 'a' && lowerc(*s) <= 'f')
			d = lowerc(*s) - 'a' + 10;
		else
			break;
		if (n > UINTMAX_MAX >> 4)
			return perr(p, "chunk size too large");
		n = n << 4 | d;
	}
	while (*s == ' ' || *s == '\t')
		s++;
	if (!digits || (*s && *s != ';'))
		return perr(p, "malformed chunk size");
	/* the extensions (after ';') mean nothing to us */
	if (n == 0) {
		p->state = PTrailer;
		p->headlen = 0;
		p->nfields = 0;
		return 0;
	}
	if (ptoobig(p, n))
		return perr(p, "response is larger than the %zu byte limit", p->maxbody);
	p->left = n;
	p->state = PData;
	return 0;
}

/* one complete line (CR and LF removed) in a line state */
static int
pline(Parser *p)
{
	char *s = p->line.p ? p->line.p : "";
	size_t len = p->line.len;

	size_t i;

	/*
	 * A CR is allowed only as part of the line end, and no other
	 * control character but HTAB anywhere in a line: they have no
	 * business in a head and could hide one header inside another.
	 */
	if (memchr(s, '\r', len))
		return perr(p, "stray CR in the response");
	for (i = 0; i < len; i++)
		if (((unsigned char)s[i] < 0x20 && s[i] != '\t') || s[i] == 0x7f)
			return perr(p, "control character in the response");
	switch (p->state) {
	case PStatus:
		return pstatus(p, s, len);
	case PHead:
		return len ? pheader(p, s, len, 0) : pendhead(p);
	case PSize:
		return psize(p, s);
	case PDataEnd:
		if (len)
			return perr(p, "malformed chunk: no line end after the data");
		p->state = PSize;
		return 0;
	case PTrailer:
		if (!len) {
			p->state = PDone;
			return 0;
		}
		return pheader(p, s, len, 1);
	}
	return perr(p, "parser in a bad state");
}

/* how long the current line may grow */
static size_t
plinemax(const Parser *p)
{
	switch (p->state) {
	case PSize:
		return MAXLINE;
	case PDataEnd:
		return 1;   /* the CR */
	default:
		return MAXHEAD - MIN(p->headlen, MAXHEAD);
	}
}

/*
 * pfeed pushes n bytes of the response into p.  Returns 1 once the
 * message is complete (bytes after it are ignored: we asked the server
 * to close), 0 when it wants more, -1 on an error in p->err.
 */
static int
pfeed(Parser *p, const char *s, size_t n)
{
	const char *e = s + n, *nl;
	size_t k;

	while (s < e) {
		switch (p->state) {
		case PStatus:
		case PHead:
		case PSize:
		case PDataEnd:
		case PTrailer:
			/* gather a line up to LF; its CR goes in pline */
			nl = memchr(s, '\n', e - s);
			k = nl ? (size_t)(nl - s) : (size_t)(e - s);
			if (p->line.len + k > plinemax(p)) {
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
			if (p->state != PSize && p->state != PDataEnd)
				p->headlen += p->line.len + 1;
			if (p->line.len && p->line.p[p->line.len - 1] == '\r')
				p->line.p[--p->line.len] = '\0';
			if (pline(p) < 0)
				return -1;
			p->line.len = 0;
			break;
		case PLength:
		case PData:
			k = (size_t)MIN(p->left, (uintmax_t)(e - s));
			if (bufadd(&p->body, s, k) < 0)
				return perr(p, "out of memory");
			s += k;
			if (!(p->left -= k))
				p->state = p->state == PLength ? PDone : PDataEnd;
			break;
		case PClose:
			k = e - s;
			if (ptoobig(p, k))
				return perr(p, "response is larger than the %zu byte limit",
				    p->maxbody);
			if (bufadd(&p->body, s, k) < 0)
				return perr(p, "out of memory");
			s = e;
			break;
		case PDone:
			return 1;
		default:
			return -1;
		}
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
	switch (p->state) {
	case PDone:
		return 1;
	case PClose:
		/*
		 * No length given: the close is the end (RFC 9112 6.3 item
		 * 8).  Over TLS without close_notify, someone who can cut the
		 * connection could shorten such a body; servers that close
		 * without it are common, and a cut feed shows as truncated
		 * XML to the parser.
		 */
		p->state = PDone;
		return 1;
	case PStatus:
		if (!p->headlen && !p->line.len)
			return perr(p, "server closed the connection without a response");
		return perr(p, "response truncated in the status line");
	case PHead:
		return perr(p, "response truncated in the header");
	case PLength:
		return perr(p, "response truncated after %zu of %ju bytes",
		    p->body.len, p->length);
	case PSize:
	case PData:
	case PDataEnd:
		return perr(p, "response truncated after %zu bytes (chunked, "
		    "no last chunk)", p->body.len);
	case PTrailer:
		return perr(p, "response truncated in the trailer");
	}
	return -1;
}

/* ------------------------------------------------ DER and trust anchors */

/* read a DER tag and length at *pp (before end); 0, or -1 when malformed */
static int
dertl(const unsigned char **pp, const unsigned char *end, int *tag, size_t *len)
{
	const unsigned char *p = *pp;
	size_t n, i;

	if (end - p < 2)
		return -1;
	*tag = *p++;
	n = *p++;
	if (n & 0x80) {
		if ((i = n & 0x7f) == 0 || i > 3 || (size_t)(end - p) < i)
			return -1;
		for (n = 0; i--; )
			n = n << 8 | *p++;
	}
	if (n > (size_t)(end - p))
		return -1;
	*pp = p;
	*len = n;
	return 0;
}

/*
 * certnames finds the issuer and subject names, tag and length
 * included, in a DER certificate:
 *
 *   Certificate ::= SEQUENCE { tbsCertificate SEQUENCE {
 *       [0] version OPTIONAL, serialNumber, signature,
 *       issuer Name, validity, subject Name, ... }, ... }
 *
 * Returns 0, or -1 when the certificate is malformed.
 */
static int
certnames(const unsigned char *der, size_t len, br_x500_name *iss, br_x500_name *subj)
{
	const unsigned char *p = der, *end = der + len, *start;
	size_t n;
	int tag, field;

	if (dertl(&p, end, &tag, &n) || tag != 0x30)
		return -1;
	if (dertl(&p, end, &tag, &n) || tag != 0x30)
		return -1;
	end = p + n;
	for (field = 0; field < 6; field++) {
		start = p;
		if (dertl(&p, end, &tag, &n))
			return -1;
		p += n;
		if (field == 0 && tag != 0xa0)
			field++;   /* no version: this was the serial number */
		if (field == 3 || field == 5) {
			if (tag != 0x30)
				return -1;
			if (field == 3)
				iss->data = (unsigned char *)start, iss->len = p - start;
			else
				subj->data = (unsigned char *)start, subj->len = p - start;
		}
	}
	return 0;
}

static void
freeanchors(Anchors *a)
{
	size_t i;

	for (i = 0; i < a->n; i++)
		free(a->pem[i].key);
	free(a->ta);
	free(a->pem);
	buffree(&a->file);
	memset(a, 0, sizeof(*a));
}

/*
 * resolve decodes anchor i's certificate for its key and CA flag.  The
 * key bytes are copied, since the decoder's buffer goes away.  A
 * certificate BearSSL cannot decode stays unusable, as other TLS
 * libraries skip it.  Returns 0, or -1 when out of memory.
 */
static int
resolve(Anchors *a, size_t i)
{
	br_x509_decoder_context dc;
	br_x509_trust_anchor *ta = &a->ta[i];
	const br_x509_pkey *pk;
	unsigned char *m;
	size_t klen;

	a->pem[i].done = 1;
	br_x509_decoder_init(&dc, NULL, NULL);
	br_x509_decoder_push(&dc, a->pem[i].der, a->pem[i].len);
	if (!(pk = br_x509_decoder_get_pkey(&dc)))
		return 0;
	if (pk->key_type == BR_KEYTYPE_RSA)
		klen = pk->key.rsa.nlen + pk->key.rsa.elen;
	else if (pk->key_type == BR_KEYTYPE_EC)
		klen = pk->key.ec.qlen;
	else
		return 0;
	if (!(m = malloc(klen)))
		return -1;
	a->pem[i].key = m;
	if (pk->key_type == BR_KEYTYPE_RSA) {
		memcpy(m, pk->key.rsa.n, pk->key.rsa.nlen);
		ta->pkey.key.rsa.n = m;
		ta->pkey.key.rsa.nlen = pk->key.rsa.nlen;
		m += pk->key.rsa.nlen;
		memcpy(m, pk->key.rsa.e, pk->key.rsa.elen);
		ta->pkey.key.rsa.e = m;
		ta->pkey.key.rsa.elen = pk->key.rsa.elen;
	} else {
		memcpy(m, pk->key.ec.q, pk->key.ec.qlen);
		ta->pkey.key.ec.curve = pk->key.ec.curve;
		ta->pkey.key.ec.q = m;
		ta->pkey.key.ec.qlen = pk->key.ec.qlen;
	}
	ta->flags = br_x509_decoder_isCA(&dc) ? BR_X509_TA_CA : 0;
	/* last: from here on the engine may use the anchor */
	ta->pkey.key_type = pk->key_type;
	return 0;
}

/* decode every anchor named dn; 0, or -1 when out of memory */
static int
resolvename(Anchors *a, const br_x500_name *dn)
{
	size_t i;

	for (i = 0; i < a->n; i++)
		if (!a->pem[i].done && a->ta[i].dn.len == dn->len &&
		    !memcmp(a->ta[i].dn.data, dn->data, dn->len) && resolve(a, i) < 0)
			return -1;
	return 0;
}

/* add der as an anchor, known by its subject name for now */
static int
addanchor(Anchors *a, const unsigned char *der, size_t len)
{
	br_x500_name iss, subj;
	void *p;

	if (certnames(der, len, &iss, &subj) < 0)
		return 0;
	if (a->n == a->cap) {
		a->cap = a->cap ? a->cap * 2 : 256;
		if (!(p = realloc(a->ta, a->cap * sizeof(*a->ta))))
			return -1;
		a->ta = p;
		if (!(p = realloc(a->pem, a->cap * sizeof(*a->pem))))
			return -1;
		a->pem = p;
	}
	memset(&a->ta[a->n], 0, sizeof(a->ta[a->n]));
	memset(&a->pem[a->n], 0, sizeof(a->pem[a->n]));
	a->ta[a->n].dn = subj;
	a->pem[a->n].der = der;
	a->pem[a->n].len = len;
	a->n++;
	return 0;
}

/*
 * b64dec decodes the base64 in s[0..n) into out, skipping white space;
 * out may be s, since the output is shorter.  Returns the length, or
 * -1 on a character that is no base64.
 */
static long
b64dec(const char *s, size_t n, unsigned char *out)
{
	static const char digits[] =
	    "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
	signed char val[256];
	unsigned long acc = 0;
	size_t i, o = 0;
	int bits = 0, v;

	/* the table: -1 bad, -2 skip, -3 padding (the end) */
	memset(val, -1, sizeof(val));
	for (i = 0; i < 64; i++)
		val[(unsigned char)digits[i]] = i;
	val[' '] = val['\t'] = val['\r'] = val['\n'] = -2;
	val['='] = -3;
	for (i = 0; i < n; i++) {
		if ((v = val[(unsigned char)s[i]]) >= 0) {
			acc = acc << 6 | v;
			if ((bits += 6) >= 8) {
				bits -= 8;
				out[o++] = acc >> bits & 0xff;
			}
		} else if (v == -1) {
			return -1;
		}
	}
	return o;
}

/*
 * loadanchors reads the PEM bundle at file into a.  BearSSL's own PEM
 * decoder costs some 40 ms for Debian's 144 certificates; finding the
 * markers with strstr and decoding base64 with a table costs 0.2 ms.
 */
static int
loadanchors(Anchors *a, const char *file, char *err, size_t errlen)
{
	static const char begin[] = "-----BEGIN CERTIFICATE-----";
	static const char end[] = "-----END CERTIFICATE-----";
	char *p, *e;
	long n;
	int fd, rc;

	if (!file || !*file) {
		seterr(err, errlen, "no CA file configured");
		return -1;
	}
	if ((fd = open(file, O_RDONLY)) < 0) {
		seterr(err, errlen, "%s: %s", file, strerror(errno));
		return -1;
	}
	rc = readfd(fd, &a->file, 64 << 20);
	close(fd);
	if (rc) {
		seterr(err, errlen, "%s: %s", file, rc < 0 ? strerror(errno) : "too large");
		return -1;
	}
	for (p = a->file.p; p && (p = strstr(p, begin)); p = e + sizeof(end) - 1) {
		p += sizeof(begin) - 1;
		if (!(e = strstr(p, end)))
			break;
		if ((n = b64dec(p, e - p, (unsigned char *)p)) <= 0)
			continue;
		if (addanchor(a, (unsigned char *)p, n) < 0) {
			seterr(err, errlen, "out of memory");
			return -1;
		}
	}
	if (!a->n) {
		seterr(err, errlen, "%s: no certificates", file);
		return -1;
	}
	a->loaded = 1;
	return 0;
}

/* ------------------------------------------------ certificate checking */

static void
xcstart(const br_x509_class **ctx, const char *name)
{
	Xcheck *x = (Xcheck *)(void *)ctx;
	time_t t = time(NULL);

	x->days = t / 86400 + DAYS0AD;
	x->secs = t % 86400;
	x->ncerts = 0;
	x->early = x->late = x->selfsigned = x->err = 0;
	(*x->inner)->start_chain(x->inner, name);
}

static void
xcstartcert(const br_x509_class **ctx, uint32_t len)
{
	Xcheck *x = (Xcheck *)(void *)ctx;

	x->cert.len = 0;
	(*x->inner)->start_cert(x->inner, len);
}

static void
xcappend(const br_x509_class **ctx, const unsigned char *buf, size_t len)
{
	Xcheck *x = (Xcheck *)(void *)ctx;

	/* held back until xcendcert; BearSSL's chains are small */
	if (x->cert.len + len > 1 << 20 || bufadd(&x->cert, buf, len) < 0)
		x->err = 1;
}

static void
xcendcert(const br_x509_class **ctx)
{
	Xcheck *x = (Xcheck *)(void *)ctx;
	br_x509_decoder_context dc;
	br_x500_name iss, subj;
	const unsigned char *der = (const unsigned char *)x->cert.p;

	if (!x->err && x->cert.len && certnames(der, x->cert.len, &iss, &subj) == 0) {
		/*
		 * The anchors this certificate may chain to, or (subject)
		 * be itself, must have keys before the engine sees it.
		 */
		if (resolvename(x->anchors, &iss) < 0 || resolvename(x->anchors, &subj) < 0)
			x->err = 1;
		if (x->ncerts == 0)
			x->selfsigned = iss.len == subj.len && !memcmp(iss.data, subj.data, iss.len);

		/*
		 * The dates, for messages.  The decoder has no accessor for
		 * them in BearSSL 0.6, but these are the fields its own
		 * validation compares against.
		 */
		br_x509_decoder_init(&dc, NULL, NULL);
		br_x509_decoder_push(&dc, der, x->cert.len);
		if (br_x509_decoder_last_error(&dc) == 0) {
			if (x->days < dc.notbefore_days || (x->days == dc.notbefore_days &&
			    x->secs < dc.notbefore_seconds))
				x->early = 1;
			if (x->days > dc.notafter_days || (x->days == dc.notafter_days &&
			    x->secs > dc.notafter_seconds))
				x->late = 1;
		}
	}
	if (!x->err && x->cert.len)
		(*x->inner)->append(x->inner, der, x->cert.len);
	x->ncerts++;
	(*x->inner)->end_cert(x->inner);
}

static unsigned
xcendchain(const br_x509_class **ctx)
{
	Xcheck *x = (Xcheck *)(void *)ctx;
	unsigned rc = (*x->inner)->end_chain(x->inner);

	buffree(&x->cert);
	if (x->err)
		return BR_ERR_X509_LIMIT_EXCEEDED;
	return rc;
}

static const br_x509_pkey *
xcpkey(const br_x509_class *const *ctx, unsigned *usages)
{
	const Xcheck *x = (const Xcheck *)(const void *)ctx;

	return (*x->inner)->get_pkey(x->inner, usages);
}

static const br_x509_class xcheckclass = {
	sizeof(Xcheck),
	xcstart,
	xcstartcert,
	xcappend,
	xcendcert,
	xcendchain,
	xcpkey
};

/* a BearSSL error as words, refined with what Xcheck saw */
static void
tlsmsg(int code, const Xcheck *x, char *buf, size_t size)
{
	size_t i;

	if (code == BR_ERR_X509_EXPIRED && x && x->early && !x->late) {
		snprintf(buf, size, "certificate is not yet valid");
		return;
	}
	if (code == BR_ERR_X509_NOT_TRUSTED && x && x->ncerts == 1 && x->selfsigned) {
		snprintf(buf, size, "certificate is self-signed and not trusted");
		return;
	}
	for (i = 0; i < LENGTH(tlserrs); i++) {
		if (tlserrs[i].code == code) {
			snprintf(buf, size, "%s", tlserrs[i].msg);
			return;
		}
	}
	if (code >= BR_ERR_SEND_FATAL_ALERT)
		snprintf(buf, size, "TLS handshake failure (sent alert %d)",
		    code - BR_ERR_SEND_FATAL_ALERT);
	else if (code >= BR_ERR_RECV_FATAL_ALERT)
		snprintf(buf, size, "TLS handshake failure (server sent alert %d)",
		    code - BR_ERR_RECV_FATAL_ALERT);
	else if (code >= BR_ERR_X509_OK)
		snprintf(buf, size, "certificate rejected (BearSSL X.509 error %d)", code);
	else
		snprintf(buf, size, "TLS failure (BearSSL error %d)", code);
}

/* ------------------------------------------------------------- sockets */

/*
 * waitfd polls fd for events until the monotonic time until.  Returns
 * 1 when ready, 0 at the time limit, -1 on a poll error.
 */
static int
waitfd(int fd, short events, int64_t until)
{
	struct pollfd pfd;
	int64_t left;
	int rc;

	pfd.fd = fd;
	pfd.events = events;
	for (;;) {
		if ((left = until - now()) <= 0)
			return 0;
		if ((rc = poll(&pfd, 1, (int)MIN(left, 60000))) > 0)
			return 1;
		if (rc < 0 && errno != EINTR)
			return -1;
	}
}

/*
 * sockread and sockwrite are BearSSL's I/O callbacks and the plain-HTTP
 * path alike.  Each waits with what is left of the fetch's deadline,
 * retries on EINTR, and on failure records why in the Sock before
 * returning -1, because BearSSL will only say BR_ERR_IO.  send uses
 * MSG_NOSIGNAL so a reset never raises SIGPIPE.
 */
static int
sockread(void *ctx, unsigned char *buf, size_t len)
{
	Sock *c = ctx;
	ssize_t n;
	int rc;

	for (;;) {
		if ((rc = waitfd(c->fd, POLLIN, c->deadline)) <= 0) {
			c->err = rc ? errno : ETIMEDOUT;
			return -1;
		}
		if ((n = recv(c->fd, buf, len, 0)) > 0)
			return n;
		if (n == 0) {
			c->eof = 1;
			return -1;
		}
		if (errno != EINTR && errno != EAGAIN && errno != EWOULDBLOCK) {
			c->err = errno;
			return -1;
		}
	}
}

static int
sockwrite(void *ctx, const unsigned char *buf, size_t len)
{
	Sock *c = ctx;
	ssize_t n;
	int rc;

	for (;;) {
		if ((rc = waitfd(c->fd, POLLOUT, c->deadline)) <= 0) {
			c->err = rc ? errno : ETIMEDOUT;
			return -1;
		}
		if ((n = send(c->fd, buf, len, MSG_NOSIGNAL)) >= 0)
			return n;
		if (errno != EINTR && errno != EAGAIN && errno != EWOULDBLOCK) {
			c->err = errno;
			return -1;
		}
	}
}

/* strerror with a lowercase first letter, to fit "host: cause" lines */
static void
errnomsg(int e, char *buf, size_t size)
{
	snprintf(buf, size, "%s", strerror(e));
	buf[0] = lowerc(buf[0]);
}

/*
 * dial connects to u's host and port: every address getaddrinfo
 * returns, in its order, each with a non-blocking connect bounded by
 * the connect timeout and the deadline.  Returns the socket
 * (non-blocking, TCP_NODELAY) or -1 with the last address's failure.
 *
 * getaddrinfo itself cannot be bounded without threads; the resolver's
 * own timeouts apply to it.
 */
static int
dial(const Url *u, unsigned int conntimeout, unsigned int timeout,
    int64_t deadline, char *err, size_t errlen)
{
	struct addrinfo hints, *res, *ai;
	char port[8], t[32];
	int fd = -1, rc, e = 0, soerr, one = 1, total = 0;
	socklen_t sl;
	int64_t until;

	memset(&hints, 0, sizeof(hints));
	hints.ai_family = AF_UNSPEC;
	hints.ai_socktype = SOCK_STREAM;
	hints.ai_flags = AI_NUMERICSERV;
	snprintf(port, sizeof(port), "%u", u->port);
	if ((rc = getaddrinfo(u->host, port, &hints, &res))) {
		seterr(err, errlen, "cannot resolve host name: %s",
		    rc == EAI_SYSTEM ? strerror(errno) : gai_strerror(rc));
		return -1;
	}
	for (ai = res; ai; ai = ai->ai_next) {
		if ((fd = socket(ai->ai_family, ai->ai_socktype, ai->ai_protocol)) < 0) {
			e = errno;
			continue;
		}
		/* close-on-exec: a browser started later must not inherit it */
		if (fcntl(fd, F_SETFD, FD_CLOEXEC) < 0 ||
		    fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK) < 0) {
			e = errno;
			goto next;
		}
		if (connect(fd, ai->ai_addr, ai->ai_addrlen) == 0)
			break;
		/* EINTR leaves a non-blocking connect running, as EINPROGRESS does */
		if (errno != EINPROGRESS && errno != EINTR) {
			e = errno;
			goto next;
		}
		until = now() + conntimeout;
		total = until >= deadline;
		if ((rc = waitfd(fd, POLLOUT, MIN(until, deadline))) < 0) {
			e = errno;
			goto next;
		}
		if (rc == 0) {
			e = ETIMEDOUT;
			goto next;
		}
		sl = sizeof(soerr);
		if (getsockopt(fd, SOL_SOCKET, SO_ERROR, &soerr, &sl) < 0)
			soerr = errno;
		if (soerr == 0)
			break;
		e = soerr;
next:
		close(fd);
		fd = -1;
		if (now() >= deadline)
			break;
	}
	freeaddrinfo(res);
	if (fd < 0) {
		if (e == ETIMEDOUT && total)
			seterr(err, errlen, "timed out after %s",
			    fmtms(t, sizeof(t), timeout));
		else if (e == ETIMEDOUT)
			seterr(err, errlen, "connection timed out after %s",
			    fmtms(t, sizeof(t), conntimeout));
		else
			errnomsg(e ? e : EHOSTUNREACH, err, errlen);
		return -1;
	}
	/*
	 * BearSSL writes each handshake record separately: without
	 * TCP_NODELAY, Nagle and delayed ACK add some 40 ms per round trip.
	 */
	setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof(one));
	return fd;
}

/* ------------------------------------------------------------- a hop */

/* a validator is sent only if it cannot break the request */
static int
safehdr(const char *s)
{
	for (; *s; s++)
		if (((unsigned char)*s < 0x20 && *s != '\t') || *s == 0x7f)
			return 0;
	return 1;
}

/*
 * mkrequest writes the GET for u into buf.  Accept prefers feed types
 * but takes anything, so a server never answers 406.  Returns the
 * length, or -1 when it does not fit.
 */
static int
mkrequest(char *buf, size_t size, const Url *u, const HttpOpt *o)
{
	char hp[300];
	int n;

	url_hostport(u, hp, sizeof(hp));
	n = snprintf(buf, size,
	    "GET %s HTTP/1.1\r\n"
	    "Host: %s\r\n"
	    "User-Agent: lwnrss/" VERSION "\r\n"
	    "Accept: application/rss+xml, application/rdf+xml, "
	    "application/atom+xml, application/xml;q=0.9, text/xml;q=0.9, "
	    "*/*;q=0.1\r\n"
	    "Accept-Encoding: identity\r\n"
	    "Connection: close\r\n"
	    "%s%s%s"
	    "%s%s%s"
	    "\r\n",
	    u->path, hp,
	    o->etag && safehdr(o->etag) ? "If-None-Match: " : "",
	    o->etag && safehdr(o->etag) ? o->etag : "",
	    o->etag && safehdr(o->etag) ? "\r\n" : "",
	    o->lastmod && safehdr(o->lastmod) ? "If-Modified-Since: " : "",
	    o->lastmod && safehdr(o->lastmod) ? o->lastmod : "",
	    o->lastmod && safehdr(o->lastmod) ? "\r\n" : "");
	return n < 0 || (size_t)n >= size ? -1 : n;
}

/*
 * iofail explains why a read or write on the connection failed: the
 * deadline, a socket error, the peer closing, or a TLS error.  sending
 * says the request was still going out (over TLS: the handshake ran).
 * Returns 1 for a plain EOF while reading, which the caller judges by
 * HTTP framing, and -1 with err set for anything else.
 */
static int
iofail(const Sock *c, Tls *t, unsigned int timeout, int sending,
    char *err, size_t errlen)
{
	char m[128], tm[32];
	int code = t ? br_ssl_engine_last_error(&t->cc.eng) : BR_ERR_IO;

	if (code != BR_ERR_IO && code != BR_ERR_OK) {
		tlsmsg(code, &t->xk, err, errlen);
		return -1;
	}
	if (c->err == ETIMEDOUT) {
		seterr(err, errlen, "timed out after %s", fmtms(tm, sizeof(tm), timeout));
	} else if (c->err) {
		errnomsg(c->err, m, sizeof(m));
		seterr(err, errlen, "%s%s", t && sending ? "TLS handshake: " : "", m);
	} else if (sending) {
		/* EOF, or close_notify, before the request went out */
		seterr(err, errlen, t ? "server closed the connection during the "
		    "TLS handshake" : "server closed the connection");
	} else {
		return 1;
	}
	return -1;
}

/*
 * tlsopen sets up a BearSSL client for u on the connected socket c.
 * Nothing is sent yet: the handshake runs on the first flush.  Returns
 * the malloc'd state, or NULL with err set.
 */
static Tls *
tlsopen(Sock *c, const Url *u, Anchors *a, char *err, size_t errlen)
{
	Tls *t;

	if (!(t = malloc(sizeof(*t)))) {
		seterr(err, errlen, "out of memory");
		return NULL;
	}

	/*
	 * The client context with every algorithm BearSSL has and the
	 * minimal X.509 engine over our anchors; then TLS 1.2 only
	 * (BearSSL 0.6 has no 1.3, and 1.0 and 1.1 are obsolete).
	 */
	br_ssl_client_init_full(&t->cc, &t->xc, a->ta, a->n);
	br_ssl_engine_set_versions(&t->cc.eng, BR_TLS12, BR_TLS12);

	/* our wrapper sits between the engine and the X.509 checks */
	t->xk.vtable = &xcheckclass;
	t->xk.inner = &t->xc.vtable;
	t->xk.anchors = a;
	memset(&t->xk.cert, 0, sizeof(t->xk.cert));
	br_ssl_engine_set_x509(&t->cc.eng, &t->xk.vtable);

	/* a bidirectional buffer: the request goes out in one record */
	br_ssl_engine_set_buffer(&t->cc.eng, t->iobuf, sizeof(t->iobuf), 1);

	/*
	 * Reset with the host name: it goes out as SNI and the
	 * certificate is checked against it.  Never NULL, which would
	 * switch the name check off.
	 */
	if (!br_ssl_client_reset(&t->cc, u->host, 0)) {
		tlsmsg(br_ssl_engine_last_error(&t->cc.eng), NULL, err, errlen);
		free(t);
		return NULL;
	}

	/* the simple I/O wrapper, over our deadline-keeping callbacks */
	br_sslio_init(&t->io, &t->cc.eng, sockread, c, sockwrite, c);
	return t;
}

/*
 * fetch1 makes one request to u and parses the response into p.
 * Returns 0 when p holds a complete response, -1 with err set (without
 * the host, which the caller adds).
 */
static int
fetch1(const Url *u, const HttpOpt *o, Anchors *a, int64_t deadline,
    Parser *p, char *err, size_t errlen)
{
	Sock c;
	Tls *t = NULL;
	char *req, buf[16384];
	int n, len, ret = -1, rc;
	size_t size;

	memset(&c, 0, sizeof(c));
	c.deadline = deadline;
	/* room for the validators as the server sent them, however long */
	size = URLMAX + 2048 + (o->etag ? strlen(o->etag) : 0) +
	    (o->lastmod ? strlen(o->lastmod) : 0);
	if (!(req = malloc(size))) {
		seterr(err, errlen, "out of memory");
		return -1;
	}
	if ((len = mkrequest(req, size, u, o)) < 0) {
		seterr(err, errlen, "request too long");
		free(req);
		return -1;
	}
	if ((c.fd = dial(u, o->conntimeout, o->timeout, deadline, err, errlen)) < 0) {
		free(req);
		return -1;
	}

	if (u->tls && !(t = tlsopen(&c, u, a, err, errlen)))
		goto out;

	/*
	 * Send the request.  Over TLS the first flush runs the handshake,
	 * so its failures (certificates, versions) surface here.
	 */
	if (t) {
		if (br_sslio_write_all(&t->io, req, len) < 0 ||
		    br_sslio_flush(&t->io) < 0) {
			iofail(&c, t, o->timeout, 1, err, errlen);
			goto out;
		}
	} else {
		for (n = 0; n < len; n += rc) {
			if ((rc = sockwrite(&c, (unsigned char *)req + n, len - n)) < 0) {
				iofail(&c, NULL, o->timeout, 1, err, errlen);
				goto out;
			}
		}
	}

	/*
	 * Read until the parser has a complete message.  No
	 * br_sslio_close: it waits for the peer's close_notify, which many
	 * servers never send, and completeness is the framing's business.
	 */
	for (;;) {
		n = t ? br_sslio_read(&t->io, buf, sizeof(buf)) :
		    sockread(&c, (unsigned char *)buf, sizeof(buf));
		if (n > 0) {
			if ((rc = pfeed(p, buf, n)) < 0) {
				seterr(err, errlen, "%s", p->err);
				goto out;
			}
			if (rc > 0)
				break;
			continue;
		}
		if (iofail(&c, t, o->timeout, 0, err, errlen) < 0)
			goto out;
		if (pend(p) < 0) {
			seterr(err, errlen, "%s", p->err);
			goto out;
		}
		break;
	}
	ret = 0;
out:
	if (t)
		buffree(&t->xk.cert);
	free(t);
	free(req);
	close(c.fd);
	return ret;
}

/* ------------------------------------------------------------ http_get */

static int
isredirect(int status)
{
	return status == 301 || status == 302 || status == 303 ||
	    status == 307 || status == 308;
}

static int
dupstr(char **dst, const char *s)
{
	return !s || (*dst = strdup(s)) ? 0 : -1;
}

int
http_get(const char *url, const HttpOpt *o, HttpResp *r)
{
	Url *u, *next;
	Anchors a = {0};
	Parser p;
	char err[200], **seen = NULL, *s, **tmp;
	size_t nseen = 0, i;
	unsigned int hops;
	int64_t deadline;
	int ret = -1;

	memset(r, 0, sizeof(*r));
	r->retryafter = r->maxage = r->age = -1;
	r->date = r->expires = -1;
	err[0] = '\0';
	pinit(&p, o->maxbody);
	deadline = now() + o->timeout;
	if (!(u = malloc(2 * sizeof(*u)))) {
		seterr(r->err, sizeof(r->err), "out of memory");
		return -1;
	}
	next = u + 1;
	if (url_parse(u, url, err, sizeof(err)) < 0) {
		seterr(r->err, sizeof(r->err), "%s", err);
		goto out;
	}

	for (hops = 0;; hops++) {
		/* remember every URL of the chain to catch loops */
		if (!(s = url_str(u)) || !(tmp = realloc(seen, (nseen + 1) * sizeof(*seen)))) {
			free(s);
			seterr(err, sizeof(err), "out of memory");
			goto fail;
		}
		seen = tmp;
		seen[nseen++] = s;

		/* the trust anchors, the first time a hop needs them */
		if (u->tls && !a.loaded && loadanchors(&a, o->cafile, err, sizeof(err)) < 0)
			goto fail;

		pfree(&p);
		pinit(&p, o->maxbody);
		if (fetch1(u, o, &a, deadline, &p, err, sizeof(err)) < 0)
			goto fail;
		if (!isredirect(p.status) || !p.location)
			break;

		/* a redirect: resolve, refuse downgrades and loops, go again */
		if (hops >= o->maxredirects) {
			seterr(err, sizeof(err), "too many redirects (more than %u)",
			    o->maxredirects);
			goto fail;
		}
		if (url_resolve(next, u, p.location, err, sizeof(err)) < 0) {
			seterr(r->err, sizeof(r->err), "%s: bad redirect: %s", u->host, err);
			r->status = p.status;
			goto out;
		}
		if (u->tls && !next->tls) {
			seterr(err, sizeof(err), "refusing redirect from https to http "
			    "(%.100s)", p.location);
			goto fail;
		}
		if (!(s = url_str(next))) {
			seterr(err, sizeof(err), "out of memory");
			goto fail;
		}
		for (i = 0; i < nseen && strcmp(seen[i], s); i++)
			;
		if (i < nseen) {
			seterr(err, sizeof(err), "redirect loop (%.120s)", s);
			free(s);
			goto fail;
		}
		free(s);
		memcpy(u, next, sizeof(*u));
	}

	/* the final response */
	r->status = p.status;
	if (p.retry)
		r->retryafter = retryafter(p.retry, time(NULL));
	r->maxage = p.maxage;
	r->nocache = p.nocache;
	r->nostore = p.nostore;
	r->age = p.age ? deltasecs(p.age) : -1;
	r->date = p.date ? httpdate(p.date) : -1;
	/* an Expires that is no date is in the past (RFC 9111 5.3) */
	if (p.expires)
		r->expires = MAX(httpdate(p.expires), 0);
	if (dupstr(&r->etag, p.etag) < 0 || dupstr(&r->lastmod, p.lastmod) < 0) {
		seterr(err, sizeof(err), "out of memory");
		goto fail;
	}
	if (p.status / 100 == 2) {
		/* always a string, even for an empty body */
		if (bufgrow(&p.body, 0) < 0) {
			seterr(err, sizeof(err), "out of memory");
			goto fail;
		}
		p.body.p[p.body.len] = '\0';
		r->body = p.body.p;
		r->len = p.body.len;
		memset(&p.body, 0, sizeof(p.body));
		ret = 0;
	} else if (p.status == 304) {
		ret = 1;
	} else {
		seterr(err, sizeof(err), "HTTP %d%s%s", p.status,
		    p.reason[0] ? " " : "", p.reason);
		goto fail;
	}
	goto out;
fail:
	seterr(r->err, sizeof(r->err), "%s: %s", u->host, err);
	if (p.status)
		r->status = p.status;
out:
	if (nseen)
		r->url = seen[nseen - 1], seen[nseen - 1] = NULL;
	for (i = 0; i < nseen; i++)
		free(seen[i]);
	free(seen);
	pfree(&p);
	freeanchors(&a);
	free(u);
	return ret;
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
