/* See LICENSE file for copyright and license details.
 *
 * lwnrss shows a feed's headlines, LWN.net's by default, in one X window.
 *
 * Three modules do the work: http.c fetches the feed over TLS (url.c
 * parses its URLs, tls.c and x509.c do TLS and check certificates),
 * rdf.c turns its bytes into a Feed, and this file shows it.  `lwnrss -p`
 * prints the headlines as "title<TAB>link" lines instead, for dmenu and
 * for scripts; `lwnrss -p -` reads the feed from standard input.
 *
 * The window is one ordinary top-level window (or a child of the window
 * given with -w, for tabbed and other XEmbed hosts).  Everything is drawn
 * with Xft into a Pixmap the size of the window, which Expose copies;
 * after any change to the rows the whole Pixmap is redrawn, which for a
 * few dozen rows costs less than working out what changed; a new status
 * redraws the title bar alone.  Text goes through
 * one small layer (textrun) that decodes UTF-8, finds for each code point
 * a font that has it (the configured fonts first, then fontconfig's
 * fallback, remembering code points no font has) and cuts text with an
 * ellipsis where it would overflow.
 *
 * On start the cache's copy of the feed, if there is one, is painted
 * first; the first fetch starts after that paint, and asks the server
 * conditionally (see "the cache" for the file and its atomic writes).
 *
 * The network never runs in this process.  fetchstart() forks a child
 * that calls http_get (or reads standard input for "-"), writes the
 * result to a pipe in a small length-prefixed form and exits; the parent
 * collects the bytes as they arrive and parses them with rdf_parse when
 * the pipe closes.  The event loop, as in st, waits in pselect() on the X
 * connection and that pipe (a timeout is the place for timers), drains
 * XPending, redraws when something changed and flushes.  So the window
 * scrolls, resizes and quits at once while a slow server thinks; quitting
 * kills and reaps the child.  Signals only set a flag, and are blocked
 * except inside pselect(), so none is lost between a check and the wait.
 *
 * Opening an article forks twice: the grandchild calls setsid and execs
 * the command from config.h, the child exits at once and is reaped at
 * once, so the window never waits for a browser and leaves no zombie.
 *
 * To understand everything else, start reading main().
 */
#include <errno.h>
#include <fcntl.h>
#include <locale.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/select.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <X11/Xatom.h>
#include <X11/Xlib.h>
#include <X11/Xutil.h>
#include <X11/keysym.h>
#include <X11/Xft/Xft.h>

#include "http.h"
#include "rdf.h"
#include "util.h"

/* macros */
#define CLEANMASK(mask)         ((mask) & (ControlMask|Mod1Mask|Mod3Mask|Mod4Mask|Mod5Mask))
#define XEMBED_MAPPED           (1 << 0)
/* LWN's feed says it changes at most twice an hour (syn:updatePeriod
 * hourly, syn:updateFrequency 2): no automatic fetch comes sooner, whatever
 * config.h says */
#define MINREFRESH              (30 * 60)

/* enums */
enum { SchemeNorm, SchemeSel, SchemeDim, SchemeBar, SchemeErr, SchemeLast }; /* color schemes */
enum { ColFg, ColBg }; /* color scheme index */
enum { FaceNorm, FaceBold, FaceLast }; /* font faces */
enum { WMProtocols, WMDelete, NetWMName, NetWMPid, UTF8String, XEmbedInfo,
       AtomLast }; /* atoms */

typedef union {
	int i;
	const void *v;
} Arg;

typedef struct {
	unsigned int mod;
	KeySym keysym;
	void (*func)(const Arg *);
	const Arg arg;
} Key;

typedef struct {
	unsigned int mod;
	unsigned int button;
	void (*func)(const Arg *);
	const Arg arg;
} Button;

/* one font of a face; the first is configured, later ones are fallbacks */
typedef struct Fnt {
	XftFont *xfont;
	FcPattern *pattern;     /* the configured pattern, for fallback lookups; NULL for fallbacks */
	struct Fnt *next;
} Fnt;

/* function declarations: those config.h names come first */
static void clickrow(const Arg *arg);
static void jump(const Arg *arg);
static void move(const Arg *arg);
static void openitem(const Arg *arg);
static void page(const Arg *arg);
static void quit(const Arg *arg);
static void reload(const Arg *arg);
static void scroll(const Arg *arg);

static void buttonpress(XEvent *e);
static void clientmessage(XEvent *e);
static void configurenotify(XEvent *e);
static void destroynotify(XEvent *e);
static void expose(XEvent *e);
static void keypress(XEvent *e);
static void mapnotify(XEvent *e);

/* variables */
static char *argv0;
static const char *url;                 /* the feed's URL, or "-" for stdin */
static Display *dpy;
static int screen;
static Window root, parentwin, win;
static Pixmap pm;
static GC gc;
static XftDraw *xd;
static Atom atoms[AtomLast];
static Fnt *faces[FaceLast];
static XftColor scheme[SchemeLast][2];
static const char *ellipsis = "...";
static unsigned long nomatches[128];    /* code points no font has, hashed */
static double dpi = 96;
static int ww, wh;                      /* window size */
static int pad, gap, barpad, barh, lineh, boldh, rowh; /* layout, px */
static int mapped, dirty, running = 1;
static int dirtybar;                    /* only the title bar changed */
static volatile sig_atomic_t gotsig;    /* SIGTERM or SIGINT: quit */
static volatile sig_atomic_t gothup;    /* SIGHUP: fetch now */

static Feed feed;
static Buf feedbuf;                     /* the bytes feed was parsed in (in place) */
static char *isnew;                     /* per item: new since the first headlines shown */
static XftColor newclr;                 /* the mark of those */
static char *etag, *lastmod;            /* the shown feed's validators, for the next fetch */
static time_t fetched;                  /* when the server last sent or confirmed the shown
                                           feed (kept in memory: a 304 leaves the file); 0: unknown */
static int fromcache;                   /* the rows are the cache's, unconfirmed by a fetch */
static int cachewarned;                 /* a cache write failed and was reported */
static char **descs;                    /* plain-text descriptions, one per item */
static int sel, top;                    /* selected item, first item shown */
static int pointrow = -1;               /* item under the last button press */
static char status[256];                /* title bar's right-hand text */
static int failed;                      /* the last fetch failed */

static pid_t fetchpid = -1;             /* the fetch child, while it runs */
static int firstfetch;                  /* the first fetch waits for the cache's first paint */
static int painted;                     /* the window has been drawn */
static time_t started;                  /* when lwnrss started */
static time_t lastask;                  /* when the last fetch started */
static time_t notbefore;                /* Retry-After: no automatic fetch before then */
static int fetchfd = -1;                /* its pipe's read end */
static Buf fetchbuf;                    /* what arrived through it */

static void (*handler[LASTEvent])(XEvent *) = {
	[ButtonPress] = buttonpress,
	[ClientMessage] = clientmessage,
	[ConfigureNotify] = configurenotify,
	[DestroyNotify] = destroynotify,
	[Expose] = expose,
	[KeyPress] = keypress,
	[MapNotify] = mapnotify,
};

/* configuration, allows nested code to access above variables */
#ifndef CONFIG_H
#define CONFIG_H "config.h"
#endif
#include CONFIG_H

/* scale a length in px at 96 dpi to the display's Xft.dpi */
static int
px(unsigned int v)
{
	return (int)(v * dpi / 96 + 0.5);
}

/* text and fonts */

static Fnt *
fontopen(const char *name, int bold)
{
	FcPattern *pat, *match;
	FcResult res;
	FcBool color;
	XftFont *xf;
	Fnt *f;

	if (!(pat = FcNameParse((const FcChar8 *)name))) {
		warn("cannot parse font name: %s", name);
		return NULL;
	}
	if (bold) {
		FcPatternDel(pat, FC_WEIGHT);
		FcPatternAddInteger(pat, FC_WEIGHT, FC_WEIGHT_BOLD);
	}
	if (!(match = XftFontMatch(dpy, screen, pat, &res)) ||
	    !(xf = XftFontOpenPattern(dpy, match))) {
		if (match)
			FcPatternDestroy(match);
		FcPatternDestroy(pat);
		warn("cannot load font: %s", name);
		return NULL;
	}
	if (!colorfonts && FcPatternGetBool(xf->pattern, FC_COLOR, 0, &color) ==
	    FcResultMatch && color) {
		XftFontClose(dpy, xf);
		FcPatternDestroy(pat);
		warn("refusing colour font: %s", name);
		return NULL;
	}
	f = ecalloc(1, sizeof(*f));
	f->xfont = xf;
	f->pattern = pat;
	return f;
}

static void
fontsfree(void)
{
	Fnt *f, *next;
	int i;

	for (i = 0; i < FaceLast; i++) {
		for (f = faces[i]; f; f = next) {
			next = f->next;
			XftFontClose(dpy, f->xfont);
			if (f->pattern)
				FcPatternDestroy(f->pattern);
			free(f);
		}
		faces[i] = NULL;
	}
}

/* a font of face that has cp: a loaded one, else fontconfig's choice,
 * else the first one (which draws its "missing" box) */
static Fnt *
glyphfont(int face, unsigned long cp)
{
	Fnt *f, *last = NULL, *nf;
	FcCharSet *cs;
	FcPattern *pat, *match;
	FcResult res;
	FcBool color;
	XftFont *xf = NULL;
	size_t h = cp % LENGTH(nomatches);

	for (f = faces[face]; f; f = f->next) {
		if (XftCharExists(dpy, f->xfont, cp))
			return f;
		last = f;
	}
	if (nomatches[h] == cp)
		return faces[face];

	/* ask for the first font's family, size and weight with this glyph */
	cs = FcCharSetCreate();
	FcCharSetAddChar(cs, cp);
	pat = FcPatternDuplicate(faces[face]->pattern);
	FcPatternAddCharSet(pat, FC_CHARSET, cs);
	FcPatternAddBool(pat, FC_SCALABLE, FcTrue);
	if (!colorfonts)
		FcPatternAddBool(pat, FC_COLOR, FcFalse);
	match = XftFontMatch(dpy, screen, pat, &res);
	FcCharSetDestroy(cs);
	FcPatternDestroy(pat);
	if (match && !(xf = XftFontOpenPattern(dpy, match)))
		FcPatternDestroy(match);
	if (xf && (!XftCharExists(dpy, xf, cp) || (!colorfonts &&
	    FcPatternGetBool(xf->pattern, FC_COLOR, 0, &color) == FcResultMatch &&
	    color))) {
		XftFontClose(dpy, xf);
		xf = NULL;
	}
	if (!xf) {
		nomatches[h] = cp;
		return faces[face];
	}
	nf = ecalloc(1, sizeof(*nf));
	nf->xfont = xf;
	last->next = nf;
	return nf;
}

/*
 * textrun walks s[0..len) in face and returns the width of the part that
 * fits in maxw px (all of it when maxw < 0), its length in bytes in
 * *fit.  With fg it also draws that part, its line box's top at y.
 * Invalid UTF-8 shows as U+FFFD, control characters as spaces.
 */
static int
textrun(int face, int x, int y, const char *s, size_t len, int maxw,
        size_t *fit, const XftColor *fg)
{
	FT_UInt glyphs[256], g;
	XGlyphInfo ext;
	Fnt *f, *runf = NULL;
	unsigned long cp;
	size_t i = 0, n, ng = 0;
	int w = 0, runx = x, base = y + faces[face]->xfont->ascent;

	while (i < len) {
		n = utf8dec(s + i, len - i, &cp);
		if (cp < 0x20 || cp == 0x7f)
			cp = ' ';
		f = glyphfont(face, cp);
		g = XftCharIndex(dpy, f->xfont, cp);
		XftGlyphExtents(dpy, f->xfont, &g, 1, &ext);
		if (maxw >= 0 && w + ext.xOff > maxw)
			break;
		if (fg) {
			/* one XftDrawGlyphs per run of glyphs from one font */
			if (ng && (f != runf || ng == LENGTH(glyphs))) {
				XftDrawGlyphs(xd, fg, runf->xfont, runx, base, glyphs, ng);
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
		XftDrawGlyphs(xd, fg, runf->xfont, runx, base, glyphs, ng);
	if (fit)
		*fit = i;
	return w;
}

static int
textw(int face, const char *s)
{
	return textrun(face, 0, 0, s, strlen(s), -1, NULL, NULL);
}

/* draw s in at most w px, ending in an ellipsis when it does not fit */
static void
drawtext(int face, int x, int y, int w, const char *s, const XftColor *fg)
{
	size_t len = strlen(s), n;
	int ew, tw;

	if (w <= 0)
		return;
	textrun(face, 0, 0, s, len, w, &n, NULL);
	if (n == len) {
		textrun(face, x, y, s, len, -1, NULL, fg);
		return;
	}
	if ((ew = textw(face, ellipsis)) > w)
		return;
	textrun(face, 0, 0, s, len, w - ew, &n, NULL);
	while (n > 0 && s[n - 1] == ' ')
		n--;
	tw = textrun(face, x, y, s, n, -1, NULL, fg);
	textrun(face, x + tw, y, ellipsis, strlen(ellipsis), -1, NULL, fg);
}

/* draw s in at most lines lines of w px, broken at spaces */
static void
drawwrapped(int face, int x, int y, int w, const char *s, unsigned int lines,
            const XftColor *fg)
{
	size_t len, n, b;
	unsigned int l;

	for (l = 0; l < lines && *s; l++, y += lineh) {
		len = strlen(s);
		if (l + 1 == lines) {
			drawtext(face, x, y, w, s, fg);
			break;
		}
		textrun(face, 0, 0, s, len, w, &n, NULL);
		if (n == 0)
			break;
		if (n < len && s[n] != ' ') {
			for (b = n; b > 0 && s[b - 1] != ' '; b--)
				;
			if (b > 0)
				n = b;
		}
		textrun(face, x, y, s, n, -1, NULL, fg);
		for (s += n; *s == ' '; s++)
			;
	}
}

/* drawing */

static int
visrows(void)
{
	return wh > barh ? (wh - barh) / rowh : 0;
}

/* keep top in range, and the selection in view when follow is set */
static void
clamp(int follow)
{
	int n = feed.nitems, vis = MAX(visrows(), 1);

	sel = MAX(0, MIN(sel, n - 1));
	if (follow) {
		if (sel < top)
			top = sel;
		else if (sel >= top + vis)
			top = sel - vis + 1;
	}
	top = MAX(0, MIN(top, n - vis));
	dirty = 1;
}

/* "3 h ago" for t, in the coarsest unit that is not 0 */
static void
agestr(char *buf, size_t n, time_t t)
{
	time_t d = time(NULL) - t;

	if (d < 60)
		snprintf(buf, n, "just now");
	else if (d < 3600)
		snprintf(buf, n, "%lld min ago", (long long)d / 60);
	else if (d < 2 * 86400)
		snprintf(buf, n, "%lld h ago", (long long)d / 3600);
	else
		snprintf(buf, n, "%lld d ago", (long long)d / 86400);
}

/* rows that are not fresh say how old they are: the cache's until a fetch
 * confirms or replaces them, any rows after a failed fetch */
static int
ageshown(void)
{
	return feed.nitems && fetched && (fromcache || failed);
}

static void
drawbar(void)
{
	const char *title = feed.title && *feed.title ? feed.title : "lwnrss";
	XftColor *c = scheme[failed ? SchemeErr : SchemeBar];
	int avail = ww - 2 * pad, sw, tw, y = barpad + (boldh - lineh) / 2;
	char text[sizeof(status) + 64], age[32];

	if (ageshown()) {
		agestr(age, sizeof(age), fetched);
		snprintf(text, sizeof(text), "%s %s%s%s", fromcache ? "cached" :
		         "checked", age, status[0] ? " \xc2\xb7 " : "", status);
	} else {
		snprintf(text, sizeof(text), "%s", status);
	}
	XftDrawRect(xd, &c[ColBg], 0, 0, ww, barh);
	/* the status keeps its place unless the title would get less than a third */
	tw = textw(FaceBold, title);
	sw = MIN(textw(FaceNorm, text), avail - MIN(tw, avail / 3) - pad);
	if (sw > 0)
		drawtext(FaceNorm, ww - pad - sw, y, sw, text, &c[ColFg]);
	drawtext(FaceBold, pad, barpad, avail - (sw > 0 ? sw + pad : 0), title,
	         &c[ColFg]);
}

static void
drawrow(int i, int y)
{
	const Item *it = &feed.items[i];
	XftColor *c = scheme[i == sel ? SchemeSel : SchemeNorm];
	XftColor *dim = &scheme[SchemeDim][ColFg];
	char meta[512], date[128];
	struct tm tm;
	int w = ww - 2 * pad;

	XftDrawRect(xd, &c[ColBg], 0, y, ww, rowh - 1);
	XftDrawRect(xd, &scheme[SchemeDim][ColBg], 0, y + rowh - 1, ww, 1);
	/* new: a bar in the left padding, beside the title */
	if (isnew && isnew[i])
		XftDrawRect(xd, &newclr, pad / 3, y + pad, MAX(pad / 4, 2), boldh);
	y += pad;
	drawtext(FaceBold, pad, y, w, it->title, &c[ColFg]);
	y += boldh + gap;

	date[0] = '\0';
	if (it->time && localtime_r(&it->time, &tm))
		strftime(date, sizeof(date), datefmt, &tm);
	snprintf(meta, sizeof(meta), "%s%s%s", date[0] ? date : it->date,
	         (date[0] || it->date[0]) && it->author[0] ? "  \xc2\xb7  " : "",
	         it->author);
	drawtext(FaceNorm, pad, y, w, meta, dim);
	y += lineh;
	if (desclines && descs && descs[i])
		drawwrapped(FaceNorm, pad, y, w, descs[i], desclines, dim);
}

static void
drawall(void)
{
	int i, y;

	drawbar();
	for (i = top, y = barh; i < (int)feed.nitems && y < wh; i++, y += rowh)
		drawrow(i, y);
	if (y < wh)
		XftDrawRect(xd, &scheme[SchemeNorm][ColBg], 0, y, ww, wh - y);
	if (!feed.nitems && barh < wh && fetchpid < 0 && !failed)
		drawtext(FaceNorm, pad, barh + pad, ww - 2 * pad, "No headlines.",
		         &scheme[SchemeDim][ColFg]);
	dirty = dirtybar = 0;
}

/*
 * draw what changed and show it, all of it after an Expose: a new status
 * (every fetch, every minute while an age shows) costs the title bar
 */
static void
redraw(int expose)
{
	int h = wh;

	if (!mapped || !win)
		return;
	if (dirty) {
		drawall();
	} else if (dirtybar) {
		drawbar();
		dirtybar = 0;
		h = expose ? wh : MIN(barh, wh);
	} else if (!expose) {
		return;
	}
	XCopyArea(dpy, pm, win, gc, 0, 0, ww, h, 0, 0);
	painted = 1;
}

static void
resize(int w, int h)
{
	ww = MAX(w, 1);
	wh = MAX(h, 1);
	if (pm)
		XFreePixmap(dpy, pm);
	pm = XCreatePixmap(dpy, win, ww, wh, DefaultDepth(dpy, screen));
	XftDrawChange(xd, pm);
	clamp(1);
}

static void
settitle(const char *t)
{
	XTextProperty prop;
	char *list = (char *)t;

	if (Xutf8TextListToTextProperty(dpy, &list, 1, XUTF8StringStyle,
	    &prop) == Success) {
		XSetWMName(dpy, win, &prop);
		XFree(prop.value);
	}
	XChangeProperty(dpy, win, atoms[NetWMName], atoms[UTF8String], 8,
	                PropModeReplace, (const unsigned char *)t, strlen(t));
}

static void
setstatus(int fail, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(status, sizeof(status), fmt, ap);
	va_end(ap);
	failed = fail;
	if (fail)
		warn("%s", status);
	/* without rows, the status decides whether "No headlines." shows */
	if (feed.nitems)
		dirtybar = 1;
	else
		dirty = 1;
}

/* the cache */

/*
 * The last good feed of each URL, so that the window paints before the
 * network answers, works offline, and asks the server conditionally.  One
 * file per URL under $XDG_CACHE_HOME/lwnrss/ (~/.cache/lwnrss/), named by
 * the URL's FNV-1a hash:
 *
 *	lwnrss-cache 1\n
 *	url URL\n
 *	etag ETAG\n            (the value empty when there was none)
 *	lastmod LAST-MODIFIED\n
 *	fetched SECONDS\n      (since the epoch)
 *	length N\n
 *	\n
 *	N bytes: the body as the server sent it
 *
 * A file that does not follow this to the byte (cut short, another
 * program's, another URL's with the same hash) is ignored with a warning.
 * A writer locks HASH.tmp, writes it whole, fsyncs it, renames it over
 * HASH and fsyncs the directory: a kill at any moment leaves the old cache
 * or the new one, and at most one stale HASH.tmp, which the next writer
 * reuses.  Only a body that parses as a whole feed is written.
 */
typedef struct {
	Buf body;
	char *etag, *lastmod;   /* NULL when none */
	time_t fetched;
} Cache;

static unsigned long long
fnv1a(const char *s)
{
	unsigned long long h = 14695981039346656037ULL;

	for (; *s; s++)
		h = (h ^ (unsigned char)*s) * 1099511628211ULL;
	return h;
}

/* url's cache file, or NULL when it can have none */
static char *
cachepath(const char *url)
{
	const char *dir, *sub, *s;
	char *p;
	size_t n;

	/* the header is made of lines: a URL that could break one gets no cache */
	for (s = url; *s; s++)
		if ((unsigned char)*s < 0x20 || *s == 0x7f)
			return NULL;
	/* the XDG base directory spec: a relative path is to be ignored */
	if ((dir = getenv("XDG_CACHE_HOME")) && dir[0] == '/')
		sub = "/lwnrss/";
	else if ((dir = getenv("HOME")) && dir[0])
		sub = "/.cache/lwnrss/";
	else
		return NULL;
	n = strlen(dir) + strlen(sub) + 17;
	p = ecalloc(1, n);
	snprintf(p, n, "%s%s%016llx", dir, sub, fnv1a(url));
	return p;
}

/* mkdir -p the directories of path, private as the cache is */
static int
mkdirs(char *path)
{
	char *s;

	for (s = path + 1; (s = strchr(s, '/')); s++) {
		*s = '\0';
		if (mkdir(path, 0700) < 0 && errno != EEXIST) {
			*s = '/';
			return -1;
		}
		*s = '/';
	}
	return 0;
}

/* the value of the header line "key value" at *p; *p then follows it */
static char *
cachefield(char **p, char *end, const char *key)
{
	size_t kl = strlen(key);
	char *nl, *v;

	if (!(nl = memchr(*p, '\n', end - *p)) || (size_t)(nl - *p) < kl + 1 ||
	    memcmp(*p, key, kl) || (*p)[kl] != ' ')
		return NULL;
	*nl = '\0';
	v = *p + kl + 1;
	*p = nl + 1;
	return v;
}

/* a decimal number with nothing around it */
static int
cachenum(const char *s, unsigned long long *v)
{
	char *e;

	if (*s < '0' || *s > '9')
		return -1;
	errno = 0;
	*v = strtoull(s, &e, 10);
	return errno || *e ? -1 : 0;
}

static void
cachefree(Cache *c)
{
	buffree(&c->body);
	free(c->etag);
	free(c->lastmod);
	memset(c, 0, sizeof(*c));
}

/* 0 with *c filled; -1 when there is none, or none usable (said why) */
static int
cacheload(const char *url, Cache *c)
{
	Buf b = {0};
	char *path, *p, *end, *v, *e, *l, *f, *n;
	const char *why = "corrupt cache file ignored";
	unsigned long long fetched, len;
	int fd, ret;

	memset(c, 0, sizeof(*c));
	if (!(path = cachepath(url)))
		return -1;
	if ((fd = open(path, O_RDONLY | O_CLOEXEC)) < 0) {
		/* no cache yet, or no directory for one (said when writing) */
		if (errno != ENOENT && errno != ENOTDIR)
			warn("%s: cache ignored:", path);
		free(path);
		return -1;
	}
	ret = readfd(fd, &b, maxfeed + strlen(url) + 65536);
	close(fd);
	if (ret < 0) {
		warn("%s: cache ignored:", path);
		buffree(&b);
		free(path);
		return -1;
	}
	if (ret > 0 || !b.len)
		goto bad;
	p = b.p;
	end = b.p + b.len;
	if (!(v = cachefield(&p, end, "lwnrss-cache")) || strcmp(v, "1")) {
		why = "not an lwnrss cache file, ignored";
		goto bad;
	}
	if (!(v = cachefield(&p, end, "url")))
		goto bad;
	if (strcmp(v, url)) {
		why = "the cache of another URL, ignored";
		goto bad;
	}
	if (!(e = cachefield(&p, end, "etag")) ||
	    !(l = cachefield(&p, end, "lastmod")) ||
	    !(f = cachefield(&p, end, "fetched")) ||
	    !(n = cachefield(&p, end, "length")) ||
	    p >= end || *p++ != '\n' || cachenum(f, &fetched) < 0 ||
	    cachenum(n, &len) < 0 || len != (unsigned long long)(end - p))
		goto bad;
	c->etag = *e ? estrdup(e) : NULL;
	c->lastmod = *l ? estrdup(l) : NULL;
	c->fetched = (time_t)fetched;
	memmove(b.p, p, len);
	b.len = len;
	b.p[len] = '\0';
	c->body = b;
	free(path);
	return 0;
bad:
	warn("%s: %s", path, why);
	buffree(&b);
	free(path);
	return -1;
}

/* parse c's body (in place: it must outlive *f); on failure warn and
 * free c */
static int
cacheparse(const char *url, Cache *c, Feed *f)
{
	char err[256] = "";

	if (rdf_parse(f, c->body.p, c->body.len, err, sizeof(err)) < 0) {
		warn("%s: cached feed ignored: %s", url, err);
		cachefree(c);
		return -1;
	}
	return 0;
}

static int
writeall(int fd, const char *s, size_t n)
{
	ssize_t w;

	while (n > 0) {
		if ((w = write(fd, s, n)) < 0) {
			if (errno == EINTR)
				continue;
			return -1;
		}
		s += w;
		n -= w;
	}
	return 0;
}

/*
 * Replace url's cache with body.  Returns 0 when written, or left to
 * another lwnrss writing it at the same moment; -1 with a message in err.
 */
static int
cachesave(const char *url, const char *body, size_t len, const char *etag,
          const char *lastmod, time_t fetched, char *err, size_t errlen)
{
	struct flock lk;
	struct stat a, b;
	Buf h = {0};
	char *path, *tmp, *slash, tail[64];
	int fd = -1, dfd, ret = -1, locked = 0;
	size_t n;

	if (!(path = cachepath(url)))
		return 0;
	n = strlen(path) + 5;
	tmp = ecalloc(1, n);
	snprintf(tmp, n, "%s.tmp", path);
	/* http.c refuses control characters in headers; a validator that
	 * still had a line break would break the header: send none then */
	if (etag && strpbrk(etag, "\r\n"))
		etag = NULL;
	if (lastmod && strpbrk(lastmod, "\r\n"))
		lastmod = NULL;
	if (mkdirs(path) < 0 ||
	    (fd = open(tmp, O_WRONLY | O_CREAT | O_CLOEXEC, 0600)) < 0)
		goto fail;
	/* one writer per file: the lock goes with the process, even killed */
	memset(&lk, 0, sizeof(lk));
	lk.l_type = F_WRLCK;
	lk.l_whence = SEEK_SET;
	if (fcntl(fd, F_SETLK, &lk) < 0) {
		if (errno != EACCES && errno != EAGAIN)
			goto fail;
		ret = 0;
		goto out;
	}
	locked = 1;
	/* the writer we waited for may have renamed this very file into
	 * place: then it is the cache, not ours to truncate */
	if (fstat(fd, &a) < 0 || stat(tmp, &b) < 0 || a.st_dev != b.st_dev ||
	    a.st_ino != b.st_ino) {
		ret = 0;
		goto out;
	}
	snprintf(tail, sizeof(tail), "\nfetched %lld\nlength %zu\n\n",
	         (long long)fetched, len);
	if (bufadd(&h, "lwnrss-cache 1\nurl ", 19) < 0 ||
	    bufadd(&h, url, strlen(url)) < 0 || bufadd(&h, "\netag ", 6) < 0 ||
	    (etag && bufadd(&h, etag, strlen(etag)) < 0) ||
	    bufadd(&h, "\nlastmod ", 9) < 0 ||
	    (lastmod && bufadd(&h, lastmod, strlen(lastmod)) < 0) ||
	    bufadd(&h, tail, strlen(tail)) < 0) {
		errno = ENOMEM;
		goto fail;
	}
	if (ftruncate(fd, 0) < 0 || writeall(fd, h.p, h.len) < 0 ||
	    writeall(fd, body, len) < 0 || fsync(fd) < 0 || rename(tmp, path) < 0)
		goto fail;
	locked = 0;
	/* the rename is durable once the directory is */
	slash = strrchr(path, '/');
	*slash = '\0';
	if ((dfd = open(path, O_RDONLY | O_CLOEXEC)) >= 0) {
		fsync(dfd);
		close(dfd);
	}
	ret = 0;
	goto out;
fail:
	snprintf(err, errlen, "%s: cannot write the cache: %s", tmp,
	         strerror(errno));
	if (locked)
		unlink(tmp);
out:
	if (fd >= 0)
		close(fd);
	buffree(&h);
	free(tmp);
	free(path);
	return ret;
}

/* data is a whole feed, worth caching; parsed in a copy, as rdf_parse
 * may write into its input */
static int
isfeed(const char *data, size_t len)
{
	Buf b = {0};
	Feed f;
	char err[256];
	int ok;

	if (bufgrow(&b, len) < 0)
		return 0;
	memcpy(b.p, data, len);
	b.p[len] = '\0';
	b.len = len;
	if ((ok = rdf_parse(&f, b.p, len, err, sizeof(err)) == 0)) {
		ok = !f.truncated;
		rdf_free(&f);
	}
	buffree(&b);
	return ok;
}

/* print mode */

/* print mode's output is gathered here and given to stdio in large
 * blocks: a call to stdio costs more than the parser spends on an item */
static char out[65536];
static size_t outlen;

/* s, then c; s is a title or a link: rdf.h promises it no tab, newline or
 * other control character, so one item is always one "title<TAB>link" line */
static void
putfield(const char *s, char c)
{
	size_t n = strlen(s), k;

	for (;;) {
		if (outlen == sizeof(out)) {
			fwrite(out, 1, outlen, stdout);
			outlen = 0;
		}
		if (!n) {
			out[outlen++] = c;
			return;
		}
		k = MIN(n, sizeof(out) - outlen);
		/* memmove: at -Os gcc makes memcpy a loop of one byte at a time */
		memmove(out + outlen, s, k);
		outlen += k;
		s += k;
		n -= k;
	}
}

static void
printfeed(const Feed *f)
{
	size_t i;

	for (i = 0; i < f->nitems; i++) {
		putfield(f->items[i].title, '\t');
		putfield(f->items[i].link, '\n');
	}
	fwrite(out, 1, outlen, stdout);
	outlen = 0;
}

static void
httpopts(HttpOpt *o)
{
	const char *env;

	memset(o, 0, sizeof(*o));
	o->cafile = (env = getenv("SSL_CERT_FILE")) && *env ? env : cafile;
	o->conntimeout = conntimeout * 1000;
	o->timeout = fetchtimeout * 1000;
	o->maxbody = maxfeed;
	o->maxredirects = maxredirects;
	/* proxies as curl reads them: no HTTP_PROXY, which CGI sets from a header */
	o->httpsproxy = (env = getenv("https_proxy")) && *env ? env : getenv("HTTPS_PROXY");
	o->httpproxy = getenv("http_proxy");
	o->noproxy = (env = getenv("no_proxy")) && *env ? env : getenv("NO_PROXY");
}

/* parse data in place, print it; 0, or 1 when it is no feed (said why) */
static int
printdata(const char *name, char *data, size_t len)
{
	Feed f;
	char err[256] = "";

	if (rdf_parse(&f, data, len, err, sizeof(err)) < 0) {
		warn("%s: %s", name, err);
		return 1;
	}
	if (f.truncated)
		warn("%s: %s", name, err[0] ? err : "feed is truncated");
	printfeed(&f);
	rdf_free(&f);
	return 0;
}

/*
 * -p: fetch (or read stdin for "-"), parse, print.  Returns the exit
 * status: 0 when it printed what the server sent or confirmed unchanged,
 * 1 when it printed nothing, 2 when the fetch failed and it printed the
 * cached headlines instead.
 */
static int
printmode(const char *url)
{
	HttpOpt o;
	HttpResp r;
	Buf in = {0}, copy = {0};
	Cache c;
	Feed f, cf;
	char err[256], cerr[512], age[32], none[1] = "";
	int ret, hascache, status, closed = 0;

	if (!strcmp(url, "-")) {
		if ((ret = readfd(0, &in, maxfeed)) < 0) {
			warn("stdin:");
			status = 1;
		} else if (ret > 0) {
			warn("stdin: feed is larger than the %zu byte limit", maxfeed);
			status = 1;
		} else {
			status = printdata("stdin", in.p ? in.p : none, in.len);
		}
		buffree(&in);
		goto flush;
	}

	/* the cache's validators make the request conditional */
	hascache = cacheload(url, &c) == 0 && cacheparse(url, &c, &cf) == 0;
	httpopts(&o);
	if (hascache) {
		o.etag = c.etag;
		o.lastmod = c.lastmod;
	}
	ret = http_get(url, &o, &r);
	if (ret == 0) {
		/*
		 * Parsed in a copy: rdf_parse writes into its input, and the
		 * cache keeps the body as sent.  The headlines go out and
		 * standard output is closed before the cache's fsync, so that
		 * a reader such as dmenu has them at once.
		 */
		status = 1;
		if (bufgrow(&copy, r.len) < 0) {
			warn("%s: out of memory", url);
		} else {
			memcpy(copy.p, r.body, r.len);
			copy.p[r.len] = '\0';
			err[0] = '\0';
			if (rdf_parse(&f, copy.p, r.len, err, sizeof(err)) < 0) {
				warn("%s: %s", url, err);
			} else {
				if (f.truncated)
					warn("%s: %s", url, err[0] ? err : "feed is truncated");
				printfeed(&f);
				status = 0;
				closed = 1;
				if (fclose(stdout) == EOF) {
					warn("stdout:");
					status = 1;
				}
				if (!f.truncated && cachesave(url, r.body, r.len, r.etag,
				    r.lastmod, time(NULL), cerr, sizeof(cerr)) < 0)
					warn("%s", cerr);
				rdf_free(&f);
			}
		}
		buffree(&copy);
		if (status && !closed && hascache) {
			printfeed(&cf);
			status = 2;
		}
	} else if (ret == 1 && hascache) {
		printfeed(&cf);
		status = 0;
	} else {
		if (ret == 1)
			warn("%s: 304 Not Modified, but no cached copy", url);
		else
			warn("%s", r.err);
		status = 1;
		if (hascache) {
			agestr(age, sizeof(age), c.fetched);
			warn("%s: printing the cached headlines, fetched %s", url, age);
			printfeed(&cf);
			status = 2;
		}
	}
	http_free(&r);
	if (hascache) {
		rdf_free(&cf);
		cachefree(&c);
	}
flush:
	if (!closed && (fflush(stdout) == EOF || ferror(stdout))) {
		warn("stdout:");
		return 1;
	}
	return status;
}

/* the feed */

static void
descsfree(void)
{
	size_t i;

	if (descs)
		for (i = 0; i < feed.nitems; i++)
			free(descs[i]);
	free(descs);
	descs = NULL;
}

static const char *
itemkey(const Item *it)
{
	return it->link[0] ? it->link : it->title;
}

/*
 * mark[i] for each item of f that is new: not in the shown feed, or
 * marked there.  Links are hashed, as feeds of thousands of items are
 * allowed.
 */
static void
marknew(const Feed *f, char *mark)
{
	size_t n = 1, i, j, h, *slot;

	while (n < 2 * feed.nitems)
		n <<= 1;
	slot = ecalloc(n, sizeof(*slot));
	for (i = 0; i < feed.nitems; i++) {
		for (h = fnv1a(itemkey(&feed.items[i])) & (n - 1); slot[h];
		     h = (h + 1) & (n - 1))
			;
		slot[h] = i + 1;
	}
	for (i = 0; i < f->nitems; i++) {
		mark[i] = 1;
		for (h = fnv1a(itemkey(&f->items[i])) & (n - 1); (j = slot[h]);
		     h = (h + 1) & (n - 1)) {
			if (!strcmp(itemkey(&feed.items[j - 1]), itemkey(&f->items[i]))) {
				mark[i] = isnew ? isnew[j - 1] : 0;
				break;
			}
		}
	}
	free(slot);
}

/*
 * show f, parsed in raw (which it takes), in place of the feed: the
 * selected article (by link) keeps its place on screen when it is still
 * there, and articles the shown feed lacked are marked new
 */
static void
setfeed(Feed *f, Buf *raw)
{
	char *link = NULL, *mark = NULL;
	int off = sel - top, i;

	if (sel < (int)feed.nitems)
		link = estrdup(feed.items[sel].link);
	/* the first headlines shown set what counts as new */
	if (feed.nitems) {
		mark = ecalloc(f->nitems ? f->nitems : 1, 1);
		marknew(f, mark);
	}
	descsfree();
	rdf_free(&feed);
	buffree(&feedbuf);
	free(isnew);
	feed = *f;
	feedbuf = *raw;
	memset(raw, 0, sizeof(*raw));
	isnew = mark;
	if (link) {
		for (i = 0; i < (int)feed.nitems; i++) {
			if (!strcmp(feed.items[i].link, link)) {
				sel = i;
				top = i - off;
				break;
			}
		}
		free(link);
	}
	if (desclines) {
		descs = ecalloc(feed.nitems ? feed.nitems : 1, sizeof(*descs));
		for (i = 0; i < (int)feed.nitems; i++)
			descs[i] = rdf_text(feed.items[i].desc);
	}
	settitle(feed.title[0] ? feed.title : "lwnrss");
	clamp(0);
}

/* paint the cache's headlines, if any, before anything else */
static void
cacheshow(void)
{
	Cache c;
	Feed f;

	if (cacheload(url, &c) < 0 || cacheparse(url, &c, &f) < 0)
		return;
	etag = c.etag;
	lastmod = c.lastmod;
	fetched = c.fetched;
	fromcache = 1;
	setfeed(&f, &c.body);
}

/* the fetch child */

static int
writefield(int fd, const char *s, size_t n)
{
	char len[32];

	snprintf(len, sizeof(len), "%zu\n", s ? n : 0);
	return writeall(fd, len, strlen(len)) < 0 || writeall(fd, s, s ? n : 0) < 0 ? -1 : 0;
}

/*
 * In the child: fetch (or read stdin), cache a new feed, and write to fd
 *   "ret status retryafter\n" then err, etag, lastmod, url, the cache's
 *   error and body, each as "length\n" and that many bytes.
 * The child writes the cache, so that fsync never holds up the window.
 */
static void
fetchchild(int fd)
{
	HttpOpt o;
	HttpResp r;
	Buf in = {0};
	char head[64], cerr[512] = "";
	int ret;

	memset(&r, 0, sizeof(r));
	r.retryafter = -1;
	if (!strcmp(url, "-")) {
		if ((ret = readfd(0, &in, maxfeed)) < 0)
			snprintf(r.err, sizeof(r.err), "stdin: %s", strerror(errno));
		else if (ret > 0)
			snprintf(r.err, sizeof(r.err),
			         "stdin: feed is larger than the %zu byte limit", maxfeed);
		ret = ret ? -1 : 0;
		r.body = in.p;
		r.len = in.len;
	} else {
		httpopts(&o);
		o.etag = etag;
		o.lastmod = lastmod;
		ret = http_get(url, &o, &r);
		if (ret == 0 && isfeed(r.body, r.len))
			cachesave(url, r.body, r.len, r.etag, r.lastmod, time(NULL),
			          cerr, sizeof(cerr));
	}
	snprintf(head, sizeof(head), "%d %d %ld\n", ret, r.status, r.retryafter);
	if (writeall(fd, head, strlen(head)) < 0 ||
	    writefield(fd, r.err, strlen(r.err)) < 0 ||
	    writefield(fd, r.etag, r.etag ? strlen(r.etag) : 0) < 0 ||
	    writefield(fd, r.lastmod, r.lastmod ? strlen(r.lastmod) : 0) < 0 ||
	    writefield(fd, r.url, r.url ? strlen(r.url) : 0) < 0 ||
	    writefield(fd, cerr, strlen(cerr)) < 0 ||
	    writefield(fd, r.body, r.len) < 0)
		_exit(1);
	_exit(0);
}

static void
fetchstart(void)
{
	sigset_t none;
	int fds[2];

	if (fetchpid > 0)
		return;
	if (pipe(fds) < 0) {
		setstatus(1, "pipe: %s", strerror(errno));
		return;
	}
	switch ((fetchpid = fork())) {
	case -1:
		close(fds[0]);
		close(fds[1]);
		setstatus(1, "fork: %s", strerror(errno));
		return;
	case 0:
		sigemptyset(&none);
		sigprocmask(SIG_SETMASK, &none, NULL);
		signal(SIGTERM, SIG_DFL);
		signal(SIGINT, SIG_DFL);
		/* a terminal's hangup reaches the whole group: the fetch that
		 * runs is as good as the one the window then asks for */
		signal(SIGHUP, SIG_IGN);
		close(ConnectionNumber(dpy));
		close(fds[0]);
		fetchchild(fds[1]);
	}
	lastask = time(NULL);
	close(fds[1]);
	fetchfd = fds[0];
	fcntl(fetchfd, F_SETFD, FD_CLOEXEC);
	fcntl(fetchfd, F_SETFL, fcntl(fetchfd, F_GETFL) | O_NONBLOCK);
	buffree(&fetchbuf);
	setstatus(0, "Loading\xe2\x80\xa6");
}

/* stop the child, if any, and forget what it sent */
static void
fetchstop(void)
{
	if (fetchpid > 0) {
		kill(fetchpid, SIGKILL);
		while (waitpid(fetchpid, NULL, 0) < 0 && errno == EINTR)
			;
	}
	if (fetchfd >= 0)
		close(fetchfd);
	fetchpid = -1;
	fetchfd = -1;
	buffree(&fetchbuf);
}

/* the next "length\n" and bytes of a child's message */
static int
field(const char **p, const char *end, const char **s, size_t *n)
{
	char *e;
	unsigned long long v;

	if (*p >= end || **p < '0' || **p > '9')
		return -1;
	errno = 0;
	v = strtoull(*p, &e, 10);
	if (errno || e >= end || *e != '\n' || v > (size_t)(end - e - 1))
		return -1;
	*s = e + 1;
	*n = v;
	*p = e + 1 + v;
	return 0;
}

/* a copy of s[0..n) as a string, NULL when empty */
static char *
strndupe(const char *s, size_t n)
{
	char *p;

	if (!n)
		return NULL;
	p = ecalloc(1, n + 1);
	memcpy(p, s, n);
	return p;
}

/* the child's pipe closed: read its message and show the feed or error */
static void
fetchdone(int wstatus)
{
	const char *p = fetchbuf.p, *end = fetchbuf.p + fetchbuf.len;
	const char *err, *tag, *lm, *furl, *cerr, *body;
	const char *name = !strcmp(url, "-") ? "stdin" : url;
	size_t errn, tagn, lmn, furln, cerrn, bodyn;
	char perr[256], tbuf[128];
	time_t now = time(NULL);
	struct tm tm;
	Feed f;
	int ret, code, n;
	long retry;

	if (!p || sscanf(p, "%d %d %ld\n%n", &ret, &code, &retry, &n) != 3 ||
	    (p += n, field(&p, end, &err, &errn)) < 0 ||
	    field(&p, end, &tag, &tagn) < 0 ||
	    field(&p, end, &lm, &lmn) < 0 ||
	    field(&p, end, &furl, &furln) < 0 ||
	    field(&p, end, &cerr, &cerrn) < 0 ||
	    field(&p, end, &body, &bodyn) < 0) {
		if (WIFSIGNALED(wstatus))
			setstatus(1, "%s: fetch killed by signal %d", url,
			          WTERMSIG(wstatus));
		else
			setstatus(1, "%s: fetch failed", url);
		return;
	}
	/* an unwritable cache is said once, not at every refresh */
	if (cerrn && !cachewarned) {
		warn("%.*s", (int)MIN(cerrn, 1024), cerr);
		cachewarned = 1;
	}
	if (ret < 0) {
		/* the server asked for a pause: automatic fetches wait */
		if (retry >= 0 && (code == 429 || code == 503))
			notbefore = now + retry;
		setstatus(1, "%.*s", (int)MIN(errn, sizeof(status) - 1), err);
		return;
	}
	if (ret == 1) {
		/* only the shown feed's validators were sent */
		if (!etag && !lastmod) {
			setstatus(1, "%s: 304 Not Modified, but no cached copy", url);
			return;
		}
		fetched = now;
		fromcache = 0;
		setstatus(0, "up to date");
		return;
	}
	perr[0] = '\0';
	/* parsed in place: the new feed's strings live in fetchbuf */
	if (rdf_parse(&f, fetchbuf.p + (body - fetchbuf.p), bodyn,
	              perr, sizeof(perr)) < 0) {
		setstatus(1, "%s: %s", name, perr);
		return;
	}
	if (f.truncated)
		warn("%s: %s", name, perr[0] ? perr : "feed is truncated");
	free(etag);
	free(lastmod);
	etag = strndupe(tag, tagn);
	lastmod = strndupe(lm, lmn);
	fetched = now;
	fromcache = 0;
	setfeed(&f, &fetchbuf);
	tbuf[0] = '\0';
	if (localtime_r(&now, &tm))
		strftime(tbuf, sizeof(tbuf), timefmt, &tm);
	setstatus(0, "%s", tbuf);
}

/* the pipe is readable: take what is there; on EOF reap and finish */
static void
fetchread(void)
{
	ssize_t n;
	int wstatus = 0;

	for (;;) {
		if (bufgrow(&fetchbuf, 65536) < 0) {
			fetchstop();
			setstatus(1, "%s: out of memory", url);
			return;
		}
		n = read(fetchfd, fetchbuf.p + fetchbuf.len,
		         fetchbuf.cap - fetchbuf.len - 1);
		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK))
			return;
		if (n <= 0)
			break;
		fetchbuf.len += n;
		fetchbuf.p[fetchbuf.len] = '\0';
	}
	close(fetchfd);
	fetchfd = -1;
	while (waitpid(fetchpid, &wstatus, 0) < 0 && errno == EINTR)
		;
	fetchpid = -1;
	fetchdone(wstatus);
	buffree(&fetchbuf);
}

/* actions */

static void
setsel(int i)
{
	if (!feed.nitems)
		return;
	sel = i;
	clamp(1);
}

static void
move(const Arg *arg)
{
	setsel(sel + arg->i);
}

static void
page(const Arg *arg)
{
	int n = MAX(visrows(), 1);

	top += arg->i * n;
	setsel(sel + arg->i * n);
}

static void
jump(const Arg *arg)
{
	setsel(arg->i < 0 ? (int)feed.nitems - 1 : arg->i);
}

static void
scroll(const Arg *arg)
{
	top += arg->i;
	clamp(0);
}

/* run opencmd with link, detached: the window never waits */
static void
spawn(const char *link)
{
	const char *argv[LENGTH(opencmd) + 1];
	sigset_t none;
	size_t i;
	pid_t pid;
	int fd;

	for (i = 0; opencmd[i]; i++)
		argv[i] = opencmd[i];
	argv[i++] = link;
	argv[i] = NULL;

	switch ((pid = fork())) {
	case -1:
		warn("fork:");
		return;
	case 0:
		if (fork() == 0) {
			sigemptyset(&none);
			sigprocmask(SIG_SETMASK, &none, NULL);
			signal(SIGTERM, SIG_DFL);
			signal(SIGINT, SIG_DFL);
			close(ConnectionNumber(dpy));
			if (fetchfd >= 0)
				close(fetchfd);
			/* not the feed's pipe when that is standard input */
			if ((fd = open("/dev/null", O_RDONLY)) >= 0 && fd != 0) {
				dup2(fd, 0);
				close(fd);
			}
			setsid();
			execvp(argv[0], (char *const *)argv);
			warn("%s:", argv[0]);
			_exit(127);
		}
		_exit(0);
	}
	while (waitpid(pid, NULL, 0) < 0 && errno == EINTR)
		;
}

static void
openitem(const Arg *arg)
{
	(void)arg;
	if (sel < (int)feed.nitems && feed.items[sel].link[0]) {
		spawn(feed.items[sel].link);
		/* what was opened is no longer news */
		if (isnew && isnew[sel]) {
			isnew[sel] = 0;
			dirty = 1;
		}
	}
}

static void
clickrow(const Arg *arg)
{
	if (pointrow < 0 || pointrow >= (int)feed.nitems)
		return;
	if (pointrow == sel)
		openitem(arg);
	else
		setsel(pointrow);
}

static void
reload(const Arg *arg)
{
	(void)arg;
	/* standard input is read once */
	if (strcmp(url, "-"))
		fetchstart();
}

static void
quit(const Arg *arg)
{
	(void)arg;
	running = 0;
}

/* events */

static void
buttonpress(XEvent *e)
{
	XButtonEvent *ev = &e->xbutton;
	size_t i;

	pointrow = ev->y >= barh ? top + (ev->y - barh) / rowh : -1;
	for (i = 0; i < LENGTH(buttons); i++)
		if (buttons[i].button == ev->button && buttons[i].func &&
		    CLEANMASK(buttons[i].mod) == CLEANMASK(ev->state))
			buttons[i].func(&buttons[i].arg);
}

static void
clientmessage(XEvent *e)
{
	if (e->xclient.message_type == atoms[WMProtocols] &&
	    (Atom)e->xclient.data.l[0] == atoms[WMDelete])
		running = 0;
}

static void
configurenotify(XEvent *e)
{
	if (e->xconfigure.window == win && (e->xconfigure.width != ww ||
	    e->xconfigure.height != wh))
		resize(e->xconfigure.width, e->xconfigure.height);
}

/* an XEmbed host may destroy the window when it closes the tab */
static void
destroynotify(XEvent *e)
{
	if (e->xdestroywindow.window == win) {
		win = None;
		running = 0;
	}
}

static void
expose(XEvent *e)
{
	if (e->xexpose.count == 0)
		redraw(1);
}

static void
keypress(XEvent *e)
{
	KeySym ks = NoSymbol;
	char buf[32];
	size_t i;

	XLookupString(&e->xkey, buf, sizeof(buf), &ks, NULL);
	for (i = 0; i < LENGTH(keys); i++)
		if (ks == keys[i].keysym && keys[i].func &&
		    CLEANMASK(keys[i].mod) == CLEANMASK(e->xkey.state))
			keys[i].func(&keys[i].arg);
}

static void
mapnotify(XEvent *e)
{
	(void)e;
	mapped = 1;
	dirty = 1;
}

/* setup and the event loop */

static void
sighandler(int sig)
{
	if (sig == SIGHUP)
		gothup = 1;
	else
		gotsig = sig;
}

static int
xioerror(Display *d)
{
	(void)d;
	if (fetchpid > 0)
		kill(fetchpid, SIGKILL);
	die("lost the connection to the X server");
	return 0;
}

static void
setup(Window embed, int argc, char *argv[])
{
	static char *names[AtomLast] = {
		[WMProtocols] = "WM_PROTOCOLS", [WMDelete] = "WM_DELETE_WINDOW",
		[NetWMName] = "_NET_WM_NAME", [NetWMPid] = "_NET_WM_PID",
		[UTF8String] = "UTF8_STRING", [XEmbedInfo] = "_XEMBED_INFO",
	};
	XClassHint ch = { "lwnrss", "lwnrss" };
	XWMHints wmh = { .flags = InputHint | StateHint, .input = True,
	                 .initial_state = NormalState };
	XSetWindowAttributes swa;
	XWindowAttributes wa;
	XSizeHints *sh;
	Visual *vis;
	Colormap cmap;
	Fnt *f, **tail;
	long pid, xembed[2] = { 0, XEMBED_MAPPED };
	size_t i;
	int face, j, w, h;

	screen = DefaultScreen(dpy);
	root = RootWindow(dpy, screen);
	vis = DefaultVisual(dpy, screen);
	cmap = DefaultColormap(dpy, screen);
	parentwin = embed ? embed : root;
	XInternAtoms(dpy, names, AtomLast, False, atoms);

	for (face = 0; face < FaceLast; face++) {
		tail = &faces[face];
		for (i = 0; i < LENGTH(fonts); i++) {
			if ((f = fontopen(fonts[i], face == FaceBold))) {
				*tail = f;
				tail = &f->next;
			}
		}
		if (!faces[face])
			die("no font could be loaded");
	}
	if (FcPatternGetDouble(faces[FaceNorm]->xfont->pattern, FC_DPI, 0,
	    &dpi) != FcResultMatch || dpi <= 0)
		dpi = 96;
	if (XftCharExists(dpy, faces[FaceNorm]->xfont, 0x2026))
		ellipsis = "\xe2\x80\xa6";
	for (i = 0; i < SchemeLast; i++)
		for (j = 0; j < 2; j++)
			if (!XftColorAllocName(dpy, vis, cmap, colors[i][j],
			    &scheme[i][j]))
				die("cannot allocate color %s", colors[i][j]);
	if (!XftColorAllocName(dpy, vis, cmap, newcolor, &newclr))
		die("cannot allocate color %s", newcolor);

	lineh = faces[FaceNorm]->xfont->ascent + faces[FaceNorm]->xfont->descent;
	boldh = faces[FaceBold]->xfont->ascent + faces[FaceBold]->xfont->descent;
	pad = px(padding);
	gap = MAX(pad / 4, 1);
	barpad = px(barpadding);
	barh = boldh + 2 * barpad;
	rowh = 2 * pad + boldh + gap + lineh * (1 + desclines) + 1;

	if (embed && XGetWindowAttributes(dpy, embed, &wa)) {
		w = wa.width;
		h = wa.height;
	} else {
		w = px(winwidth);
		h = px(winheight);
	}
	swa.background_pixel = scheme[SchemeNorm][ColBg].pixel;
	swa.bit_gravity = NorthWestGravity;
	swa.event_mask = ExposureMask | KeyPressMask | ButtonPressMask |
	                 StructureNotifyMask;
	win = XCreateWindow(dpy, parentwin, 0, 0, MAX(w, 1), MAX(h, 1), 0,
	                    CopyFromParent, CopyFromParent, CopyFromParent,
	                    CWBackPixel | CWBitGravity | CWEventMask, &swa);
	gc = XCreateGC(dpy, win, 0, NULL);
	xd = XftDrawCreate(dpy, win, vis, cmap);
	resize(w, h);

	if (!(sh = XAllocSizeHints()))
		die("out of memory");
	sh->flags = PSize | PMinSize;
	sh->width = ww;
	sh->height = wh;
	sh->min_width = 4 * pad;
	sh->min_height = barh;
	XSetWMProperties(dpy, win, NULL, NULL, argv, argc, sh, &wmh, &ch);
	XFree(sh);
	XSetWMProtocols(dpy, win, &atoms[WMDelete], 1);
	pid = getpid();
	XChangeProperty(dpy, win, atoms[NetWMPid], XA_CARDINAL, 32,
	                PropModeReplace, (unsigned char *)&pid, 1);
	XChangeProperty(dpy, win, atoms[XEmbedInfo], atoms[XEmbedInfo], 32,
	                PropModeReplace, (unsigned char *)xembed, 2);
	settitle("lwnrss");
	XMapWindow(dpy, win);
}

/*
 * When the next automatic fetch is due, 0 for never: refresh minutes after
 * the last one started, never sooner than MINREFRESH, nor before the
 * server's Retry-After.  The first fetch waits for the cache's first
 * paint, or a second if the window is never mapped.
 */
static time_t
fetchdue(void)
{
	time_t now = time(NULL), due;

	if (firstfetch)
		return started + 1;
	if (!refresh || fetchpid > 0 || !strcmp(url, "-"))
		return 0;
	/* a clock set back must not postpone fetches for as long */
	if (lastask > now)
		lastask = now;
	due = lastask + MAX((time_t)refresh * 60, MINREFRESH);
	return MAX(due, notbefore);
}

static void
run(const sigset_t *waitmask)
{
	XEvent ev;
	fd_set fds;
	struct timespec ts, *tsp;
	time_t due, now;
	int xfd = ConnectionNumber(dpy), n;

	/*
	 * Drawing waits for MapNotify, as in st; but unlike st nothing else
	 * needs the final size first, so a fetch without a cache already runs
	 * meanwhile.  The timeout is the timers': the next automatic fetch,
	 * and a minute while the title bar shows an age.  Wall-clock time,
	 * checked at least once a minute, so a suspended laptop refreshes soon
	 * after it wakes.
	 */
	while (running && !gotsig) {
		if (!XPending(dpy)) {
			FD_ZERO(&fds);
			FD_SET(xfd, &fds);
			if (fetchfd >= 0)
				FD_SET(fetchfd, &fds);
			tsp = NULL;
			now = time(NULL);
			if ((due = fetchdue()) || ageshown()) {
				ts.tv_sec = due ? MAX(0, MIN(due - now, 60)) : 60;
				ts.tv_nsec = 0;
				tsp = &ts;
			}
			n = pselect(MAX(xfd, fetchfd) + 1, &fds, NULL, NULL, tsp,
			            waitmask);
			if (n < 0 && errno != EINTR)
				die("pselect:");
			if (n > 0 && fetchfd >= 0 && FD_ISSET(fetchfd, &fds))
				fetchread();
			if (n == 0 && ageshown())
				dirtybar = 1;
			if ((due = fetchdue()) && time(NULL) >= due) {
				firstfetch = 0;
				fetchstart();
			}
		}
		if (gothup) {
			gothup = 0;
			reload(NULL);
		}
		while (XPending(dpy)) {
			XNextEvent(dpy, &ev);
			if (handler[ev.type])
				handler[ev.type](&ev);
		}
		if (dirty || dirtybar)
			redraw(0);
		/* the cache is on screen: now the network */
		if (running && firstfetch && painted) {
			firstfetch = 0;
			fetchstart();
			redraw(0);
		}
		XFlush(dpy);
	}
}

static void
cleanup(void)
{
	Visual *vis = DefaultVisual(dpy, screen);
	Colormap cmap = DefaultColormap(dpy, screen);
	int i, j;

	fetchstop();
	descsfree();
	rdf_free(&feed);
	buffree(&feedbuf);
	free(isnew);
	free(etag);
	free(lastmod);
	fontsfree();
	for (i = 0; i < SchemeLast; i++)
		for (j = 0; j < 2; j++)
			XftColorFree(dpy, vis, cmap, &scheme[i][j]);
	XftColorFree(dpy, vis, cmap, &newclr);
	XftDrawDestroy(xd);
	XFreePixmap(dpy, pm);
	XFreeGC(dpy, gc);
	if (win)
		XDestroyWindow(dpy, win);
	XCloseDisplay(dpy);
}

static void
usage(void)
{
	fputs("usage: lwnrss [-pv] [-w windowid] [url | -]\n", stderr);
	exit(1);
}

int
main(int argc, char *argv[])
{
	struct sigaction sa;
	sigset_t block, orig;
	Window embed = 0;
	char *end;
	int pflag = 0, i;

	argv0 = argv[0];
	url = feedurl;
	for (i = 1; i < argc && argv[i][0] == '-' && argv[i][1]; i++) {
		if (!strcmp(argv[i], "--")) {
			i++;
			break;
		} else if (!strcmp(argv[i], "-v")) {
			puts("lwnrss-" VERSION);
			return 0;
		} else if (!strcmp(argv[i], "-p")) {
			pflag = 1;
		} else if (!strcmp(argv[i], "-w") && i + 1 < argc) {
			errno = 0;
			embed = strtoul(argv[++i], &end, 0);
			if (errno || end == argv[i] || *end || !embed)
				usage();
		} else {
			usage();
		}
	}
	if (i < argc)
		url = argv[i++];
	if (i < argc)
		usage();

	if (pflag)
		return printmode(url);

	setlocale(LC_CTYPE, "");
	setlocale(LC_TIME, "");
	if (!(dpy = XOpenDisplay(NULL)))
		die("cannot open display");
	fcntl(ConnectionNumber(dpy), F_SETFD, FD_CLOEXEC);
	XSetIOErrorHandler(xioerror);

	/* signals are blocked except while the loop waits */
	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = sighandler;
	sigemptyset(&sa.sa_mask);
	sigaction(SIGTERM, &sa, NULL);
	sigaction(SIGINT, &sa, NULL);
	sigaction(SIGHUP, &sa, NULL);
	sigemptyset(&block);
	sigaddset(&block, SIGTERM);
	sigaddset(&block, SIGINT);
	sigaddset(&block, SIGHUP);
	sigprocmask(SIG_BLOCK, &block, &orig);

	setup(embed, argc, argv);
	started = time(NULL);
	/* standard input is read once, and never cached */
	if (strcmp(url, "-"))
		cacheshow();
	if (fromcache)
		firstfetch = 1;
	else
		fetchstart();
	run(&orig);
	cleanup();
	return 0;
}
