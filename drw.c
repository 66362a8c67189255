/* See LICENSE file for copyright and license details. */
#include <stdlib.h>
#include <string.h>

#include <X11/Xlib.h>
#include <X11/Xft/Xft.h>

#include "drw.h"
#include "util.h"

/*
 * addfont opens the font fontconfig matches pat with as the next of
 * face, unless it is a colour font and those are refused, or the face is
 * full; returns it, or NULL.  A configured font has a name, for the
 * warnings.
 */
static XftFont *
addfont(Drw *d, int face, FcPattern *pat, const char *name)
{
	FcPattern *match;
	FcResult res;
	FcBool color;
	XftFont *xf = NULL;

	if (d->nfonts[face] == LENGTH(d->fonts[face]))
		return NULL;
	if ((match = XftFontMatch(d->dpy, d->screen, pat, &res)) &&
	    !(xf = XftFontOpenPattern(d->dpy, match)))
		FcPatternDestroy(match);
	if (!xf && name)
		warn("cannot load font: %s", name);
	if (xf && !d->colorfonts && FcPatternGetBool(xf->pattern, FC_COLOR, 0, &color) ==
	    FcResultMatch && color) {
		XftFontClose(d->dpy, xf);
		if (name)
			warn("refusing colour font: %s", name);
		return NULL;
	}
	return xf ? (d->fonts[face][d->nfonts[face]++] = xf) : NULL;
}

static void
fontopen(Drw *d, int face, const char *name)
{
	FcPattern *pat;

	if (!(pat = FcNameParse((const FcChar8 *)name))) {
		warn("cannot parse font name: %s", name);
		return;
	}
	if (face == FaceBold) {
		FcPatternDel(pat, FC_WEIGHT);
		FcPatternAddInteger(pat, FC_WEIGHT, FC_WEIGHT_BOLD);
	}
	if (addfont(d, face, pat, name) && !d->pattern[face])
		d->pattern[face] = pat;
	else
		FcPatternDestroy(pat);
}

int
drw_init(Drw *d, Display *dpy, int screen, Drawable dr, const char **fonts,
         size_t n, int colorfonts)
{
	size_t i;
	int face;

	memset(d, 0, sizeof(*d));
	d->dpy = dpy;
	d->screen = screen;
	d->vis = DefaultVisual(dpy, screen);
	d->cmap = DefaultColormap(dpy, screen);
	d->colorfonts = colorfonts;
	for (face = 0; face < FaceLast; face++) {
		for (i = 0; i < n; i++)
			fontopen(d, face, fonts[i]);
		if (!d->nfonts[face]) {
			drw_free(d);
			return -1;
		}
		d->h[face] = d->fonts[face][0]->ascent + d->fonts[face][0]->descent;
	}
	if (FcPatternGetDouble(d->fonts[FaceNorm][0]->pattern, FC_DPI, 0,
	    &d->dpi) != FcResultMatch || d->dpi <= 0)
		d->dpi = 96;
	d->ellipsis = XftCharExists(dpy, d->fonts[FaceNorm][0], 0x2026) ?
	              "\xe2\x80\xa6" : "...";
	d->xd = XftDrawCreate(dpy, dr, d->vis, d->cmap);
	return 0;
}

void
drw_free(Drw *d)
{
	int i;

	for (i = 0; i < FaceLast; i++) {
		while (d->nfonts[i])
			XftFontClose(d->dpy, d->fonts[i][--d->nfonts[i]]);
		if (d->pattern[i])
			FcPatternDestroy(d->pattern[i]);
		d->pattern[i] = NULL;
	}
	if (d->xd)
		XftDrawDestroy(d->xd);
	d->xd = NULL;
}

int
drw_clr(Drw *d, const char *name, XftColor *c)
{
	return XftColorAllocName(d->dpy, d->vis, d->cmap, name, c) ? 0 : -1;
}

void
drw_clrfree(Drw *d, XftColor *c)
{
	XftColorFree(d->dpy, d->vis, d->cmap, c);
}

void
drw_rect(Drw *d, const XftColor *c, int x, int y, int w, int h)
{
	if (w > 0 && h > 0)
		XftDrawRect(d->xd, c, x, y, w, h);
}

/* a font of face that has cp: a loaded one, else fontconfig's choice,
 * else the first one (which draws its "missing" box) */
static XftFont *
glyphfont(Drw *d, int face, unsigned long cp)
{
	FcCharSet *cs;
	FcPattern *pat;
	XftFont *xf;
	size_t i, h = cp % LENGTH(d->nomatches);

	for (i = 0; i < d->nfonts[face]; i++)
		if (XftCharExists(d->dpy, d->fonts[face][i], cp))
			return d->fonts[face][i];
	if (d->nomatches[h] == cp)
		return d->fonts[face][0];

	/* ask for the first font's family, size and weight with this glyph */
	cs = FcCharSetCreate();
	FcCharSetAddChar(cs, cp);
	pat = FcPatternDuplicate(d->pattern[face]);
	FcPatternAddCharSet(pat, FC_CHARSET, cs);
	FcPatternAddBool(pat, FC_SCALABLE, FcTrue);
	if (!d->colorfonts)
		FcPatternAddBool(pat, FC_COLOR, FcFalse);
	xf = addfont(d, face, pat, NULL);
	FcCharSetDestroy(cs);
	FcPatternDestroy(pat);
	if (xf && XftCharExists(d->dpy, xf, cp))
		return xf;
	if (xf)
		XftFontClose(d->dpy, d->fonts[face][--d->nfonts[face]]);
	d->nomatches[h] = cp;
	return d->fonts[face][0];
}

int
drw_run(Drw *d, int face, int x, int y, const char *s, size_t len, int maxw,
        size_t *fit, const XftColor *fg)
{
	FT_UInt glyphs[256], g;
	XGlyphInfo ext;
	XftFont *f, *runf = NULL;
	unsigned long cp;
	size_t i = 0, n, ng = 0;
	int w = 0, runx = x, base = y + d->fonts[face][0]->ascent;

	while (i < len) {
		n = utf8dec(s + i, len - i, &cp);
		if (cp < 0x20 || cp == 0x7f)
			cp = ' ';
		f = glyphfont(d, face, cp);
		g = XftCharIndex(d->dpy, f, cp);
		XftGlyphExtents(d->dpy, f, &g, 1, &ext);
		if (maxw >= 0 && w + ext.xOff > maxw)
			break;
		if (fg) {
			/* one XftDrawGlyphs per run of glyphs from one font */
			if (ng && (f != runf || ng == LENGTH(glyphs))) {
				XftDrawGlyphs(d->xd, fg, runf, runx, base, glyphs, ng);
				runx = x + w;
				ng = 0;
			}
			glyphs[ng++] = g;
		}
		runf = f;
		w += ext.xOff;
		i += n;
	}
	if (fg && ng)
		XftDrawGlyphs(d->xd, fg, runf, runx, base, glyphs, ng);
	if (fit)
		*fit = i;
	return w;
}

int
drw_textw(Drw *d, int face, const char *s)
{
	return drw_run(d, face, 0, 0, s, strlen(s), -1, NULL, NULL);
}

void
drw_text(Drw *d, int face, int x, int y, int w, const char *s, const XftColor *fg)
{
	size_t len = strlen(s), n;
	int ew = 0;

	if (w <= 0)
		return;
	drw_run(d, face, 0, 0, s, len, w, &n, NULL);
	/* what does not fit ends in an ellipsis, after what fits beside it */
	if (n < len) {
		if ((ew = drw_textw(d, face, d->ellipsis)) > w)
			return;
		drw_run(d, face, 0, 0, s, len, w - ew, &n, NULL);
		while (n > 0 && s[n - 1] == ' ')
			n--;
	}
	x += drw_run(d, face, x, y, s, n, -1, NULL, fg);
	if (ew)
		drw_run(d, face, x, y, d->ellipsis, strlen(d->ellipsis), -1, NULL, fg);
}

unsigned int
drw_wrapped(Drw *d, int face, int x, int y, int w, const char *s,
            unsigned int lines, const XftColor *fg)
{
	size_t len, n, b;
	unsigned int l;

	for (l = 0; w > 0 && l < lines && *s; l++, y += d->h[face]) {
		len = strlen(s);
		if (l + 1 == lines) {
			if (fg)
				drw_text(d, face, x, y, w, s, fg);
			return lines;
		}
		drw_run(d, face, 0, 0, s, len, w, &n, NULL);
		if (n == 0)
			break;
		if (n < len && s[n] != ' ') {
			for (b = n; b > 0 && s[b - 1] != ' '; b--)
				;
			if (b > 0)
				n = b;
		}
		if (fg)
			drw_run(d, face, x, y, s, n, -1, NULL, fg);
		for (s += n; *s == ' '; s++)
			;
	}
	return l;
}
