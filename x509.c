/* See LICENSE file for copyright and license details. */

/*
 * x509.c: trust anchors, and certificate path validation with the policy
 * browsers apply to TLS servers, as a BearSSL X.509 engine.
 *
 * BearSSL's own minimal engine cannot be that engine: it refuses every
 * critical extension it does not know (so a CA with critical name
 * constraints can never be used, even one that permits the host), it
 * ignores Extended Key Usage and non-critical name constraints, accepts
 * SHA-1, falls back to the Common Name, and gives one error code to
 * several causes.  This engine holds each certificate the server sends,
 * then at the end of the chain:
 *
 *   chainparse   every certificate is split into the fields the policy
 *                needs by a strict DER walk (certparse)
 *   extend       from the leaf, each issuer is found by name, among the
 *                anchors first and then among the certificates sent, in
 *                any order, and its signature checked with BearSSL's
 *                hash and RSA/ECDSA primitives (sigcheck); the anchor's
 *                own self-signature is not checked, as nobody does.  A
 *                path that fails is not the end: the next candidate of
 *                the same name is tried, depth first, within a budget of
 *                signature checks (as mozilla::pkix and Go do)
 *   checkpath    validity of every certificate, the anchor's included;
 *                CA, path length, keyCertSign and EKU of each issuer;
 *                the leaf's EKU, key usage and names; each issuer's name
 *                constraints on the names of every certificate below it
 *                (RFC 5280 6.1.3), within a budget of comparisons;
 *                unknown critical extensions; RFC 5280's profile of the
 *                certificates sent, the anchor exempt (profile)
 *
 * so every refusal has its own reason (enum in x509.h, words in msgs).
 *
 * Anchors come from a PEM file split by hand, each parsed when it loads
 * (0.04 ms for Debian's 144): one that cannot be read is skipped there,
 * and a chain's issuers are found among them by their subject.
 */
#include <arpa/inet.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "util.h"
#include "x509.h"

#define MAXPATH     10          /* certificates from the leaf, the anchor not counted */
#define MAXSIGS     100         /* signature checks in a search for a path, as Go */
#define MAXNCWORK   (1L << 20)  /* names times name constraints checked, as OpenSSL */
#define MINRSABITS  2048
#define MAXRSABITS  4096        /* BearSSL's RSA code takes no more (bearssl_rsa.h) */

/* a piece of DER: an element's contents, or a whole element */
typedef struct {
	const unsigned char *p;
	size_t n;
} Der;

/*
 * a signature algorithm: XOk with the key type that signs and the
 * length of its hash, one of SHA-2's, or why refused (a length rather
 * than BearSSL's hash class, which the loader would relocate at every start)
 */
typedef struct {
	Der oid;
	int rc, key, hlen;
} SigAlg;

/* what the policy needs from one certificate */
struct Cert {
	Der der;                /* the whole certificate */
	Der tbs;                /* TBSCertificate, tag and length included: what is signed */
	Der sig;                /* the signature bits */
	const SigAlg *alg;      /* the signature's */
	Der issuer, subject;    /* Names, tag and length included */
	long long notbefore, notafter;  /* seconds since the epoch */
	br_x509_pkey key;       /* key_type 0 when unsupported; RSA without leading zeros */
	int ca, pathlen;        /* basicConstraints; pathlen -1 when absent */
	uint64_t ce, cecrit;    /* the id-ce extensions it has, and marks critical: CE(arc) */
	int hasakid;            /* authorityKeyIdentifier's keyIdentifier */
	int aia;                /* XAiaCritical, XAiaBad (empty or malformed) or XOk */
	unsigned int ku;        /* first two bytes of the KeyUsage bits */
	int ekuserver;
	Der san;                /* GeneralNames contents, each well formed */
	long nsan;              /* how many */
	Der nc;                 /* NameConstraints contents; p NULL when absent */
	int critical;           /* an unknown critical extension */
};

/* OIDs, as the contents of their DER element, to compare with deq */
#define OID(s)      { (const unsigned char *)(s), sizeof(s) - 1 }
static const Der oidrsa = OID("\x2a\x86\x48\x86\xf7\x0d\x01\x01\x01");
static const Der oidec = OID("\x2a\x86\x48\xce\x3d\x02\x01");
static const Der oidp256 = OID("\x2a\x86\x48\xce\x3d\x03\x01\x07");
static const Der oidp384 = OID("\x2b\x81\x04\x00\x22");
static const Der oidp521 = OID("\x2b\x81\x04\x00\x23");
static const Der oidserverauth = OID("\x2b\x06\x01\x05\x05\x07\x03\x01");
static const Der oidcn = OID("\x55\x04\x03");
static const Der oidpkix = OID("\x2b\x06\x01\x05\x05\x07\x01");   /* and one arc more */

/* PKCS #1 v1.5 (RSASSA-PSS is refused: no certificate of the web's has it) and ECDSA,
 * those taken first, as most certificates have them */
static const SigAlg sigalgs[] = {
	{ OID("\x2a\x86\x48\x86\xf7\x0d\x01\x01\x0b"), XOk, BR_KEYTYPE_RSA, 32 },
	{ OID("\x2a\x86\x48\x86\xf7\x0d\x01\x01\x0c"), XOk, BR_KEYTYPE_RSA, 48 },
	{ OID("\x2a\x86\x48\x86\xf7\x0d\x01\x01\x0d"), XOk, BR_KEYTYPE_RSA, 64 },
	{ OID("\x2a\x86\x48\xce\x3d\x04\x03\x02"), XOk, BR_KEYTYPE_EC, 32 },
	{ OID("\x2a\x86\x48\xce\x3d\x04\x03\x03"), XOk, BR_KEYTYPE_EC, 48 },
	{ OID("\x2a\x86\x48\xce\x3d\x04\x03\x04"), XOk, BR_KEYTYPE_EC, 64 },
	{ OID("\x2a\x86\x48\x86\xf7\x0d\x01\x01\x05"), XSha1, BR_KEYTYPE_RSA, 0 },
	{ OID("\x2a\x86\x48\x86\xf7\x0d\x01\x01\x02"), XMd5, BR_KEYTYPE_RSA, 0 },  /* MD2 */
	{ OID("\x2a\x86\x48\x86\xf7\x0d\x01\x01\x03"), XMd5, BR_KEYTYPE_RSA, 0 },  /* MD4 */
	{ OID("\x2a\x86\x48\x86\xf7\x0d\x01\x01\x04"), XMd5, BR_KEYTYPE_RSA, 0 },
	{ OID("\x2a\x86\x48\xce\x3d\x04\x01"), XSha1, BR_KEYTYPE_EC, 0 },
	{ OID("\x2b\x0e\x03\x02\x1d"), XSha1, 0, 0 },   /* the old OIW sha1WithRSASignature */
	{ { NULL, 0 }, XSigAlg, 0, 0 }   /* any other */
};

/*
 * id-ce extensions (2.5.29.x) by their last arc, and their bit in
 * Cert.ce; id-pe's (1.3.6.1.5.5.7.1.x) by 64 plus theirs, with no bit
 */
#define CE(arc)     ((uint64_t)1 << (arc))
enum {
	CeSubjectDirAttrs = 9, CeSki = 14, CeKu = 15, CeSan = 17, CeIan = 18,
	CeBc = 19, CeNc = 30, CeCrlDp = 31, CePolicies = 32, CePolicyMappings = 33,
	CeAki = 35, CePolicyConstraints = 36, CeEku = 37, CeFreshestCrl = 46,
	CeInhibitAnyPolicy = 54, PeAia = 64 + 1, PeSia = 64 + 11
};

static const char *const msgs[XReasonLast] = {
	[XOk] = "certificate accepted",
	[XNoMem] = "out of memory checking the certificate",
	[XEmpty] = "server sent no certificate",
	[XTooLong] = "certificate chain is too large",
	[XMalformed] = "certificate is malformed",
	[XExpired] = "certificate has expired",
	[XNotYet] = "certificate is not yet valid",
	[XNoSan] = "certificate names no host (no DNS subject alternative name)",
	[XName] = "certificate is for another host name",
	[XUntrusted] = "certificate is not trusted (unknown issuer)",
	[XSelfSigned] = "certificate is self-signed and not trusted",
	[XBadSig] = "certificate has a bad signature",
	[XSha1] = "certificate signed with SHA-1, which is no longer accepted",
	[XMd5] = "certificate signed with MD5, which is no longer accepted",
	[XSigAlg] = "certificate signed with an unsupported algorithm",
	[XWeakRsa] = "certificate has an RSA key shorter than 2048 bits",
	[XBigRsa] = "certificate has an RSA key longer than 4096 bits, which lwnrss cannot check",
	[XKeyType] = "certificate has an unsupported key type or curve",
	[XEku] = "certificate is not for TLS servers (extended key usage)",
	[XKeyUsage] = "certificate key usage forbids TLS (no digitalSignature)",
	[XNotCa] = "certificate was issued by a certificate that is no CA",
	[XPathLen] = "certificate chain is longer than an issuer's path length constraint allows",
	[XNoCertSign] = "certificate was issued by a CA whose key usage forbids signing certificates",
	[XNameConstraints] = "name not allowed by the name constraints of a CA above it",
	[XConstraintType] = "an issuer's critical name constraints are of a type lwnrss cannot check",
	[XCritical] = "certificate has an unknown critical extension",
	[XCaLeaf] = "certificate is a CA certificate, not a server's",
	[XTooDeep] = "certificate chain is longer than 10 certificates to a trusted one",
	[XPathBudget] = "gave up building a certificate path (over 100 signatures to check)",
	[XNcBudget] = "too many names and name constraints to check (over 2^20 pairs)",
	[XNcEmpty] = "an issuer's name constraints are empty, which RFC 5280 forbids",
	[XNcDot] = "an issuer's DNS name constraint starts with a dot, which RFC 5280 does not allow",
	[XLeafNc] = "certificate has name constraints, which only a CA certificate may have",
	[XKeyIdCritical] = "certificate marks a key identifier critical (RFC 5280 4.2.1.1, 4.2.1.2)",
	[XNoAki] = "certificate has no authority key identifier (RFC 5280 4.2.1.1)",
	[XAiaCritical] = "certificate marks authority information access critical (RFC 5280 4.2.2.1)",
	[XAiaBad] = "certificate has an empty or malformed authority information access "
	    "(RFC 5280 4.2.2.1)",
	[XBcNotCritical] = "an issuer's certificate does not mark basic constraints critical "
	    "(RFC 5280 4.2.1.9)",
	[XNoSki] = "an issuer's certificate has no subject key identifier (RFC 5280 4.2.1.2)",
	[XIssuerNoSubject] = "an issuer's certificate has an empty subject (RFC 5280 4.1.2.6)",
	[XSanNotCritical] = "certificate has an empty subject and a subject alternative name not "
	    "marked critical (RFC 5280 4.2.1.6)",
	[XLeafCertSign] = "certificate may sign certificates (keyCertSign) but is no CA "
	    "(RFC 5280 4.2.1.3)",
	[XBadDnsName] = "certificate has a DNS name that is no valid host name (RFC 5280 4.2.1.6)",
	[XCnNotSan] = "certificate's Common Name is not one of its subject alternative names "
	    "(CA/Browser Forum BR 7.1.4.3)",
};

const char *
x509_msg(int reason)
{
	static char buf[128];
	int r = reason & ~XIssuer;

	if (r < 0 || r >= XReasonLast)
		return "certificate rejected";
	if (r == reason)
		return msgs[r];
	snprintf(buf, sizeof(buf), "an issuer's %s", msgs[r]);
	return buf;
}

/* ----------------------------------------------------------------- DER */

/*
 * der reads the next element of *in, which must have tag (or any tag
 * when tag is -1), into out (its contents) and whole (the element
 * itself, when not NULL).  Definite lengths of up to four bytes only,
 * one-byte tags only.  Returns the element's tag, or -1 when malformed
 * or at the end.
 */
static int
der(Der *in, int tag, Der *out, Der *whole)
{
	const unsigned char *p = in->p;
	size_t left = in->n, n, i, hl;

	if (left < 2 || (p[0] & 0x1f) == 0x1f || (tag >= 0 && p[0] != tag))
		return -1;
	n = p[1];
	hl = 2;
	if (n & 0x80) {
		i = n & 0x7f;
		if (i == 0 || i > 4 || left - 2 < i)
			return -1;   /* indefinite, or absurd */
		for (n = 0; i--; )
			n = n << 8 | p[hl++];
		if (n < 0x80 || !p[2])
			return -1;   /* not DER's shortest form */
	}
	if (n > left - hl)
		return -1;
	out->p = p + hl;
	out->n = n;
	if (whole) {
		whole->p = p;
		whole->n = hl + n;
	}
	in->p += hl + n;
	in->n -= hl + n;
	return p[0];
}

/* an OPTIONAL element of tag, next in *in: 1 with its contents in out, 0 when absent, -1 */
static int
opt(Der *in, int tag, Der *out)
{
	if (!in->n || in->p[0] != tag)
		return 0;
	return der(in, tag, out, NULL) < 0 ? -1 : 1;
}

/* in holds one element, of tag, and nothing after it: its contents into out */
static int
sole(Der in, int tag, Der *out)
{
	return der(&in, tag, out, NULL) < 0 || in.n ? -1 : 0;
}

/* RSA's AlgorithmIdentifier parameters: NULL, or absent as some write them */
static int
nullparams(Der alg)
{
	return !alg.n || (alg.n == 2 && alg.p[0] == 0x05 && !alg.p[1]);
}

static int
deq(const Der *a, const Der *b)
{
	return a->n == b->n && !memcmp(a->p, b->p, a->n);
}

/* a DER INTEGER that fits an int and is not negative; -1 otherwise */
static int
smallint(const Der *d)
{
	size_t i;
	int v = 0;

	if (d->n < 1 || d->n > 3 || (d->p[0] & 0x80))
		return -1;
	for (i = 0; i < d->n; i++)
		v = v << 8 | d->p[i];
	return v;
}

/*
 * dertime reads a UTCTime (YYMMDDHHMMSSZ, 50-99 being 19xx) or a
 * GeneralizedTime (YYYYMMDDHHMMSSZ), as RFC 5280 4.1.2.5 has them,
 * into seconds since the epoch.  Returns 0, or -1 when malformed.
 */
static int
dertime(Der *in, long long *t)
{
	Der d;
	int tag, v[7], *f, i;

	if (((tag = der(in, -1, &d, NULL)) != 0x17 && tag != 0x18) ||
	    d.n != (tag == 0x17 ? 13u : 15u) || d.p[d.n - 1] != 'Z')
		return -1;
	/* two digits at a time: [CC]YY MM DD HH MM SS */
	for (i = 0; i < (int)d.n / 2; i++) {
		if (!asciidigit(d.p[2 * i]) || !asciidigit(d.p[2 * i + 1]))
			return -1;
		v[i] = (d.p[2 * i] - '0') * 10 + (d.p[2 * i + 1] - '0');
	}
	f = v + (tag == 0x18);
	f[0] = tag == 0x18 ? v[0] * 100 + v[1] : v[0] + (v[0] < 50 ? 2000 : 1900);
	/* a day of the month is one before the first of the next */
	if (f[1] < 1 || f[1] > 12 || f[2] < 1 || f[3] > 23 || f[4] > 59 || f[5] > 60 ||
	    daysfromcivil(f[0], f[1], f[2]) >= daysfromcivil(f[0] + f[1] / 12, f[1] % 12 + 1, 1))
		return -1;
	*t = (long long)daysfromcivil(f[0], f[1], f[2]) * 86400 +
	    f[3] * 3600 + f[4] * 60 + f[5];
	return 0;
}

/* ------------------------------------------------------- a certificate */

/* SubjectPublicKeyInfo: RSA or EC on a named curve BearSSL has */
static int
spki(Der in, Cert *c)
{
	Der alg, oid, par, bits, seq, n, e;

	if (der(&in, 0x30, &alg, NULL) < 0 || der(&alg, 0x06, &oid, NULL) < 0 ||
	    der(&in, 0x03, &bits, NULL) < 0 || in.n || bits.n < 1 || bits.p[0])
		return -1;
	bits.p++, bits.n--;
	if (deq(&oid, &oidrsa)) {
		if (!nullparams(alg) || sole(bits, 0x30, &seq) < 0 || der(&seq, 0x02, &n, NULL) < 0 ||
		    der(&seq, 0x02, &e, NULL) < 0 || seq.n || !n.n || !e.n ||
		    (n.p[0] & 0x80) || (e.p[0] & 0x80))
			return -1;
		while (n.n && !n.p[0])
			n.p++, n.n--;
		while (e.n && !e.p[0])
			e.p++, e.n--;
		if (!n.n || !e.n)
			return -1;
		c->key.key_type = BR_KEYTYPE_RSA;
		c->key.key.rsa = (br_rsa_public_key){ (unsigned char *)n.p, n.n,
		    (unsigned char *)e.p, e.n };
	} else if (deq(&oid, &oidec)) {
		if (der(&alg, 0x06, &par, NULL) < 0)
			return 0;   /* explicit parameters: unsupported */
		c->key.key.ec = (br_ec_public_key){ deq(&par, &oidp256) ? BR_EC_secp256r1 :
		    deq(&par, &oidp384) ? BR_EC_secp384r1 :
		    deq(&par, &oidp521) ? BR_EC_secp521r1 : 0, (unsigned char *)bits.p, bits.n };
		if (c->key.key.ec.curve && bits.n)
			c->key.key_type = BR_KEYTYPE_EC;
	}
	return 0;
}

/* one extension: its OID, whether critical, its value */
static int
extension(Der ext, Cert *c)
{
	Der oid, b, val, s, v, x;
	int crit, arc = -1, n, tag, bad;

	if (der(&ext, 0x06, &oid, NULL) < 0 || (crit = opt(&ext, 0x01, &b)) < 0 ||
	    (crit && (b.n != 1 || (b.p[0] != 0 && b.p[0] != 0xff))) || sole(ext, 0x04, &val) < 0)
		return -1;
	crit = crit && b.p[0];
	if (oid.n == 3 && oid.p[0] == 0x55 && oid.p[1] == 0x1d && oid.p[2] < 64) {
		arc = oid.p[2];
		/* RFC 5280 4.2: an extension appears at most once */
		if (c->ce & CE(arc))
			return -1;
		c->ce |= CE(arc);
		c->cecrit |= crit ? CE(arc) : 0;
	} else if (oid.n == 8 && !memcmp(oid.p, oidpkix.p, 7)) {
		arc = 64 + oid.p[7];
	}
	switch (arc) {
	case CeBc:
		/* BasicConstraints ::= SEQUENCE { cA BOOLEAN DEFAULT FALSE, pathLen INTEGER OPTIONAL } */
		if (sole(val, 0x30, &s) < 0)
			return -1;
		/* DER: TRUE is 0xff, FALSE (the default) absent */
		if ((c->ca = opt(&s, 0x01, &b)) < 0 || (c->ca && (b.n != 1 || b.p[0] != 0xff)))
			return -1;
		if ((n = opt(&s, 0x02, &v)) < 0 || (n && (c->pathlen = smallint(&v)) < 0))
			return -1;
		return s.n ? -1 : 0;
	case CeKu:
		if (sole(val, 0x03, &b) < 0 || b.n < 2 || b.p[0] > 7)
			return -1;
		c->ku = (unsigned int)b.p[1] << 8 | (b.n > 2 ? b.p[2] : 0);
		return 0;
	case CeEku:
		if (sole(val, 0x30, &s) < 0 || !s.n)
			return -1;
		for (; s.n; c->ekuserver |= deq(&v, &oidserverauth))
			if (der(&s, 0x06, &v, NULL) < 0)
				return -1;
		return 0;
	case CeSan:
		if (sole(val, 0x30, &c->san) < 0)
			return -1;
		/* so that every walk of the names after this one ends at their end */
		for (s = c->san; s.n; c->nsan++)
			if (der(&s, -1, &v, NULL) < 0)
				return -1;
		return 0;
	case CeNc:
		return sole(val, 0x30, &c->nc);
	case CeAki:
		/* AuthorityKeyIdentifier ::= SEQUENCE { keyIdentifier [0] OPTIONAL, ... } */
		c->hasakid = der(&val, 0x30, &s, NULL) >= 0 && opt(&s, 0x80, &v) > 0;
		return 0;
	case PeAia:
		/*
		 * Authority Information Access: not processed, but an empty
		 * or malformed one is the profile's to refuse, not the
		 * parser's, so that an anchor with one still loads; a
		 * critical one is named first, whatever comes after it.
		 *   AuthorityInfoAccessSyntax ::= SEQUENCE SIZE (1..MAX) OF
		 *       SEQUENCE { accessMethod OBJECT IDENTIFIER, accessLocation GeneralName }
		 */
		bad = sole(val, 0x30, &s) < 0 || !s.n;
		while (!bad && s.n)
			bad = der(&s, 0x30, &v, NULL) < 0 || der(&v, 0x06, &x, NULL) < 0 ||
			    (tag = der(&v, -1, &x, NULL)) < 0 || (tag & 0xc0) != 0x80 || v.n;
		c->aia = crit ? XAiaCritical : c->aia ? c->aia : bad ? XAiaBad : XOk;
		return 0;
	case CeSki: case CeIan: case CeSubjectDirAttrs: case CeCrlDp:
	case CeFreshestCrl: case CePolicies: case CePolicyMappings:
	case CePolicyConstraints: case CeInhibitAnyPolicy: case PeSia:
		/*
		 * Informative, or about revocation, which is not checked:
		 * harmless even when critical.  Policies are not processed,
		 * as browsers do not, and none is required of the chain: the
		 * extensions that constrain them (which RFC 5280 has CAs mark
		 * critical) constrain nothing here.
		 */
		return 0;
	}
	c->critical |= crit;
	return 0;
}

/*
 * certparse splits the DER certificate der[0..len) into c, pointing
 * into it.  Returns 0, or -1 when it is not a well-formed certificate.
 *
 *   Certificate ::= SEQUENCE { tbsCertificate, signatureAlgorithm, signatureValue }
 *   TBSCertificate ::= SEQUENCE { [0] version, serialNumber, signature,
 *       issuer, validity, subject, subjectPublicKeyInfo,
 *       [1] issuerUniqueID, [2] subjectUniqueID, [3] extensions }
 */
static int
certparse(Cert *c, const unsigned char *p, size_t len)
{
	Der in = { p, len }, cert, tbs, alg, oid, outer, inner, v, serial, validity, key, exts, ext;
	int version = 0, n;

	memset(c, 0, sizeof(*c));
	c->der = in;
	c->pathlen = -1;
	if (sole(in, 0x30, &cert) < 0 || der(&cert, 0x30, &tbs, &c->tbs) < 0 ||
	    der(&cert, 0x30, &alg, &outer) < 0 || der(&alg, 0x06, &oid, NULL) < 0 ||
	    der(&cert, 0x03, &c->sig, NULL) < 0 || cert.n ||
	    c->sig.n < 2 || c->sig.p[0])
		return -1;
	c->sig.p++, c->sig.n--;
	/*
	 * The signature's algorithm: unknown and refused ones are not
	 * errors here, the policy names them when it meets them.  PKCS #1's
	 * take NULL or absent parameters (but RSASSA-PSS, which has its
	 * own), ECDSA's none.
	 */
	for (c->alg = sigalgs; c->alg->oid.n && !deq(&oid, &c->alg->oid); c->alg++)
		;
	if ((oid.n == 9 && !memcmp(oid.p, oidrsa.p, 8) && oid.p[8] != 10 && !nullparams(alg)) ||
	    (c->alg->key == BR_KEYTYPE_EC && alg.n) || (n = opt(&tbs, 0xa0, &inner)) < 0 ||
	    (n && (sole(inner, 0x02, &v) < 0 || (version = smallint(&v)) < 0 || version > 2)))
		return -1;
	/* the inner signature algorithm must be the outer one (RFC 5280 4.1.1.2) */
	if (der(&tbs, 0x02, &serial, NULL) < 0 ||
	    der(&tbs, 0x30, &inner, &v) < 0 || !deq(&v, &outer) ||
	    der(&tbs, 0x30, &inner, &c->issuer) < 0 ||
	    der(&tbs, 0x30, &validity, NULL) < 0 ||
	    dertime(&validity, &c->notbefore) < 0 || dertime(&validity, &c->notafter) < 0 ||
	    validity.n ||
	    der(&tbs, 0x30, &inner, &c->subject) < 0 ||
	    der(&tbs, 0x30, &key, NULL) < 0 || spki(key, c) < 0 ||
	    opt(&tbs, 0x81, &v) < 0 || opt(&tbs, 0x82, &v) < 0 || (n = opt(&tbs, 0xa3, &inner)) < 0)
		return -1;
	if (n) {
		if (version != 2 || sole(inner, 0x30, &exts) < 0 || !exts.n)
			return -1;
		while (exts.n)
			if (der(&exts, 0x30, &ext, NULL) < 0 || extension(ext, c) < 0)
				return -1;
	}
	return tbs.n ? -1 : 0;
}

/* is c's key of a type and size lwnrss takes?  XOk, or why not */
static int
keyok(const Cert *c)
{
	const br_rsa_public_key *rk = &c->key.key.rsa;

	if (!c->key.key_type)
		return XKeyType;
	if (c->key.key_type != BR_KEYTYPE_RSA)
		return XOk;
	/* fewer bits: fewer bytes, or as many with the top one clear (no leading zeros) */
	if (rk->nlen < MINRSABITS / 8 || (rk->nlen == MINRSABITS / 8 && !(rk->n[0] & 0x80)))
		return XWeakRsa;
	/* more, which BearSSL would refuse as a bad signature */
	return rk->nlen > MAXRSABITS / 8 ? XBigRsa : XOk;
}

/* may issuer's key sign c with c's algorithm?  XOk, XBadSig, or why not */
static int
sigok(const Cert *c, const Cert *issuer)
{
	int rc;

	if (c->alg->rc != XOk)
		return c->alg->rc;
	if ((rc = keyok(issuer)) != XOk)
		return rc;
	return c->alg->key != issuer->key.key_type ? XBadSig : XOk;
}

/*
 * sigcheck verifies c's signature with issuer's key.  Returns XOk,
 * XBadSig, or the reason the algorithm or the key is refused.
 */
static int
sigcheck(const Cert *c, const Cert *issuer)
{
	br_hash_compat_context h;
	const br_hash_class *hc;
	unsigned char hash[64], out[64];
	size_t hlen = c->alg->hlen;
	int rc;

	if ((rc = sigok(c, issuer)) != XOk)
		return rc;
	hc = hlen == 32 ? &br_sha256_vtable : hlen == 48 ? &br_sha384_vtable : &br_sha512_vtable;
	hc->init(&h.vtable);
	hc->update(&h.vtable, c->tbs.p, c->tbs.n);
	hc->out(&h.vtable, hash);
	/* PKCS #1 v1.5 names the hash too */
	if (c->alg->key == BR_KEYTYPE_RSA)
		return br_rsa_pkcs1_vrfy_get_default()(c->sig.p, c->sig.n, hlen == 32 ?
		    BR_HASH_OID_SHA256 : hlen == 48 ? BR_HASH_OID_SHA384 : BR_HASH_OID_SHA512, hlen,
		    &issuer->key.key.rsa, out) && !memcmp(out, hash, hlen) ? XOk : XBadSig;
	return br_ecdsa_vrfy_asn1_get_default()(br_ec_get_default(), hash, hlen,
	    &issuer->key.key.ec, c->sig.p, c->sig.n) ? XOk : XBadSig;
}

/* tests/fuzz/x509.c takes signatures as good (sigok), to reach the policy behind them */
#ifndef SIGCHECK
#define SIGCHECK sigcheck
#endif

/* ----------------------------------------------------------- names */

static int
casecmpn(const unsigned char *a, const unsigned char *b, size_t n)
{
	for (; n; n--, a++, b++)
		if (asciitolower(*a) != asciitolower(*b))
			return 1;
	return 0;
}

/*
 * hostmatch: does the SAN dNSName pat name host?  A wildcard is a whole
 * leftmost label, "*.example.com", standing for exactly one label, and
 * needs two labels after it (RFC 6125 6.4.3, as browsers apply it).
 */
static int
hostmatch(const char *host, const unsigned char *pat, size_t n)
{
	const char *h = host;

	if (n && pat[n - 1] == '.')
		n--;
	if (n >= 2 && pat[0] == '*' && pat[1] == '.') {
		if (!memchr(pat + 2, '.', n - 2) || !(h = strchr(host, '.')) || h == host)
			return 0;
		h++, pat += 2, n -= 2;
	}
	return !memchr(pat, '*', n) && strlen(h) == n &&
	    !casecmpn((const unsigned char *)h, pat, n);
}

/*
 * hostname: is the SAN dNSName p[0..n) a host name in the preferred
 * name syntax (RFC 5280 4.2.1.6, RFC 1034 3.5, RFC 1123 2.1): labels of
 * letters, digits and inner hyphens, of 1 to 63 characters, none empty
 * (no leading, doubled or final dot), no underscore (the CA/Browser
 * Forum banned them in 2019); a wildcard only as the whole leftmost label.
 */
static int
hostname(const unsigned char *p, size_t n)
{
	size_t i, len = 0;

	if (n > 253)
		return 0;
	if (n >= 2 && p[0] == '*' && p[1] == '.')
		p += 2, n -= 2;
	for (i = 0; i <= n; i++) {
		if (i == n || p[i] == '.') {
			if (!len || len > 63 || p[i - 1] == '-')
				return 0;
			len = 0;
		} else if (asciialpha(p[i]) || asciidigit(p[i]) || (p[i] == '-' && len)) {
			len++;
		} else {
			return 0;
		}
	}
	return 1;
}

/*
 * cninsan: is every Common Name of c's subject one of its SAN names, a
 * DNS name (in any case) or an IP address in text, as the CA/Browser
 * Forum's BR 7.1.4.3 requires?  A CN in BMPString or UniversalString is
 * not compared: no CA writes host names so.  Returns XOk, XCnNotSan or
 * XMalformed.
 */
static int
cninsan(const Cert *c)
{
	Der name = c->subject, rdns, rdn, atv, oid, v, names, gn;
	unsigned char ip[16];
	char text[64];
	size_t iplen;
	int tag;

	if (der(&name, 0x30, &rdns, NULL) < 0)
		return XMalformed;
	while (rdns.n) {
		if (der(&rdns, 0x31, &rdn, NULL) < 0 || !rdn.n)
			return XMalformed;
		while (rdn.n) {
			if (der(&rdn, 0x30, &atv, NULL) < 0 ||
			    der(&atv, 0x06, &oid, NULL) < 0 || (tag = der(&atv, -1, &v, NULL)) < 0)
				return XMalformed;
			/* UTF8String, PrintableString, TeletexString, IA5String */
			if (!deq(&oid, &oidcn) ||
			    (tag != 0x0c && tag != 0x13 && tag != 0x14 && tag != 0x16))
				continue;
			/* cut short, it is no address: none is 63 characters long */
			snprintf(text, sizeof(text), "%.*s", (int)v.n, (const char *)v.p);
			iplen = inet_pton(AF_INET, text, ip) == 1 ? 4 :
			    inet_pton(AF_INET6, text, ip) == 1 ? 16 : 0;
			for (names = c->san; (tag = der(&names, -1, &gn, NULL)) >= 0; )
				if ((tag == 0x82 && gn.n == v.n && !casecmpn(gn.p, v.p, v.n)) ||
				    (tag == 0x87 && iplen && gn.n == iplen && !memcmp(gn.p, ip, iplen)))
					break;
			if (tag < 0)
				return XCnNotSan;
		}
	}
	return XOk;
}

/*
 * dnswithin: is the DNS name in the subtree base?  An empty base holds
 * everything; "example.com" holds itself and its subdomains.  A name
 * "*.example.com" comes as "example.com": every "x.example.com" is in
 * base when "example.com" is; and with meets, for an excluded base, it
 * is enough that one x can be, as for "www.example.com", one label more.
 */
static int
dnswithin(const unsigned char *name, size_t n, const unsigned char *base, size_t bn, int meets)
{
	if (n && name[n - 1] == '.')
		n--;
	if (bn && base[bn - 1] == '.')
		bn--;
	if (!bn)
		return 1;
	if (n == bn)
		return !casecmpn(name, base, bn);
	if (n > bn)
		return name[n - bn - 1] == '.' && !casecmpn(name + n - bn, base, bn);
	return meets && bn > n + 1 && base[bn - n - 1] == '.' &&
	    !casecmpn(base + bn - n, name, n) && !memchr(base, '.', bn - n - 1);
}

/*
 * within: does the subtree base hold c's name of the GeneralName form
 * form (for an excluded one, can it hold a name the name stands for)?
 * -1 for a form the policy does not evaluate.
 *
 *   dNSName      dnswithin
 *   iPAddress    the address (4 or 16 bytes) in base's address and mask
 *   directoryName   base's RDNs are the name's first ones
 */
static int
within(int form, Der name, Der base, int permitted)
{
	int wild = name.n >= 2 && name.p[0] == '*' && name.p[1] == '.';
	Der rn, rb, x, n, b;
	size_t i;

	switch (form) {
	case 0x82:
		return dnswithin(name.p + 2 * wild, name.n - 2 * wild, base.p, base.n,
		    wild && !permitted);
	case 0x87:
		if (base.n != 2 * name.n)
			return 0;
		for (i = 0; i < name.n; i++)
			if ((name.p[i] ^ base.p[i]) & base.p[name.n + i])
				return 0;
		return 1;
	case 0xa4:
		if (der(&name, 0x30, &rn, NULL) < 0 || sole(base, 0x30, &rb) < 0)
			return 0;
		while (rb.n)
			if (der(&rb, 0x31, &x, &b) < 0 || der(&rn, 0x31, &x, &n) < 0 ||
			    !deq(&b, &n))
				return 0;
		return 1;
	}
	return -1;
}

/*
 * hasform: does c carry a name of the GeneralName form tag?  In its
 * SAN; for rfc822Name also an emailAddress in its subject (RFC 5280
 * 4.2.1.10).
 */
static int
hasform(const Cert *c, int tag)
{
	/* the emailAddress OID (1.2.840.113549.1.9.1), tag and length included */
	static const char email[] = "\x06\x09\x2a\x86\x48\x86\xf7\x0d\x01\x09\x01";
	Der names = c->san, gn;
	size_t i;
	int t;

	while ((t = der(&names, -1, &gn, NULL)) >= 0)
		if (t == tag)
			return 1;
	for (i = 0; tag == 0x81 && i + sizeof(email) - 1 <= c->subject.n; i++)
		if (!memcmp(c->subject.p + i, email, sizeof(email) - 1))
			return 1;
	return 0;
}

/*
 * constraints applies ca's name constraints to c's names: its subject,
 * unless empty, as a directoryName (critical or not, as browsers), and
 * each of its SAN.  A name is checked when a list has a subtree of its
 * form, dNSName, iPAddress or directoryName: permitted, some subtree of
 * its form holds it; excluded, none.  A critical subtree of another
 * form refuses the chain when c has a name of that form, as RFC 5280
 * 4.2.1.10 requires.  What it compares comes from *work: names times
 * subtrees, counted before any is compared, so that a certificate of
 * thousands of names under thousands of constraints costs nothing.
 *
 *   NameConstraints ::= SEQUENCE {
 *       permittedSubtrees [0] GeneralSubtrees OPTIONAL,
 *       excludedSubtrees  [1] GeneralSubtrees OPTIONAL }
 *   GeneralSubtrees ::= SEQUENCE SIZE (1..MAX) OF GeneralSubtree
 *
 * and RFC 5280 4.2.1.10 has one of the two present.
 */
static int
constraints(const Cert *ca, const Cert *c, long *work)
{
	Der nc = ca->nc, list, l, st, base, names, gn;
	long nsub = 0;
	int tag, prev = 0, permitted, form, any, in, r, mail;

	if (!nc.n)
		return XNcEmpty;
	while (nc.n) {
		if (((tag = der(&nc, -1, &list, NULL)) != 0xa0 && tag != 0xa1) || tag <= prev)
			return XMalformed;
		if (!list.n)
			return XNcEmpty;
		for (prev = tag; list.n; nsub++) {
			/* minimum is 0, so absent in DER, and maximum absent (RFC 5280 4.2.1.10) */
			if (der(&list, 0x30, &st, NULL) < 0 || (tag = der(&st, -1, &base, NULL)) < 0 ||
			    st.n || (tag == 0x87 && base.n != 8 && base.n != 32))
				return XMalformed;
			/* RFC 5280 4.2.1.10 has a leading dot for URIs and mail only */
			if (tag == 0x82 && base.n && base.p[0] == '.')
				return XNcDot;
		}
	}
	if (nsub > *work / (c->nsan + 1))
		return XNcBudget;
	*work -= nsub * (c->nsan + 1);
	mail = hasform(c, 0x81);
	for (nc = ca->nc; nc.n; ) {
		permitted = der(&nc, -1, &list, NULL) == 0xa0;
		names = c->san;
		gn = c->subject;
		form = c->subject.n > 2 ? 0xa4 : -1;
		do {
			any = in = 0;
			for (l = list; l.n; ) {
				der(&l, 0x30, &st, NULL);
				tag = der(&st, -1, &base, NULL);
				/* a subtree of a form within cannot evaluate, of a name c has */
				if (tag != form && !(tag == 0x81 && mail))
					continue;
				if ((r = within(tag, gn, base, permitted)) < 0 && (ca->cecrit & CE(CeNc)))
					return XConstraintType;
				any |= r >= 0;
				in |= r > 0;
			}
			if (any && in != permitted)
				return XNameConstraints;
		} while ((form = der(&names, -1, &gn, NULL)) >= 0);
	}
	return XOk;
}

/* ------------------------------------------------------------ anchors */

void
x509_freeanchors(Anchors *a)
{
	free(a->a);
	buffree(&a->file);
	memset(a, 0, sizeof(*a));
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
	const unsigned char *u = (const unsigned char *)s;
	signed char val[256];
	unsigned long acc = 0;
	size_t i, o = 0;
	int k = 0;

	/* the table: -1 bad, -2 skipped (white space, and padding) */
	memset(val, -1, sizeof(val));
	for (i = 0; i < 64; i++)
		val[(unsigned char)digits[i]] = i;
	val[' '] = val['\t'] = val['\r'] = val['\n'] = val['='] = -2;
	/* four digits make three bytes, mostly read at once (a third of
	 * the instructions of a fetch's bundle); two or three before the
	 * padding make one or two */
	for (i = 0; i < n; i++) {
		if (!k && i + 3 < n && (val[u[i]] | val[u[i + 1]] | val[u[i + 2]] | val[u[i + 3]]) >= 0) {
			acc = val[u[i]] << 18 | val[u[i + 1]] << 12 | val[u[i + 2]] << 6 | val[u[i + 3]];
			i += 3;
			k = 4;
		} else if (val[u[i]] >= 0) {
			acc = acc << 6 | val[u[i]];
			k++;
		} else if (val[u[i]] == -1) {
			return -1;
		}
		if (k == 4) {
			out[o++] = acc >> 16;
			out[o++] = acc >> 8;
			out[o++] = acc;
			k = 0;
		}
	}
	if (k > 1)
		out[o++] = acc >> (k * 6 - 8);
	if (k > 2)
		out[o++] = acc >> 2;
	return o;
}

/*
 * BearSSL's own PEM decoder costs some 40 ms for Debian's 144
 * certificates; finding the markers with strstr and decoding base64
 * with a table costs 0.2 ms.
 */
int
x509_loadanchors(Anchors *a, const char *file, char *err, size_t errlen)
{
	static const char begin[] = "-----BEGIN CERTIFICATE-----";
	static const char end[] = "-----END CERTIFICATE-----";
	const char *why = NULL;
	char *p, *e;
	void *q;
	long n;
	int fd, rc = 0;

	memset(a, 0, sizeof(*a));
	if (!file || !*file) {
		seterr(err, errlen, "no CA file configured");
		return -1;
	}
	if ((fd = open(file, O_RDONLY)) < 0 || (rc = readfd(fd, &a->file, 64 << 20)) != 0)
		why = rc > 0 ? "too large" : strerror(errno);
	if (fd >= 0)
		close(fd);
	for (p = why ? NULL : a->file.p; p && (p = strstr(p, begin)); p = e + sizeof(end) - 1) {
		p += sizeof(begin) - 1;
		if (!(e = strstr(p, end)))
			break;
		if ((n = b64dec(p, e - p, (unsigned char *)p)) <= 0)
			continue;
		if (!(q = realloc(a->a, (a->n + 1) * sizeof(*a->a)))) {
			why = "out of memory";
			break;
		}
		a->a = q;
		/* one that is no certificate lwnrss reads is skipped, as other TLS libraries do */
		if (certparse(&a->a[a->n], (unsigned char *)p, n) == 0)
			a->n++;
	}
	if (why || !a->n) {
		seterr(err, errlen, "%s: %s", file, why ? why : "no certificates");
		return -1;
	}
	a->loaded = 1;
	return 0;
}

/* -------------------------------------------------------- the policy */

/*
 * profile: RFC 5280's rules for a certificate the server sent, the leaf
 * or (leaf 0) an issuer, beyond checkpath's own.  A trust anchor
 * is exempt: it is trusted by being in the CA file, and many roots
 * predate these rules.  The leaf's names follow the CA/Browser Forum's
 * rules as well, which every CA has had to follow for years.
 */
static int
profile(const Cert *c, int leaf)
{
	Der names, gn;
	int tag, iss = leaf ? 0 : XIssuer;

	if (c->cecrit & (CE(CeSki) | CE(CeAki)))
		return XKeyIdCritical | iss;
	if (!c->hasakid)
		return XNoAki | iss;
	if (c->aia)
		return c->aia | iss;
	if (iss)
		return !(c->cecrit & CE(CeBc)) ? XBcNotCritical : !(c->ce & CE(CeSki)) ? XNoSki :
		    c->subject.n == 2 ? XIssuerNoSubject : XOk;
	if (c->subject.n == 2 && !(c->cecrit & CE(CeSan)))
		return XSanNotCritical;
	/*
	 * keyCertSign in no CA: mozilla::pkix accepts it for compatibility,
	 * since only a CA may issue anyway (here too: checkpath).  lwnrss
	 * refuses it as OpenSSL's strict mode does: RFC 5280 and the
	 * CA/Browser Forum forbid it, so no public CA issues it to a server
	 * and the refusal costs nothing.
	 */
	if (c->ku & 0x0400)
		return XLeafCertSign;
	for (names = c->san; (tag = der(&names, -1, &gn, NULL)) >= 0; )
		if (tag == 0x82 && !hostname(gn.p, gn.n))
			return XBadDnsName;
	return cninsan(c);
}

/* how good a reason is to give when no path passes: the highest, first found */
enum { RankBadSig, RankAlg, RankLimit, RankPath };

/* the search for a path, as extend and checkpath share it */
typedef struct {
	Cert *c;                /* the certificates sent; tbs.p NULL where unparsed */
	unsigned int n;
	const Anchors *anchors;
	const char *host;
	long long now;
	Cert *path[MAXPATH];    /* from the leaf up, the anchor apart */
	int sigs;               /* signature checks left */
	long ncwork;            /* names times name constraints left to compare */
	int rc, rank;           /* why no path passed so far; rank -1: no reason yet */
} Search;

static void
note(Search *s, int rc, int rank)
{
	if (rank > s->rank) {
		s->rc = rc;
		s->rank = rank;
	}
}

/* does issuer sign c?  Each check spends one of the budget */
static int
signs(Search *s, const Cert *c, const Cert *issuer)
{
	int rc;

	if (!s->sigs) {
		note(s, XPathBudget, RankLimit);
		return 0;
	}
	s->sigs--;
	if ((rc = SIGCHECK(c, issuer)) == XOk)
		return 1;
	note(s, rc, rc == XBadSig ? RankBadSig : RankAlg);
	return 0;
}

/*
 * checkpath applies the policy to path[0..depth) and the anchor ta that
 * ends it (NULL when the leaf itself is trusted).  Dates first, leaf
 * first, so that an expired certificate is named as such; then what
 * each certificate is for, the leaf's names and each issuer's name
 * constraints; then RFC 5280's profile.
 */
static int
checkpath(Search *s, unsigned int depth, const Cert *ta)
{
	Cert *const *path = s->path;
	const Cert *c;
	Der names, gn;
	unsigned int i, j;
	int who, tag, rc;

	for (i = 0; i <= depth && (c = i < depth ? path[i] : ta); i++) {
		if (s->now < c->notbefore)
			return XNotYet | (i ? XIssuer : 0);
		if (s->now > c->notafter)
			return XExpired | (i ? XIssuer : 0);
	}
	for (i = 0; i <= depth && (c = i < depth ? path[i] : ta); i++) {
		who = i ? XIssuer : 0;
		if (c->critical)
			return XCritical | who;
		if ((c->ce & CE(CeEku)) && !c->ekuserver)
			return XEku | who;
		if (i == 0) {
			/* we offer ECDHE only: the server's key must be allowed to sign */
			if ((c->ce & CE(CeKu)) && !(c->ku & 0x8000))
				return XKeyUsage;
			if ((rc = keyok(c)) != XOk)
				return rc;
			/* dNSName in the SAN only: never the Common Name (RFC 9525 6.3) */
			for (names = c->san; (tag = der(&names, -1, &gn, NULL)) >= 0; )
				if (tag == 0x82 && s->host && hostmatch(s->host, gn.p, gn.n))
					break;
			if (tag < 0)
				return hasform(c, 0x82) ? XName : XNoSan;
			/* Mozilla: MOZILLA_PKIX_ERROR_CA_CERT_USED_AS_END_ENTITY */
			if (ta && c->ca)
				return XCaLeaf;
			/* RFC 5280 4.2.1.10: name constraints MUST be used only in a CA certificate */
			if (c->nc.p && !c->ca)
				return XLeafNc;
			continue;
		}
		if (!c->ca)
			return XNotCa;
		if ((c->ce & CE(CeKu)) && !(c->ku & 0x0400))
			return XNoCertSign;
		if (c->pathlen >= 0 && i - 1 > (unsigned int)c->pathlen)
			return XPathLen;
		/*
		 * RFC 5280 6.1.3 (b, c): a CA's name constraints bind every
		 * certificate below it, not the leaf's names only; a
		 * self-issued intermediate (a CA's next key) is exempt
		 */
		for (j = 0; c->nc.p && j < i; j++) {
			if (j && deq(&path[j]->subject, &path[j]->issuer))
				continue;
			if ((rc = constraints(c, path[j], &s->ncwork)) != XOk)
				return rc | (j && rc == XNameConstraints ? XIssuer : 0);
		}
	}
	/* the profile, of what the server sent: not the anchor, nor a leaf the CA file holds */
	for (i = 0; i < depth && ta; i++)
		if ((rc = profile(path[i], i == 0)) != XOk)
			return rc;
	return XOk;
}

/*
 * extend looks for the issuers of path[depth - 1]: an anchor ends the
 * path, which is then checked whole; a certificate sent makes it one
 * longer.  Each candidate in turn, depth first, so that when one leads
 * nowhere (to no anchor, a bad signature, a date or a constraint the
 * path fails) the next of the same name is tried: a server may send a
 * cross-signed CA, or an old one, beside the one that works.  Returns 1
 * when a path passed the policy; s says why none did otherwise.
 */
static int
extend(Search *s, unsigned int depth)
{
	const Cert *cur = s->path[depth - 1], *ta;
	unsigned int i, j;
	size_t k;
	int rc;

	for (k = 0; k < s->anchors->n; k++) {
		ta = &s->anchors->a[k];
		if (!deq(&ta->subject, &cur->issuer) || !signs(s, cur, ta))
			continue;
		if ((rc = checkpath(s, depth, ta)) == XOk)
			return 1;
		note(s, rc, RankPath);
	}
	for (j = 1; j < s->n; j++) {
		/* not one the path holds already */
		for (i = 1; i < depth && s->path[i] != &s->c[j]; i++)
			;
		if (i < depth || !s->c[j].tbs.p || !deq(&s->c[j].subject, &cur->issuer))
			continue;
		if (depth == MAXPATH) {
			note(s, XTooDeep, RankLimit);
			return 0;
		}
		if (!signs(s, cur, &s->c[j]))
			continue;
		s->path[depth] = &s->c[j];
		if (extend(s, depth + 1))
			return 1;
	}
	return 0;
}

int
x509_verify(X509 *x, const unsigned char *list, size_t len, const char *host, time_t now)
{
	const unsigned char *p;
	Search s;
	Cert *c;
	unsigned int i, n;
	size_t k, left, clen;
	int rc;

	for (n = 0, p = list, left = len; left; n++, p += 3 + clen, left -= 3 + clen)
		if (left < 3 || (clen = (size_t)p[0] << 16 | p[1] << 8 | p[2]) > left - 3)
			return XMalformed;
	if (n == 0)
		return XEmpty;
	if (!(c = calloc(n, sizeof(*c))))
		return XNoMem;
	s = (Search){ .c = c, .n = n, .anchors = x->anchors, .host = host,
	    .now = now ? now : time(NULL), .sigs = MAXSIGS, .ncwork = MAXNCWORK, .rank = -1 };
	/* a stray certificate the path may not need is no reason to refuse */
	for (i = 0, p = list; i < n; i++, p += 3 + clen) {
		clen = (size_t)p[0] << 16 | p[1] << 8 | p[2];
		if (certparse(&c[i], p + 3, clen) < 0)
			c[i].tbs.p = NULL;
	}
	s.path[0] = &c[0];

	/*
	 * A leaf that is itself in the CA file is trusted directly, as
	 * OpenSSL trusts a self-signed server certificate given with
	 * --cacert.
	 */
	for (k = 0; k < x->anchors->n; k++)
		if (deq(&x->anchors->a[k].der, &c[0].der))
			break;
	if (!c[0].tbs.p)
		rc = XMalformed;
	else if (k < x->anchors->n)
		rc = checkpath(&s, 1, NULL);
	else if (!extend(&s, 1))
		rc = s.rank >= 0 ? s.rc : deq(&c[0].issuer, &c[0].subject) ? XSelfSigned : XUntrusted;
	else
		rc = XOk;
	/* the leaf's key, for the key exchange */
	if (rc == XOk)
		x->pkey = c[0].key;
	free(c);
	return rc;
}

/* --------------------------------------------------------- the engine */

static void
xstartchain(const br_x509_class **ctx, const char *name)
{
	X509 *x = (X509 *)(void *)ctx;

	x->chain.len = 0;
	x->reason = XOk;
	/* no name means no check in BearSSL's terms: here it fails the chain */
	snprintf(x->host, sizeof(x->host), "%s", name ? name : "");
}

/*
 * The certificates go into one buffer as the server sent them, each
 * after its length in three bytes, for x509_verify, which checks that
 * the lengths BearSSL gives are right.  Their bytes are bounded, not
 * their number: a server may send strays the path does not need.
 */
static void
xappend(const br_x509_class **ctx, const unsigned char *buf, size_t len)
{
	X509 *x = (X509 *)(void *)ctx;

	if (x->reason == XOk &&
	    (len > X509MAXBYTES - x->chain.len || bufadd(&x->chain, buf, len) < 0))
		x->reason = XTooLong;
}

static void
xstartcert(const br_x509_class **ctx, uint32_t len)
{
	unsigned char l[3] = { len >> 16 & 0xff, len >> 8 & 0xff, len & 0xff };

	xappend(ctx, l, 3);
}

static void
xendcert(const br_x509_class **ctx)
{
	(void)ctx;
}

static unsigned
xendchain(const br_x509_class **ctx)
{
	X509 *x = (X509 *)(void *)ctx;

	if (x->reason == XOk)
		x->reason = x509_verify(x, (const unsigned char *)x->chain.p, x->chain.len,
		    x->host[0] ? x->host : NULL, x->now);
	/* which code matters to nobody: tls.c takes the words and the
	 * alert from x->reason */
	return x->reason == XOk ? 0 : BR_ERR_X509_NOT_TRUSTED;
}

static const br_x509_pkey *
xgetpkey(const br_x509_class *const *ctx, unsigned *usages)
{
	const X509 *x = (const X509 *)(const void *)ctx;

	if (x->reason != XOk || !x->pkey.key_type)
		return NULL;
	/*
	 * To sign only: tls.c offers ECDHE alone, and checkpath made sure
	 * the key usage allows it (no KU allows everything)
	 */
	if (usages)
		*usages = x->pkey.key_type | BR_KEYTYPE_SIGN;
	return &x->pkey;
}

static const br_x509_class x509class = {
	sizeof(X509),
	xstartchain,
	xstartcert,
	xappend,
	xendcert,
	xendchain,
	xgetpkey
};

void
x509_init(X509 *x, const Anchors *a)
{
	*x = (X509){ .vtable = &x509class, .anchors = a };
}

void
x509_free(X509 *x)
{
	buffree(&x->chain);
}
