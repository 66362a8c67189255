/* See LICENSE file for copyright and license details. */
/*
 * check.h: the unit tests' one function, included by each (after
 * <stdarg.h> and <stdio.h>).  check prints an "ok - what" or "not ok -
 * what" line (control characters in what become '?') and counts it;
 * main ends with "N passed, N failed".
 */
static int npass, nfail;

static void
check(int ok, const char *fmt, ...)
{
	va_list ap;
	char buf[512], *s;

	va_start(ap, fmt);
	vsnprintf(buf, sizeof(buf), fmt, ap);
	va_end(ap);
	for (s = buf; *s; s++)
		if ((unsigned char)*s < 0x20)
			*s = '?';
	printf("%s - %s\n", ok ? "ok" : "not ok", buf);
	if (ok)
		npass++;
	else
		nfail++;
}
