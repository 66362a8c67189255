/* See LICENSE file for copyright and license details.
 *
 * grab [-s] window x, grab window x file: the pixel column x down the
 * window on standard output, a #RRGGBB line a pixel, or with -s as runs of one
 * colour, each a letter for the test build's colours and its length
 * ("B38 G90 R1 W90": see tests/xlib.sh's sig); with file, the window's
 * pixels as a binary PPM (P6) there (x -1: only that).  ImageMagick's
 * import takes ten times its processor time, and a column alone is read
 * in a fiftieth of the time of the whole window: the tests poll the
 * column many times.  Exits 1 when the window cannot be read (gone, say).
 *
 * grab -m re n window x: as -s, read up to n times a tenth of a second
 * apart until the runs match ^re$ (an extended regular expression, as
 * grep -E reads it): status 0 then, 1 if they never did; the last read's
 * runs on standard output.  A test's poll of the column is then one
 * process, not a grab, a grep and a sleep each tenth of a second.
 *
 * grab -b file x y w h: the bounding box "WxH+X+Y" of what is drawn in
 * that area of such a PPM, as ImageMagick's convert -crop and -format %@
 * find it where the area's background is of one colour, in a tenth of
 * its time: ink is a pixel unlike the area's top left corner; "0x0+w+h"
 * when there is none.  -t: the area's pixels instead, "x y r g b" a line
 * (0 to 255; x and y from the area's corner), as the tests' awk scripts
 * read ImageMagick's txt: format, in a tenth of convert's time; -i: the
 * corner's pixel and the ink's alone.  -c: what cksum prints for the
 * bytes of the area, whole rows only (x 0, w at least the width).
 */
#include <regex.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <X11/Xlib.h>
#include <X11/Xutil.h>

/* the mask's bits of pixel p, as 0 to 255 */
static unsigned int
channel(unsigned long p, unsigned long mask)
{
	unsigned long max;

	if (!mask)
		return 0;
	while (!(mask & 1)) {
		mask >>= 1;
		p >>= 1;
	}
	max = mask;
	return (unsigned int)((p & mask) * 255 / max);
}

/* the POSIX cksum CRC c after byte b */
static unsigned long
crc(unsigned long c, unsigned int b)
{
	int i;

	c ^= (unsigned long)b << 24;
	for (i = 0; i < 8; i++)
		c = (c & 0x80000000 ? c << 1 ^ 0x04C11DB7 : c << 1) & 0xFFFFFFFF;
	return c;
}

/* -c: what cksum prints for the n bytes at p */
static void
cksum(const unsigned char *p, size_t n)
{
	unsigned long t[256], c = 0;
	size_t i;

	for (i = 0; i < 256; i++)
		t[i] = crc(0, i);
	for (i = 0; i < n; i++)
		c = (c << 8 & 0xFFFFFFFF) ^ t[(c >> 24 ^ p[i]) & 0xFF];
	for (i = n; i; i >>= 8)
		c = (c << 8 & 0xFFFFFFFF) ^ t[(c >> 24 ^ i) & 0xFF];
	printf("%lu %lu\n", ~c & 0xFFFFFFFF, (unsigned long)n);
}

/* -b, -c, -t and -i: an area of a PPM that grab wrote */
static int
area(char *argv[])
{
	FILE *f;
	unsigned char *img, *p, *bg;
	int iw, ih, x0, y0, w, h, x, y, l, t, r, b, mode = argv[1][1];

	if (!(f = fopen(argv[2], "r")) || fscanf(f, "P6 %d %d 255", &iw, &ih) != 2 ||
	    getc(f) == EOF || !(img = malloc(3 * (size_t)iw * ih + 1)) ||
	    fread(img, 3, (size_t)iw * ih, f) != (size_t)iw * ih)
		return 1;
	x0 = atoi(argv[3]);
	y0 = atoi(argv[4]);
	w = atoi(argv[5]) < iw - x0 ? atoi(argv[5]) : iw - x0;
	h = atoi(argv[6]) < ih - y0 ? atoi(argv[6]) : ih - y0;
	if (mode == 'c' && x0 == 0 && y0 >= 0 && w == iw) {
		cksum(img + 3 * (size_t)iw * (y0 < ih ? y0 : ih), h > 0 ? 3 * (size_t)w * h : 0);
		return 0;
	}
	if (mode == 'c' || x0 < 0 || y0 < 0 || w <= 0 || h <= 0)
		return 1;
#define PX(x, y) (img + 3 * ((size_t)(y0 + (y)) * iw + x0 + (x)))
	bg = PX(0, 0);
	l = w, t = h, r = b = -1;
	for (y = 0; y < h; y++) {
		for (x = 0; x < w; x++) {
			p = PX(x, y);
			if (mode == 't' || (mode == 'i' && (p == bg || memcmp(p, bg, 3))))
				printf("%d %d %d %d %d\n", x, y, p[0], p[1], p[2]);
			if (!memcmp(p, bg, 3))
				continue;
			l = x < l ? x : l;
			t = y < t ? y : t;
			r = x > r ? x : r;
			b = y;
		}
	}
	if (mode != 'b')
		return 0;
	if (r < 0)
		printf("0x0+%d+%d\n", w, h);
	else
		printf("%dx%d+%d+%d\n", r - l + 1, b - t + 1, l, t);
	return 0;
}

/* the letter of colour c (#RRGGBB) in a run: the test build's colours */
static char
letter(const char *c)
{
	static const char *const name[] = { "#0000FF", "#FF00FF", "#FFFFFF", "#00FF00",
	                                    "#FF0000", "#FFFF00" };
	int i;

	for (i = 0; i < 6; i++)
		if (!strcmp(c, name[i]))
			return "BEWGRY"[i];
	return '?';
}

/* an X error (a window gone) fails the call that made it */
static int
xerror(Display *dpy, XErrorEvent *e)
{
	(void)dpy;
	(void)e;
	return 0;
}

/* the runs of pixel column col down the window in buf (-s); 1 when the
 * window cannot be read */
static int
column(Display *dpy, Window win, int col, char *buf, size_t len)
{
	XWindowAttributes wa;
	XImage *img;
	unsigned long p;
	char c[8], last[8] = "";
	size_t o = 0;
	int y, n = 0;

	*buf = '\0';
	if (!XGetWindowAttributes(dpy, win, &wa) || col < 0 || col >= wa.width ||
	    !(img = XGetImage(dpy, win, col, 0, 1, wa.height, AllPlanes, ZPixmap)))
		return 1;
	for (y = 0; y <= img->height && o < len; y++) {
		*c = '\0';
		if (y < img->height) {
			p = XGetPixel(img, 0, y);
			snprintf(c, sizeof(c), "#%02X%02X%02X", channel(p, wa.visual->red_mask),
			         channel(p, wa.visual->green_mask), channel(p, wa.visual->blue_mask));
			if (!strcmp(c, last)) {
				n++;
				continue;
			}
		}
		if (n)
			o += snprintf(buf + o, len - o, "%s%c%d", o ? " " : "", letter(last), n);
		memcpy(last, c, sizeof(c));
		n = 1;
	}
	XDestroyImage(img);
	return o >= len;
}

/* -m: the column read until its runs match */
static int
match(char *argv[])
{
	Display *dpy;
	regex_t re;
	char *s, buf[32768];
	struct timespec tenth = { 0, 100000000 };
	int i, n = atoi(argv[3]), ok = 0;

	if (!(s = malloc(strlen(argv[2]) + 3)))
		return 1;
	sprintf(s, "^%s$", argv[2]);
	if (regcomp(&re, s, REG_EXTENDED | REG_NOSUB) || !(dpy = XOpenDisplay(NULL)))
		return 1;
	XSetErrorHandler(xerror);
	for (i = 0; i < n && !ok; i++) {
		if (i)
			nanosleep(&tenth, NULL);
		ok = !column(dpy, strtoul(argv[4], NULL, 0), atoi(argv[5]), buf, sizeof(buf)) &&
		     !regexec(&re, buf, 0, NULL, 0);
	}
	if (*buf)
		puts(buf);
	return !ok;
}

int
main(int argc, char *argv[])
{
	Display *dpy;
	Window win;
	XWindowAttributes wa;
	XImage *img;
	FILE *f = NULL;
	unsigned long p, m[3];
	char buf[32768];
	int x, y, col, i, runs = !strcmp(argv[argc > 1], "-s");

	if (argc == 7 && (!strcmp(argv[1], "-b") || !strcmp(argv[1], "-c") ||
	    !strcmp(argv[1], "-t") || !strcmp(argv[1], "-i")))
		return area(argv);
	if (argc == 6 && !strcmp(argv[1], "-m"))
		return match(argv);
	argv += runs;
	argc -= runs;
	if (argc != 3 && (argc != 4 || runs)) {
		fputs("usage: grab [-s] window x | grab window x file | grab -m re n window x |\n"
		      "       grab -b|-c|-t|-i file x y w h\n", stderr);
		return 2;
	}
	if (!(dpy = XOpenDisplay(NULL))) {
		fputs("grab: cannot open display\n", stderr);
		return 1;
	}
	/* without a file, the column alone is read */
	XSetErrorHandler(xerror);
	win = strtoul(argv[1], NULL, 0);
	col = atoi(argv[2]);
	if (runs) {
		if (column(dpy, win, col, buf, sizeof(buf)))
			return 1;
		puts(buf);
		return 0;
	}
	if (!XGetWindowAttributes(dpy, win, &wa) || (argc == 3 && (col < 0 || col >= wa.width)))
		return 1;
	x = argc == 4 ? 0 : col;
	if (!(img = XGetImage(dpy, win, x, 0, argc == 4 ? wa.width : 1, wa.height,
	    AllPlanes, ZPixmap)))
		return 1;
	if (argc == 4) {
		col -= x;
		if (!(f = fopen(argv[3], "w"))) {
			perror(argv[3]);
			return 1;
		}
		fprintf(f, "P6\n%d %d\n255\n", img->width, img->height);
	} else {
		col = 0;
	}
	m[0] = wa.visual->red_mask;
	m[1] = wa.visual->green_mask;
	m[2] = wa.visual->blue_mask;
	for (y = 0; y < img->height; y++) {
		for (x = 0; x < img->width; x++) {
			p = XGetPixel(img, x, y);
			for (i = 0; f && i < 3; i++)
				putc(channel(p, m[i]), f);
			if (x == col)
				printf("#%02X%02X%02X\n", channel(p, m[0]), channel(p, m[1]),
				       channel(p, m[2]));
		}
	}
	if (f && fclose(f) == EOF) {
		perror(argv[3]);
		return 1;
	}
	XDestroyImage(img);
	XCloseDisplay(dpy);
	return 0;
}
