/* See LICENSE file for copyright and license details.
 *
 * grab window x file: the window's pixels as a binary PPM (P6) in file,
 * and the pixel column x down it on standard output, a #RRGGBB line a
 * pixel, as ImageMagick's convert reads them (XGetImage) in a tenth of
 * its processor time: tests/xlib.sh's sig polls the column many times.
 * Exits 1 when the window cannot be read (gone, say).
 */
#include <stdio.h>
#include <stdlib.h>

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

int
main(int argc, char *argv[])
{
	Display *dpy;
	XWindowAttributes wa;
	XImage *img;
	FILE *f;
	unsigned long p;
	int x, y, col;

	if (argc != 4) {
		fputs("usage: grab window x file\n", stderr);
		return 2;
	}
	if (!(dpy = XOpenDisplay(NULL))) {
		fputs("grab: cannot open display\n", stderr);
		return 1;
	}
	/* an X error (a window gone) ends the program with status 1 */
	if (!XGetWindowAttributes(dpy, strtoul(argv[1], NULL, 0), &wa) ||
	    !(img = XGetImage(dpy, strtoul(argv[1], NULL, 0), 0, 0, wa.width,
	    wa.height, AllPlanes, ZPixmap)))
		return 1;
	col = atoi(argv[2]);
	if (!(f = fopen(argv[3], "w"))) {
		perror(argv[3]);
		return 1;
	}
	fprintf(f, "P6\n%d %d\n255\n", wa.width, wa.height);
	for (y = 0; y < wa.height; y++) {
		for (x = 0; x < wa.width; x++) {
			p = XGetPixel(img, x, y);
			putc(channel(p, wa.visual->red_mask), f);
			putc(channel(p, wa.visual->green_mask), f);
			putc(channel(p, wa.visual->blue_mask), f);
			if (x == col)
				printf("#%02X%02X%02X\n", channel(p, wa.visual->red_mask),
				       channel(p, wa.visual->green_mask),
				       channel(p, wa.visual->blue_mask));
		}
	}
	if (fclose(f) == EOF) {
		perror(argv[3]);
		return 1;
	}
	XDestroyImage(img);
	XCloseDisplay(dpy);
	return 0;
}
