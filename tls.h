/* See LICENSE file for copyright and license details. */
/*
 * tls: a BearSSL TLS 1.2 client with Mozilla's intermediate profile
 * (ECDHE key exchange, AES-GCM or ChaCha20-Poly1305, signatures with
 * SHA-256 or better) and x509.c's certificate policy; the words for
 * its failures; and a probe that finds out what a server that refused
 * every suite offered would have taken instead.
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

/* did the server refuse the handshake as one does for no common suite? */
int tls_nosuite(const Tls *t);

/*
 * The probe: tls_probe sends a ClientHello for host offering the suites
 * of set (TlsProbeFs: ours, then forward secrecy without AEAD or with
 * finite-field DHE; TlsProbeNoFs: no forward secrecy), with SHA-1
 * signatures allowed too, reads the ServerHello's
 * choice and aborts with a fatal alert.  Returns the suite, 0 when the
 * server refused these too, -1 on an I/O error.  tls_probemsg says what
 * a chosen suite means for the user.
 */
enum { TlsProbeFs, TlsProbeNoFs };
int tls_probe(const char *host, int set, TlsRead rd, void *rctx, TlsWrite wr, void *wctx);
void tls_probemsg(int suite, char *buf, size_t size);

/* parse a server's first bytes: the ServerHello's suite, 0 for an alert, -1 when more are needed, -2 when malformed */
int tls_serverhello(const unsigned char *p, size_t n);
