/* See LICENSE file for copyright and license details. */
/*
 * libFuzzer target: the CA bundle loader (loadanchors, b64dec,
 * certnames, addanchor), then resolve on every anchor found, which hands
 * the certificate to BearSSL's decoder, and freeanchors.
 *
 * loadanchors reads a file by name, so the input goes into a memory
 * file (memfd) that it opens as /proc/self/fd/N.
 *
 * Checked: every anchor's certificate and subject name lie inside the
 * loaded file, and a bundle with no certificate is refused.
 */
#define _GNU_SOURCE
#include <sys/mman.h>

#include "../../http.c"

static int memfd = -1;
static char path[64];

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t len)
{
	Anchors a = {0};
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
	rc = loadanchors(&a, path, err, sizeof(err));
	if (rc < 0) {
		if (!err[0])
			abort();
		freeanchors(&a);
		return 0;
	}
	if (!a.n || !a.loaded)
		abort();
	lo = (const unsigned char *)a.file.p;
	hi = lo + a.file.len;
	for (i = 0; i < a.n; i++) {
		if (a.pem[i].der < lo || a.pem[i].der + a.pem[i].len > hi ||
		    a.ta[i].dn.data < a.pem[i].der ||
		    a.ta[i].dn.data + a.ta[i].dn.len > a.pem[i].der + a.pem[i].len)
			abort();
		if (!a.pem[i].done && resolve(&a, i) < 0)
			abort();
	}
	freeanchors(&a);
	return 0;
}
