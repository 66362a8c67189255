/* See LICENSE file for copyright and license details. */
/*
 * libFuzzer target: x509.c's DER walk and path validation (certparse,
 * the engine and x509_verify with its names, constraints and signature
 * checks).
 *
 * Input: a flags byte, then DER certificates, each after a two-byte
 * big-endian length; the low three bits of flags say how many of the
 * first ones are the server's chain, the rest become trust anchors (as
 * the loader indexes them).  With bit 3 set, every signature of an
 * accepted algorithm and key counts as good, so that mutated
 * certificates reach the policy behind the signature check.  The chain is checked for "localhost" and
 * for the names each leaf carries, at a time inside its validity.
 *
 * Checked: x509_verify returns a known reason (an issuer's with
 * XIssuer); XOk only with a key of a known type whose bytes lie inside
 * the leaf; certparse's fields lie inside the certificate.
 */
static int nosig;
#define SIGCHECK(c, i) (nosig ? sigok(c, i) : sigcheck(c, i))

#include "../../x509.c"

static int
inside(const Der *d, const unsigned char *p, size_t n)
{
	return !d->n || (d->p >= p && d->p + d->n <= p + n);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t len)
{
	const unsigned char *der[16];
	size_t dlen[16], i, n = 0, nchain;
	Cert an[16];
	Anchors a;
	X509 x;
	Cert c;
	const br_rsa_public_key *rk = &c.key.key.rsa;
	const br_ec_public_key *ek = &c.key.key.ec;
	int rc;

	if (len < 1)
		return 0;
	nchain = 1 + (data[0] & 7);
	nosig = data[0] >> 3 & 1;
	data++, len--;
	while (len >= 2 && n < 16) {
		size_t l = (size_t)data[0] << 8 | data[1];

		if (l > len - 2)
			l = len - 2;
		der[n] = data + 2;
		dlen[n] = l;
		n++;
		data += 2 + l;
		len -= 2 + l;
	}
	if (!n)
		return 0;
	memset(&a, 0, sizeof(a));
	a.a = an;
	for (i = 0; i < n; i++) {
		if (certparse(&c, der[i], dlen[i]) < 0)
			continue;
		if (!inside(&c.tbs, der[i], dlen[i]) || !inside(&c.sig, der[i], dlen[i]) ||
		    !inside(&c.issuer, der[i], dlen[i]) || !inside(&c.subject, der[i], dlen[i]) ||
		    !inside(&c.san, der[i], dlen[i]) || !inside(&c.nc, der[i], dlen[i]) ||
		    (c.key.key_type == BR_KEYTYPE_RSA ?
		    !inside(&(Der){ rk->n, rk->nlen }, der[i], dlen[i]) ||
		    !inside(&(Der){ rk->e, rk->elen }, der[i], dlen[i]) :
		    !inside(&(Der){ ek->q, ek->qlen }, der[i], dlen[i])))
			abort();
		/* the rest become anchors, as the loader indexes them */
		if (i >= nchain)
			an[a.n++] = c;
	}
	if (nchain > n)
		nchain = n;
	/* the chain goes through the engine, as BearSSL gives it */
	x509_init(&x, &a);
	x.vtable->start_chain(&x.vtable, "localhost");
	for (i = 0; i < nchain; i++) {
		x.vtable->start_cert(&x.vtable, dlen[i]);
		x.vtable->append(&x.vtable, der[i], dlen[i]);
		x.vtable->end_cert(&x.vtable);
	}
	/* inside the leaf's validity, when it has one, so that the policy runs */
	x.now = 1;
	if (certparse(&c, der[0], dlen[0]) == 0)
		x.now = (time_t)(c.notbefore / 2 + c.notafter / 2);
	x.vtable->end_chain(&x.vtable);
	/* an issuer's reason is another's with XIssuer, never XOk with it */
	if ((rc = x.reason & ~XIssuer) < 0 || rc >= XReasonLast || x.reason == XIssuer)
		abort();
	if (rc == XOk) {
		const unsigned char *k = x.pkey.key_type == BR_KEYTYPE_RSA ? x.pkey.key.rsa.n :
		    x.pkey.key.ec.q;
		size_t kl = x.pkey.key_type == BR_KEYTYPE_RSA ? x.pkey.key.rsa.nlen :
		    x.pkey.key.ec.qlen;
		const unsigned char *leaf = (const unsigned char *)x.chain.p + 3;

		if ((x.pkey.key_type != BR_KEYTYPE_RSA && x.pkey.key_type != BR_KEYTYPE_EC) ||
		    k < leaf || k + kl > leaf + dlen[0])
			abort();
	}
	x509_free(&x);
	return 0;
}
