/* See LICENSE file for copyright and license details. */
/*
 * tls: a BearSSL TLS 1.2 client with Mozilla's intermediate profile
 * (ECDHE key exchange, AES-GCM or ChaCha20-Poly1305, signatures with
 * SHA-256 or better) and x509.c's certificate policy, and the words for
 * its failures.  The only file, with x509.c, that calls BearSSL.
 *
 * Include util.h first (x509.h wants it).  I/O goes through the
 * caller's callbacks (BearSSL's br_sslio signature: bytes moved, or
 * -1), which keep their own deadline.  No allocation but tls_open's,
 * no output.
 */
#include <stddef.h>

#include "x509.h"

/* a connection's state: malloc'd by tls_open, freed by tls_close */
typedef struct Tls Tls;

typedef int (*TlsRead)(void *ctx, unsigned char *buf, size_t len);
typedef int (*TlsWrite)(void *ctx, const unsigned char *buf, size_t len);

/*
 * tls_open sets up a client for host (SNI and the name check, never
 * NULL) over the callbacks, both given ctx; nothing is sent until the
 * first tls_write runs the handshake.  Returns NULL with err set on
 * failure.
 */
Tls *tls_open(const char *host, const Anchors *a, TlsRead rd, TlsWrite wr, void *ctx,
    char *err, size_t errlen);

/* tls_write sends all of buf and flushes it: 0, or -1 on failure */
int tls_write(Tls *t, const void *buf, size_t len);
/* tls_read reads up to len bytes: how many, or -1 at the end or on failure */
int tls_read(Tls *t, void *buf, size_t len);
/*
 * tls_err puts the engine's failure in words (x509.c's reason for a
 * refused chain) and returns 1; 0 when there is none or it was the
 * callbacks' (BearSSL says only "I/O error": they know why).
 */
int tls_err(const Tls *t, char *buf, size_t size);

/*
 * tls_refuse sends the server a fatal alert saying why the handshake
 * failed, when the failure was ours and the connection is still in
 * the clear (BearSSL fails a refused chain without one).  A no-op
 * otherwise.
 */
void tls_refuse(Tls *t);

void tls_close(Tls *t);

/* a BearSSL error code as words */
void tls_codemsg(int code, char *buf, size_t size);
