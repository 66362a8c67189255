/* See LICENSE file for copyright and license details. */
/*
 * drw: text and rectangles with Xft, as dmenu's drw.c.
 *
 * A Drw draws into one drawable (lwnrss's Pixmap) in two faces, normal
 * and bold, each a list of fonts: the configured ones, then those that
 * fontconfig finds for code points they lack, opened as text needs them
 * and kept (64 fonts a face at most).  Code points no font has are remembered, so a missing glyph
 * costs one lookup.  Text is UTF-8; invalid sequences show as U+FFFD and
 * control characters as spaces.  No function exits: drw_init says when
 * no font could be loaded.
 */
#include <X11/Xlib.h>
#include <X11/Xft/Xft.h>

enum { FaceNorm, FaceBold, FaceLast }; /* font faces */

typedef struct {
	Display *dpy;
	int screen;
	Visual *vis;
	Colormap cmap;
	XftDraw *xd;                    /* drawn on; XftDrawChange moves it */
	XftFont *fonts[FaceLast][64];   /* each face's: the configured ones, then
	                                   fallbacks, the first one when it is full */
	size_t nfonts[FaceLast];
	FcPattern *pattern[FaceLast];   /* the first configured font's, for fallback lookups */
	int h[FaceLast];                /* a line of each face: ascent + descent, px */
	double dpi;                     /* Xft.dpi, as fontconfig applied it; 96 when unknown */
	int colorfonts;                 /* 0: colour fonts are refused, fallbacks too */
	const char *ellipsis;           /* "…" when the normal face has it, else "..." */
	unsigned long nomatches[128];   /* code points no font has, hashed */
} Drw;

/*
 * drw_init opens fonts[0..n) in both faces (bold: the same names with
 * weight bold) for drawing on dr; a name that fails is warned about and
 * skipped.  Returns 0, or -1 when no font of a face could be loaded.
 */
int drw_init(Drw *d, Display *dpy, int screen, Drawable dr, const char **fonts,
             size_t n, int colorfonts);
void drw_free(Drw *d);

/* a colour by name ("#rrggbb", an X colour name); 0, or -1 when unknown */
int drw_clr(Drw *d, const char *name, XftColor *c);
void drw_clrfree(Drw *d, XftColor *c);
void drw_rect(Drw *d, const XftColor *c, int x, int y, int w, int h);

/*
 * drw_run walks s[0..len) in face and returns the width of the part that
 * fits in maxw px (all of it when maxw < 0), its length in bytes in
 * *fit.  With fg it also draws that part, its line box's top at y.
 */
int drw_run(Drw *d, int face, int x, int y, const char *s, size_t len, int maxw,
            size_t *fit, const XftColor *fg);
int drw_textw(Drw *d, int face, const char *s);
/* draw s in at most w px, ending in an ellipsis when it does not fit */
void drw_text(Drw *d, int face, int x, int y, int w, const char *s, const XftColor *fg);
/* draw s in at most lines lines of w px, broken at spaces, the last
 * ending in an ellipsis when it does not fit (none when w <= 0); returns
 * the lines used.  Without fg it only counts them */
unsigned int drw_wrapped(Drw *d, int face, int x, int y, int w, const char *s,
                 unsigned int lines, const XftColor *fg);
