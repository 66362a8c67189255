/* See LICENSE file for copyright and license details. */

/*
 * x509_test: unit tests for x509.c's DER walk, names, constraints and profile,
 * and a driver for the fetch benchmark.
 *
 *	tests/x509_test                   run the unit tests
 *	tests/x509_test ca file [n]       time loading a CA bundle n times
 *	tests/x509_test verify host cafile chain...
 *	                                  check each PEM chain (the leaf
 *	                                  first) against cafile for host
 *
 * x509.c is included whole so its static functions can be tested.  The
 * chains themselves are tested end to end by tests/tls.sh and
 * tests/chain.sh, against openssl verify.
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
		{ "notlwn.net", "lwn.net", 0, 0, 0 },
		{ "lwn.net", "", 0, 1, 1 },
		{ "lwn.net", "LWN.NET", 0, 1, 1 },
		/* "*.lwn.net" within lwn.net; it meets www.lwn.net, not other.net */
		{ "lwn.net", "lwn.net", 1, 1, 1 },
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

		check(dnswithin(n, strlen(nt[i].name), b, strlen(nt[i].base), 0) == nt[i].within &&
		    dnswithin(n, strlen(nt[i].name), b, strlen(nt[i].base), nt[i].wild) ==
		    nt[i].meets, "constraint %s: %s%s %s, %s",
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
	check(der(&in, 0x04, &out, NULL) == 0x04 && out.n == 5 && !in.n, "DER: short length");
	in.p = longlen, in.n = sizeof(longlen);
	check(der(&in, 0x04, &out, NULL) < 0, "DER: a long form for a short length is refused");
	in.p = indef, in.n = sizeof(indef);
	check(der(&in, 0x30, &out, NULL) < 0, "DER: indefinite length refused");
	in.p = shortlen, in.n = sizeof(shortlen) - 1;
	check(der(&in, 0x04, &out, NULL) < 0, "DER: a length past the end refused");
	in.p = (const unsigned char *)"\x17\x0d" "491231235959Z", in.n = 15;
	check(dertime(&in, &t) == 0 && t == 2524607999LL, "UTCTime 49 is 2049");
	in.p = (const unsigned char *)"\x17\x0d" "500101000000Z", in.n = 15;
	check(dertime(&in, &t) == 0 && t == -631152000LL, "UTCTime 50 is 1950");
	in.p = (const unsigned char *)"\x18\x0f" "20991231235959Z", in.n = 17;
	check(dertime(&in, &t) == 0 && t == 4102444799LL, "GeneralizedTime");
	in.p = (const unsigned char *)"\x17\x0d" "491231235959+", in.n = 15;
	check(dertime(&in, &t) < 0, "a time not in UTC refused");
	in.p = (const unsigned char *)"\x18\x0f" "20240229000000Z", in.n = 17;
	check(dertime(&in, &t) == 0 && t == 1709164800LL, "GeneralizedTime: a leap day");
	in.p = (const unsigned char *)"\x17\x0d" "230229000000Z", in.n = 15;
	check(dertime(&in, &t) < 0, "UTCTime: no leap day in 2023");
}

/* tlv: tag, a short length and n bytes of p at o; the bytes written */
static size_t
tlv(unsigned char *o, int tag, const void *p, size_t n)
{
	o[0] = tag;
	o[1] = n;
	memcpy(o + 2, p, n);
	return n + 2;
}

/* extparse: one extension (oid, critical or not, its value) read into a fresh c */
static int
extparse(Cert *c, const char *oid, int crit, const char *val, size_t n)
{
	unsigned char buf[256];
	size_t len;

	memset(c, 0, sizeof(*c));
	c->pathlen = -1;
	len = tlv(buf, 0x06, oid, strlen(oid));
	if (crit)
		len += tlv(buf + len, 0x01, "\xff", 1);
	len += tlv(buf + len, 0x04, val, n);
	return extension((Der){ buf, len }, c);
}

#define AIA "\x2b\x06\x01\x05\x05\x07\x01\x01"
#define OCSP "\x06\x08\x2b\x06\x01\x05\x05\x07\x30\x01"
#define AIAOCSP "\x30\x16\x30\x14" OCSP "\x86\x08http://x"

/* the extensions RFC 5280's profile looks at, read as the profile needs */
static void
testextensions(void)
{
	static const struct {
		const char *what, *oid, *val;
		size_t n;
		int crit, aiabad, hasakid;
	} et[] = {
		{ "an AIA with OCSP", AIA, AIAOCSP, 24, 0, 0, 0 },
		{ "an empty AIA", AIA, "\x30\x00", 2, 0, 1, 0 },
		{ "an AIA without accessLocation", AIA, "\x30\x0c\x30\x0a" OCSP, 14, 0, 1, 0 },
		{ "an AIA whose location is no GeneralName", AIA,
		    "\x30\x16\x30\x14" OCSP "\x16\x08http://x", 24, 0, 1, 0 },
		{ "an AIA that is no SEQUENCE", AIA, "\x05\x00", 2, 0, 1, 0 },
		{ "a critical AIA", AIA, AIAOCSP, 24, 1, 0, 0 },
		{ "an AKI with a keyIdentifier", "\x55\x1d\x23", "\x30\x06\x80\x04\1\2\3\4", 8, 0, 0, 1 },
		{ "an AKI of issuer and serial only", "\x55\x1d\x23", "\x30\x03\x82\x01\x01", 5, 0, 0, 0 },
		{ "a critical AKI", "\x55\x1d\x23", "\x30\x06\x80\x04\1\2\3\4", 8, 1, 0, 1 },
		{ "a critical SKI", "\x55\x1d\x0e", "\x04\x04\1\2\3\4", 6, 1, 0, 0 },
	};
	unsigned char buf[64];
	size_t i, len;
	Cert c;
	int rc;

	for (i = 0; i < LENGTH(et); i++) {
		rc = extparse(&c, et[i].oid, et[i].crit, et[i].val, et[i].n);
		check(rc == 0 && c.hasakid == et[i].hasakid &&
		    c.aia == (et[i].crit && !strcmp(et[i].oid, AIA) ? XAiaCritical :
		    et[i].aiabad ? XAiaBad : XOk) &&
		    !!(c.cecrit & (CE(CeSki) | CE(CeAki))) ==
		    (et[i].crit && strcmp(et[i].oid, AIA) != 0),
		    "%s: parsed%s%s%s", et[i].what, c.aia == XAiaBad ? ", malformed" : "",
		    c.hasakid ? ", a key identifier" : "", et[i].crit ? ", critical" : "");
	}
	extparse(&c, "\x55\x1d\x13", 0, "\x30\x03\x01\x01\xff", 5);
	check(c.ca && !(c.cecrit & CE(CeBc)), "basicConstraints not critical is seen as such");
	extparse(&c, "\x55\x1d\x11", 1, "\x30\x0b\x82\x09localhost", 13);
	check(c.nsan == 1 && (c.cecrit & CE(CeSan)), "a critical SAN is seen as such");

	/* an AIA marked critical, then another (RFC 5280 4.2 allows one) that is not */
	extparse(&c, AIA, 1, AIAOCSP, 24);
	len = tlv(buf, 0x06, AIA, 8);
	len += tlv(buf + len, 0x04, AIAOCSP, 24);
	check(extension((Der){ buf, len }, &c) == 0 && c.aia == XAiaCritical,
	    "a critical AIA stays critical after a second AIA");
	/* and a malformed one, then a critical one */
	extparse(&c, AIA, 0, "\x30\x00", 2);
	len = tlv(buf, 0x06, AIA, 8);
	len += tlv(buf + len, 0x01, "\xff", 1);
	len += tlv(buf + len, 0x04, AIAOCSP, 24);
	check(extension((Der){ buf, len }, &c) == 0 && c.aia == XAiaCritical,
	    "a malformed AIA, then a critical one: critical");
}

/* a Name of one attribute, oid (2.5.4.x by its last arc) of type tag, or empty */
static size_t
mkname(unsigned char *o, int arc, int tag, const char *val, size_t n)
{
	unsigned char atv[128], set[128], oid[3] = { 0x55, 0x04, arc };
	size_t len;

	if (!val)
		return tlv(o, 0x30, "", 0);
	len = tlv(atv, 0x06, oid, 3);
	len += tlv(atv + len, tag, val, n);
	len = tlv(set, 0x30, atv, len);
	len = tlv(atv, 0x31, set, len);
	return tlv(o, 0x30, atv, len);
}

static void
testnames(void)
{
	static const struct {
		const char *name;
		int valid;
	} hn[] = {
		{ "lwn.net", 1 }, { "LWN.net", 1 }, { "*.lwn.net", 1 }, { "localhost", 1 },
		{ "xn--bcher-kva.example", 1 }, { "a-b.example", 1 }, { "a1.2b", 1 },
		{ "a23456789012345678901234567890123456789012345678901234567890123.net", 1 },
		{ "a234567890123456789012345678901234567890123456789012345678901234.net", 0 },
		{ ".lwn.net", 0 }, { "lwn.net.", 0 }, { "lwn..net", 0 }, { "", 0 },
		{ "a_b.lwn.net", 0 }, { "_dmarc.lwn.net", 0 }, { "-a.lwn.net", 0 },
		{ "a-.lwn.net", 0 }, { "*", 0 }, { "*.", 0 }, { "f*.lwn.net", 0 },
		{ "www.*.net", 0 }, { "**.lwn.net", 0 }, { "lwn net", 0 }, { "lwn.net/", 0 },
		{ "l\xc3\xa9n.net", 0 },
	};
	static const struct {
		const char *what;
		int tag;
		const char *cn, *san;
		size_t cnlen, sanlen;
		int want;
	} ct[] = {
		{ "the CN is a SAN name", 0x0c, "localhost", "\x82\x09localhost", 9, 11, XOk },
		{ "the CN is a SAN name in another case", 0x13, "LocalHost",
		    "\x82\x03lwn\x82\x09localhost", 9, 16, XOk },
		{ "the CN is not in the SAN", 0x0c, "lwnrss test", "\x82\x09localhost", 11, 11,
		    XCnNotSan },
		{ "the CN is the SAN's IPv4 address", 0x13, "127.0.0.1",
		    "\x82\x09localhost\x87\x04\x7f\0\0\1", 9, 17, XOk },
		{ "the CN is the SAN's IPv6 address", 0x16, "::1",
		    "\x87\x10\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\1", 3, 18, XOk },
		{ "the CN is an address the SAN has only as a name", 0x0c, "127.0.0.1",
		    "\x82\x09" "127.0.0.1\x87\x04\x7f\0\0\2", 9, 17, XOk },
		{ "the CN is an address the SAN lacks", 0x0c, "127.0.0.1",
		    "\x82\x09localhost\x87\x04\x7f\0\0\2", 9, 17, XCnNotSan },
		{ "the CN is a prefix of a SAN name", 0x0c, "local", "\x82\x09localhost", 5, 11,
		    XCnNotSan },
		{ "a BMPString CN is not compared", 0x1e, "\0x", "\x82\x09localhost", 2, 11, XOk },
	};
	unsigned char name[256];
	size_t i;
	Cert c;

	for (i = 0; i < LENGTH(hn); i++)
		check(hostname((const unsigned char *)hn[i].name, strlen(hn[i].name)) == hn[i].valid,
		    "dNSName \"%s\" is %sa host name", hn[i].name, hn[i].valid ? "" : "not ");
	for (i = 0; i < LENGTH(ct); i++) {
		memset(&c, 0, sizeof(c));
		c.subject.p = name;
		c.subject.n = mkname(name, 3, ct[i].tag, ct[i].cn, ct[i].cnlen);
		c.san.p = (const unsigned char *)ct[i].san;
		c.san.n = ct[i].sanlen;
		check(cninsan(&c) == ct[i].want, "%s: %s", ct[i].what, x509_msg(cninsan(&c)));
	}
	c.subject.n = mkname(name, 10, 0x0c, "LWN", 3);
	check(cninsan(&c) == XOk, "a subject without CN: no CN to find");
	c.subject.n = mkname(name, 0, 0, NULL, 0);
	check(cninsan(&c) == XOk, "an empty subject: no CN to find");
	c.subject.p = (const unsigned char *)"\x30\x02\x31\x00";
	c.subject.n = 4;
	check(cninsan(&c) == XMalformed, "a subject with an empty RDN is malformed");
}

/*
 * directoryName constraints bind the subject and every directoryName of
 * the SAN (RFC 5280 4.2.1.10)
 */
static void
testdirnames(void)
{
	unsigned char name[64], other[64], san[80], gn[80], list[96], ncp[128], nce[128];
	size_t nl = mkname(name, 3, 0x0c, "localhost", 9);
	size_t ol = mkname(other, 3, 0x0c, "elsewhere", 9);
	size_t ll = tlv(list, 0x30, gn, tlv(gn, 0xa4, name, nl));
	Cert c, perm, excl;
	long work = MAXNCWORK;

	memset(&perm, 0, sizeof(perm));
	excl = perm;
	perm.nc = (Der){ ncp, tlv(ncp, 0xa0, list, ll) };
	excl.nc = (Der){ nce, tlv(nce, 0xa1, list, ll) };
	memset(&c, 0, sizeof(c));
	c.subject = (Der){ name, nl };
	c.san = (Der){ san, tlv(san, 0xa4, other, ol) };
	c.nsan = 1;
	check(constraints(&perm, &c, &work) == XNameConstraints,
	    "a SAN directoryName outside the permitted one is refused");
	c.san.n = tlv(san, 0xa4, name, nl);
	check(constraints(&perm, &c, &work) == XOk,
	    "a SAN directoryName within the permitted one passes");
	c.subject = (Der){ other, ol };
	check(constraints(&excl, &c, &work) == XNameConstraints,
	    "a SAN directoryName within an excluded one is refused");
}

/* profile: each rule, for the leaf and, where it applies, an issuer */
static void
testprofile(void)
{
	unsigned char name[64], caname[64], empty[2], mod[513];
	Cert leaf, ca, c;
	size_t i;

	memset(&leaf, 0, sizeof(leaf));
	leaf.hasakid = 1;
	leaf.ce = CE(CeSki);
	leaf.subject.p = name;
	leaf.subject.n = mkname(name, 3, 0x0c, "localhost", 9);
	leaf.san.p = (const unsigned char *)"\x82\x09localhost";
	leaf.san.n = 11;
	leaf.ku = 0x8000;
	ca = leaf;
	ca.ca = 1;
	ca.cecrit = CE(CeBc);
	ca.ku = 0x0600;
	ca.san.n = 0;
	ca.subject.p = caname;
	ca.subject.n = mkname(caname, 3, 0x0c, "lwnrss test", 11);
	check(profile(&leaf, 1) == XOk && profile(&ca, 0) == XOk, "the profile: good ones pass");

	for (i = 0; i < 2; i++) {
		const char *who = i ? "an issuer" : "the leaf";
		int iss = i ? XIssuer : 0;

		c = i ? ca : leaf;
		c.cecrit |= CE(CeAki);
		check(profile(&c, !i) == (XKeyIdCritical | iss), "%s: %s", who, x509_msg(profile(&c, !i)));
		c = i ? ca : leaf;
		c.hasakid = 0;
		check(profile(&c, !i) == (XNoAki | iss), "%s: %s", who, x509_msg(profile(&c, !i)));
		c = i ? ca : leaf;
		c.aia = XAiaCritical;
		check(profile(&c, !i) == (XAiaCritical | iss), "%s: %s", who, x509_msg(profile(&c, !i)));
		c = i ? ca : leaf;
		c.aia = XAiaBad;
		check(profile(&c, !i) == (XAiaBad | iss), "%s: %s", who, x509_msg(profile(&c, !i)));
	}
	c = ca;
	c.cecrit = 0;
	check(profile(&c, 0) == XBcNotCritical, "%s", x509_msg(profile(&c, 0)));
	c = ca;
	c.ce = 0;
	check(profile(&c, 0) == XNoSki, "%s", x509_msg(profile(&c, 0)));
	c = leaf;
	c.ce = 0;
	check(profile(&c, 1) == XOk, "a leaf needs no subject key identifier");
	c = ca;
	c.subject.p = empty;
	c.subject.n = mkname(empty, 0, 0, NULL, 0);
	check(profile(&c, 0) == XIssuerNoSubject, "%s", x509_msg(profile(&c, 0)));
	c.subject.p = empty;
	c = (Cert){ .hasakid = 1, .subject = c.subject, .san = leaf.san, .ku = 0x8000 };
	check(profile(&c, 1) == XSanNotCritical, "%s", x509_msg(profile(&c, 1)));
	c.cecrit = CE(CeSan);
	check(profile(&c, 1) == XOk, "an empty subject with a critical SAN passes");
	c = leaf;
	c.ku = 0x8400;
	check(profile(&c, 1) == XLeafCertSign, "%s", x509_msg(profile(&c, 1)));
	c = leaf;
	c.san.p = (const unsigned char *)"\x82\x09localhost\x82\x04.lwn";
	c.san.n = 17;
	check(profile(&c, 1) == XBadDnsName, "%s", x509_msg(profile(&c, 1)));
	c.san.p = (const unsigned char *)"\x82\x09localhost\x87\x04\x7f\0\0\1";
	c.san.n = 17;
	check(profile(&c, 1) == XOk, "an IP address beside the DNS names passes");
	c.subject = ca.subject;
	check(profile(&c, 1) == XCnNotSan, "%s", x509_msg(profile(&c, 1)));

	/* RSA keys of 2047, 2048 and 2040 bits; 4096, BearSSL's most, and 4104 */
	memset(mod, 0, sizeof(mod));
	c = (Cert){ .key = { .key_type = BR_KEYTYPE_RSA, .key.rsa = { mod, 256, mod, 1 } } };
	mod[0] = 0x7f;
	check(keyok(&c) == XWeakRsa, "an RSA key of 2047 bits: %s", x509_msg(keyok(&c)));
	mod[0] = 0x80;
	check(keyok(&c) == XOk, "an RSA key of 2048 bits is taken");
	c.key.key.rsa.nlen = 255;
	check(keyok(&c) == XWeakRsa, "an RSA key of 2040 bits: %s", x509_msg(keyok(&c)));
	c.key.key.rsa.nlen = 512;
	check(keyok(&c) == XOk, "an RSA key of 4096 bits is taken");
	c.key.key.rsa.nlen = 513;
	check(keyok(&c) == XBigRsa, "an RSA key of 4104 bits: %s", x509_msg(keyok(&c)));

	for (i = 0; i < XReasonLast && msgs[i]; i++)
		;
	check(i == XReasonLast, "every reason has its words (%zu of %d)", i, XReasonLast);
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
	X509 x;
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
	check(b64dec("aGVsbG8h", 8, (unsigned char *)err) == 6 && !memcmp(err, "hello!", 6) &&
	    b64dec("aA==", 4, (unsigned char *)err) == 1 && err[0] == 'h' &&
	    b64dec("aGk=\n", 5, (unsigned char *)err) == 2 && !memcmp(err, "hi", 2),
	    "base64: whole groups, and one or two bytes before the padding");
	check(b64dec("a GV\ts", 6, (unsigned char *)err) == 3 && !memcmp(err, "hel", 3) &&
	    b64dec("aGVsbG8*", 8, (unsigned char *)err) == -1 && b64dec("aG-s", 4, (unsigned char *)err) == -1,
	    "base64: white space inside a group; a byte not of base64 refused");
	/* chains that are no chains, against no anchors */
	memset(&a, 0, sizeof(a));
	x509_init(&x, &a);
	check(x509_verify(&x, (const unsigned char *)"", 0, "localhost", 0) == XEmpty,
	    "no certificate: %s", x509_msg(XEmpty));
	check(x509_verify(&x, (const unsigned char *)"\0\0\5\x30", 4, "localhost", 0) ==
	    XMalformed, "a length past the list's end: malformed");
	check(x509_verify(&x, (const unsigned char *)"\0\0\0", 3, "localhost", 0) == XMalformed,
	    "an empty leaf: malformed");
	check(x509_verify(&x, (const unsigned char *)"\0\0\2\x30\0", 5, "localhost", 0) ==
	    XMalformed, "a leaf that is an empty SEQUENCE: malformed");
	x509_free(&x);
	if (access(bundle, R_OK) != 0)
		return;
	rc = x509_loadanchors(&a, bundle, err, sizeof(err));
	check(rc == 0 && a.n > 100, "system bundle: %zu anchors", a.n);
	for (i = 0; i < a.n; i++) {
		c = a.a[i];
		d.len = 0;
		br_x509_decoder_init(&dc, dnappend, &d);
		br_x509_decoder_push(&dc, c.der.p, c.der.n);
		pk = br_x509_decoder_get_pkey(&dc);
		if (!c.ca)
			notca++;
		if (!pk) {
			undecodable++;
			if (c.key.key_type)
				bad++;
			continue;
		}
		if (d.len != c.subject.n || memcmp(d.buf, c.subject.p, d.len) || pk->key_type != c.key.key_type || !c.ca != !br_x509_decoder_isCA(&dc))
			bad++;
		else if (pk->key_type == BR_KEYTYPE_RSA && (pk->key.rsa.nlen != c.key.key.rsa.nlen ||
		    memcmp(pk->key.rsa.n, c.key.key.rsa.n, pk->key.rsa.nlen) ||
		    pk->key.rsa.elen != c.key.key.rsa.elen ||
		    memcmp(pk->key.rsa.e, c.key.key.rsa.e, pk->key.rsa.elen)))
			bad++;
		else if (pk->key_type == BR_KEYTYPE_EC && (pk->key.ec.curve != c.key.key.ec.curve ||
		    pk->key.ec.qlen != c.key.key.ec.qlen ||
		    memcmp(pk->key.ec.q, c.key.key.ec.q, pk->key.ec.qlen)))
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

/* ca: load a bundle n times, as a fetch does (split, base64, parse each) */
static int
camain(int argc, char *argv[])
{
	Anchors a;
	char err[256];
	double t, best = 1e9;
	int i, n = argc > 1 ? atoi(argv[1]) : 20;

	if (argc < 1 || n < 1)
		return 2;
	for (i = 0; i < n; i++) {
		t = msnow();
		if (x509_loadanchors(&a, argv[0], err, sizeof(err)) < 0) {
			fprintf(stderr, "%s\n", err);
			return 1;
		}
		best = MIN(best, msnow() - t);
		if (i < n - 1)
			x509_freeanchors(&a);
	}
	printf("%zu anchors from %s: %.2f ms (best of %d)\n", a.n, argv[0], best, n);
	x509_freeanchors(&a);
	return 0;
}

/*
 * verify: how many anchors cafile holds, then one line a chain: the
 * file and why it was refused, or "certificate accepted".  Exits 0
 * when every chain was accepted.
 */
static int
verifymain(int argc, char *argv[])
{
	Anchors a, chain;
	Buf list = { 0 };
	size_t j, n;
	X509 x;
	char err[256];
	int i, rc, bad = 0;

	if (argc < 2)
		return 2;
	if (x509_loadanchors(&a, argv[1], err, sizeof(err)) < 0) {
		fprintf(stderr, "%s\n", err);
		return 2;
	}
	printf("%s: %zu anchors\n", argv[1], a.n);
	for (i = 2; i < argc; i++) {
		/* the loader splits a PEM file into DER in its order */
		if (x509_loadanchors(&chain, argv[i], err, sizeof(err)) < 0) {
			printf("%s: %s\n", argv[i], err);
			x509_freeanchors(&chain);
			bad = 1;
			continue;
		}
		/* as a server sends them: each after its length in three bytes */
		for (list.len = 0, j = 0; j < chain.n; j++) {
			n = chain.a[j].der.n;
			if (bufadd(&list, (unsigned char[]){ n >> 16 & 0xff, n >> 8 & 0xff, n & 0xff },
			    3) < 0 || bufadd(&list, chain.a[j].der.p, n) < 0)
				return 2;
		}
		x509_init(&x, &a);
		rc = x509_verify(&x, (const unsigned char *)list.p, list.len, argv[0], 0);
		printf("%s: %s\n", argv[i], x509_msg(rc));
		bad |= rc != XOk;
		x509_free(&x);
		x509_freeanchors(&chain);
	}
	x509_freeanchors(&a);
	buffree(&list);
	return bad;
}

int
main(int argc, char *argv[])
{
	if (argc > 1 && !strcmp(argv[1], "ca"))
		return camain(argc - 2, argv + 2);
	if (argc > 1 && !strcmp(argv[1], "verify"))
		return verifymain(argc - 2, argv + 2);
	testhosts();
	testder();
	testextensions();
	testnames();
	testdirnames();
	testprofile();
	testbundle();
	printf("%d passed, %d failed\n", npass, nfail);
	return nfail != 0;
}
