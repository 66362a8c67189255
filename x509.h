/* See LICENSE file for copyright and license details. */
/*
 * x509: trust anchors and certificate path validation for TLS servers,
 * with a browser's policy, as a BearSSL X.509 engine (br_x509_class).
 *
 * Load the anchors once with x509_loadanchors; give each TLS connection
 * an X509 set up with x509_init and hand &x->vtable to
 * br_ssl_engine_set_x509.  When BearSSL reports an X.509 error, x->reason
 * says exactly why and x509_msg turns it into words.  Nothing here does
 * I/O but reading the CA file, prints or exits.  Include util.h first.
 */
#include <stdint.h>
#include <time.h>

#include <bearssl.h>

/* why a chain was refused; XOk when it was not */
enum {
	XOk, XNoMem, XEmpty, XTooLong, XMalformed, XExpired, XNotYet, XNoSan, XName,
	XUntrusted, XSelfSigned, XBadSig, XSha1, XMd5, XSigAlg, XWeakRsa, XBigRsa, XKeyType,
	XEku, XKeyUsage, XNotCa, XPathLen, XNoCertSign, XNameConstraints, XConstraintType,
	XCritical, XCaLeaf, XTooDeep, XPathBudget, XNcBudget, XNcEmpty, XNcDot, XLeafNc,
	/* RFC 5280's profile of the certificates sent */
	XKeyIdCritical, XNoAki, XAiaCritical, XAiaBad, XBcNotCritical, XNoSki,
	XIssuerNoSubject, XSanNotCritical, XLeafCertSign, XBadDnsName, XCnNotSan, XReasonLast
};

/* or'ed with a reason of a certificate: it is an issuer's, not the leaf's */
enum { XIssuer = 1 << 8 };

/* a certificate as x509.c reads it */
typedef struct Cert Cert;

typedef struct {
	Cert *a;                    /* the CA file's certificates, pointing into file */
	size_t n;
	Buf file;                   /* the CA file, base64 decoded in place */
	int loaded;
} Anchors;

/*
 * x509_loadanchors reads the PEM bundle at file into a (zeroed first).
 * Returns 0, or -1 with a line in err such as "FILE: no certificates".
 * Free with x509_freeanchors, whatever it returned.
 */
int x509_loadanchors(Anchors *a, const char *file, char *err, size_t errlen);
void x509_freeanchors(Anchors *a);

#define X509MAXBYTES (100 << 10)    /* of certificates a server may send, as OpenSSL */

/*
 * The engine's state: BearSSL casts &vtable to it.  The chain's bytes
 * and the key get_pkey returns live here until x509_free.
 */
typedef struct {
	const br_x509_class *vtable;
	const Anchors *anchors;
	char host[256];             /* the name the leaf must carry */
	Buf chain;                  /* each certificate after its length, 3 bytes */
	time_t now;                 /* 0: time(NULL) when the chain ends */
	int reason;                 /* XOk, or why the chain was refused (XTooLong: more bytes
	                             * of certificates than we keep, before its end) */
	br_x509_pkey pkey;          /* the leaf's key, pointing into chain */
} X509;

void x509_init(X509 *x, const Anchors *a);
void x509_free(X509 *x);

/*
 * x509_verify checks a chain as the engine does at its end: list is
 * what the server sent, TLS's certificate_list (RFC 5246 7.4.2: each
 * certificate after its length in three bytes, the leaf first), checked
 * against x's anchors, for host, at time now.  Returns XOk, with the
 * leaf's key in x->pkey, or the reason.  list must stay in place while
 * x->pkey is used.
 */
int x509_verify(X509 *x, const unsigned char *list, size_t len, const char *host, time_t now);

/* the reason as words, e.g. "certificate has expired", "an issuer's certificate has expired" */
const char *x509_msg(int reason);
