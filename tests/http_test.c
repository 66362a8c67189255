/* See LICENSE file for copyright and license details. */

/*
 * http_test: unit tests for http.c without sockets, and a small driver
 * for the shell tests and the benchmark.
 *
 *	tests/http_test                   run the unit tests
 *	tests/http_test get [-v] [-a cafile] [-c connms] [-t totalms]
 *	    [-m maxbody] [-r redirects] [-e etag] [-l lastmod] url
 *	                                  http_get: body on stdout, the
 *	                                  error on stderr; exit 0, 1 on
 *	                                  failure, 3 for 304
 *
 * http.c is included whole so its static functions can be tested; url.c,
 * tls.c and x509.c are linked beside it (tests/x509_test has x509.c's).
 */
#include "../http.c"

#include "check.h"

/* --------------------------------------------------------------- URLs */

static const struct {
	const char *in;
	int tls;
	const char *host;
	unsigned int port;
	const char *path;   /* or, when host is NULL, a part of the error */
} urltests[] = {
	{ "https://lwn.net/headlines/newrss", 1, "lwn.net", 443, "/headlines/newrss" },
	{ "HTTPS://LWN.NET", 1, "lwn.net", 443, "/" },
	{ "https://lwn.net.:8443?q=1#frag", 1, "lwn.net", 8443, "/?q=1" },
	{ "http://localhost:8080/a/./b/../c?x=/../y", 0, "localhost", 8080, "/a/c?x=/../y" },
	{ "http://127.0.0.1:1/", 0, "127.0.0.1", 1, "/" },
	{ "http://[::1]:8080/feed", 0, "::1", 8080, "/feed" },
	{ "http://[2001:db8::1]/", 0, "2001:db8::1", 80, "/" },
	{ "http://host:/p", 0, "host", 80, "/p" },
	{ "http://host/a b\xc3\xa9", 0, "host", 80, "/a%20b%C3%A9" },
	{ "http://host/..", 0, "host", 80, "/" },
	{ "http://host/a/.", 0, "host", 80, "/a/" },
	{ "ftp://lwn.net/", 0, NULL, 0, "not an http:// or https:// URL" },
	{ "lwn.net", 0, NULL, 0, "not an http:// or https:// URL" },
	{ "https://user:secret@lwn.net/", 0, NULL, 0,
	  "lwn.net: user names and passwords in URLs are refused" },
	{ "http://user@lwn.net:8080/", 0, NULL, 0,
	  "lwn.net: user names and passwords in URLs are refused" },
	{ "http://a:b@[::1]:8080/", 0, NULL, 0,
	  "[::1]: user names and passwords in URLs are refused" },
	{ "https://127.0.0.1/", 0, NULL, 0, "127.0.0.1: https to an IP address" },
	{ "https://127.1/", 0, NULL, 0, "127.1: https to an IP address" },
	{ "https://[::1]/", 0, NULL, 0, "::1: https to an IP address" },
	{ "http://[::1/", 0, NULL, 0, "unterminated IPv6" },
	{ "http://[lwn.net]/", 0, NULL, 0, "invalid IPv6" },
	{ "http://lwn.net:0/", 0, NULL, 0, "invalid port" },
	{ "http://lwn.net:65536/", 0, NULL, 0, "invalid port" },
	{ "http://lwn.net:80x/", 0, NULL, 0, "invalid port" },
	{ "http://lw n.net/", 0, NULL, 0, "invalid host name" },
	{ "http://lwn.net%2f/", 0, NULL, 0, "invalid host name" },
	{ "http:///path", 0, NULL, 0, "no host name" },
	{ "http://./", 0, NULL, 0, "no host name" },
	{ "HTTPS://../.NET", 0, NULL, 0, "invalid host name" },
	{ "http://a..b/", 0, NULL, 0, "invalid host name" },
	{ "http://.a/", 0, NULL, 0, "invalid host name" },
	{ "http://host/a\r\nX: y", 0, NULL, 0, "control character" },
};

static void
testurls(void)
{
	Url u;
	char err[256];
	size_t i;
	int rc;

	for (i = 0; i < LENGTH(urltests); i++) {
		err[0] = '\0';
		rc = url_parse(&u, urltests[i].in, err, sizeof(err));
		if (urltests[i].host)
			check(rc == 0 && u.tls == urltests[i].tls &&
			    !strcmp(u.host, urltests[i].host) && u.port == urltests[i].port &&
			    !strcmp(u.path, urltests[i].path),
			    "url %s -> %s %u %s", urltests[i].in, rc ? err : u.host,
			    u.port, rc ? "" : u.path);
		else
			check(rc < 0 && strstr(err, urltests[i].path),
			    "url %s refused: %s", urltests[i].in, err);
	}

	/*
	 * near the length limit a byte that becomes "%XX" must get no more
	 * room than the three characters typed: every URL accepted prints
	 * as one that parses again (found by the url fuzz target)
	 */
	{
		static char in[URLMAX + 16];
		char *s;
		Url v;
		size_t n, bad = 0, accepted = 0;

		for (n = URLMAX - 12; n < URLMAX + 12; n++) {
			memset(in, 'a', sizeof(in));
			memcpy(in, "http://h/", 9);
			in[n - 1] = (char)0xff;
			in[n] = '\0';
			if (url_parse(&u, in, err, sizeof(err)) < 0)
				continue;
			accepted++;
			if (!(s = url_str(&u)) || url_parse(&v, s, err, sizeof(err)) < 0 ||
			    strcmp(v.path, u.path))
				bad++;
			free(s);
		}
		check(accepted > 0 && !bad, "url: %zu long URLs ending in an encoded "
		    "byte accepted, %zu of them do not parse as printed", accepted, bad);
	}
}

/* RFC 3986 5.4.1, against http://a/b/c/d;p?q, and a few of ours */
static const struct {
	const char *ref, *want;
} reftests[] = {
	{ "g", "http://a/b/c/g" },
	{ "./g", "http://a/b/c/g" },
	{ "g/", "http://a/b/c/g/" },
	{ "/g", "http://a/g" },
	{ "//g", "http://g/" },
	{ "?y", "http://a/b/c/d;p?y" },
	{ "g?y", "http://a/b/c/g?y" },
	{ "#s", "http://a/b/c/d;p?q" },
	{ "g#s", "http://a/b/c/g" },
	{ ";x", "http://a/b/c/;x" },
	{ "", "http://a/b/c/d;p?q" },
	{ ".", "http://a/b/c/" },
	{ "..", "http://a/b/" },
	{ "../g", "http://a/b/g" },
	{ "../..", "http://a/" },
	{ "../../../g", "http://a/g" },
	{ "/./g", "http://a/g" },
	{ "g/../h", "http://a/b/c/h" },
	{ "g?y/./x", "http://a/b/c/g?y/./x" },
	{ "https://lwn.net:443/x", "https://lwn.net/x" },
	{ "HTTP://Other:81", "http://other:81/" },
};

static void
testresolve(void)
{
	Url base, u;
	char err[256], *s;
	size_t i;
	int rc;

	url_parse(&base, "http://a/b/c/d;p?q", err, sizeof(err));
	for (i = 0; i < LENGTH(reftests); i++) {
		rc = url_resolve(&u, &base, reftests[i].ref, err, sizeof(err));
		s = rc ? NULL : url_str(&u);
		check(s && !strcmp(s, reftests[i].want), "resolve \"%s\" -> %s",
		    reftests[i].ref, s ? s : err);
		free(s);
	}
	rc = url_resolve(&u, &base, "mailto:x@y", err, sizeof(err));
	check(rc < 0, "resolve mailto: refused: %s", err);
	url_parse(&base, "https://[::1]:8443/x", err, sizeof(err)); /* refused: https IP */
	url_parse(&base, "http://[::1]:8443/x/y", err, sizeof(err));
	rc = url_resolve(&u, &base, "z", err, sizeof(err));
	s = rc ? NULL : url_str(&u);
	check(s && !strcmp(s, "http://[::1]:8443/x/z"), "resolve against IPv6: %s",
	    s ? s : err);
	free(s);
}

/* ------------------------------------------------------------- parser */

static const struct {
	const char *name;
	const char *in;
	int status;          /* 0: an error is expected */
	const char *body;    /* or the error's text */
	int needclose;       /* complete only at EOF (read to close) */
	size_t maxbody;
} ptests[] = {
	{ "content-length", "HTTP/1.1 200 OK\r\nContent-Length: 5\r\n\r\nhello", 200, "hello", 0, 0 },
	{ "content-length list", "HTTP/1.1 200 OK\r\nContent-Length: 2, 2\r\ncontent-length:2\r\n\r\nhi", 200, "hi", 0, 0 },
	{ "bare LF lines", "HTTP/1.0 200 OK\nContent-Length: 2\n\nhi", 200, "hi", 0, 0 },
	{ "no reason phrase", "HTTP/1.1 200\r\nContent-Length: 0\r\n\r\n", 200, "", 0, 0 },
	{ "bytes after the body", "HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nhiGARBAGE", 200, "hi", 0, 0 },
	{ "chunked with extensions and trailers",
	  "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n"
	  "5;a=b;c\r\nhello\r\nA ; ext=\"q\"\r\n, world!!!\r\n0;x\r\nT: 1\r\nU: 2\r\n\r\n",
	  200, "hello, world!!!", 0, 0 },
	{ "Transfer-Encoding with Content-Length refused",
	  "HTTP/1.1 200 OK\r\nContent-Length: 100\r\nTransfer-Encoding: chunked\r\n\r\n"
	  "2\r\nok\r\n0\r\n\r\n", 0, "both Transfer-Encoding and Content-Length", 0, 0 },
	{ "Transfer-Encoding: identity refused",
	  "HTTP/1.1 200 OK\r\nTransfer-Encoding: identity\r\n\r\nx", 0,
	  "unsupported Transfer-Encoding: identity", 0, 0 },
	{ "Transfer-Encoding: identity, chunked refused",
	  "HTTP/1.1 200 OK\r\nTransfer-Encoding: identity, chunked\r\n\r\n0\r\n\r\n", 0,
	  "unsupported Transfer-Encoding: identity", 0, 0 },
	{ "empty Transfer-Encoding refused", "HTTP/1.1 200 OK\r\nTransfer-Encoding:\r\n\r\nx", 0,
	  "empty Transfer-Encoding", 0, 0 },
	{ "Transfer-Encoding of commas refused", "HTTP/1.1 200 OK\r\nTransfer-Encoding: ,\r\n\r\nx",
	  0, "empty Transfer-Encoding", 0, 0 },
	{ "unknown transfer coding refused", "HTTP/1.1 200 OK\r\nTransfer-Encoding: br\r\n\r\nx",
	  0, "unsupported Transfer-Encoding: br", 0, 0 },
	{ "chunked not last refused", "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked, gzip\r\n\r\n"
	  "0\r\n\r\n", 0, "chunked is not the last Transfer-Encoding", 0, 0 },
	{ "chunked twice, over two lines, refused", "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n"
	  "Transfer-Encoding: chunked\r\n\r\n0\r\n\r\n", 0, "chunked is not the last", 0, 0 },
	{ "chunked in HTTP/1.0 refused", "HTTP/1.0 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n"
	  "0\r\n\r\n", 0, "Transfer-Encoding in an HTTP/1.0 response", 0, 0 },
	{ "Chunked in any case, an empty element ignored",
	  "HTTP/1.1 200 OK\r\nTransfer-Encoding: , Chunked ,\r\n\r\n2\r\nok\r\n0\r\n\r\n",
	  200, "ok", 0, 0 },
	{ "Content-Length \",\" refused", "HTTP/1.1 200 OK\r\nContent-Length: ,\r\n\r\nx", 0,
	  "malformed Content-Length", 0, 0 },
	{ "Content-Length 5,6 refused", "HTTP/1.1 200 OK\r\nContent-Length: 5,6\r\n\r\nhello!", 0,
	  "conflicting Content-Length", 0, 0 },
	{ "Content-Length +5 refused", "HTTP/1.1 200 OK\r\nContent-Length: +5\r\n\r\nhello", 0,
	  "malformed Content-Length", 0, 0 },
	{ "Content-Length with a space inside refused", "HTTP/1.1 200 OK\r\nContent-Length: 1 0\r\n\r\n"
	  "0123456789", 0, "malformed Content-Length", 0, 0 },
	{ "Content-Length 2,,2 refused", "HTTP/1.1 200 OK\r\nContent-Length: 2,,2\r\n\r\nhi", 0,
	  "malformed Content-Length", 0, 0 },
	{ "Content-Length 2, refused", "HTTP/1.1 200 OK\r\nContent-Length: 2,\r\n\r\nhi", 0,
	  "malformed Content-Length", 0, 0 },
	{ "Content-Length ,2 refused", "HTTP/1.1 200 OK\r\nContent-Length: ,2\r\n\r\nhi", 0,
	  "malformed Content-Length", 0, 0 },
	{ "Content-Length 2, , 2 refused", "HTTP/1.1 200 OK\r\nContent-Length: 2, , 2\r\n\r\nhi", 0,
	  "malformed Content-Length", 0, 0 },
	{ "Content-Length 2,2 taken", "HTTP/1.1 200 OK\r\nContent-Length: 2,2\r\n\r\nhi", 200, "hi",
	  0, 0 },
	{ "chunk extensions: BWS, tokens, quoted strings",
	  "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n"
	  "2 ;a = b\t; c=\"q \\\" ;\"\r\nok\r\n0;last\r\n\r\n", 200, "ok", 0, 0 },
	{ "white space at the end of a chunk size refused",
	  "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n2 \r\nok\r\n0\r\n\r\n", 0,
	  "white space at the end", 0, 0 },
	{ "white space after an extension refused",
	  "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n2;a=b \r\nok\r\n0\r\n\r\n", 0,
	  "white space at the end", 0, 0 },
	{ "an empty chunk extension refused",
	  "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n2;\r\nok\r\n0\r\n\r\n", 0,
	  "malformed chunk extension", 0, 0 },
	{ "a chunk extension value that is no token refused",
	  "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n2;a=b/c\r\nok\r\n0\r\n\r\n", 0,
	  "malformed chunk extension", 0, 0 },
	{ "an unterminated quoted chunk extension refused",
	  "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n2;a=\"b\r\nok\r\n0\r\n\r\n", 0,
	  "malformed chunk extension", 0, 0 },
	{ "a chunk size with a sign refused",
	  "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n+2\r\nok\r\n0\r\n\r\n", 0,
	  "malformed chunk size", 0, 0 },
	{ "a bare LF after a chunk size refused",
	  "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n2\nok\r\n0\r\n\r\n", 0,
	  "bare LF after a chunk size", 0, 0 },
	{ "a bare LF after chunk data refused",
	  "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n2\r\nok\n0\r\n\r\n", 0,
	  "bare LF after a chunk's data", 0, 0 },
	{ "bare LF in the head and the trailer taken",
	  "HTTP/1.1 200 OK\nTransfer-Encoding: chunked\n\n2\r\nok\r\n0\r\nT: 1\n\n", 200, "ok", 0, 0 },
	{ "read to close", "HTTP/1.1 200 OK\r\nX: y\r\n\r\nall of it", 200, "all of it", 1, 0 },
	{ "interim responses skipped",
	  "HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 103 Early Hints\r\nLink: </s>\r\n\r\n"
	  "HTTP/1.1 200 OK\r\nContent-Length: 1\r\n\r\nx", 200, "x", 0, 0 },
	{ "204 has no body", "HTTP/1.1 204 No Content\r\nContent-Length: 5\r\n\r\n", 204, "", 0, 0 },
	{ "304 has no body", "HTTP/1.1 304 Not Modified\r\nETag: \"x\"\r\n\r\n", 304, "", 0, 0 },
	{ "404 body unread", "HTTP/1.1 404 Not Found\r\nContent-Length: 9\r\n\r\nnot found", 404, "", 0, 0 },
	{ "302 body unread", "HTTP/1.1 302 Found\r\nLocation: /x\r\n\r\n", 302, "", 0, 0 },
	{ "body at the limit", "HTTP/1.1 200 OK\r\nContent-Length: 4\r\n\r\nfour", 200, "four", 0, 4 },
	{ "Content-Length over the limit", "HTTP/1.1 200 OK\r\nContent-Length: 5\r\n\r\nfive!", 0,
	  "larger than the 4 byte limit", 0, 4 },
	{ "chunks over the limit", "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n"
	  "3\r\nabc\r\n2\r\nde\r\n0\r\n\r\n", 0, "larger than the 4 byte limit", 0, 4 },
	{ "read to close over the limit", "HTTP/1.1 200 OK\r\n\r\nfive!", 0,
	  "larger than the 4 byte limit", 0, 4 },
	{ "gzip refused", "HTTP/1.1 200 OK\r\nContent-Encoding: gzip\r\nContent-Length: 1\r\n\r\nx",
	  0, "unsupported Content-Encoding: gzip", 0, 0 },
	{ "identity encoding taken", "HTTP/1.1 200 OK\r\nContent-Encoding: identity\r\nContent-Length: 1\r\n\r\nx",
	  200, "x", 0, 0 },
	{ "transfer coding refused", "HTTP/1.1 200 OK\r\nTransfer-Encoding: gzip, chunked\r\n\r\n",
	  0, "unsupported Transfer-Encoding: gzip", 0, 0 },
	{ "conflicting lengths", "HTTP/1.1 200 OK\r\nContent-Length: 1\r\nContent-Length: 2\r\n\r\n",
	  0, "conflicting Content-Length", 0, 0 },
	{ "malformed length", "HTTP/1.1 200 OK\r\nContent-Length: -1\r\n\r\n",
	  0, "malformed Content-Length", 0, 0 },
	{ "empty length", "HTTP/1.1 200 OK\r\nContent-Length:\r\n\r\n",
	  0, "malformed Content-Length", 0, 0 },
	{ "huge length", "HTTP/1.1 200 OK\r\nContent-Length: 99999999999999999999999\r\n\r\n",
	  0, "Content-Length too large", 0, 0 },
	{ "bad chunk size", "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n",
	  0, "malformed chunk size", 0, 0 },
	{ "huge chunk size", "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n"
	  "fffffffffffffffffffff\r\n", 0, "chunk size too large", 0, 0 },
	{ "missing CRLF after chunk", "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n"
	  "2\r\nabc\r\n", 0, "no line end after the data", 0, 0 },
	{ "HTTP/2 refused", "HTTP/2 200\r\n\r\n", 0, "malformed status line", 0, 0 },
	{ "not HTTP", "SSH-2.0-OpenSSH\r\n", 0, "not an HTTP/1.x response", 0, 0 },
	{ "101 refused", "HTTP/1.1 101 Switching Protocols\r\n\r\n", 0, "101", 0, 0 },
	{ "folded header refused", "HTTP/1.1 200 OK\r\nX: a\r\n b\r\n\r\n", 0, "folded", 0, 0 },
	{ "space before colon refused", "HTTP/1.1 200 OK\r\nContent-Length : 1\r\n\r\nx", 0,
	  "malformed header line", 0, 0 },
	{ "no colon refused", "HTTP/1.1 200 OK\r\nnonsense\r\n\r\n", 0, "malformed header line", 0, 0 },
	{ "stray CR refused", "HTTP/1.1 200 OK\r\nX: a\rb\r\n\r\n", 0, "control character 0x0d", 0, 0 },
	{ "NUL in header refused", "HTTP/1.1 200 OK\r\nX: a\0b\r\n\r\n", 0, "control character", 0, 0 },
	{ "NUL in chunk size refused", "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n"
	  "1\0;x\r\n", 0, "control character", 0, 0 },
};

/* run the parser over in split as the pieces say; 1 complete, -1 error */
static int
runparser(Parser *p, const char *in, size_t len, size_t maxbody, size_t split, int bytewise)
{
	size_t i;
	int rc = 0;

	pinit(p, maxbody ? maxbody : 1 << 20);
	if (bytewise) {
		for (i = 0; i < len && rc == 0; i++)
			rc = pfeed(p, in + i, 1);
	} else {
		if ((rc = pfeed(p, in, split)) == 0)
			rc = pfeed(p, in + split, len - split);
	}
	if (rc == 0)
		rc = pend(p);
	return rc;
}

/* the outcome p reached agrees with test t */
static int
pagrees(const Parser *p, int rc, size_t t)
{
	if (!ptests[t].status)
		return rc < 0 && strstr(p->err, ptests[t].body);
	return rc > 0 && p->status == ptests[t].status &&
	    p->body.len == strlen(ptests[t].body) &&
	    (!p->body.len || !memcmp(p->body.p, ptests[t].body, p->body.len));
}

/* in has a NUL where the test says \0: the length runs to the real end */
static size_t
ptestlen(size_t t)
{
	const char *s = ptests[t].in;

	return strlen(s) + (strstr(ptests[t].name, "NUL") ? 1 + strlen(s + strlen(s) + 1) : 0);
}

static void
testparser(void)
{
	Parser p;
	size_t t, i, len, bad;
	int rc, done;

	for (t = 0; t < LENGTH(ptests); t++) {
		len = ptestlen(t);
		/* whole, then split at every boundary, then a byte at a time */
		rc = runparser(&p, ptests[t].in, len, ptests[t].maxbody, len, 0);
		check(pagrees(&p, rc, t), "parse %s: %s", ptests[t].name,
		    rc < 0 ? p.err : "complete");
		pfree(&p);
		for (i = 0, bad = 0; i <= len; i++) {
			rc = runparser(&p, ptests[t].in, len, ptests[t].maxbody, i, 0);
			if (!pagrees(&p, rc, t))
				bad = i + 1;
			pfree(&p);
		}
		rc = runparser(&p, ptests[t].in, len, ptests[t].maxbody, 0, 1);
		check(!bad && pagrees(&p, rc, t), "parse %s: same at every split%s",
		    ptests[t].name, bad ? " (fails)" : "");
		pfree(&p);

		/*
		 * Framed responses: every prefix shorter than the message is
		 * truncated, and the message completes without waiting for EOF.
		 */
		if (!ptests[t].status || ptests[t].needclose)
			continue;
		for (i = 0, bad = 0, done = 0; i <= len && !done; i++) {
			pinit(&p, ptests[t].maxbody ? ptests[t].maxbody : 1 << 20);
			if ((done = pfeed(&p, ptests[t].in, i)) == 0 && pend(&p) > 0)
				bad = i + 1;
			if (done > 0 && !pagrees(&p, done, t))
				bad = i + 1;
			pfree(&p);
		}
		check(!bad && done > 0, "parse %s: every prefix is truncated%s",
		    ptests[t].name, bad ? " (fails)" : "");
	}
}

/* the answer to CONNECT: a 2xx ends with its head, whatever it says of framing */
static void
testconnect(void)
{
	Parser p;
	const char *s;
	int rc;

	pinit(&p, 0);
	p.connect = 1;
	s = "HTTP/1.1 200 Connection established\r\nContent-Length: 5\r\n"
	    "Transfer-Encoding: chunked\r\n\r\n\x16\x03\x03";
	rc = pfeed(&p, s, strlen(s) - 3);
	check(rc > 0 && p.status == 200 && !p.body.len,
	    "CONNECT 200: the tunnel starts after the head, framing ignored");
	pfree(&p);
	pinit(&p, 0);
	p.connect = 1;
	s = "HTTP/1.1 407 Proxy Authentication Required\r\nContent-Length: 3\r\n\r\nabc";
	rc = pfeed(&p, s, strlen(s));
	check(rc > 0 && p.status == 407 && !strcmp(p.reason, "Proxy Authentication Required"),
	    "CONNECT 407: status and reason");
	pfree(&p);
}

/* the messages for truncation name the framing and the counts */
static void
testtruncation(void)
{
	static const struct {
		const char *in, *want;
	} tt[] = {
		{ "", "without a response" },
		{ "HTTP/1.1 20", "in the status line" },
		{ "HTTP/1.1 200 OK\r\nX: 1\r\n", "in the header" },
		{ "HTTP/1.1 200 OK\r\nContent-Length: 10\r\n\r\nhello", "after 5 of 10 bytes" },
		{ "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nhel",
		  "after 3 bytes (chunked" },
		{ "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n0\r\nX: 1\r\n",
		  "in the trailer" },
	};
	Parser p;
	size_t i;
	int rc;

	for (i = 0; i < LENGTH(tt); i++) {
		pinit(&p, 100);
		rc = pfeed(&p, tt[i].in, strlen(tt[i].in));
		rc = rc == 0 ? pend(&p) : 99;
		check(rc < 0 && strstr(p.err, tt[i].want), "truncated: %s", p.err);
		pfree(&p);
	}
}

/* head limits, and the headers we keep */
static void
testlimits(void)
{
	Parser p;
	Buf b = {0};
	const char *s;
	int rc, i;

	bufadd(&b, "HTTP/1.1 200 OK\r\nX: ", 21);
	for (i = 0; i < MAXHEAD; i++)
		bufadd(&b, "a", 1);
	pinit(&p, 100);
	rc = pfeed(&p, b.p, b.len);
	check(rc < 0 && strstr(p.err, "header is larger than"), "head size limit: %s", p.err);
	pfree(&p);
	buffree(&b);

	bufadd(&b, "HTTP/1.1 200 OK\r\n", 17);
	for (i = 0; i <= MAXFIELDS; i++)
		bufadd(&b, "X: 1\r\n", 6);
	pinit(&p, 100);
	rc = pfeed(&p, b.p, b.len);
	check(rc < 0 && strstr(p.err, "more than 100 header lines"), "header count limit: %s",
	    p.err);
	pfree(&p);
	buffree(&b);

	bufadd(&b, "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n1;", 50);
	for (i = 0; i < MAXLINE; i++)
		bufadd(&b, "e", 1);
	pinit(&p, 100);
	rc = pfeed(&p, b.p, b.len);
	check(rc < 0 && strstr(p.err, "chunk size line too long"), "chunk line limit: %s",
	    p.err);
	pfree(&p);
	buffree(&b);

	pinit(&p, 100);
	s = "HTTP/1.1 503 Busy\r\nETag: \"e1\"\r\nLast-Modified: today\r\n"
	    "Location:  /next \t\r\nRetry-After: 120\r\n\r\n";
	rc = pfeed(&p, s, strlen(s));
	check(rc > 0 && p.status == 503 && !strcmp(p.reason, "Busy") &&
	    p.kept[HEtag] && !strcmp(p.kept[HEtag], "\"e1\"") &&
	    p.kept[HLastmod] && !strcmp(p.kept[HLastmod], "today") &&
	    p.kept[HLocation] && !strcmp(p.kept[HLocation], "/next") &&
	    p.kept[HRetry] && !strcmp(p.kept[HRetry], "120"),
	    "headers kept: ETag, Last-Modified, Location, Retry-After");
	pfree(&p);
}

/* ------------------------------------------------------------- dates */

static void
testdates(void)
{
	check(httpdate("Sun, 06 Nov 1994 08:49:37 GMT") == 784111777, "IMF-fixdate");
	check(httpdate("Sunday, 06-Nov-94 08:49:37 GMT") == 784111777, "RFC 850 date");
	check(httpdate("Sun Nov  6 08:49:37 1994") == 784111777, "asctime date");
	check(httpdate("Monday, 06-Nov-51 08:49:37 GMT") ==
	    httpdate("Mon, 06 Nov 2051 08:49:37 GMT") && httpdate("Mon, 06 Nov 2051 08:49:37 GMT") > 0,
	    "RFC 850's two-digit year is the latest at most 50 years ahead");
	check(httpdate("Thu, 01 Jan 1970 00:00:00 GMT") == 0, "the epoch");
	check(httpdate("Tue, 29 Feb 2028 12:00:00 GMT") == 1835438400, "a leap day");
	check(httpdate("Sun, 06 Nov 1994 08:49:37 CET") < 0, "only GMT");
	check(httpdate("Sun, 06 Foo 1994 08:49:37 GMT") < 0, "bad month");
	check(httpdate("yesterday") < 0, "not a date");
	check(httpdate("Sun, 06 Nov 1994 08:49:37 +0000") < 0 &&
	    httpdate("1994-11-06T08:49:37Z") < 0 && httpdate("Sun Nov  6 08:49:37 1994 GMT") < 0 &&
	    httpdate("Sun, 06 Nov 1994 08:49:37 GMT x") < 0,
	    "an HTTP-date is one of its three forms in GMT, nothing after it");
	check(httpdate("Wed, 31 Dec 1969 23:59:59 GMT") < 0, "no date before 1970");
	check(retryafter("120", 0) == 120, "Retry-After seconds");
	check(retryafter("Sun, 06 Nov 1994 08:51:37 GMT", 784111777) == 120,
	    "Retry-After date");
	check(retryafter("Sun, 06 Nov 1994 08:49:37 GMT", 784111800) == 0,
	    "Retry-After date in the past");
	check(retryafter("12a", 0) < 0, "Retry-After junk");
	check(retryafter("99999999999999999999", 0) == 86400L * 365, "Retry-After capped");
}

/* Cache-Control of the final response, and the delta-seconds of Age */
static void
testcaching(void)
{
	static const struct {
		const char *head;
		long maxage;
		int nocache, nostore;
	} t[] = {
		{ "Cache-Control: max-age=3600\r\n", 3600, 0, 0 },
		{ "Cache-Control: public, MAX-AGE=\"60\", no-transform\r\n", 60, 0, 0 },
		{ "Cache-Control: max-age=10\r\nCache-Control: max-age=20\r\n", 10, 0, 0 },
		{ "Cache-Control: max-age=ten\r\n", 0, 0, 0 },
		{ "Cache-Control: max-age=\"60\r\n", 0, 0, 0 },
		{ "Cache-Control: max-age=60\"\r\n", 0, 0, 0 },
		{ "Cache-Control: max-age=99999999999999999999\r\n", 2147483647L, 0, 0 },
		{ "Cache-Control: no-cache, max-age=600\r\n", 600, 1, 0 },
		{ "Cache-Control: no-cache=\"Set-Cookie\"\r\n", -1, 0, 0 },
		{ "Cache-Control: private, no-store\r\n", -1, 0, 1 },
		{ "X-Cache-Control: max-age=5\r\n", -1, 0, 0 },
		{ "", -1, 0, 0 },
	};
	char in[512];
	size_t i;
	Parser p;
	int ok = 1, rc;

	for (i = 0; i < LENGTH(t); i++) {
		snprintf(in, sizeof(in), "HTTP/1.1 200 OK\r\n%sContent-Length: 0\r\n\r\n", t[i].head);
		pinit(&p, 1024);
		rc = pfeed(&p, in, strlen(in));
		if (rc != 1 || p.maxage != t[i].maxage || p.nocache != t[i].nocache ||
		    p.nostore != t[i].nostore) {
			printf("# %s: rc %d max-age %ld no-cache %d no-store %d\n", t[i].head, rc,
			    p.maxage, p.nocache, p.nostore);
			ok = 0;
		}
		pfree(&p);
	}
	check(ok, "Cache-Control: max-age (quoted, first, capped, stale when no number), no-cache, no-store");
	snprintf(in, sizeof(in), "HTTP/1.1 103 Early Hints\r\nCache-Control: max-age=5\r\n\r\n"
	    "HTTP/1.1 304 Not Modified\r\nAge: 30\r\nExpires: 0\r\nDate: Sun, 06 Nov 1994 08:49:37 GMT\r\n\r\n");
	pinit(&p, 1024);
	rc = pfeed(&p, in, strlen(in));
	check(rc == 1 && p.maxage == -1 && p.kept[HAge] && !strcmp(p.kept[HAge], "30") &&
	    p.kept[HExpires] && !strcmp(p.kept[HExpires], "0") && p.kept[HDate] &&
	    httpdate(p.kept[HDate]) == 784111777,
	    "an interim response's Cache-Control is not the final one's; Age, Expires, Date kept");
	pfree(&p);
	check(decval("120", DELTAMAX) == 120 && decval("0", DELTAMAX) == 0 &&
	    decval("12a", DELTAMAX) == -1 && decval("", DELTAMAX) == -1 &&
	    decval("-1", DELTAMAX) == -1 && decval("99999999999999", DELTAMAX) == 2147483647L,
	    "delta-seconds: whole numbers, capped at 2^31 - 1");
}

/* ---------------------------------------------------- request, errors */

static void
testrequest(void)
{
	HttpOpt o;
	Url u;
	char req[8192], err[256];
	int n;

	memset(&o, 0, sizeof(o));
	o.etag = "\"abc\"";
	o.lastmod = "Sun, 06 Nov 1994 08:49:37 GMT";
	url_parse(&u, "http://Example.org:8080/feed?x=1", err, sizeof(err));
	n = mkrequest(req, sizeof(req), &u, &o, NULL);
	check(n > 0 && !strncmp(req, "GET /feed?x=1 HTTP/1.1\r\nHost: example.org:8080\r\n", 48),
	    "request line and Host with port");
	check(n > 0 && strstr(req, "\r\nUser-Agent: lwnrss/" VERSION "\r\n") &&
	    strstr(req, "\r\nAccept: application/rss+xml, application/rdf+xml, ") &&
	    strstr(req, "\r\nAccept-Encoding: identity\r\n") &&
	    strstr(req, "\r\nConnection: close\r\n"), "User-Agent, Accept, Connection");
	check(n > 0 && strstr(req, "\r\nIf-None-Match: \"abc\"\r\n") &&
	    strstr(req, "\r\nIf-Modified-Since: Sun, 06 Nov 1994 08:49:37 GMT\r\n") &&
	    !strcmp(req + n - 4, "\r\n\r\n"), "conditional headers");
	o.etag = "\"a\"\r\nX-Injected: 1";
	o.lastmod = NULL;
	url_parse(&u, "https://lwn.net", err, sizeof(err));
	n = mkrequest(req, sizeof(req), &u, &o, NULL);
	check(n > 0 && !strstr(req, "Injected") && !strstr(req, "If-") &&
	    strstr(req, "\r\nHost: lwn.net\r\n"), "unsafe validators dropped, no default port");
	{
		Proxy px;

		proxyparse(&px, "http://a:b@proxy:3128", err, sizeof(err));
		url_parse(&u, "http://lwn.net:8080/feed", err, sizeof(err));
		n = mkrequest(req, sizeof(req), &u, &o, &px);
		check(n > 0 && !strncmp(req, "GET http://lwn.net:8080/feed HTTP/1.1\r\n"
		    "Host: lwn.net:8080\r\nProxy-Authorization: Basic YTpi\r\n", 88),
		    "through a proxy: absolute-form, Host, Proxy-Authorization");
	}
}

static void
testtlsmsg(void)
{
	char m[256];
	int i, j, dup = 0;

	tls_codemsg(BR_ERR_RECV_FATAL_ALERT + BR_ALERT_PROTOCOL_VERSION, m, sizeof(m));
	check(strstr(m, "TLS 1.3 only") != NULL, "message: %s", m);
	tls_codemsg(BR_ERR_RECV_FATAL_ALERT + 99, m, sizeof(m));
	check(strstr(m, "alert 99") != NULL, "message: %s", m);
	tls_codemsg(BR_ERR_BAD_CIPHER_SUITE, m, sizeof(m));
	check(strstr(m, "did not offer") != NULL, "message: %s", m);
	/* every refusal has words of its own, never a neighbour's */
	for (i = 0; i < XReasonLast; i++)
		for (j = i + 1; j < XReasonLast; j++)
			if (!strcmp(x509_msg(i), x509_msg(j)))
				dup++;
	check(!dup, "each of the %d X.509 reasons has its own message", XReasonLast);
	check(!strcmp(x509_msg(XPathLen), "certificate chain is longer than an issuer's "
	    "path length constraint allows") && strcmp(x509_msg(XNoCertSign), x509_msg(XNotCa)) &&
	    strstr(x509_msg(XMd5), "MD5") && strstr(x509_msg(XSha1), "SHA-1"),
	    "path length, keyCertSign, MD5 and SHA-1 are told apart");
}

/* ------------------------------------------------------------ proxies */

static void
testproxies(void)
{
	static const struct {
		const char *list, *host;
		int ip6, want;
	} np[] = {
		{ "*", "lwn.net", 0, 1 },
		{ "lwn.net", "lwn.net", 0, 1 },
		{ "lwn.net", "LWN.NET.", 0, 1 },
		{ "lwn.net", "static.lwn.net", 0, 1 },
		{ ".lwn.net", "static.lwn.net", 0, 1 },
		{ ".lwn.net", "lwn.net", 0, 1 },            /* curl drops the dot */
		{ "lwn.net.", "lwn.net", 0, 1 },
		{ "lwn.net", "notlwn.net", 0, 0 },
		{ "net", "lwn.net", 0, 1 },
		{ "example.org, lwn.net", "lwn.net", 0, 1 },
		{ "example.org lwn.net", "lwn.net", 0, 1 },   /* blanks separate too */
		{ ",,lwn.net,,", "lwn.net", 0, 1 },
		{ "*,example.org", "lwn.net", 0, 0 },         /* "*" only alone */
		{ "lwn.net:443", "lwn.net", 0, 0 },           /* ports never match */
		{ "127.0.0.1", "127.0.0.1", 0, 1 },
		{ "127.0.0.0/8", "127.1.2.3", 0, 1 },
		{ "10.0.0.0/8", "127.0.0.1", 0, 0 },
		{ "127.0.0.1", "localhost", 0, 0 },           /* nothing is resolved */
		{ "localhost", "127.0.0.1", 0, 0 },
		{ "::1", "::1", 1, 1 },
		{ "2001:db8::/32", "2001:db8::7", 1, 1 },
		{ "2001:db8::/33", "2001:db8:8000::1", 1, 0 },
		{ "", "lwn.net", 0, 0 },
	};
	HttpOpt o;
	Url u;
	Proxy px;
	char err[256];
	size_t i;

	for (i = 0; i < LENGTH(np); i++)
		check(noproxy(np[i].list, np[i].host, np[i].ip6) == np[i].want,
		    "no_proxy \"%s\" %s %s", np[i].list, np[i].want ? "matches" : "does not match",
		    np[i].host);

	memset(&o, 0, sizeof(o));
	o.httpsproxy = "http://tls.proxy:3128";
	o.httpproxy = "http://plain.proxy:3128";
	o.noproxy = "direct.example";
	url_parse(&u, "https://lwn.net/", err, sizeof(err));
	check(proxyfor(&o, &u) == o.httpsproxy, "an https URL takes the https proxy");
	url_parse(&u, "http://lwn.net/", err, sizeof(err));
	check(proxyfor(&o, &u) == o.httpproxy, "an http URL takes the http proxy");
	url_parse(&u, "https://www.direct.example/", err, sizeof(err));
	check(proxyfor(&o, &u) == NULL, "no_proxy sends a subdomain direct");
	o.httpproxy = "";
	url_parse(&u, "http://lwn.net/", err, sizeof(err));
	check(proxyfor(&o, &u) == NULL, "an empty proxy variable is none");

	check(proxyparse(&px, "proxy.example", err, sizeof(err)) == 0 &&
	    !strcmp(px.u.host, "proxy.example") && px.u.port == 1080 && !px.auth[0] &&
	    !strcmp(px.name, "proxy.example:1080"), "proxy without scheme or port: port 1080");
	check(proxyparse(&px, "HTTP://[::1]:3128/", err, sizeof(err)) == 0 &&
	    px.u.port == 3128 && !strcmp(px.name, "[::1]:3128"), "proxy: IPv6 and a port");
	check(proxyparse(&px, "http://us%3Aer:p%40ss%3a@127.0.0.1:8080", err, sizeof(err)) == 0 &&
	    px.auth[0] && !strcmp(px.auth, "Proxy-Authorization: Basic dXM6ZXI6cEBzczo=\r\n"),
	    "proxy credentials are percent-decoded into Basic: %s", px.auth);
	check(proxyparse(&px, "http://a:b@host:3128", err, sizeof(err)) == 0 &&
	    !strcmp(px.auth, "Proxy-Authorization: Basic YTpi\r\n"), "proxy: a:b is YTpi");
	check(proxyparse(&px, "https://proxy:443", err, sizeof(err)) < 0 &&
	    strstr(err, "https:// proxies are not supported"),
	    "an https:// proxy is refused: %s", err);
	check(proxyparse(&px, "socks5://proxy", err, sizeof(err)) < 0 &&
	    strstr(err, "socks5:// proxies are not supported"), "a SOCKS proxy is refused: %s", err);
	check(proxyparse(&px, "http://user:secret@pro xy:1", err, sizeof(err)) < 0 &&
	    !strstr(err, "secret") && !strstr(err, "user"),
	    "a bad proxy URL's message hides the credentials: %s", err);
	check(proxyparse(&px, "http://u:%00@proxy:1", err, sizeof(err)) < 0 &&
	    !strstr(err, "%00"), "a NUL in the credentials is refused: %s", err);
	{
		char longhost[800];

		memset(longhost, 'a', sizeof(longhost) - 1);
		longhost[sizeof(longhost) - 1] = '\0';
		check(proxyparse(&px, longhost, err, sizeof(err)) < 0 && strstr(err, "too long"),
		    "a proxy host too long for a URL is refused: %s", err);
	}
	/* credentials may hold what ends a host elsewhere: '/', '?', '#', "://" */
	check(proxyparse(&px, "http://alice:s3cr/et@proxy.example:3128", err, sizeof(err)) == 0 &&
	    !strcmp(px.u.host, "proxy.example") && px.u.port == 3128 &&
	    !strcmp(px.name, "proxy.example:3128"), "a '/' in a proxy password is the password's");
	check(proxyparse(&px, "alice:x://y@proxy.example:3128", err, sizeof(err)) == 0 &&
	    !strcmp(px.name, "proxy.example:3128"), "\"://\" in a proxy password is no scheme");
	check(proxyparse(&px, "http://bob:1234/x?y#z@127.0.0.1:9", err, sizeof(err)) == 0 &&
	    !strcmp(px.u.host, "127.0.0.1") && px.u.port == 9,
	    "the proxy host is after the last '@', never the user name");
}

/* ------------------------------------------------------------ drivers */

static int
getmain(int argc, char *argv[])
{
	HttpOpt o;
	HttpResp r;
	int i, rc, verbose = 0;
	const char *env;

	memset(&o, 0, sizeof(o));
	o.cafile = (env = getenv("SSL_CERT_FILE")) && *env ? env :
	    "/etc/ssl/certs/ca-certificates.crt";
	o.conntimeout = 10000;
	o.timeout = 30000;
	o.maxbody = 8 << 20;
	o.maxredirects = 5;
	/* as lwnrss reads them */
	http_proxyenv(&o);
	for (i = 0; i < argc - 1 && argv[i][0] == '-'; i++) {
		switch (argv[i][1]) {
		case 'v': verbose = 1; continue;
		case 'a': o.cafile = argv[++i]; break;
		case 'c': o.conntimeout = atoi(argv[++i]); break;
		case 't': o.timeout = atoi(argv[++i]); break;
		case 'm': o.maxbody = atol(argv[++i]); break;
		case 'r': o.maxredirects = atoi(argv[++i]); break;
		case 'e': o.etag = argv[++i]; break;
		case 'l': o.lastmod = argv[++i]; break;
		default: fprintf(stderr, "http_test get: bad flag %s\n", argv[i]); return 2;
		}
	}
	if (i != argc - 1) {
		fputs("usage: http_test get [-v] [-a cafile] [-c ms] [-t ms] [-m max] "
		    "[-r n] [-e etag] [-l lastmod] url\n", stderr);
		return 2;
	}
	rc = http_get(argv[i], &o, &r);
	if (verbose)
		fprintf(stderr, "rc %d\nstatus %d\nlen %zu\nurl %s\netag %s\nlastmod %s\n"
		    "retryafter %ld\n", rc, r.status, r.len, r.url ? r.url : "(null)",
		    r.etag ? r.etag : "(null)", r.lastmod ? r.lastmod : "(null)",
		    r.retryafter);
	if (rc < 0)
		fprintf(stderr, "%s\n", r.err);
	else if (r.body && r.len)
		fwrite(r.body, 1, r.len, stdout);
	http_free(&r);
	return rc < 0 ? 1 : rc == 1 ? 3 : 0;
}

int
main(int argc, char *argv[])
{
	if (argc > 1 && !strcmp(argv[1], "get"))
		return getmain(argc - 2, argv + 2);

	testurls();
	testresolve();
	testparser();
	testtruncation();
	testconnect();
	testlimits();
	testdates();
	testcaching();
	testrequest();
	testtlsmsg();
	testproxies();
	printf("%d passed, %d failed\n", npass, nfail);
	return nfail != 0;
}
