/* See LICENSE file for copyright and license details.
 *
 * lwnrss shows a feed's headlines, LWN.net's by default, in one X window.
 *
 * Modules do the work: http.c fetches the feed over TLS (with url.c for
 * its URLs), rdf.c turns its bytes into a Feed (with url.c to resolve
 * its relative links), refresh.c says when the server and the feed allow
 * the next fetch, store.c keeps the cache, drw.c draws text, and this
 * file shows the feed.  `lwnrss -p` prints the headlines as
 * "title<TAB>link" lines instead, for dmenu and for scripts; `lwnrss -p
 * -` reads the feed from standard input.
 *
 * The window is one ordinary top-level window (or a child of the window
 * given with -w, for tabbed and other XEmbed hosts).  Everything is drawn
 * with Xft into a Pixmap the size of the window, which Expose copies;
 * after any change to the rows the whole Pixmap is redrawn, which for a
 * few dozen rows costs less than working out what changed; a new status
 * redraws the title bar alone.  Text goes through drw.c, which decodes
 * UTF-8, finds for each code point a font that has it (the configured
 * fonts first, then fontconfig's fallback, remembering code points no
 * font has) and cuts text with an ellipsis where it would overflow.
 *
 * On start the cache's copy of the feed, if there is one, is painted
 * first; the first fetch starts after that paint, once the times the
 * cache keeps allow it, and asks the server conditionally (store.c has
 * the file and its atomic writes).  A row's description is decoded only
 * when the row is drawn.
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

#include "drw.h"
#include "http.h"
#include "rdf.h"
#include "refresh.h"
#include "url.h"
#include "util.h"
#include "store.h"

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

static time_t held(void);

/* variables */
static char *argv0;
static const char *url;                 /* the feed's URL, or "-" for stdin */
static Display *dpy;
static int screen;
static Window root, parentwin, win;
static Pixmap pm;
static GC gc;
static Drw drw;
static Atom atoms[AtomLast];
static XftColor scheme[SchemeLast][2];
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
                                           feed; 0: unknown */
static int fromcache;                   /* the rows are the cache's, unconfirmed by a fetch */
static int cachewarned;                 /* a cache write failed and was reported */
static char **descs;                    /* per item: its description as text, made when
                                           first drawn (rdf_text), NULL until then */
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
static time_t nextok;                   /* nor before then: the floor and the server's
                                           and the feed's hints (see refresh.h) */
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

/* the clock; the window tests' build brings one it can move on */
#ifndef NOW
#define NOW()                   time(NULL)
#endif

/* scale a length in px at 96 dpi to the display's Xft.dpi */
static int
px(unsigned int v)
{
	return (int)(v * drw.dpi / 96 + 0.5);
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
	time_t d = NOW() - t;

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
	drw_rect(&drw, &c[ColBg], 0, 0, ww, barh);
	/* the status keeps its place unless the title would get less than a third */
	tw = drw_textw(&drw, FaceBold, title);
	sw = MIN(drw_textw(&drw, FaceNorm, text), avail - MIN(tw, avail / 3) - pad);
	if (sw > 0)
		drw_text(&drw, FaceNorm, ww - pad - sw, y, sw, text, &c[ColFg]);
	drw_text(&drw, FaceBold, pad, barpad, avail - (sw > 0 ? sw + pad : 0), title,
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

	drw_rect(&drw, &c[ColBg], 0, y, ww, rowh - 1);
	drw_rect(&drw, &scheme[SchemeDim][ColBg], 0, y + rowh - 1, ww, 1);
	/* new: a bar in the left padding, beside the title */
	if (isnew && isnew[i])
		drw_rect(&drw, &newclr, pad / 3, y + pad, MAX(pad / 4, 2), boldh);
	y += pad;
	drw_text(&drw, FaceBold, pad, y, w, it->title, &c[ColFg]);
	y += boldh + gap;

	date[0] = '\0';
	if (it->dated && localtime_r(&it->time, &tm))
		strftime(date, sizeof(date), datefmt, &tm);
	snprintf(meta, sizeof(meta), "%s%s%s", date[0] ? date : it->date,
	         (date[0] || it->date[0]) && it->author[0] ? "  \xc2\xb7  " : "",
	         it->author);
	/* a link Return will not open says so, and what it is */
	if (it->link[0] && !url_isweb(it->link))
		snprintf(meta + strlen(meta), sizeof(meta) - strlen(meta),
		         "%s\xe2\x8a\x98 not a web link: %s", meta[0] ? "  \xc2\xb7  " : "",
		         it->link);
	drw_text(&drw, FaceNorm, pad, y, w, meta, dim);
	y += lineh;
	/* decoded only now: most descriptions are never shown */
	if (desclines && descs && !descs[i] && it->desc[0])
		descs[i] = rdf_text(it->desc);
	if (desclines && descs && descs[i])
		drw_wrapped(&drw, FaceNorm, pad, y, w, descs[i], desclines, dim);
}

static void
drawall(void)
{
	int i, y;

	drawbar();
	for (i = top, y = barh; i < (int)feed.nitems && y < wh; i++, y += rowh)
		drawrow(i, y);
	if (y < wh)
		drw_rect(&drw, &scheme[SchemeNorm][ColBg], 0, y, ww, wh - y);
	if (!feed.nitems && barh < wh && fetchpid < 0 && !failed)
		drw_text(&drw, FaceNorm, pad, barh + pad, ww - 2 * pad, "No headlines.",
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
	drw_setdrawable(&drw, pm);
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

/* the cache's feed */

/*
 * url's cache, parsed in place (c's body must outlive *f), its relative
 * links against the URL it came from: 0; 1 when the file keeps only the
 * times (c to free, *f empty); -1 when there is none or none usable (said
 * why)
 */
static int
cacheread(const char *url, Cache *c, Feed *f)
{
	char err[512];

	memset(f, 0, sizeof(*f));
	if (cache_load(url, maxfeed, c, err, sizeof(err)) < 0) {
		if (err[0])
			warn("%s", err);
		return -1;
	}
	if (!c->body.len)
		return 1;
	if (rdf_parseurl(f, c->body.p, c->body.len, c->base ? c->base : url,
	                 err, sizeof(err)) < 0) {
		warn("%s: cached feed ignored: %s", url, err);
		cache_free(c);
		return -1;
	}
	return 0;
}

/* data is a whole feed, worth caching; parsed in a copy, as rdf_parse
 * may write into its input.  Its polling hints go to *hints */
static int
isfeed(const char *data, size_t len, Feed *hints)
{
	Buf b = {0};
	Feed f;
	char err[256];
	int ok;

	memset(hints, 0, sizeof(*hints));
	if (bufgrow(&b, len) < 0)
		return 0;
	memcpy(b.p, data, len);
	b.p[len] = '\0';
	b.len = len;
	if ((ok = rdf_parse(&f, b.p, len, err, sizeof(err)) == 0)) {
		ok = !f.truncated;
		hints->ttl = f.ttl;
		hints->updateperiod = f.updateperiod;
		hints->updatebase = f.updatebase;
		hints->hasupdatebase = f.hasupdatebase;
		rdf_free(&f);
	}
	buffree(&b);
	return ok;
}

/* a and b are the same validator, NULL for none */
static int
samevalidator(const char *a, const char *b)
{
	return a && b ? !strcmp(a, b) : a == b;
}

/*
 * After a fetch of url that sent the validators etag and lastmod and got
 * ret and r from http_get: write what the cache keeps of the answer, and
 * set *next and *retry to when the next automatic fetch may come (0:
 * nothing new is known; no answer came).  whole says r's body is a feed
 * to keep; shown is the feed the answer leaves shown, whose hints count.
 *
 * Every answer moves the next allowed time on, to MINREFRESH from now or
 * the latest hint (refresh.h); a 429 or 503 keeps its Retry-After, capped
 * at MAXHINT.  A new whole feed replaces the file; a 304 keeps its body,
 * takes the validators it carries and is the time it was last confirmed,
 * if the file still holds what was sent (else another lwnrss wrote it
 * since: that stays); no-store keeps no body at all (RFC 9111 5.2.2.5);
 * anything else keeps the body and the validators and gets the times.
 */
static void
cacheafter(const char *url, const char *etag, const char *lastmod, int ret,
           const HttpResp *r, int whole, const Feed *shown, time_t now,
           time_t *next, time_t *retry, char *cerr, size_t n)
{
	Cache c, old;
	int had;

	*next = *retry = 0;
	cerr[0] = '\0';
	if (!r->status)
		return;
	*next = now + MINREFRESH;
	if (ret >= 0)
		*next = MAX(*next, refresh_hint(r, shown, now));
	else if (r->retryafter >= 0 && (r->status == 429 || r->status == 503))
		*retry = now + MIN(r->retryafter, (long)MAXHINT);
	memset(&c, 0, sizeof(c));
	c.next = *next;
	c.retry = *retry;
	if (ret == 0 && whole && !r->nostore) {
		c.body.p = r->body;
		c.body.len = r->len;
		c.etag = r->etag;
		c.lastmod = r->lastmod;
		c.base = r->url;
		c.fetched = now;
		cache_save(url, &c, cerr, n);
		return;
	}
	had = !(ret == 0 && r->nostore) && cache_load(url, maxfeed, &old, cerr, n) == 0;
	cerr[0] = '\0';
	if (had && old.body.len) {
		if (ret == 1) {
			if (!samevalidator(old.etag, etag) || !samevalidator(old.lastmod, lastmod)) {
				cache_free(&old);
				return;
			}
			/* RFC 9111 4.3.4: the 304's validators are the stored ones now */
			if (r->etag) {
				free(old.etag);
				old.etag = estrdup(r->etag);
			}
			if (r->lastmod) {
				free(old.lastmod);
				old.lastmod = estrdup(r->lastmod);
			}
			old.fetched = now;
		}
		old.next = *next;
		old.retry = *retry;
		cache_save(url, &old, cerr, n);
	} else {
		/* the times alone */
		cache_save(url, &c, cerr, n);
	}
	if (had)
		cache_free(&old);
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
	time_t now, next, retry;

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

	/*
	 * The cache's validators make the request conditional.  -p is a
	 * request made by hand, as r is: it asks now, whatever the next
	 * allowed time, and the times it learns are kept for the window.
	 */
	if ((hascache = cacheread(url, &c, &cf)) == 1)
		cache_free(&c);
	hascache = hascache == 0;
	httpopts(&o);
	if (hascache) {
		o.etag = c.etag;
		o.lastmod = c.lastmod;
	}
	ret = http_get(url, &o, &r);
	now = NOW();
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
			/* relative links are resolved against the final URL */
			if (rdf_parseurl(&f, copy.p, r.len, r.url, err, sizeof(err)) < 0) {
				warn("%s: %s", url, err);
				cacheafter(url, o.etag, o.lastmod, ret, &r, 0, NULL, now,
				           &next, &retry, cerr, sizeof(cerr));
				if (cerr[0])
					warn("%s", cerr);
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
				cacheafter(url, o.etag, o.lastmod, ret, &r, !f.truncated, &f, now,
				           &next, &retry, cerr, sizeof(cerr));
				if (cerr[0])
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
		cacheafter(url, o.etag, o.lastmod, ret, &r, 0, &cf, now, &next, &retry,
		           cerr, sizeof(cerr));
		if (cerr[0])
			warn("%s", cerr);
	} else {
		cacheafter(url, o.etag, o.lastmod, ret, &r, 0, NULL, now, &next, &retry,
		           cerr, sizeof(cerr));
		if (cerr[0])
			warn("%s", cerr);
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
		cache_free(&c);
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
	if (desclines)
		descs = ecalloc(feed.nitems ? feed.nitems : 1, sizeof(*descs));
	settitle(feed.title[0] ? feed.title : "lwnrss");
	clamp(0);
}

/* paint the cache's headlines, if any, before anything else; take the
 * times it keeps in any case */
static void
cacheshow(void)
{
	Cache c;
	Feed f;
	struct tm tm;
	char t[32];
	time_t h;
	int r;

	if ((r = cacheread(url, &c, &f)) < 0)
		return;
	nextok = c.next;
	notbefore = c.retry;
	/* the first fetch waits: say until when */
	if ((h = held()) > NOW() && localtime_r(&h, &tm) && strftime(t, sizeof(t), "%H:%M", &tm))
		setstatus(0, "next fetch %s", t);
	if (r == 1) {
		cache_free(&c);
		return;
	}
	etag = c.etag;
	lastmod = c.lastmod;
	free(c.base);
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
 * In the child: fetch (or read stdin), write the cache, and write to fd
 *   "ret status next retry\n" (next and retry: when the next automatic
 *   fetch may come, 0 for nothing new, as cacheafter says) then err, etag,
 *   lastmod, url, the cache's error and body, each as "length\n" and that
 *   many bytes.
 * The child writes the cache, so that fsync never holds up the window;
 * the shown feed, whose hints a 304 keeps, is the parent's, copied.
 */
static void
fetchchild(int fd)
{
	HttpOpt o;
	HttpResp r;
	Buf in = {0};
	Feed hints;
	char head[96], cerr[512] = "";
	time_t next = 0, retry = 0;
	int ret, whole;

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
		whole = ret == 0 && isfeed(r.body, r.len, &hints);
		cacheafter(url, etag, lastmod, ret, &r, whole, ret == 0 ? &hints : &feed,
		           NOW(), &next, &retry, cerr, sizeof(cerr));
	}
	snprintf(head, sizeof(head), "%d %d %lld %lld\n", ret, r.status,
	         (long long)next, (long long)retry);
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
	lastask = NOW();
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
	char perr[256], tbuf[128], *furlz;
	time_t now = NOW();
	struct tm tm;
	Feed f;
	int ret, code, n;
	long long next, retry;

	if (!p || sscanf(p, "%d %d %lld %lld\n%n", &ret, &code, &next, &retry, &n) != 4 ||
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
	/* what the answer says of the next automatic fetch (none came: the
	 * floor from this one, in fetchdue) */
	if (code) {
		nextok = (time_t)next;
		notbefore = (time_t)retry;
	}
	if (ret < 0) {
		setstatus(1, "%.*s", (int)MIN(errn, sizeof(status) - 1), err);
		return;
	}
	if (ret == 1) {
		/* only the shown feed's validators were sent */
		if (!etag && !lastmod) {
			setstatus(1, "%s: 304 Not Modified, but no cached copy", url);
			return;
		}
		/* they stay the shown feed's, as the server now spells them */
		if (tagn) {
			free(etag);
			etag = strndupe(tag, tagn);
		}
		if (lmn) {
			free(lastmod);
			lastmod = strndupe(lm, lmn);
		}
		fetched = now;
		fromcache = 0;
		setstatus(0, "up to date");
		return;
	}
	perr[0] = '\0';
	/* parsed in place: the new feed's strings live in fetchbuf */
	/* relative links are resolved against the final URL, none for stdin */
	furlz = strndupe(furl, furln);
	ret = rdf_parseurl(&f, fetchbuf.p + (body - fetchbuf.p), bodyn, furlz,
	                   perr, sizeof(perr));
	free(furlz);
	if (ret < 0) {
		setstatus(1, "%s: %s", name, perr);
		return;
	}
	if (f.truncated)
		warn("%s: %s", name, perr[0] ? perr : "feed is truncated");
	free(etag);
	free(lastmod);
	/* a feed cut off is no copy to confirm: the next fetch asks for all */
	etag = f.truncated ? NULL : strndupe(tag, tagn);
	lastmod = f.truncated ? NULL : strndupe(lm, lmn);
	fetched = now;
	fromcache = 0;
	n = f.nitems;
	setfeed(&f, &fetchbuf);
	tbuf[0] = '\0';
	if (localtime_r(&now, &tm))
		strftime(tbuf, sizeof(tbuf), timefmt, &tm);
	if (feed.truncated)
		setstatus(0, "%s%s%d item%s, feed cut off", tbuf, tbuf[0] ? " \xc2\xb7 " : "",
		          n, n == 1 ? "" : "s");
	else
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
	/* only an http or https page goes to the open command: javascript:,
	 * file: and data: links, relative ones too, are for no browser */
	if (sel < (int)feed.nitems && feed.items[sel].link[0] &&
	    !url_isweb(feed.items[sel].link)) {
		setstatus(0, "not opened: not an http or https link");
	} else if (sel < (int)feed.nitems && feed.items[sel].link[0]) {
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
	long pid, xembed[2] = { 0, XEMBED_MAPPED };
	size_t i;
	int j, w, h;

	screen = DefaultScreen(dpy);
	root = RootWindow(dpy, screen);
	parentwin = embed ? embed : root;
	XInternAtoms(dpy, names, AtomLast, False, atoms);

	/* drawn on the root until the window's Pixmap exists */
	if (drw_init(&drw, dpy, screen, root, fonts, LENGTH(fonts), colorfonts) < 0)
		die("no font could be loaded");
	for (i = 0; i < SchemeLast; i++)
		for (j = 0; j < 2; j++)
			if (drw_clr(&drw, colors[i][j], &scheme[i][j]) < 0)
				die("cannot allocate color %s", colors[i][j]);
	if (drw_clr(&drw, newcolor, &newclr) < 0)
		die("cannot allocate color %s", newcolor);

	lineh = drw.h[FaceNorm];
	boldh = drw.h[FaceBold];
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
 * Until when the answers so far hold automatic fetches off: the next
 * allowed time (MINREFRESH after the last answer, or the server's or the
 * feed's hints: cacheafter) and the server's Retry-After, both kept in
 * the cache across restarts.  A clock set back, or a cache file's absurd
 * times, hold nothing off for longer than MAXHINT.
 */
static time_t
held(void)
{
	time_t now = NOW();

	nextok = MIN(nextok, now + MAXHINT);
	notbefore = MIN(notbefore, now + MAXHINT);
	return MAX(nextok, notbefore);
}

/*
 * When the next automatic fetch is due, 0 for never: refresh minutes after
 * the last one started, never sooner than MINREFRESH, nor before held().
 * The first fetch waits for the cache's first paint, or a second if the
 * window is never mapped, and for held() too.
 */
static time_t
fetchdue(void)
{
	time_t now = NOW(), due;

	if (firstfetch)
		return MAX(started + 1, held());
	if (!refresh || fetchpid > 0 || !strcmp(url, "-"))
		return 0;
	/* a clock set back must not postpone fetches for as long */
	if (lastask > now)
		lastask = now;
	due = lastask + MAX((time_t)refresh * 60, MINREFRESH);
	return MAX(due, held());
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
			now = NOW();
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
			if ((due = fetchdue()) && NOW() >= due) {
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
		/* the cache is on screen: now the network, if it may be asked */
		if (running && firstfetch && painted && NOW() >= held()) {
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
	int i, j;

	fetchstop();
	descsfree();
	rdf_free(&feed);
	buffree(&feedbuf);
	free(isnew);
	free(etag);
	free(lastmod);
	for (i = 0; i < SchemeLast; i++)
		for (j = 0; j < 2; j++)
			drw_clrfree(&drw, &scheme[i][j]);
	drw_clrfree(&drw, &newclr);
	drw_free(&drw);
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
	started = NOW();
	/* standard input is read once, and never cached */
	if (strcmp(url, "-"))
		cacheshow();
	if (fromcache || held() > started)
		firstfetch = 1;
	else
		fetchstart();
	run(&orig);
	cleanup();
	return 0;
}
