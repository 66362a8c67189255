/* See LICENSE file for copyright and license details. */
/*
 * tls: a BearSSL TLS 1.2 client with Mozilla's intermediate profile
 * (ECDHE key exchange, AES-GCM or ChaCha20-Poly1305, signatures with
 * SHA-256 or better) and x509.c's certificate policy, and the words for
 * its failures.
 *
 * Include after util.h and x509.h.  I/O goes through the caller's
 * callbacks (BearSSL's br_sslio signature: bytes moved, or -1), which
 * keep their own deadline.  No allocation but tls_open's, no output.
 */

/* a connection's state: malloc'd by tls_open, freed by tls_close */
typedef struct {
	br_ssl_client_context cc;
	X509 xc;
	br_sslio_context io;
	int (*write)(void *, const unsigned char *, size_t);
	void *wctx;
	unsigned char iobuf[BR_SSL_BUFSIZE_BIDI];
} Tls;

typedef int (*TlsRead)(void *ctx, unsigned char *buf, size_t len);
typedef int (*TlsWrite)(void *ctx, const unsigned char *buf, size_t len);

/*
 * tls_open sets up a client for host (SNI and the name check, never
 * NULL) over the callbacks; nothing is sent until the first flush of
 * t->io runs the handshake.  Returns NULL with err set on failure.
 */
Tls *tls_open(const char *host, const Anchors *a, TlsRead rd, void *rctx,
    TlsWrite wr, void *wctx, char *err, size_t errlen);

/*
 * tls_refuse sends the server a fatal alert saying why the handshake
 * failed, when the failure was ours and the connection is still in
 * the clear (BearSSL fails a refused chain without one).  A no-op
 * otherwise.
 */
void tls_refuse(Tls *t);

void tls_close(Tls *t);

/* the engine's last error as words: x509.c's reason for a refused chain */
void tls_msg(const Tls *t, char *buf, size_t size);
/* a BearSSL error code as words */
void tls_codemsg(int code, char *buf, size_t size);
