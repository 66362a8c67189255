/* See LICENSE file for copyright and license details. */

/*
 * tls.c: the TLS 1.2 client on BearSSL, set up by hand rather than with
 * br_ssl_client_init_full, which enables every suite BearSSL has (CBC,
 * static RSA and ECDH key exchange, 3DES) and SHA-1 and SHA-224
 * signatures.  What is offered is Mozilla's intermediate profile as far
 * as BearSSL goes:
 *
 *   key exchange   ECDHE (X25519, P-256, P-384, P-521)
 *   ciphers        AES-128-GCM, AES-256-GCM, ChaCha20-Poly1305
 *   signatures     ECDSA or RSA PKCS#1 with SHA-256, SHA-384, SHA-512
 *
 * A server that supports none of it answers with a handshake_failure
 * alert, which says nothing of why.  The probe (tls_probe) then offers
 * the old suites and SHA-1 signatures in a ClientHello of its own,
 * reads which suite the server picks from its ServerHello and hangs up,
 * so the message can name the real reason: no forward secrecy, CBC
 * only, or signatures with SHA-1 only.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <bearssl.h>

#include "util.h"
#include "x509.h"
#include "tls.h"

static const uint16_t suites[] = {
	BR_TLS_ECDHE_ECDSA_WITH_AES_128_GCM_SHA256,
	BR_TLS_ECDHE_RSA_WITH_AES_128_GCM_SHA256,
	BR_TLS_ECDHE_ECDSA_WITH_AES_256_GCM_SHA384,
	BR_TLS_ECDHE_RSA_WITH_AES_256_GCM_SHA384,
	BR_TLS_ECDHE_ECDSA_WITH_CHACHA20_POLY1305_SHA256,
	BR_TLS_ECDHE_RSA_WITH_CHACHA20_POLY1305_SHA256,
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
	{ BR_ERR_X509_EXPIRED, "certificate has expired" },
	{ BR_ERR_X509_NOT_TRUSTED, "certificate is not trusted (unknown issuer)" },
	{ BR_ERR_X509_BAD_SERVER_NAME, "certificate is for another host name" },
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

void
tls_codemsg(int code, char *buf, size_t size)
{
	size_t i;

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

void
tls_msg(const Tls *t, char *buf, size_t size)
{
	int code = br_ssl_engine_last_error(&t->cc.eng);

	if (code >= BR_ERR_X509_OK && code < BR_ERR_X509_OK + 32 && t->xc.reason != XOk)
		snprintf(buf, size, "%s", x509_msg(t->xc.reason));
	else
		tls_codemsg(code, buf, size);
}

int
tls_nosuite(const Tls *t)
{
	int code = br_ssl_engine_last_error(&t->cc.eng);

	return code == BR_ERR_RECV_FATAL_ALERT + BR_ALERT_HANDSHAKE_FAILURE ||
	    code == BR_ERR_RECV_FATAL_ALERT + BR_ALERT_INSUFFICIENT_SECURITY;
}

Tls *
tls_open(const char *host, const Anchors *a, TlsRead rd, void *rctx,
    TlsWrite wr, void *wctx, char *err, size_t errlen)
{
	br_ssl_engine_context *eng;
	Tls *t;

	if (!(t = malloc(sizeof(*t)))) {
		snprintf(err, errlen, "out of memory");
		return NULL;
	}
	eng = &t->cc.eng;

	/*
	 * TLS 1.2 only (BearSSL 0.6 has no 1.3; 1.0 and 1.1 are
	 * obsolete), our suites, and the hashes both for the PRF and for
	 * the signature_algorithms BearSSL derives from them: no SHA-1,
	 * no SHA-224, so no server may sign its key exchange with them.
	 */
	br_ssl_client_zero(&t->cc);
	br_ssl_engine_set_versions(eng, BR_TLS12, BR_TLS12);
	br_ssl_engine_set_suites(eng, suites, LENGTH(suites));
	br_ssl_engine_set_hash(eng, br_sha256_ID, &br_sha256_vtable);
	br_ssl_engine_set_hash(eng, br_sha384_ID, &br_sha384_vtable);
	br_ssl_engine_set_hash(eng, br_sha512_ID, &br_sha512_vtable);
	br_ssl_engine_set_prf_sha256(eng, &br_tls12_sha256_prf);
	br_ssl_engine_set_prf_sha384(eng, &br_tls12_sha384_prf);
	br_ssl_engine_set_default_aes_gcm(eng);
	br_ssl_engine_set_default_chapol(eng);
	br_ssl_engine_set_default_ec(eng);
	br_ssl_engine_set_default_rsavrfy(eng);
	br_ssl_engine_set_default_ecdsa(eng);

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
		x509_free(&t->xc);
		free(t);
		return NULL;
	}
	t->write = wr;
	t->wctx = wctx;
	br_sslio_init(&t->io, eng, rd, rctx, wr, wctx);
	return t;
}

/* write all of buf, or fail */
static int
sendall(TlsWrite wr, void *ctx, const unsigned char *buf, size_t len)
{
	int n;

	while (len) {
		if ((n = wr(ctx, buf, len)) <= 0)
			return -1;
		buf += n;
		len -= n;
	}
	return 0;
}

void
tls_refuse(Tls *t)
{
	unsigned char rec[7] = { 21, 3, 3, 0, 2, 2, 40 };
	int code = br_ssl_engine_last_error(&t->cc.eng);

	/*
	 * Only for our own refusals: not after the server's alert, not
	 * after one BearSSL sent itself, not for I/O errors.  Records
	 * are still in the clear until our ChangeCipherSpec, and a
	 * refusal always comes while reading the server's flight, after
	 * every byte of ours went out, so the alert starts a record.
	 */
	if (code == BR_ERR_OK || code == BR_ERR_IO || code >= BR_ERR_RECV_FATAL_ALERT ||
	    t->cc.eng.out.vtable != &br_sslrec_out_clear_vtable)
		return;
	if (code >= BR_ERR_X509_OK && code < BR_ERR_X509_OK + 32 && t->xc.reason != XOk)
		rec[6] = x509_alert(t->xc.reason);
	else if (code == BR_ERR_BAD_SIGNATURE)
		rec[6] = 51;   /* decrypt_error */
	else if (code == BR_ERR_BAD_CIPHER_SUITE || code == BR_ERR_INVALID_ALGORITHM)
		rec[6] = 47;   /* illegal_parameter */
	sendall(t->write, t->wctx, rec, sizeof(rec));
}

void
tls_close(Tls *t)
{
	if (!t)
		return;
	x509_free(&t->xc);
	free(t);
}

/* ---------------------------------------------------------- the probe */

/* the suites a probe offers, and what the server's choice of one means */
enum { KOurs, KCbc, KDhe, KNoFs, KOld };

static const struct {
	uint16_t id;
	int set, kind;
} probesuites[] = {
	/*
	 * Ours first: the probe also offers SHA-1 signatures, so a server
	 * that takes one of these refused us for our signature algorithms,
	 * not for our suites (the curves offered are the same).
	 */
	{ BR_TLS_ECDHE_ECDSA_WITH_AES_128_GCM_SHA256, TlsProbeFs, KOurs },
	{ BR_TLS_ECDHE_RSA_WITH_AES_128_GCM_SHA256, TlsProbeFs, KOurs },
	{ BR_TLS_ECDHE_ECDSA_WITH_AES_256_GCM_SHA384, TlsProbeFs, KOurs },
	{ BR_TLS_ECDHE_RSA_WITH_AES_256_GCM_SHA384, TlsProbeFs, KOurs },
	{ BR_TLS_ECDHE_ECDSA_WITH_CHACHA20_POLY1305_SHA256, TlsProbeFs, KOurs },
	{ BR_TLS_ECDHE_RSA_WITH_CHACHA20_POLY1305_SHA256, TlsProbeFs, KOurs },
	/* forward secrecy, but CBC with a SHA-1 or SHA-2 MAC */
	{ 0xc009, TlsProbeFs, KCbc }, { 0xc00a, TlsProbeFs, KCbc },
	{ 0xc013, TlsProbeFs, KCbc }, { 0xc014, TlsProbeFs, KCbc },
	{ 0xc023, TlsProbeFs, KCbc }, { 0xc024, TlsProbeFs, KCbc },
	{ 0xc027, TlsProbeFs, KCbc }, { 0xc028, TlsProbeFs, KCbc },
	{ 0x0033, TlsProbeFs, KCbc }, { 0x0039, TlsProbeFs, KCbc },
	{ 0x0067, TlsProbeFs, KCbc }, { 0x006b, TlsProbeFs, KCbc },
	/* forward secrecy through finite-field DHE, which BearSSL lacks */
	{ 0x009e, TlsProbeFs, KDhe }, { 0x009f, TlsProbeFs, KDhe },
	{ 0xccaa, TlsProbeFs, KDhe },
	/* 3DES with ECDHE or DHE */
	{ 0xc008, TlsProbeFs, KOld }, { 0xc012, TlsProbeFs, KOld },
	{ 0x0016, TlsProbeFs, KOld },
	/* no forward secrecy: static RSA and ECDH key exchange */
	{ 0x009c, TlsProbeNoFs, KNoFs }, { 0x009d, TlsProbeNoFs, KNoFs },
	{ 0x002f, TlsProbeNoFs, KNoFs }, { 0x0035, TlsProbeNoFs, KNoFs },
	{ 0x003c, TlsProbeNoFs, KNoFs }, { 0x003d, TlsProbeNoFs, KNoFs },
	{ 0xc02d, TlsProbeNoFs, KNoFs }, { 0xc02e, TlsProbeNoFs, KNoFs },
	{ 0xc031, TlsProbeNoFs, KNoFs }, { 0xc032, TlsProbeNoFs, KNoFs },
	{ 0xc004, TlsProbeNoFs, KNoFs }, { 0xc005, TlsProbeNoFs, KNoFs },
	{ 0xc00e, TlsProbeNoFs, KNoFs }, { 0xc00f, TlsProbeNoFs, KNoFs },
	{ 0x000a, TlsProbeNoFs, KNoFs }, { 0x0005, TlsProbeNoFs, KNoFs },
	{ 0x0004, TlsProbeNoFs, KNoFs },
};

void
tls_probemsg(int suite, char *buf, size_t size)
{
	size_t i;

	for (i = 0; i < LENGTH(probesuites) && probesuites[i].id != suite; i++)
		;
	switch (i < LENGTH(probesuites) ? probesuites[i].kind : -1) {
	case KOurs:
		snprintf(buf, size, "server offers no signature algorithm lwnrss accepts "
		    "(SHA-256 or better)");
		break;
	case KCbc:
		snprintf(buf, size, "server offers no AEAD cipher suite with forward "
		    "secrecy (only CBC)");
		break;
	case KDhe:
		snprintf(buf, size, "server offers forward secrecy only with finite-field "
		    "DHE, which lwnrss does not support");
		break;
	case KNoFs:
		snprintf(buf, size, "server offers no cipher suite with forward secrecy");
		break;
	case KOld:
		snprintf(buf, size, "server offers only obsolete cipher suites (3DES)");
		break;
	default:
		snprintf(buf, size, "TLS handshake failure (no common cipher suite or curve)");
		break;
	}
}

static unsigned char *
put16(unsigned char *p, unsigned int v)
{
	*p++ = v >> 8;
	*p++ = v;
	return p;
}

/*
 * tls_serverhello reads the suite from a server's first bytes: a
 * handshake record holding a ServerHello (RFC 5246 7.4.1.3).
 */
int
tls_serverhello(const unsigned char *p, size_t n)
{
	size_t rl, hl, sid;

	if (n < 5)
		return -1;
	if (p[0] == 21)
		return 0;          /* an alert: refused */
	if (p[0] != 22 || p[1] != 3)
		return -2;
	rl = (size_t)p[3] << 8 | p[4];
	if (rl < 4 || rl > 16384 + 2048)
		return -2;
	if (n < 5 + 4)
		return -1;
	if (p[5] != 2)
		return -2;         /* not a ServerHello */
	hl = (size_t)p[6] << 16 | (size_t)p[7] << 8 | p[8];
	/* version, random, session id length: the suite follows the id */
	if (hl < 38 || rl < 4 + 38)
		return -2;
	if (n < 5 + 4 + 35)
		return -1;
	sid = p[5 + 4 + 34];
	if (sid > 32 || hl < 38 + sid || rl < 4 + 38 + sid)
		return -2;
	if (n < 5 + 4 + 35 + sid + 2)
		return -1;
	return (int)((unsigned int)p[5 + 4 + 35 + sid] << 8 | p[5 + 4 + 35 + sid + 1]);
}

int
tls_probe(const char *host, int set, TlsRead rd, void *rctx, TlsWrite wr, void *wctx)
{
	static const unsigned char tail[] = {
		/* supported_groups: x25519, P-256, P-384, P-521, ffdhe2048, ffdhe3072 */
		0x00, 0x0a, 0x00, 0x0e, 0x00, 0x0c, 0x00, 0x1d, 0x00, 0x17, 0x00, 0x18,
		0x00, 0x19, 0x01, 0x00, 0x01, 0x01,
		/* ec_point_formats: uncompressed */
		0x00, 0x0b, 0x00, 0x02, 0x01, 0x00,
		/* signature_algorithms: SHA-256/384/512 and SHA-1, RSA and ECDSA */
		0x00, 0x0d, 0x00, 0x12, 0x00, 0x10, 0x04, 0x01, 0x05, 0x01, 0x06, 0x01,
		0x04, 0x03, 0x05, 0x03, 0x06, 0x03, 0x02, 0x01, 0x02, 0x03,
		/* renegotiation_info, empty */
		0xff, 0x01, 0x00, 0x01, 0x00,
	};
	unsigned char hello[512], in[128], *p, *len, *hs;
	unsigned char alert[7] = { 21, 3, 3, 0, 2, 2, 71 };   /* insufficient_security */
	size_t i, hl = strlen(host), got = 0;
	int n, rc;

	if (hl > 255)
		return -1;
	p = hello;
	*p++ = 22, *p++ = 3, *p++ = 1;    /* handshake record, 1.0 on the outside */
	len = p, p += 2;
	hs = p;
	*p++ = 1, p += 3;                 /* ClientHello */
	*p++ = 3, *p++ = 3;               /* TLS 1.2 */
	for (i = 0; i < 32; i++)          /* a random that need not be secret: we hang up */
		*p++ = (unsigned char)(rand() ^ time(NULL) >> (i % 8));
	*p++ = 0;                         /* no session id */
	n = 0;
	for (i = 0; i < LENGTH(probesuites); i++)
		n += probesuites[i].set == set;
	p = put16(p, n * 2);
	for (i = 0; i < LENGTH(probesuites); i++)
		if (probesuites[i].set == set)
			p = put16(p, probesuites[i].id);
	*p++ = 1, *p++ = 0;               /* no compression */
	p = put16(p, 9 + hl + sizeof(tail));
	/* server_name */
	p = put16(p, 0);
	p = put16(p, hl + 5);
	p = put16(p, hl + 3);
	*p++ = 0;
	p = put16(p, hl);
	memcpy(p, host, hl);
	p += hl;
	memcpy(p, tail, sizeof(tail));
	p += sizeof(tail);
	put16(len, p - hs);
	hs[1] = 0, hs[2] = (p - hs - 4) >> 8, hs[3] = (p - hs - 4) & 0xff;

	if (sendall(wr, wctx, hello, p - hello) < 0)
		return -1;
	for (;;) {
		if ((rc = tls_serverhello(in, got)) != -1)
			break;
		if (got == sizeof(in) || (n = rd(rctx, in + got, sizeof(in) - got)) <= 0)
			return -1;
		got += n;
	}
	sendall(wr, wctx, alert, sizeof(alert));
	return rc < 0 ? -1 : rc;
}
