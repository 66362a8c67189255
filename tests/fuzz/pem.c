/* See LICENSE file for copyright and license details. */
/*
 * libFuzzer target: the CA bundle loader (x509_loadanchors, b64dec
 * and certparse), then certparse again on every anchor found, and
 * x509_freeanchors.
 *
 * loadanchors reads a file by name, so the input goes into a memory
 * file (memfd) that it opens as /proc/self/fd/N.
 *
 * Checked: every anchor's certificate and subject name lie inside the
 * loaded file, and a bundle with no certificate is refused.
 */
#define _GNU_SOURCE
#include <sys/mman.h>

#include "../../x509.c"

static int memfd = -1;
static char path[64];

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t len)
{
	Anchors a;
	Cert c;
	char err[256];
	const unsigned char *lo, *hi;
	size_t i;
	int rc;

	if (memfd < 0) {
		if ((memfd = memfd_create("pem", 0)) < 0)
			abort();
		snprintf(path, sizeof(path), "/proc/self/fd/%d", memfd);
	}
	if (ftruncate(memfd, 0) < 0 || (len && pwrite(memfd, data, len, 0) != (ssize_t)len))
		abort();
	err[0] = '\0';
	rc = x509_loadanchors(&a, path, err, sizeof(err));
	if (rc < 0) {
		if (!err[0])
			abort();
		x509_freeanchors(&a);
		return 0;
	}
	if (!a.n || !a.loaded)
		abort();
	lo = (const unsigned char *)a.file.p;
	hi = lo + a.file.len;
	for (i = 0; i < a.n; i++) {
		c = a.a[i];
		if (c.der.p < lo || c.der.p + c.der.n > hi || c.subject.p < c.der.p ||
		    c.subject.p + c.subject.n > c.der.p + c.der.n)
			abort();
		/* and parses again to the same */
		if (certparse(&c, a.a[i].der.p, a.a[i].der.n) < 0 || !deq(&c.subject, &a.a[i].subject))
			abort();
	}
	x509_freeanchors(&a);
	return 0;
}
