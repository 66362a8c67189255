/* See LICENSE file for copyright and license details.
 *
 * lwnrss shows a feed's headlines, LWN.net's by default, in one X window.
 *
 * Modules do the work: http.c fetches the feed (url.c parses its URLs,
 * tls.c and x509.c do TLS and check certificates), rdf.c turns its bytes
 * into a Feed (url.c resolves its relative links, text.c decodes its
 * text), fetch.c gets a feed through the cache and has print mode,
 * refresh.c says when the server and the feed allow the next fetch,
 * store.c keeps the cache and the read state, rules.c applies config.h's
 * rules and the filter, proc.c starts the children, drw.c draws text,
 * sel.c owns the selections, and this file is the window.  `lwnrss -p`
 * prints the headlines as "title<TAB>link" lines instead, for dmenu and
 * for scripts; `lwnrss -p -` reads the feed from standard input.
 *
 * The window is one ordinary top-level window (or a child of the window
 * given with -w, for tabbed and other XEmbed hosts).  Everything is drawn
 * with Xft into a Pixmap the size of the window, which Expose copies;
 * after any change to the rows the whole Pixmap is redrawn, which for a
 * few dozen rows costs less than working out what changed; a new status
 * redraws the title bar alone.  Text goes through drw.c, which decodes
 * UTF-8, finds for each code point a font that has it (the configured
 * fonts first, then fontconfig's fallback, remembering code points no
 * font has) and cuts text with an ellipsis where it would overflow.  The
 * rows shown (view) are the feed's items less those a rule hides or the
 * filter line leaves out; the selection and the first row shown are
 * positions in it.
 *
 * On start the cache's copy of the feed, if there is one, is painted
 * first; the first fetch starts after that paint, once the times the
 * cache keeps allow it, and asks the server conditionally (store.c has
 * the file and its atomic writes).  A row's description is decoded only
 * when the row is drawn.  The read state is read before the first paint.
 *
 * The network and the disk's fsync never hold up this process.
 * fetchstart() forks a child that runs fetch_child (http_get, or standard
 * input for "-", then the cache), which writes the result to a pipe in a
 * small length-prefixed form and exits; the parent collects the bytes as
 * they arrive and parses them with rdf_parse when the pipe closes.  Marks
 * of read articles are written the same way, by a child that merges them
 * into the file under its lock.  The event loop, as in st, waits in
 * pselect() on the X connection and those pipes (a timeout is the place
 * for timers), drains XPending, redraws when something changed and
 * flushes.  So the window scrolls, resizes and quits at once while a slow
 * server thinks; quitting kills and reaps the fetch, and writes what is
 * left of the read state once the window is gone.  Signals only set a
 * flag, and are blocked except inside pselect(), so none is lost between
 * a check and the wait.
 *
 * Opening an article forks twice (proc_spawn): the grandchild calls
 * setsid and execs the command from config.h, the child exits at once and
 * is reaped at once, so the window never waits for a browser and leaves
 * no zombie; a close-on-exec pipe tells the window when the exec failed.
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
#include "rules.h"
#include "sel.h"
#include "url.h"
#include "util.h"
#include "store.h"
#include "fetch.h"
#include "proc.h"

/* macros */
/* the modifiers keys[] and buttons[] compare: not Shift (in the keysym),
 * Caps Lock or Num Lock */
#define CLEANMASK(mask)         ((mask) & ~(numlock | LockMask | ShiftMask) & \
                                 (ControlMask|Mod1Mask|Mod2Mask|Mod3Mask|Mod4Mask|Mod5Mask))
#define XEMBED_MAPPED           (1 << 0)
/* XEmbed messages (the XEmbed protocol specification, version 0) */
#define XEMBED_WINDOW_ACTIVATE  1
#define XEMBED_WINDOW_DEACTIVATE 2
#define XEMBED_FOCUS_IN         4
#define XEMBED_FOCUS_OUT        5

/* enums */
enum { SchemeNorm, SchemeSel, SchemeDim, SchemeBar, SchemeErr, SchemeLast }; /* color schemes */
enum { ColFg, ColBg }; /* color scheme index */
enum { WMProtocols, WMDelete, NetWMName, NetWMPid, UTF8String, XEmbedInfo,
       XEmbed, AtomLast }; /* atoms */

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

/* what the window knows of an item beyond the feed */
typedef struct {
	Look look;              /* by the rules */
	int read;               /* in the read state */
} Row;

/* function declarations: those config.h names come first */
static void clickrow(const Arg *arg);
static void copy(const Arg *arg);
static void escape(const Arg *arg);
static void filterstart(const Arg *arg);
static void jump(const Arg *arg);
static void markall(const Arg *arg);
static void markread(const Arg *arg);
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
static void focusin(XEvent *e);
static void focusout(XEvent *e);
static void keypress(XEvent *e);
static void mapnotify(XEvent *e);
static void mappingnotify(XEvent *e);
static void selclear(XEvent *e);
static void selrequest(XEvent *e);

static void readapply(void);
static size_t parentfds(int *fds);

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
static Row *rows;                       /* one per item */
static int *view, nview;                /* the items shown, in order: not hidden, matching the filter */
static int sel, top;                    /* positions in view: selected, first shown */
static int moved;                       /* the user has moved or scrolled: a refresh keeps the place */
static int pointrow = -1;               /* view position under the last button press */
static char status[256];                /* title bar's right-hand text */
static int failed;                      /* the last fetch failed */
static char flash[256];                 /* a message for a few seconds or until a key */
static int flasherr;                    /* ... that is an error */
static time_t flashend;

static char filter[256];                /* the filter line's text */
static int typing;                      /* the filter line has the keys */
static XIM xim;                         /* opened when the filter first is */
static XIC xic;
static unsigned int numlock;            /* Num Lock's modifier mask */
static int numlockknown;

static ReadSet readset;                 /* the read state */
static int readwarned;                  /* its file could not be read or written, said once */
static pid_t savepid = -1;              /* the child writing it */
static int savefd = -1;                 /* its pipe: an error message, then EOF */
static Buf savebuf;
static unsigned long savechanges;       /* the changes it writes */
static int savepending;                 /* more changes came meanwhile */

static int focused;                     /* the window has the keyboard */
static int unseen;                      /* new articles arrived while it had not */
static Sel xsel;                        /* PRIMARY and CLIPBOARD, after y */
static Time lasttime;                   /* of the last key or button event */
static int spawnfds[8];                 /* open commands' close-on-exec pipes: exec errors */
static int nspawn;

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
static FetchConf fconf;                 /* config.h's fetch settings, set in main */

static void (*handler[LASTEvent])(XEvent *) = {
	[ButtonPress] = buttonpress,
	[ClientMessage] = clientmessage,
	[ConfigureNotify] = configurenotify,
	[DestroyNotify] = destroynotify,
	[Expose] = expose,
	[FocusIn] = focusin,
	[FocusOut] = focusout,
	[KeyPress] = keypress,
	[MapNotify] = mapnotify,
	[MappingNotify] = mappingnotify,
	[SelectionClear] = selclear,
	[SelectionRequest] = selrequest,
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

static time_t
clocknow(void)
{
	return NOW();
}

/* print mode leaves out what a Hide rule hides */
static int
ishidden(const Item *it)
{
	Look l;

	rules_apply(rules, LENGTH(rules), it, &l);
	return l.hidden;
}

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
	int vis = MAX(visrows(), 1);

	sel = MAX(0, MIN(sel, nview - 1));
	if (follow) {
		if (sel < top)
			top = sel;
		else if (sel >= top + vis)
			top = sel - vis + 1;
	}
	top = MAX(0, MIN(top, nview - vis));
	dirty = 1;
}

/* the selected item, -1 when none */
static int
cur(void)
{
	return sel >= 0 && sel < nview ? view[sel] : -1;
}

/* new articles above the first row shown */
static int
newabove(void)
{
	int i, n = 0;

	for (i = 0; isnew && i < top && i < nview; i++)
		n += isnew[view[i]] != 0;
	return n;
}

/* append a part to the title bar's text, after a dot when not the first */
static void
addpart(char *buf, size_t size, const char *fmt, ...)
{
	va_list ap;
	size_t n = strlen(buf);

	if (n && n + 4 < size) {
		strcpy(buf + n, " \xc2\xb7 ");
		n += 4;
	}
	va_start(ap, fmt);
	vsnprintf(buf + n, size - n, fmt, ap);
	va_end(ap);
}

/* rows that are not fresh say how old they are: the cache's until a fetch
 * confirms or replaces them, any rows after a failed fetch */
static int
ageshown(void)
{
	return feed.nitems && fetched && (fromcache || failed);
}

/*
 * The title bar: the feed's title, or the filter line while there is a
 * filter, on the left; on the right the new articles above, the position
 * and the status (or a message for a few seconds).
 */
static void
drawbar(void)
{
	const char *title = feed.title && *feed.title ? feed.title : "lwnrss";
	XftColor *c = scheme[failed || (flash[0] && flasherr) ? SchemeErr : SchemeBar];
	int avail = ww - 2 * pad, sw, tw, lw, y = barpad + (boldh - lineh) / 2, n;
	char text[sizeof(status) + sizeof(flash) + 128], age[32], line[sizeof(filter) + 2];
	const char *left = title;
	unsigned long cp;

	text[0] = '\0';
	if ((n = newabove()))
		addpart(text, sizeof(text), "%d new \xe2\x86\x91", n);
	if (nview)
		addpart(text, sizeof(text), "%d/%d", sel + 1, nview);
	if (flash[0]) {
		addpart(text, sizeof(text), "%s", flash);
	} else {
		if (ageshown()) {
			agestr(age, sizeof(age), (long long)(NOW() - fetched));
			addpart(text, sizeof(text), "%s %s", fromcache ? "cached" :
			        "checked", age);
		}
		if (status[0])
			addpart(text, sizeof(text), "%s", status);
	}
	if (typing || filter[0]) {
		snprintf(line, sizeof(line), "/%s", filter);
		left = line;
	}
	drw_rect(&drw, &c[ColBg], 0, 0, ww, barh);
	/* the status keeps its place unless the title would get less than a third */
	tw = drw_textw(&drw, FaceBold, left);
	sw = MIN(drw_textw(&drw, FaceNorm, text), avail - MIN(tw, avail / 3) - pad);
	if (sw > 0)
		drw_text(&drw, FaceNorm, ww - pad - sw, y, sw, text, &c[ColFg]);
	lw = avail - (sw > 0 ? sw + pad : 0) - (typing ? gap + 2 : 0);
	if (left == line) {
		/* the end of what is typed stays in sight, as in dmenu */
		while (left[1] && drw_textw(&drw, FaceBold, left) > lw)
			left += utf8dec(left, strlen(left), &cp);
		tw = drw_textw(&drw, FaceBold, left);
	}
	drw_text(&drw, FaceBold, pad, barpad, lw, left, &c[ColFg]);
	if (typing)
		drw_rect(&drw, &c[ColFg], pad + MIN(tw, lw) + gap, barpad, 2, boldh);
}

/*
 * The row at view position pos: the title, bold until read, grey for a
 * Dim rule, after a Badge rule's label; the date and author; the start of
 * the description.
 */
static void
drawrow(int pos, int y)
{
	int i = view[pos];
	const Item *it = &feed.items[i];
	const Look *r = &rows[i].look;
	XftColor *c = scheme[pos == sel ? SchemeSel : SchemeNorm];
	XftColor *dim = &scheme[SchemeDim][ColFg];
	char meta[512], date[128], label[64];
	struct tm tm;
	int w = ww - 2 * pad, x = pad, bw;

	drw_rect(&drw, &c[ColBg], 0, y, ww, rowh - 1);
	drw_rect(&drw, &scheme[SchemeDim][ColBg], 0, y + rowh - 1, ww, 1);
	/* new: a bar in the left padding, beside the title */
	if (isnew && isnew[i])
		drw_rect(&drw, &newclr, pad / 3, y + pad, MAX(pad / 4, 2), boldh);
	y += pad;
	if (r->badge) {
		/* a label of the normal face in a box of newcolor, centred on the title's line */
		snprintf(label, sizeof(label), "%.*s", r->badgelen, r->badge);
		bw = drw_textw(&drw, FaceNorm, label) + 2 * gap;
		drw_rect(&drw, &newclr, x, y + (boldh - lineh) / 2, bw, lineh);
		drw_text(&drw, FaceNorm, x + gap, y + (boldh - lineh) / 2, bw, label,
		         &scheme[SchemeBar][ColFg]);
		x += bw + 2 * gap;
	}
	drw_text(&drw, rows[i].read ? FaceNorm : FaceBold, x,
	         y + (rows[i].read ? (boldh - lineh) / 2 : 0),
	         pad + w - x, it->title + r->skip, r->dim ? dim : &c[ColFg]);
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
		descs[i] = rdf_text(it->desc, it->desctext);
	if (desclines && descs && descs[i])
		drw_wrapped(&drw, FaceNorm, pad, y, w, descs[i], desclines, dim);
}

static void
drawall(void)
{
	int i, y;

	drawbar();
	for (i = top, y = barh; i < nview && y < wh; i++, y += rowh)
		drawrow(i, y);
	if (y < wh)
		drw_rect(&drw, &scheme[SchemeNorm][ColBg], 0, y, ww, wh - y);
	if (!nview && barh < wh && fetchpid < 0 && !failed)
		drw_text(&drw, FaceNorm, pad, barh + pad, ww - 2 * pad,
		         filter[0] && feed.nitems ? "No headline matches." : "No headlines.",
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

/* the window's name: the feed's title, after "(N) " while N new articles wait */
static void
updatetitle(void)
{
	char t[512];

	if (unseen)
		snprintf(t, sizeof(t), "(%d) %s", unseen, feed.title[0] ? feed.title : "lwnrss");
	else
		snprintf(t, sizeof(t), "%s", feed.title[0] ? feed.title : "lwnrss");
	settitle(t);
}

/* the urgency hint of WM_HINTS: dwm marks the tag, others flash the task bar */
static void
seturgent(int on)
{
	XWMHints *h;

	if (!(h = XGetWMHints(dpy, win)) && !(h = XAllocWMHints()))
		return;
	h->flags = on ? h->flags | XUrgencyHint : h->flags & ~XUrgencyHint;
	XSetWMHints(dpy, win, h);
	XFree(h);
}

static void
setfocus(int on)
{
	focused = on;
	if (on && unseen) {
		unseen = 0;
		seturgent(0);
		updatetitle();
	}
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
	if (nview)
		dirtybar = 1;
	else
		dirty = 1;
}

/* a message in the title bar for flashtime seconds or until the next key */
static void
setflash(int err, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(flash, sizeof(flash), fmt, ap);
	va_end(ap);
	flasherr = err;
	flashend = NOW() + flashtime;
	if (err)
		warn("%s", flash);
	dirtybar = 1;
}

/* the read state */

/* the child writing the read state ended: its changes are written, or
 * they stay in memory; either way the file says what others marked */
static int
savedone(int wstatus)
{
	char err[512];
	int ok = WIFEXITED(wstatus) && WEXITSTATUS(wstatus) == 0;

	if (ok) {
		state_clean(&readset, savechanges);
	} else if (!readwarned) {
		/* a child killed says nothing */
		if (savebuf.len)
			warn("%.*s; the marks stay in memory", (int)MIN(savebuf.len, 400),
			     savebuf.p);
		else
			warn("the read state was not written; the marks stay in memory");
		readwarned = 1;
	}
	buffree(&savebuf);
	if (state_load(&readset, err, sizeof(err)) < 0 && err[0] && !readwarned) {
		warn("%s", err);
		readwarned = 1;
	}
	readapply();
	return ok;
}

/*
 * Write the read state's changes, in a child so that fsync never holds up
 * the window; changes made meanwhile wait for it to end.
 */
static void
statechanged(void)
{
	char err[512];
	int fds[3 + LENGTH(spawnfds)], fd, rc;
	pid_t pid;

	if (savepid > 0) {
		savepending = 1;
		return;
	}
	savepending = 0;
	savechanges = readset.changes;
	if ((pid = proc_fork(&fd, fds, parentfds(fds))) < 0) {
		warn("cannot write the read state:");
		return;
	}
	if (pid == 0) {
		rc = state_save(&readset, NOW(), (time_t)readdays * 86400, err,
		                sizeof(err));
		if (rc < 0)
			writeall(fd, err, strlen(err));
		_exit(rc < 0);
	}
	savepid = pid;
	savefd = fd;
}

/* the writer's pipe is readable: take its message; on EOF reap and finish */
static void
saveread(void)
{
	int wstatus = 0;

	/* out of memory for a message: the status says enough */
	if (proc_read(savefd, &savebuf) == 0)
		return;
	close(savefd);
	savefd = -1;
	while (waitpid(savepid, &wstatus, 0) < 0 && errno == EINTR)
		;
	savepid = -1;
	/* after a failure only new changes try again: nothing forks in a loop */
	if (savedone(wstatus) ? state_dirty(&readset) : savepending)
		statechanged();
}

/* the rows' read marks from the read state */
static void
readapply(void)
{
	size_t i;

	for (i = 0; i < feed.nitems; i++)
		if (feed.items[i].link[0])
			rows[i].read = state_isread(&readset, feed.items[i].link);
	dirty = 1;
}

/* the shown feed's read links were seen now: keep them from expiring;
 * 1 when that changed something worth writing */
static int
touchseen(void)
{
	time_t now = NOW();
	size_t i;
	int seen = 0;

	for (i = 0; i < feed.nitems; i++)
		if (rows[i].read && feed.items[i].link[0])
			seen |= state_seen(&readset, feed.items[i].link, now);
	return seen;
}

/* mark item i read or unread */
static void
setread(int i, int read)
{
	if (i < 0 || !feed.items[i].link[0] || rows[i].read == read)
		return;
	rows[i].read = read;
	state_mark(&readset, feed.items[i].link, read, NOW());
	dirty = 1;
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
 * allowed.  Returns how many the shown feed lacked.
 */
static int
marknew(const Feed *f, char *mark)
{
	size_t n = 1, i, j, h, *slot;
	int fresh = 0;

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
		mark[i] = 2;
		for (h = fnv1a(itemkey(&f->items[i])) & (n - 1); (j = slot[h]);
		     h = (h + 1) & (n - 1)) {
			if (!strcmp(itemkey(&feed.items[j - 1]), itemkey(&f->items[i]))) {
				mark[i] = isnew ? isnew[j - 1] != 0 : 0;
				break;
			}
		}
		if (mark[i] == 2)
			fresh++;
	}
	free(slot);
	return fresh;
}

/* the rows shown, after rules and filter; the selection stays on item
 * keep (-1: none) when it is still there, else it is the first row */
static void
buildview(int keep)
{
	int i;

	free(view);
	view = ecalloc(feed.nitems ? feed.nitems : 1, sizeof(*view));
	sel = nview = 0;
	for (i = 0; i < (int)feed.nitems; i++) {
		if (rows[i].look.hidden || !rules_filter(filter, feed.items[i].title))
			continue;
		if (i == keep)
			sel = nview;
		view[nview++] = i;
	}
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
	int off = sel - top, i, keep = -1, fresh = 0;

	if ((i = cur()) >= 0)
		link = estrdup(feed.items[i].link);
	/* the first headlines shown set what counts as new */
	if (feed.nitems) {
		mark = ecalloc(f->nitems ? f->nitems : 1, 1);
		fresh = marknew(f, mark);
	}
	descsfree();
	rdf_free(&feed);
	buffree(&feedbuf);
	free(isnew);
	free(rows);
	feed = *f;
	feedbuf = *raw;
	memset(raw, 0, sizeof(*raw));
	isnew = mark;
	rows = ecalloc(feed.nitems ? feed.nitems : 1, sizeof(*rows));
	for (i = 0; i < (int)feed.nitems; i++) {
		rules_apply(rules, LENGTH(rules), &feed.items[i], &rows[i].look);
		if (feed.items[i].link[0])
			rows[i].read = state_isread(&readset, feed.items[i].link);
		/* an article a Hide rule drops is no news to be urgent about */
		if (isnew && isnew[i] == 2 && rows[i].look.hidden)
			fresh--;
		if (link && keep < 0 && !strcmp(feed.items[i].link, link))
			keep = i;
	}
	free(link);
	buildview(keep);
	/*
	 * Until the user moves, the top of the list, where new articles
	 * come; after, the selected article keeps its place on screen and
	 * the title bar counts the new ones above.
	 */
	if (!moved || keep < 0)
		sel = top = 0;
	else
		top = sel - off;
	/* made as rows are drawn: most descriptions never are */
	if (desclines)
		descs = ecalloc(feed.nitems ? feed.nitems : 1, sizeof(*descs));
	if (fresh && !focused && urgent) {
		unseen += fresh;
		seturgent(1);
	}
	updatetitle();
	if (touchseen())
		statechanged();
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

	if ((r = fetch_cacheread(&fconf, url, &c, &f)) < 0)
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

/* children */

/* the fds a child closes: the X connection and the pipes of the others;
 * returns how many are in fds[] */
static size_t
parentfds(int *fds)
{
	size_t n = 0;
	int i;

	fds[n++] = ConnectionNumber(dpy);
	fds[n++] = fetchfd;
	fds[n++] = savefd;
	for (i = 0; i < nspawn; i++)
		fds[n++] = spawnfds[i];
	return n;
}

static void
fetchstart(void)
{
	int fds[3 + LENGTH(spawnfds)], fd;

	if (fetchpid > 0)
		return;
	switch ((fetchpid = proc_fork(&fd, fds, parentfds(fds)))) {
	case -1:
		setstatus(1, "cannot start the fetch: %s", strerror(errno));
		return;
	case 0:
		fetch_child(&fconf, url, etag, lastmod, &feed, fd);
	}
	lastask = NOW();
	fetchfd = fd;
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
	const char *name = !strcmp(url, "-") ? "stdin" : url;
	char perr[256], tbuf[128], *furlz;
	time_t now = NOW();
	struct tm tm;
	FetchMsg m;
	Feed f;
	int ret, n;

	/* whatever the answer (a 304, an error), the rows on screen were
	 * shown now: their read marks must not expire (a new feed's are
	 * touched by setfeed) */
	if (touchseen())
		statechanged();
	if (fetch_msg(fetchbuf.p, fetchbuf.len, &m) < 0) {
		if (WIFSIGNALED(wstatus))
			setstatus(1, "%s: fetch killed by signal %d", url,
			          WTERMSIG(wstatus));
		else
			setstatus(1, "%s: fetch failed", url);
		return;
	}
	/* an unwritable cache is said once, not at every refresh */
	if (m.cerrn && !cachewarned) {
		warn("%.*s", (int)MIN(m.cerrn, 1024), m.cerr);
		cachewarned = 1;
	}
	/* what the answer says of the next automatic fetch (none came: the
	 * floor from this one, in fetchdue) */
	if (m.status) {
		nextok = (time_t)m.next;
		notbefore = (time_t)m.retry;
	}
	if (m.ret < 0) {
		setstatus(1, "%.*s", (int)MIN(m.errn, sizeof(status) - 1), m.err);
		return;
	}
	if (m.ret == 1) {
		/* only the shown feed's validators were sent */
		if (!etag && !lastmod) {
			setstatus(1, "%s: 304 Not Modified, but no cached copy", url);
			return;
		}
		/* they stay the shown feed's, as the server now spells them */
		if (m.etagn) {
			free(etag);
			etag = strndupe(m.etag, m.etagn);
		}
		if (m.lastmodn) {
			free(lastmod);
			lastmod = strndupe(m.lastmod, m.lastmodn);
		}
		fetched = now;
		fromcache = 0;
		setstatus(0, "up to date");
		return;
	}
	perr[0] = '\0';
	/* parsed in place: the new feed's strings live in fetchbuf */
	/* relative links are resolved against the final URL, none for stdin */
	furlz = strndupe(m.url, m.urln);
	ret = rdf_parseurl(&f, fetchbuf.p + (m.body - fetchbuf.p), m.bodyn, furlz,
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
	etag = f.truncated ? NULL : strndupe(m.etag, m.etagn);
	lastmod = f.truncated ? NULL : strndupe(m.lastmod, m.lastmodn);
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
	int wstatus = 0, rc;

	if (!(rc = proc_read(fetchfd, &fetchbuf)))
		return;
	if (rc < 0) {
		fetchstop();
		setstatus(1, "%s: out of memory", url);
		return;
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
	if (!nview)
		return;
	sel = i;
	moved = 1;
	clamp(1);
}

static void
move(const Arg *arg)
{
	setsel(sel + arg->i);
}

/* arg->i halves of a page, down when positive */
static void
page(const Arg *arg)
{
	int n = MAX(visrows(), 2) * arg->i / 2;

	top += n;
	setsel(sel + n);
}

static void
jump(const Arg *arg)
{
	setsel(arg->i < 0 ? nview - 1 : arg->i);
}

static void
scroll(const Arg *arg)
{
	top += arg->i;
	moved = 1;
	clamp(0);
}

/* run opencmd with link, detached: the window never waits; whether the
 * exec worked comes back through a pipe, which spawnread reads */
static void
spawn(const char *link)
{
	char *argv[LENGTH(opencmd) + 1];
	int fds[3 + LENGTH(spawnfds)], fd;
	size_t i;

	for (i = 0; opencmd[i]; i++)
		argv[i] = (char *)opencmd[i];
	argv[i++] = (char *)link;
	argv[i] = NULL;
	if ((fd = proc_spawn(argv, fds, parentfds(fds))) == -2)
		setflash(1, "cannot run %s: %s", opencmd[0], strerror(errno));
	else if (fd >= 0 && nspawn < (int)LENGTH(spawnfds))
		spawnfds[nspawn++] = fd;
	else if (fd >= 0)
		close(fd);
}

/* the k-th open command's pipe is readable: its exec failed, or worked */
static void
spawnread(int k)
{
	int e;

	if ((e = proc_spawned(spawnfds[k])) < 0)
		return;
	spawnfds[k] = spawnfds[--nspawn];
	if (e)
		setflash(1, "cannot run %s: %s", opencmd[0], strerror(e));
}

static void
openitem(const Arg *arg)
{
	int i = cur();

	(void)arg;
	if (i < 0 || !feed.items[i].link[0])
		return;
	/* only an http or https page goes to the open command: javascript:,
	 * file: and data: links, relative ones too, are for no browser */
	if (!url_isweb(feed.items[i].link)) {
		setflash(0, "not opened: not an http or https link");
		return;
	}
	spawn(feed.items[i].link);
	/* what was opened is no longer news, and is read */
	if (isnew && isnew[i]) {
		isnew[i] = 0;
		dirty = 1;
	}
	if (!rows[i].read) {
		setread(i, 1);
		statechanged();
	}
}

/* m: the selected article read, or unread again */
static void
markread(const Arg *arg)
{
	int i = cur();

	(void)arg;
	if (i < 0 || !feed.items[i].link[0])
		return;
	setread(i, !rows[i].read);
	statechanged();
}

/* M: every row shown read */
static void
markall(const Arg *arg)
{
	unsigned long before = readset.changes;
	int i;

	(void)arg;
	for (i = 0; i < nview; i++)
		setread(view[i], 1);
	if (readset.changes != before)
		statechanged();
}

/* a click selects, without scrolling; a click on the selected row opens it */
static void
clickrow(const Arg *arg)
{
	if (pointrow < 0 || pointrow >= nview)
		return;
	if (pointrow == sel) {
		openitem(arg);
	} else {
		sel = pointrow;
		moved = 1;
		clamp(0);
	}
}

/* y and Y: own PRIMARY and CLIPBOARD with the link, or "title link" */
static void
copy(const Arg *arg)
{
	const Item *it;
	char *text;
	size_t n;
	int i = cur();

	if (i < 0 || !feed.items[i].link[0])
		return;
	it = &feed.items[i];
	n = strlen(it->title) + strlen(it->link) + 2;
	text = ecalloc(1, n);
	snprintf(text, n, "%s%s%s", arg->i ? it->title : "", arg->i ? " " : "", it->link);
	if (!xsel.dpy)
		sel_init(&xsel, dpy, win);
	if (sel_own(&xsel, text, lasttime) == 0)
		setflash(0, "copied");
	else
		setflash(1, "cannot own the selection");
	free(text);
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

/* the filter */

/* the rows again after the filter changed, the selected article kept */
static void
refilter(void)
{
	int i = cur();

	buildview(i);
	top = 0;
	clamp(1);
}

/* the input method's server went away (ibus or fcitx restarting), and
 * the IM and its context with it: the next filter line opens one anew */
static void
imdestroyed(XIM im, XPointer client, XPointer call)
{
	(void)im;
	(void)client;
	(void)call;
	xim = NULL;
	xic = NULL;
}

/* the input method, opened when the filter first is: a first paint
 * never pays for it.  Without one, text is taken as Latin-1 */
static void
openim(void)
{
	XIMCallback destroyed = { NULL, imdestroyed };
	XWindowAttributes wa;
	long mask = 0;

	if (xim)
		return;
	XSetLocaleModifiers("");
	if (!(xim = XOpenIM(dpy, NULL, NULL, NULL))) {
		XSetLocaleModifiers("@im=none");
		if (!(xim = XOpenIM(dpy, NULL, NULL, NULL))) {
			warn("no input method: the filter takes Latin-1 only");
			return;
		}
	}
	XSetIMValues(xim, XNDestroyCallback, &destroyed, NULL);
	if (!(xic = XCreateIC(xim, XNInputStyle, XIMPreeditNothing | XIMStatusNothing,
	    XNClientWindow, win, XNFocusWindow, win, NULL))) {
		warn("cannot create an input context");
		return;
	}
	/* what the input method needs to see besides the keys */
	if (!XGetICValues(xic, XNFilterEvents, &mask, NULL) && mask &&
	    XGetWindowAttributes(dpy, win, &wa))
		XSelectInput(dpy, win, wa.your_event_mask | mask);
}

/* /: the filter line takes the keys */
static void
filterstart(const Arg *arg)
{
	(void)arg;
	openim();
	if (xic)
		XSetICFocus(xic);
	typing = 1;
	dirtybar = 1;
}

static void
filterstop(int clear)
{
	typing = 0;
	if (xic)
		XUnsetICFocus(xic);
	if (clear && filter[0]) {
		filter[0] = '\0';
		refilter();
	}
	dirtybar = 1;
}

/* Escape: clear the filter; without one, quit */
static void
escape(const Arg *arg)
{
	if (filter[0] || typing)
		filterstop(1);
	else
		quit(arg);
}

/*
 * A key while the filter line is open: 1 when it edited the line (text,
 * BackSpace, Ctrl-h, Ctrl-u, Ctrl-w, Return, Escape), 0 for keys[].
 */
static int
filterkey(XKeyEvent *ev)
{
	char buf[64], u[4 * sizeof(buf)];
	KeySym ks = NoSymbol, lower, upper;
	Status st = XLookupNone;
	size_t len = strlen(filter), k;
	int n, i;

	if (xic) {
		n = Xutf8LookupString(xic, ev, buf, sizeof(buf) - 1, &ks, &st);
		if (st == XBufferOverflow)
			return 1;
		if (st != XLookupChars && st != XLookupBoth)
			n = 0;
	} else {
		/* Latin-1, one byte a code point */
		n = XLookupString(ev, buf, sizeof(buf) - 1, &ks, NULL);
		for (i = 0, k = 0; i < n; i++)
			k += utf8enc(u + k, (unsigned char)buf[i]);
		memcpy(buf, u, MIN(k, sizeof(buf) - 1));
		n = MIN(k, sizeof(buf) - 1);
	}
	if (ev->state & ControlMask) {
		/* Caps Lock makes Ctrl-w's keysym W */
		XConvertCase(ks, &lower, &upper);
		switch (lower) {
		case XK_u:              /* the whole line */
			len = 0;
			break;
		case XK_w:              /* the word before the end */
			while (len && filter[len - 1] == ' ')
				len--;
			while (len && filter[len - 1] != ' ')
				len--;
			break;
		case XK_h:
			goto backspace;
		case XK_bracketleft:
			filterstop(1);
			return 1;
		default:
			return 0;
		}
		goto changed;
	}
	switch (ks) {
	case XK_Escape:
		filterstop(1);
		return 1;
	case XK_Return:
	case XK_KP_Enter:
		filterstop(0);
		return 1;
	case XK_BackSpace:
backspace:
		/* a whole UTF-8 sequence */
		while (len && ((unsigned char)filter[--len] & 0xc0) == 0x80)
			;
		goto changed;
	}
	/* text, never control characters */
	for (i = 0; i < n; i++)
		if ((unsigned char)buf[i] < 0x20 || buf[i] == 0x7f)
			return 0;
	if (n <= 0)
		return 0;
	if (len + n < sizeof(filter)) {
		memcpy(filter + len, buf, n);
		len += n;
	}
changed:
	filter[len] = '\0';
	refilter();
	return 1;
}

/* events */

static void
buttonpress(XEvent *e)
{
	XButtonEvent *ev = &e->xbutton;
	size_t i;

	lasttime = ev->time;
	pointrow = ev->y >= barh ? top + (ev->y - barh) / rowh : -1;
	for (i = 0; i < LENGTH(buttons); i++)
		if (buttons[i].button == ev->button && buttons[i].func &&
		    CLEANMASK(buttons[i].mod) == CLEANMASK(ev->state))
			buttons[i].func(&buttons[i].arg);
}

static void
clientmessage(XEvent *e)
{
	XClientMessageEvent *ev = &e->xclient;

	if (ev->message_type == atoms[WMProtocols] &&
	    (Atom)ev->data.l[0] == atoms[WMDelete]) {
		running = 0;
	} else if (ev->message_type == atoms[XEmbed] && ev->format == 32) {
		/* an embedder (tabbed) says which tab has the keys */
		switch (ev->data.l[1]) {
		case XEMBED_FOCUS_IN:
		case XEMBED_WINDOW_ACTIVATE:
			setfocus(1);
			break;
		case XEMBED_FOCUS_OUT:
		case XEMBED_WINDOW_DEACTIVATE:
			setfocus(0);
			break;
		}
	}
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

/* a grab's focus changes are no change of who has the keys */
static void
focusin(XEvent *e)
{
	if (e->xfocus.mode != NotifyGrab && e->xfocus.mode != NotifyUngrab)
		setfocus(1);
}

static void
focusout(XEvent *e)
{
	if (e->xfocus.mode != NotifyGrab && e->xfocus.mode != NotifyUngrab &&
	    e->xfocus.detail != NotifyInferior)
		setfocus(0);
}

/* the modifier Num Lock sets, read when the first key comes */
static void
getnumlock(void)
{
	XModifierKeymap *m;
	KeyCode nl = XKeysymToKeycode(dpy, XK_Num_Lock);
	int i, j;

	numlockknown = 1;
	if (!(m = XGetModifierMapping(dpy)))
		return;
	for (i = 0; i < 8; i++)
		for (j = 0; j < m->max_keypermod; j++)
			if (nl && m->modifiermap[i * m->max_keypermod + j] == nl)
				numlock = 1u << i;
	XFreeModifiermap(m);
}

static void
keypress(XEvent *e)
{
	XKeyEvent k = e->xkey;
	KeySym ks = NoSymbol;
	char buf[32];
	size_t i;

	lasttime = k.time;
	if (flash[0]) {
		flash[0] = '\0';
		dirtybar = 1;
	}
	if (!numlockknown)
		getnumlock();
	if (typing && filterkey(&e->xkey))
		return;
	/* the keysym with Shift, whatever Caps Lock and Num Lock are */
	k.state &= ~(LockMask | numlock);
	XLookupString(&k, buf, sizeof(buf), &ks, NULL);
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

/* the keyboard's mapping changed (xmodmap, setxkbmap, xdotool type):
 * keys are looked up in the new one */
static void
mappingnotify(XEvent *e)
{
	XRefreshKeyboardMapping(&e->xmapping);
	numlockknown = 0;
}

static void
selclear(XEvent *e)
{
	sel_clear(&xsel, &e->xselectionclear);
}

static void
selrequest(XEvent *e)
{
	sel_request(&xsel, &e->xselectionrequest);
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

/*
 * X errors are never fatal.  A window gone in the meantime is the usual
 * cause (a pasting client's, before the answer to its request; an
 * embedder's, and ours with it) and says nothing; anything else is a
 * fault worth a line on stderr, not the end of the reader.
 */
static int
xerror(Display *d, XErrorEvent *e)
{
	char text[128];

	if (e->error_code == BadWindow || e->error_code == BadDrawable)
		return 0;
	XGetErrorText(d, e->error_code, text, sizeof(text));
	warn("X error: %s (request %d, minor %d)", text, e->request_code,
	     e->minor_code);
	return 0;
}

static void
setup(Window embed, int argc, char *argv[])
{
	static char *names[AtomLast] = {
		[WMProtocols] = "WM_PROTOCOLS", [WMDelete] = "WM_DELETE_WINDOW",
		[NetWMName] = "_NET_WM_NAME", [NetWMPid] = "_NET_WM_PID",
		[UTF8String] = "UTF8_STRING", [XEmbedInfo] = "_XEMBED_INFO",
		[XEmbed] = "_XEMBED",
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
	                 StructureNotifyMask | FocusChangeMask;
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
	time_t due, now, wait;
	int xfd = ConnectionNumber(dpy), n, k, maxfd;

	/*
	 * Drawing waits for MapNotify, as in st; but unlike st nothing else
	 * needs the final size first, so a fetch without a cache already runs
	 * meanwhile.  The timeout is the timers': the next automatic fetch,
	 * a minute while the title bar shows an age, and the end of a message.
	 * Wall-clock time, checked at least once a minute, so a suspended
	 * laptop refreshes soon after it wakes.  Beside the X connection it
	 * watches the pipes of the children: the fetch, the read state's
	 * writer, the open commands' exec.
	 */
	while (running && !gotsig) {
		if (!XPending(dpy)) {
			FD_ZERO(&fds);
			FD_SET(xfd, &fds);
			maxfd = MAX(xfd, MAX(fetchfd, savefd));
			if (fetchfd >= 0)
				FD_SET(fetchfd, &fds);
			if (savefd >= 0)
				FD_SET(savefd, &fds);
			for (k = 0; k < nspawn; k++) {
				FD_SET(spawnfds[k], &fds);
				maxfd = MAX(maxfd, spawnfds[k]);
			}
			tsp = NULL;
			now = NOW();
			wait = 60;
			if ((due = fetchdue()))
				wait = MIN(wait, MAX(0, due - now));
			if (flash[0])
				wait = MIN(wait, MAX(0, flashend - now));
			if (due || flash[0] || ageshown()) {
				ts.tv_sec = wait;
				ts.tv_nsec = 0;
				tsp = &ts;
			}
			n = pselect(maxfd + 1, &fds, NULL, NULL, tsp, waitmask);
			if (n < 0 && errno != EINTR)
				die("pselect:");
			if (n > 0 && fetchfd >= 0 && FD_ISSET(fetchfd, &fds))
				fetchread();
			if (n > 0 && savefd >= 0 && FD_ISSET(savefd, &fds))
				saveread();
			for (k = nspawn - 1; n > 0 && k >= 0; k--)
				if (FD_ISSET(spawnfds[k], &fds))
					spawnread(k);
			if (n == 0 && ageshown())
				dirtybar = 1;
			if (flash[0] && NOW() >= flashend) {
				flash[0] = '\0';
				dirtybar = 1;
			}
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
			/* the input method's: compose sequences, other layouts */
			if (xim && XFilterEvent(&ev, None))
				continue;
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
	char err[512];
	int i, j, wstatus;

	fetchstop();
	descsfree();
	rdf_free(&feed);
	buffree(&feedbuf);
	free(isnew);
	free(rows);
	free(view);
	free(etag);
	free(lastmod);
	sel_free(&xsel);
	for (i = 0; i < nspawn; i++)
		close(spawnfds[i]);
	if (xic)
		XDestroyIC(xic);
	if (xim)
		XCloseIM(xim);
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

	/* the window is gone: now the read state's last changes, at leisure */
	if (savepid > 0) {
		while (waitpid(savepid, &wstatus, 0) < 0 && errno == EINTR)
			;
		if (WIFEXITED(wstatus) && WEXITSTATUS(wstatus) == 0)
			state_clean(&readset, savechanges);
		close(savefd);
	}
	if (state_dirty(&readset) && state_save(&readset, NOW(),
	    (time_t)readdays * 86400, err, sizeof(err)) < 0 && !readwarned)
		warn("%s", err);
	state_free(&readset);
	buffree(&savebuf);
}

static void
usage(void)
{
	fputs("usage: lwnrss [-pv] [-w windowid] [url | -]\n", stderr);
	exit(1);
}

/* -w's value: a window id, decimal or 0x hex, as tabbed and xwininfo print it */
static Window
windowid(const char *s)
{
	unsigned long v;
	char *end;

	errno = 0;
	v = strtoul(s, &end, 0);
	/* X ids have 29 bits (X11 protocol, section 2); "-1" is no window */
	if (*s < '0' || *s > '9' || errno || end == s || *end || !v || v > 0x1fffffff)
		die("-w %s: not a window id", s);
	return v;
}

static int
xnowindow(Display *d, XErrorEvent *e)
{
	(void)d;
	(void)e;
	return 0;
}

/* the -w window exists, or a one-line error instead of Xlib's dump */
static void
checkwindow(Window w, const char *arg)
{
	int (*old)(Display *, XErrorEvent *);
	XWindowAttributes wa;
	Status ok;

	old = XSetErrorHandler(xnowindow);
	ok = XGetWindowAttributes(dpy, w, &wa);
	XSync(dpy, False);
	XSetErrorHandler(old);
	if (!ok)
		die("-w %s: no such window", arg);
}

int
main(int argc, char *argv[])
{
	struct sigaction sa;
	sigset_t block, orig;
	Window embed = 0;
	const char *embedarg = NULL, *operand = NULL;
	char err[512];
	int pflag = 0, i, opts = 1;

	argv0 = argv[0];
	url = feedurl;
	/*
	 * Options may follow the URL: tabbed appends the window id to the
	 * command it runs, so "tabbed -c lwnrss URL -w" runs
	 * "lwnrss URL -w ID".  "--" ends the options.
	 */
	for (i = 1; i < argc; i++) {
		if (opts && !strcmp(argv[i], "--")) {
			opts = 0;
		} else if (opts && argv[i][0] == '-' && argv[i][1]) {
			if (!strcmp(argv[i], "-v")) {
				puts("lwnrss-" VERSION);
				return 0;
			} else if (!strcmp(argv[i], "-p")) {
				pflag = 1;
			} else if (!strcmp(argv[i], "-w") && i + 1 < argc) {
				embedarg = argv[++i];
				embed = windowid(embedarg);
			} else {
				usage();
			}
		} else if (!operand) {
			operand = argv[i];
		} else {
			usage();
		}
	}
	if (operand)
		url = strcmp(operand, "-") ? url_typed(operand) : operand;
	fconf.cafile = cafile;
	fconf.conntimeout = conntimeout;
	fconf.fetchtimeout = fetchtimeout;
	fconf.maxfeed = maxfeed;
	fconf.maxredirects = maxredirects;
	fconf.now = clocknow;
	fconf.hide = ishidden;

	if (pflag)
		return fetch_print(&fconf, url);

	setlocale(LC_CTYPE, "");
	setlocale(LC_TIME, "");
	if (!(dpy = XOpenDisplay(NULL)))
		die("cannot open display");
	fcntl(ConnectionNumber(dpy), F_SETFD, FD_CLOEXEC);
	XSetIOErrorHandler(xioerror);
	XSetErrorHandler(xerror);
	if (embed)
		checkwindow(embed, embedarg);
	/* what was read, before the first paint draws it */
	if (state_load(&readset, err, sizeof(err)) < 0 && err[0]) {
		warn("%s", err);
		readwarned = 1;
	} else if (err[0]) {
		warn("%s", err);
	}

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
