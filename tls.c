/* See LICENSE file for copyright and license details. */

/*
 * tls.c: the TLS 1.2 client on BearSSL: br_ssl_client_init_full's,
 * which enables every suite BearSSL has (CBC, static RSA and ECDH key
 * exchange, 3DES), TLS 1.0 and 1.1, and MD5, SHA-1 and SHA-224, narrowed
 * to Mozilla's intermediate profile as far as BearSSL goes:
 *
 *   key exchange   ECDHE (X25519, P-256, P-384, P-521)
 *   ciphers        AES-128-GCM, AES-256-GCM, ChaCha20-Poly1305
 *   signatures     ECDSA or RSA PKCS#1 with SHA-256, SHA-384, SHA-512
 *
 * A server that supports none of it answers with a handshake_failure
 * alert, which says nothing of why: the message says what lwnrss
 * requires.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include <bearssl.h>

#include "util.h"
#include "tls.h"

/* a connection's state: malloc'd by tls_open, freed by tls_close */
struct Tls {
	br_ssl_client_context cc;
	X509 xc;
	br_sslio_context io;
	unsigned char iobuf[BR_SSL_BUFSIZE_BIDI];
};

static const uint16_t suites[] = {
	BR_TLS_ECDHE_ECDSA_WITH_AES_128_GCM_SHA256,
	BR_TLS_ECDHE_RSA_WITH_AES_128_GCM_SHA256,
	BR_TLS_ECDHE_ECDSA_WITH_AES_256_GCM_SHA384,
	BR_TLS_ECDHE_RSA_WITH_AES_256_GCM_SHA384,
	BR_TLS_ECDHE_ECDSA_WITH_CHACHA20_POLY1305_SHA256,
	BR_TLS_ECDHE_RSA_WITH_CHACHA20_POLY1305_SHA256,
};

/*
 * The TLS alert (RFC 5246 7.2) that tells a server why x509.c refused
 * its chain; bad_certificate (42) when none
 */
static const unsigned char x509alerts[XReasonLast] = {
	/* certificate_expired */
	[XExpired] = 45, [XNotYet] = 45,
	/* unknown_ca */
	[XUntrusted] = 48, [XSelfSigned] = 48,
	/* unsupported_certificate */
	[XSha1] = 43, [XMd5] = 43, [XSigAlg] = 43, [XWeakRsa] = 43, [XBigRsa] = 43,
	[XKeyType] = 43, [XCritical] = 43, [XConstraintType] = 43, [XEku] = 43,
	[XAiaCritical] = 43,
	/* internal_error */
	[XNoMem] = 80,
};

/*
 * BearSSL error codes as a person would put them.  Refused chains are
 * x509.c's business: its reason is more exact than these codes.
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
	{ BR_ERR_BAD_CIPHER_SUITE, "TLS handshake failure: server chose a cipher suite "
	  "lwnrss did not offer" },
	{ BR_ERR_INVALID_ALGORITHM, "TLS handshake failure: unsupported algorithm or curve" },
	{ BR_ERR_BAD_SIGNATURE, "TLS handshake failure: bad server signature" },
	{ BR_ERR_WRONG_KEY_USAGE, "certificate key may not be used for this" },
	{ BR_ERR_RECV_FATAL_ALERT + BR_ALERT_PROTOCOL_VERSION,
	  "server wants TLS 1.3 only (lwnrss speaks TLS 1.2)" },
	{ BR_ERR_RECV_FATAL_ALERT + BR_ALERT_HANDSHAKE_FAILURE,
	  "server offers no TLS 1.2 cipher suite lwnrss accepts: ECDHE with AES-GCM "
	  "or ChaCha20-Poly1305, SHA-256 or better signatures" },
	{ BR_ERR_RECV_FATAL_ALERT + BR_ALERT_INSUFFICIENT_SECURITY,
	  "TLS handshake failure: server wants stronger ciphers" },
	{ BR_ERR_RECV_FATAL_ALERT + 112,   /* unrecognized_name, RFC 6066 */
	  "server does not know this host name (SNI)" },
	{ BR_ERR_RECV_FATAL_ALERT + BR_ALERT_INTERNAL_ERROR, "server TLS internal error" },
};

void
tls_codemsg(int code, char *buf, size_t size)
{
	size_t i;

	for (i = 0; i < LENGTH(tlserrs) && tlserrs[i].code != code; i++)
		;
	if (i < LENGTH(tlserrs))
		snprintf(buf, size, "%s", tlserrs[i].msg);
	else if (code >= BR_ERR_SEND_FATAL_ALERT)
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

/* the engine's failure in words, unless it is none or an I/O error */
int
tls_err(const Tls *t, char *buf, size_t size)
{
	int code = br_ssl_engine_last_error(&t->cc.eng);

	if (code == BR_ERR_OK || code == BR_ERR_IO)
		return 0;
	if (code >= BR_ERR_X509_OK && code < BR_ERR_X509_OK + 32 && t->xc.reason != XOk)
		snprintf(buf, size, "%s", x509_msg(t->xc.reason));
	else
		tls_codemsg(code, buf, size);
	return 1;
}

Tls *
tls_open(const char *host, const Anchors *a, TlsRead rd, TlsWrite wr, void *ctx,
    char *err, size_t errlen)
{
	br_x509_minimal_context unused;   /* init_full's engine, replaced by ours */
	br_ssl_engine_context *eng;
	Tls *t;

	if (!(t = malloc(sizeof(*t)))) {
		snprintf(err, errlen, "out of memory");
		return NULL;
	}
	eng = &t->cc.eng;

	/*
	 * Every implementation BearSSL has, then TLS 1.2 only (BearSSL
	 * 0.6 has no 1.3; 1.0 and 1.1 are obsolete), our suites (the
	 * others' ciphers and key exchanges are then never used), and no
	 * MD5, SHA-1 or SHA-224: BearSSL derives the signature_algorithms
	 * it offers from the hashes it has, so no server may sign its key
	 * exchange with them.
	 */
	br_ssl_client_init_full(&t->cc, &unused, NULL, 0);
	br_ssl_engine_set_versions(eng, BR_TLS12, BR_TLS12);
	br_ssl_engine_set_suites(eng, suites, LENGTH(suites));
	br_ssl_engine_set_hash(eng, br_md5_ID, NULL);
	br_ssl_engine_set_hash(eng, br_sha1_ID, NULL);
	br_ssl_engine_set_hash(eng, br_sha224_ID, NULL);

	/* our engine checks the certificates */
	x509_init(&t->xc, a);
	br_ssl_engine_set_x509(eng, &t->xc.vtable);

	/* a bidirectional buffer: the request goes out in one record */
	br_ssl_engine_set_buffer(eng, t->iobuf, sizeof(t->iobuf), 1);

	/*
	 * Reset with the host name: it goes out as SNI and the
	 * certificate is checked against it.  Never NULL, which would
	 * switch the name check off.
	 */
	if (!host || !br_ssl_client_reset(&t->cc, host, 0)) {
		tls_codemsg(br_ssl_engine_last_error(eng), err, errlen);
		tls_close(t);
		return NULL;
	}
	br_sslio_init(&t->io, eng, rd, ctx, wr, ctx);
	return t;
}

int
tls_write(Tls *t, const void *buf, size_t len)
{
	return br_sslio_write_all(&t->io, buf, len) < 0 || br_sslio_flush(&t->io) < 0 ? -1 : 0;
}

int
tls_read(Tls *t, void *buf, size_t len)
{
	return br_sslio_read(&t->io, buf, len);
}

void
tls_refuse(Tls *t)
{
	unsigned char rec[7] = { 21, 3, 3, 0, 2, 2, 40 };
	int code = br_ssl_engine_last_error(&t->cc.eng), r = t->xc.reason & ~XIssuer;

	/*
	 * Only for our own refusals: not after the server's alert, not
	 * after one BearSSL sent itself, not for I/O errors.  Records
	 * are still in the clear until our ChangeCipherSpec, and a
	 * refusal always comes while reading the server's flight, after
	 * every byte of ours went out, so the alert starts a record,
	 * and its 7 bytes go out in one write to an empty socket buffer
	 * (it is a courtesy: we hang up whatever happens to it).
	 */
	if (code == BR_ERR_OK || code == BR_ERR_IO || code >= BR_ERR_RECV_FATAL_ALERT ||
	    t->cc.eng.out.vtable != &br_sslrec_out_clear_vtable)
		return;
	if (code >= BR_ERR_X509_OK && code < BR_ERR_X509_OK + 32 && t->xc.reason != XOk)
		rec[6] = x509alerts[r] ? x509alerts[r] : 42;
	else if (code == BR_ERR_BAD_SIGNATURE)
		rec[6] = 51;   /* decrypt_error */
	else if (code == BR_ERR_BAD_CIPHER_SUITE || code == BR_ERR_INVALID_ALGORITHM)
		rec[6] = 47;   /* illegal_parameter */
	t->io.low_write(t->io.write_context, rec, sizeof(rec));
}

void
tls_close(Tls *t)
{
	if (!t)
		return;
	x509_free(&t->xc);
	free(t);
}
