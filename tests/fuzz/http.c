/* See LICENSE file for copyright and license details. */
/*
 * libFuzzer target: the HTTP response parser (pinit, pfeed, pend, pfree).
 *
 * Input: a flags byte, then as many cut bytes as its low four bits say,
 * then the response.  Bits 4-6 choose the body limit.  The response is
 * fed whole, then in pieces of the cut bytes' lengths (the rest last),
 * and both runs must end alike: same result, status, body, kept headers
 * or error.  The body never exceeds the limit at any point, and a
 * complete Content-Length body has that length.
 *
 * With bit 7 set the target frames the rest itself, as a body after a
 * head of its own (Content-Length, chunked with the cut bytes as chunk
 * sizes, or read to close, as the first byte of the rest says), and the
 * parser must return exactly that body, or refuse it for its size.
 */
#include "../../http.c"

static const size_t limits[] = { 0, 1, 2, 16, 300, 4096, 65536, 1 << 20 };

/* what holds after every call */
static void
sane(const Parser *p)
{
	if (p->body.len > p->maxbody || p->state < PStatus || p->state > PError)
		abort();
	if (p->state == PError && !p->err[0])
		abort();
}

/* feed in as cut says, then the end; 1 complete, -1 error */
static int
run(Parser *p, const char *in, size_t len, const uint8_t *cut, size_t ncut,
    size_t maxbody)
{
	size_t i, k;
	int rc;

	pinit(p, maxbody);
	for (i = 0;; i++) {
		k = i < ncut ? MIN(cut[i], len) : len;
		rc = pfeed(p, in, k);
		sane(p);
		if ((rc > 0) != (p->state == PDone) || (rc < 0) != (p->state == PError))
			abort();
		in += k;
		len -= k;
		if (rc || i >= ncut)
			break;
	}
	if (rc == 0) {
		rc = pend(p);
		sane(p);
		if ((rc > 0) != (p->state == PDone) || (rc < 0) != (p->state == PError))
			abort();
	}
	return rc;
}

static int
samestr(const char *a, const char *b)
{
	return a == b || (a && b && !strcmp(a, b));
}

/* the two runs agree */
static void
same(const Parser *a, int ra, const Parser *b, int rb)
{
	size_t i;

	if (ra != rb)
		abort();
	if (ra < 0) {
		if (strcmp(a->err, b->err))
			abort();
		return;
	}
	if (a->status != b->status || a->body.len != b->body.len ||
	    (a->body.len && memcmp(a->body.p, b->body.p, a->body.len)) ||
	    strcmp(a->reason, b->reason))
		abort();
	for (i = 0; i < HLast; i++)
		if (!samestr(a->kept[i], b->kept[i]))
			abort();
}

/* a complete response: its body is what its framing said */
static void
framed(const Parser *p)
{
	if (p->status < 200 || p->status > 999)
		abort();
	if ((p->status / 100 != 2 || p->status == 204) && p->body.len)
		abort();
	if (p->status / 100 == 2 && p->status != 204 && !p->chunked &&
	    p->haslen && p->body.len != p->length)
		abort();
}

static void
raw(const uint8_t *cut, size_t ncut, const char *in, size_t len, size_t maxbody)
{
	Parser whole, parts;
	int rw, rp;

	rw = run(&whole, in, len, NULL, 0, maxbody);
	rp = run(&parts, in, len, cut, ncut, maxbody);
	same(&whole, rw, &parts, rp);
	if (rw > 0)
		framed(&whole);
	pfree(&whole);
	pfree(&parts);
}

/* frame body as kind says, check the parser returns it */
static void
frame(const uint8_t *cut, size_t ncut, int kind, const char *body, size_t len,
    size_t maxbody)
{
	Buf m = {0};
	Parser p;
	char line[64];
	size_t i, off, k;
	int rc;

	if (kind & 8)
		bufadd(&m, "HTTP/1.1 100 Continue\r\n\r\n", 25);
	bufadd(&m, "HTTP/1.1 200 OK\r\n", 17);
	switch (kind % 3) {
	case 0:
		snprintf(line, sizeof(line), "Content-Length: %zu\r\n\r\n", len);
		bufadd(&m, line, strlen(line));
		bufadd(&m, body, len);
		break;
	case 1:
		bufadd(&m, "Transfer-Encoding: chunked\r\n\r\n", 30);
		for (i = 0, off = 0; off < len; i++) {
			k = i < ncut ? MIN(cut[i], len - off) : len - off;
			if (!k)
				continue;
			snprintf(line, sizeof(line), kind & 4 ? "%zX;x=y\r\n" : "%zx\r\n", k);
			bufadd(&m, line, strlen(line));
			bufadd(&m, body + off, k);
			bufadd(&m, "\r\n", 2);
			off += k;
		}
		if (kind & 16)
			bufadd(&m, "0\r\nX-Trailer: 1\r\n\r\n", 20);
		else
			bufadd(&m, "0\r\n\r\n", 5);
		break;
	default:
		bufadd(&m, "\r\n", 2);
		bufadd(&m, body, len);
		break;
	}
	if (!m.p)
		abort();
	rc = run(&p, m.p, m.len, cut, ncut, maxbody);
	if (len > maxbody) {
		if (rc >= 0 || !strstr(p.err, "byte limit"))
			abort();
	} else if (rc <= 0 || p.status != 200 || p.body.len != len ||
	    (len && memcmp(p.body.p, body, len))) {
		abort();
	}
	pfree(&p);
	buffree(&m);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t len)
{
	size_t ncut, maxbody;
	const uint8_t *cut;
	int flags;

	if (len < 1)
		return 0;
	flags = data[0];
	ncut = flags & 15;
	maxbody = limits[flags >> 4 & 7];
	if (len < 1 + ncut)
		return 0;
	cut = data + 1;
	data += 1 + ncut;
	len -= 1 + ncut;
	if (!(flags & 128))
		raw(cut, ncut, (const char *)data, len, maxbody);
	else if (len)
		frame(cut, ncut, data[0], (const char *)data + 1, len - 1, maxbody);
	return 0;
}
