/* See LICENSE file for copyright and license details. */
#include <stddef.h>
#include <stdlib.h>
#include <time.h>

#define MAX(A, B)               ((A) > (B) ? (A) : (B))
#define MIN(A, B)               ((A) < (B) ? (A) : (B))
#define LENGTH(X)               (sizeof (X) / sizeof (X)[0])

/* a growable byte string; p is NUL-terminated whenever len > 0 */
typedef struct {
	char *p;
	size_t len, cap;
} Buf;

/* warn and die prefix "lwnrss: "; a format ending in ':' appends
 * strerror(errno); die then exits with status 1 */
void warn(const char *fmt, ...);
#define die(...)                (warn(__VA_ARGS__), exit(1))
/* an error line into buf, cut to fit: the modules' messages */
void seterr(char *buf, size_t size, const char *fmt, ...);
void *ecalloc(size_t nmemb, size_t size);
char *estrdup(const char *s);

/* Buf helpers return 0, or -1 on overflow or out of memory (b unchanged) */
int bufgrow(Buf *b, size_t n);
int bufadd(Buf *b, const void *s, size_t n);
void buffree(Buf *b);

/* write all of s[0..n) to fd, retrying on EINTR: 0, or -1 with errno set */
int writeall(int fd, const char *s, size_t n);

/* read fd to EOF into b: 0 on success, -1 with errno set on a read
 * error, 1 when more than max bytes arrived (b then holds max + 1 bytes) */
int readfd(int fd, Buf *b, size_t max);

/* ASCII's letters, digits and lowercase, whatever the locale: for
 * protocol text, where a locale's letters are no letters; c is
 * evaluated more than once, as in MAX */
#define asciialpha(c)           (((c) >= 'a' && (c) <= 'z') || ((c) >= 'A' && (c) <= 'Z'))
#define asciidigit(c)           ((c) >= '0' && (c) <= '9')
#define asciitolower(c)         ((c) >= 'A' && (c) <= 'Z' ? (c) - 'A' + 'a' : (c))

/* the decimal digits at s as a number into *v, max (at least 9) when
 * larger; returns the byte after the digits, NULL when s starts with none */
const char *decnum(const char *s, unsigned long long max, unsigned long long *v);
/* s, digits and nothing else, as a number, max (at least 9) when larger;
 * -1 when s is anything else */
long decval(const char *s, long max);

/* write code point cp (U+FFFD when invalid) as UTF-8 into s[4]; returns its length */
size_t utf8enc(char *s, unsigned long cp);
/* decode one UTF-8 sequence of s[0..n) (n > 0) into *cp, U+FFFD for an
 * invalid one; returns the bytes consumed, at least 1 */
size_t utf8dec(const char *s, size_t n, unsigned long *cp);

/* "3 h ago" for an age of d seconds, in the coarsest unit that is not 0 */
void agestr(char *buf, size_t n, long long d);

/* the 64-bit FNV-1a hash of s */
unsigned long long fnv1a(const char *s);

/* s[0..n) case-folded into out (n + 1 bytes; folding never lengthens):
 * ASCII, Latin-1, Latin Extended-A and -B, Latin Extended Additional,
 * Greek and Cyrillic, one code point for one; returns the length
 * written, out NUL-terminated */
size_t utf8fold(char *out, const char *s, size_t n);

/* days since 1970-01-01 of a proleptic Gregorian date (month 1..12),
 * whatever the time zone */
long daysfromcivil(long y, int m, int d);

/*
 * datetime reads a date into seconds since the epoch in *t: ISO 8601
 * (dc:date, Atom), RFC 5322 (pubDate; RFC 850's dashes too) or asctime.
 * http: an HTTP-date (RFC 9110 5.6.7), one of the last three forms in
 * GMT and nothing after it.  Returns 1, or 0 when s is no such date.
 */
int datetime(const char *s, int http, time_t *t);
