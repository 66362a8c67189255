/* See LICENSE file for copyright and license details.
 *
 * grab [-s] window x [file]: the pixel column x down the window on
 * standard output, a #RRGGBB line a pixel, or with -s as runs of one
 * colour, each a letter for the test build's colours and its length
 * ("B38 G90 R1 W90": see tests/xlib.sh's sig); with file, the window's
 * pixels as a binary PPM (P6) there (x -1: only that).  ImageMagick's
 * import takes ten times its processor time, and a column alone is read
 * in a fiftieth of the time of the whole window: the tests poll the
 * column many times.  Exits 1 when the window cannot be read (gone, say).
 *
 * grab -b file x y w h: the bounding box "WxH+X+Y" of what is drawn in
 * that area of such a PPM, as ImageMagick's convert -crop and -format %@
 * find it where the area's background is of one colour, in a tenth of
 * its time: ink is a pixel unlike the area's top left corner; "0x0+w+h"
 * when there is none.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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

static int
box(char *argv[])
{
	FILE *f;
	unsigned char *img, *p, *bg;
	int iw, ih, x0, y0, w, h, x, y, l, t, r, b;

	if (!(f = fopen(argv[2], "r")) || fscanf(f, "P6 %d %d 255", &iw, &ih) != 2 ||
	    getc(f) == EOF || !(img = malloc(3 * (size_t)iw * ih)) ||
	    fread(img, 3, (size_t)iw * ih, f) != (size_t)iw * ih)
		return 1;
	x0 = atoi(argv[3]);
	y0 = atoi(argv[4]);
	w = atoi(argv[5]) < iw - x0 ? atoi(argv[5]) : iw - x0;
	h = atoi(argv[6]) < ih - y0 ? atoi(argv[6]) : ih - y0;
	if (x0 < 0 || y0 < 0 || w <= 0 || h <= 0)
		return 1;
#define PX(x, y) (img + 3 * ((size_t)(y0 + (y)) * iw + x0 + (x)))
	bg = PX(0, 0);
	l = w, t = h, r = b = -1;
	for (y = 0; y < h; y++) {
		for (x = 0; x < w; x++) {
			if (!memcmp(p = PX(x, y), bg, 3))
				continue;
			l = x < l ? x : l;
			t = y < t ? y : t;
			r = x > r ? x : r;
			b = y;
		}
	}
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

int
main(int argc, char *argv[])
{
	Display *dpy;
	Window win;
	XWindowAttributes wa;
	XImage *img;
	FILE *f = NULL;
	unsigned long p, m[3];
	char c[8], last[8] = "";
	int x, y, col, i, n = 0, runs = !strcmp(argv[argc > 1], "-s");

	if (argc == 7 && !strcmp(argv[1], "-b"))
		return box(argv);
	argv += runs;
	argc -= runs;
	if (argc != 3 && argc != 4) {
		fputs("usage: grab [-s] window x [file] | grab -b file x y w h\n", stderr);
		return 2;
	}
	if (!(dpy = XOpenDisplay(NULL))) {
		fputs("grab: cannot open display\n", stderr);
		return 1;
	}
	/* an X error (a window gone) ends the program with status 1.
	 * Without a file, the column alone is read */
	win = strtoul(argv[1], NULL, 0);
	col = atoi(argv[2]);
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
			if (x != col)
				continue;
			snprintf(c, sizeof(c), "#%02X%02X%02X", channel(p, m[0]),
			         channel(p, m[1]), channel(p, m[2]));
			if (!runs) {
				puts(c);
			} else if (strcmp(c, last)) {
				if (n)
					printf("%c%d ", letter(last), n);
				memcpy(last, c, sizeof(c));
				n = 1;
			} else {
				n++;
			}
		}
	}
	if (runs && n)
		printf("%c%d\n", letter(last), n);
	if (f && fclose(f) == EOF) {
		perror(argv[3]);
		return 1;
	}
	XDestroyImage(img);
	XCloseDisplay(dpy);
	return 0;
}
