/* See LICENSE file for copyright and license details. */

/*
 * x509_test: unit tests for x509.c's DER walk, names and constraints,
 * and a driver for the fetch benchmark.
 *
 *	tests/x509_test                   run the unit tests
 *	tests/x509_test ca file [n]       time loading a CA bundle n times
 *
 * x509.c is included whole so its static functions can be tested.  The
 * chains themselves are tested end to end by tests/tls.sh, against
 * openssl verify.
 */
#include <stdarg.h>

#include "../x509.c"

#include "check.h"

static void
testhosts(void)
{
	static const struct {
		const char *host, *pat;
		int want;
	} ht[] = {
		{ "lwn.net", "lwn.net", 1 },
		{ "lwn.net", "LWN.net", 1 },
		{ "lwn.net", "lwn.net.", 1 },
		{ "static.lwn.net", "*.lwn.net", 1 },
		{ "lwn.net", "*.lwn.net", 0 },             /* one label, not none */
		{ "a.b.lwn.net", "*.lwn.net", 0 },          /* one label, not two */
		{ "static.lwn.net", "s*.lwn.net", 0 },      /* whole labels only */
		{ "static.lwn.net", "static.*.net", 0 },    /* leftmost only */
		{ "lwn.net", "*.net", 0 },                  /* two labels after it */
		{ "lwn.net", "*", 0 },
		{ "lwn.net", "lwn.net.evil", 0 },
		{ "evil-lwn.net", "lwn.net", 0 },
	};
	static const struct {
		const char *name, *base;
		int wild, within, meets;
	} nt[] = {
		{ "lwn.net", "lwn.net", 0, 1, 1 },
		{ "static.lwn.net", "lwn.net", 0, 1, 1 },
		{ "static.lwn.net", ".lwn.net", 0, 1, 1 },
		{ "lwn.net", ".lwn.net", 0, 0, 0 },
		{ "notlwn.net", "lwn.net", 0, 0, 0 },
		{ "lwn.net", "", 0, 1, 1 },
		{ "lwn.net", "LWN.NET", 0, 1, 1 },
		/* "*.lwn.net" within lwn.net; it meets www.lwn.net, not other.net */
		{ "lwn.net", "lwn.net", 1, 1, 1 },
		{ "lwn.net", ".lwn.net", 1, 1, 1 },
		{ "lwn.net", "www.lwn.net", 1, 0, 1 },
		{ "lwn.net", "a.www.lwn.net", 1, 0, 0 },
		{ "lwn.net", "other.net", 1, 0, 0 },
	};
	size_t i;

	for (i = 0; i < LENGTH(ht); i++)
		check(hostmatch(ht[i].host, (const unsigned char *)ht[i].pat,
		    strlen(ht[i].pat)) == ht[i].want, "SAN %s %s %s", ht[i].pat,
		    ht[i].want ? "names" : "does not name", ht[i].host);
	for (i = 0; i < LENGTH(nt); i++) {
		const unsigned char *n = (const unsigned char *)nt[i].name;
		const unsigned char *b = (const unsigned char *)nt[i].base;

		check(dnswithin(n, strlen(nt[i].name), nt[i].wild, b, strlen(nt[i].base)) ==
		    nt[i].within && dnsmeets(n, strlen(nt[i].name), nt[i].wild, b,
		    strlen(nt[i].base)) == nt[i].meets, "constraint %s: %s%s %s, %s",
		    nt[i].base, nt[i].wild ? "*." : "", nt[i].name,
		    nt[i].within ? "within" : "not within", nt[i].meets ? "meets" : "apart");
	}
}

static void
testder(void)
{
	static const unsigned char longlen[] = { 0x04, 0x81, 0x05, 1, 2, 3, 4, 5 };
	static const unsigned char shortlen[] = { 0x04, 0x05, 1, 2, 3, 4, 5 };
	static const unsigned char indef[] = { 0x30, 0x80, 0, 0 };
	Der in, out;
	long long t;

	in.p = shortlen, in.n = sizeof(shortlen);
	check(der(&in, 0x04, NULL, &out, NULL) == 0 && out.n == 5 && !in.n, "DER: short length");
	in.p = longlen, in.n = sizeof(longlen);
	check(der(&in, 0x04, NULL, &out, NULL) < 0, "DER: a long form for a short length is refused");
	in.p = indef, in.n = sizeof(indef);
	check(der(&in, 0x30, NULL, &out, NULL) < 0, "DER: indefinite length refused");
	in.p = shortlen, in.n = sizeof(shortlen) - 1;
	check(der(&in, 0x04, NULL, &out, NULL) < 0, "DER: a length past the end refused");
	in.p = (const unsigned char *)"\x17\x0d" "491231235959Z", in.n = 15;
	check(dertime(&in, &t) == 0 && t == 2524607999LL, "UTCTime 49 is 2049");
	in.p = (const unsigned char *)"\x17\x0d" "500101000000Z", in.n = 15;
	check(dertime(&in, &t) == 0 && t == -631152000LL, "UTCTime 50 is 1950");
	in.p = (const unsigned char *)"\x18\x0f" "20991231235959Z", in.n = 17;
	check(dertime(&in, &t) == 0 && t == 4102444799LL, "GeneralizedTime");
	in.p = (const unsigned char *)"\x17\x0d" "491231235959+", in.n = 15;
	check(dertime(&in, &t) < 0, "a time not in UTC refused");
}

/* a subject name as BearSSL's decoder reports it */
typedef struct {
	unsigned char buf[4096];
	size_t len;
} Dn;

static void
dnappend(void *ctx, const void *buf, size_t len)
{
	Dn *dn = ctx;

	if (len <= sizeof(dn->buf) - dn->len) {
		memcpy(dn->buf + dn->len, buf, len);
		dn->len += len;
	}
}

/*
 * The DER walk must read what BearSSL's decoder reads: for every
 * certificate of the system bundle, the same subject name, the same key
 * and the same CA flag.
 */
static void
testbundle(void)
{
	static const char *bundle = "/etc/ssl/certs/ca-certificates.crt";
	br_x509_decoder_context dc;
	const br_x509_pkey *pk;
	Anchors a;
	Cert c;
	char err[256];
	size_t i, bad = 0, undecodable = 0, notca = 0;
	FILE *f;
	Dn d;
	int rc;

	rc = x509_loadanchors(&a, NULL, err, sizeof(err));
	check(rc < 0 && !strcmp(err, "no CA file configured"), "no CA file: %s", err);
	x509_freeanchors(&a);
	rc = x509_loadanchors(&a, "/nonexistent/ca.pem", err, sizeof(err));
	check(rc < 0 && strstr(err, "No such file"), "missing CA file: %s", err);
	x509_freeanchors(&a);
	if ((f = fopen("tests/tmp/notpem", "w"))) {
		fputs("-----BEGIN CERTIFICATE-----\n!!!!\n-----END CERTIFICATE-----\n", f);
		fclose(f);
		rc = x509_loadanchors(&a, "tests/tmp/notpem", err, sizeof(err));
		check(rc < 0 && strstr(err, "no certificates"), "CA file without certificates: %s",
		    err);
		x509_freeanchors(&a);
	}
	/* an empty file: read as "", never as the heap's old bytes (memcheck) */
	if ((f = fopen("tests/tmp/emptypem", "w"))) {
		fclose(f);
		rc = x509_loadanchors(&a, "tests/tmp/emptypem", err, sizeof(err));
		check(rc < 0 && strstr(err, "no certificates"), "an empty CA file: %s", err);
		x509_freeanchors(&a);
	}
	check(b64dec("aGVs\nbG8=", 9, (unsigned char *)err) == 5 && !memcmp(err, "hello", 5),
	    "base64 across a line break");
	if (access(bundle, R_OK) != 0)
		return;
	rc = x509_loadanchors(&a, bundle, err, sizeof(err));
	check(rc == 0 && a.n > 100, "system bundle: %zu anchors", a.n);
	for (i = 0; i < a.n; i++) {
		d.len = 0;
		br_x509_decoder_init(&dc, dnappend, &d);
		br_x509_decoder_push(&dc, a.a[i].der, a.a[i].len);
		pk = br_x509_decoder_get_pkey(&dc);
		if (certparse(&c, a.a[i].der, a.a[i].len) < 0) {
			bad++;
			continue;
		}
		if (!c.ca)
			notca++;
		if (!pk) {
			undecodable++;
			if (c.keytype)
				bad++;
			continue;
		}
		if (d.len != a.a[i].dnlen || memcmp(d.buf, a.a[i].dn, d.len) ||
		    !deq(&c.subject, &(Der){ a.a[i].dn, a.a[i].dnlen }) ||
		    pk->key_type != c.keytype || !c.ca != !br_x509_decoder_isCA(&dc))
			bad++;
		else if (pk->key_type == BR_KEYTYPE_RSA && (pk->key.rsa.nlen != c.n.n ||
		    memcmp(pk->key.rsa.n, c.n.p, c.n.n) || pk->key.rsa.elen != c.e.n ||
		    memcmp(pk->key.rsa.e, c.e.p, c.e.n)))
			bad++;
		else if (pk->key_type == BR_KEYTYPE_EC && (pk->key.ec.curve != c.curve ||
		    pk->key.ec.qlen != c.q.n || memcmp(pk->key.ec.q, c.q.p, c.q.n)))
			bad++;
	}
	check(!bad, "the DER walk reads what br_x509_decoder reads, for all %zu (%zu it "
	    "cannot decode, %zu no CA)", a.n, undecodable, notca);
	x509_freeanchors(&a);
}

static double
msnow(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

/*
 * ca: load a bundle n times; "lazy" is what a fetch pays (split, base64,
 * subject names), "eager" adds parsing every anchor, which is what a
 * fetch would pay without the lazy scheme
 */
static int
camain(int argc, char *argv[])
{
	Anchors a;
	Cert c;
	char err[256];
	double t, lazy = 1e9, eager = 1e9;
	size_t j;
	int i, n = argc > 1 ? atoi(argv[1]) : 20;

	if (argc < 1 || n < 1)
		return 2;
	for (i = 0; i < n; i++) {
		t = msnow();
		if (x509_loadanchors(&a, argv[0], err, sizeof(err)) < 0) {
			fprintf(stderr, "%s\n", err);
			return 1;
		}
		lazy = MIN(lazy, msnow() - t);
		for (j = 0; j < a.n; j++)
			certparse(&c, a.a[j].der, a.a[j].len);
		eager = MIN(eager, msnow() - t);
		if (i < n - 1)
			x509_freeanchors(&a);
	}
	printf("%zu anchors from %s: %.2f ms lazy, %.2f ms eager (best of %d)\n",
	    a.n, argv[0], lazy, eager, n);
	x509_freeanchors(&a);
	return 0;
}

int
main(int argc, char *argv[])
{
	if (argc > 1 && !strcmp(argv[1], "ca"))
		return camain(argc - 2, argv + 2);
	testhosts();
	testder();
	testbundle();
	printf("%d passed, %d failed\n", npass, nfail);
	return nfail != 0;
}
