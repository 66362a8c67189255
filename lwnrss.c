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
 * redraws the title bar alone.  Text goes through drw.c.
 *
 * The window's state is in a few structs below, each saying what it
 * owns: the layout, the feed shown and its view, the reading view, the
 * fetch, the read state's writer, the filter line, the title bar's
 * messages, the window's own flags.  The rows shown (the view) are the
 * feed's items less those a rule hides, the filter leaves out or, on
 * request, those read; the selection and the first row shown are
 * positions in it, which clampview() alone keeps in range, an empty view
 * included.  A row is as tall as its headline's lines; the reading view
 * shows the selected row alone with its whole description.
 *
 * There is one way a feed reaches the screen: from the cache.  On start
 * the cache's copy, if any, is painted first; the first fetch starts after
 * that paint, once the times the cache keeps allow it (with -f, at once).
 * fetchstart() forks a child (fetch_child) that asks the server,
 * conditionally on the cache's validators, writes what the answer
 * teaches to the cache and exits with
 * what happened: a new feed, not modified, or failed, the answer's times
 * and errors on a pipe.  The window then reads the cache again
 * (cacheshow) and shows its copy, after a 304 too (another lwnrss may have
 * cached a newer one); only a feed the cache did not keep comes through
 * the pipe.  A fetch that failed is tried again after a minute, then two,
 * four, up to the refresh interval.  Marks of read articles are written
 * the same way, by a child that merges them into the file under its
 * lock; others' marks are read at every fetch and when the window gets
 * the focus.  The event loop, as in st, waits in pselect() on the X
 * connection and those pipes (a timeout is the place for timers), drains
 * XPending, redraws when something changed and flushes.  So the window
 * scrolls, resizes and quits at once while a slow server thinks.  Signals
 * only set a flag, and are blocked except inside pselect(), so none is
 * lost between a check and the wait.
 *
 * Opening an article forks twice (proc_spawn): the grandchild calls
 * setsid and execs the command from config.h, the child exits at once and
 * is reaped at once, so the window never waits for a browser and leaves
 * no zombie; a close-on-exec pipe tells the window whether the exec
 * worked, and only then is the article read.
 *
 * A new binary (a rebuild after editing config.h, on Linux seen through
 * inotify; SIGUSR1 elsewhere) takes over the window in place (reexec):
 * a child first checks that it starts, then this image hands its view
 * over in $LWNRSS_RESUME, lets the window outlive its X connection, and
 * execs it; the new image adopts the window and paints the cache's rows.
 *
 * To understand everything else, start reading main().
 */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
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
#ifdef __linux__
#include <sys/inotify.h>
#endif

#include <X11/Xatom.h>
#include <X11/XKBlib.h>
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
/* Num Lock's modifier mask, as the keyboard's mapping has it now */
#define NUMLOCK                 XkbKeysymToModifiers(dpy, XK_Num_Lock)
/* the modifiers keys[] and buttons[] compare: not Shift (in the keysym),
 * Caps Lock or Num Lock */
#define CLEANMASK(mask)         ((mask) & ~(NUMLOCK | LockMask | ShiftMask) & \
                                 (ControlMask|Mod1Mask|Mod2Mask|Mod3Mask|Mod4Mask|Mod5Mask))
#define XEMBED_MAPPED           (1 << 0)
/* XEmbed messages (the XEmbed protocol specification, version 0) */
#define XEMBED_WINDOW_ACTIVATE  1
#define XEMBED_WINDOW_DEACTIVATE 2
#define XEMBED_FOCUS_IN         4
#define XEMBED_FOCUS_OUT        5
/* a second click within this many ms of one that opened is a double click */
#define DOUBLECLICK             400
/* the first retry after a failed fetch, in seconds; each next one doubles */
#define RETRYFIRST              60
/* seconds a new binary has to say it starts before it is killed */
#define CHECKTIME               5

/* enums */
enum { SchemeNorm, SchemeSel, SchemeDim, SchemeBar, SchemeErr, SchemeLast }; /* color schemes */
enum { ColFg, ColBg }; /* color scheme index */
enum { WMProtocols, WMDelete, NetWMName, NetWMPid, UTF8String, XEmbedInfo,
       XEmbed, AtomLast }; /* atoms */
enum { MsgFetch, MsgCache, MsgRead, MsgExe, MsgFlash, MsgLast }; /* title bar messages */
enum { Fail = 1, Quiet = 2 }; /* how setmsg shows a message */

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
	char *desc;             /* the description as text, made when first drawn */
	char *full;             /* ... as paragraphs (rdf_text with paras), made when first read */
	unsigned char hread;    /* read when h was measured */
	int h, hw;              /* its height in px at window width hw; 0: not measured */
	int descy;              /* where its description starts, from its top, as drawn */
} Row;

/* function declarations: those config.h names come first */
static void clickrow(const Arg *arg);
static void copy(const Arg *arg);
static void escape(const Arg *arg);
static void filterstart(const Arg *arg);
static void hideread(const Arg *arg);
static void jump(const Arg *arg);
static void markall(const Arg *arg);
static void markread(const Arg *arg);
static void move(const Arg *arg);
static void openitem(const Arg *arg);
static void page(const Arg *arg);
static void quit(const Arg *arg);
static void reload(const Arg *arg);
static void scroll(const Arg *arg);
static void unread(const Arg *arg);
static void summary(const Arg *arg);

/* variables */
static const char *url;                 /* the feed's URL, or "-" for stdin */
static FetchConf fconf;                 /* config.h's fetch settings, set in main */
static Display *dpy;
/* the X connection's fd, which a child closes: a child that does not
 * exec would hold the connection open (the other fds are close-on-exec,
 * and the children's pipes only read ends, which hold nothing open) */
static int xfd;
static Window win;
static Pixmap pm;
static GC gc;
static Drw drw;
static Atom atoms[AtomLast];
static XftColor scheme[SchemeLast][2];
static XftColor newclr;                 /* the mark of new articles, and badges */
static Sel xsel;                        /* PRIMARY and CLIPBOARD, after y */
/* the signals that came, by number (those blocksignals names are all
 * below 32): SIGTERM or SIGINT, quit; SIGHUP, fetch now; SIGUSR1, run
 * the binary again */
static volatile sig_atomic_t gotsig[32];

/* the layout in pixels: the fonts' and config.h's, scaled to the fonts' dpi */
static struct {
	int w, h;               /* the window */
	int pad, gap, barpad;   /* around a row's text, between its lines, around the bar's */
	int lineh, boldh;       /* a line of each face */
	int barh, rowh;         /* the title bar, a row of a one-line title (its rule line included) */
} lay;

/*
 * The feed shown and the rows it gives.  view[] holds the items shown, in
 * order: not hidden by a rule, matching the filter, unread if read ones
 * are hidden.  sel and top are positions in it, kept in range by
 * clampview() and nothing else: both 0 when the view is empty.  "New" is
 * measured against the first headlines shown, whatever came between:
 * known holds their keys and those of the articles opened since, told
 * those of new articles already counted for the urgency hint.
 */
static struct {
	Feed feed;
	Buf raw;                /* the bytes feed was parsed in (in place) */
	Row *rows;              /* one per item */
	int *view, nview;
	int sel, top;
	int hideread;           /* read articles are left out of the view (u) */
	int moved;              /* the user has moved or scrolled: a new feed keeps the place */
	int fromcache;          /* the rows are the cache's, unconfirmed by a fetch */
	time_t fetched;         /* when the server last sent or confirmed them; 0: unknown */
	ReadSet known, told;    /* keys (links, else titles) as sets */
} shown;

/*
 * The fetch: the child while it runs, and when the next may start.  next
 * and retry come from the cache (fetch.h): the polite floor with the
 * server's and the feed's hints, and a Retry-After.  A failure is tried
 * again sooner, backing off as fails grows.
 */
static struct {
	pid_t pid;              /* the child, -1 when none runs */
	int fd;                 /* its pipe, -1 when none */
	Buf buf;                /* what came through it */
	int first;              /* the first fetch waits for the cache's first paint */
	int askall;             /* the feed shown is cut off, or not the cache's:
	                           the next fetch asks for all of it */
	time_t asked;           /* when the last fetch started; before the
	                           first, when lwnrss did */
	time_t next, retry;     /* no automatic fetch before them */
	int fails;              /* fetches failed in a row */
} fetcher = { .pid = -1, .fd = -1 };

/* the read state, and the child writing its changes (statechanged) */
static struct {
	ReadSet set;
	pid_t pid;              /* the writer, -1 when none runs */
	int fd;                 /* its pipe: an error message, then EOF */
	Buf buf;
	unsigned long changes;  /* the changes it writes */
	int warned;             /* the file could not be read: said once */
} reads = { .pid = -1, .fd = -1 };

/* the filter line, and the input method it opens */
static struct {
	char text[256];
	int typing;             /* the filter line has the keys */
	XIM xim;                /* opened when the filter first is */
	XIC xic;
} filt;

/*
 * The reading view: the selected row at the top, its whole description
 * under it, scrolled off px (0 again for another article); open only
 * while the view has rows (buildview closes it when its article goes).
 */
static struct {
	int open, off;
} reading;

/*
 * The title bar's messages, on the right of the title: the last fetch's
 * status, a file not written (the cache, the read state) or a binary
 * that cannot take the window over, until it is, and in place of them
 * all a message for a few seconds or until a key
 */
static struct {
	char text[MsgLast][256];
	int err;                /* bit k: text[k] is an error */
	time_t flashend;
} msg;

/* the window itself */
static struct {
	int running, mapped;    /* mapped: painted by the end of the round */
	int dirty;              /* redraw everything */
	int dirtybar;           /* redraw the title bar */
	int focused;            /* the window has the keyboard */
	int unseen;             /* new articles arrived while it had not */
	Time lasttime;          /* of the last key or button event */
	Time clicktime;         /* of the last click that opened a row */
	int pointy;             /* y of the last button press */
	int adopted;            /* the window is one a re-exec left (reexec) */
} ui = { .running = 1 };

/*
 * The binary the window runs, and its re-exec (reexec): a change to it,
 * or SIGUSR1, sets when a child checks that the new binary starts (a
 * check under way is then of an older one, and killed); once it did and
 * no other child runs, it replaces this image.
 */
static struct {
	char *path;             /* by name: the file the next exec finds */
	char **argv;
	int ifd;                /* inotify on its directory, -1: none */
	time_t at;              /* when the check starts or, while it runs,
	                           when it is killed as hung (an older lwnrss
	                           knows no check, and opens a window); 0: none */
	pid_t pid;              /* the check, -1 when none runs */
	int fd;                 /* its stdout and stderr */
	Buf buf;
	int ready;              /* it passed: exec when no child runs */
} self = { .ifd = -1, .pid = -1, .fd = -1 };

/* open commands whose exec is not known to have worked yet */
static struct {
	int fd;                 /* the close-on-exec pipe (proc.h) */
	char *link;             /* read once the exec worked */
} spawns[8];
static int nspawn;

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

/* scale a length in px at 96 dpi to the fonts' dpi */
static int
px(unsigned int v)
{
	return (int)(v * drw.dpi / 96 + 0.5);
}

/* what an item is known by: its link, else its title */
static const char *
itemkey(const Item *it)
{
	return it->link[0] ? it->link : it->title;
}

/* t in strftime format fmt, local time, in a buffer of its own; "" when
 * it cannot be */
static const char *
strtime(const char *fmt, time_t t)
{
	static char buf[128];
	struct tm tm;

	if (!localtime_r(&t, &tm) || !strftime(buf, sizeof(buf), fmt, &tm))
		buf[0] = '\0';
	return buf;
}

/* the host (and port) of the feed, for messages; "stdin" for "-" */
static const char *
host(void)
{
	static char h[300];
	Url u;
	char err[64];

	if (!strcmp(url, "-"))
		return "stdin";
	if (url_parse(&u, url, err, sizeof(err)) < 0)
		return url;
	url_hostport(&u, h, sizeof(h));
	return h;
}

/* item i is marked read (a copy of the read state, never kept in sync) */
static int
isread(int i)
{
	return shown.feed.items[i].link[0] && state_isread(&reads.set, shown.feed.items[i].link);
}

/* item i is new: neither among the first headlines shown nor opened since */
static int
isnew(int i)
{
	return !state_isread(&shown.known, itemkey(&shown.feed.items[i]));
}

/* the view */

/* the text of item i's headline: its title after a Badge rule's match,
 * or the link of an untitled article */
static const char *
headline(int i)
{
	const Item *it = &shown.feed.items[i];

	return it->title[0] ? it->title + shown.rows[i].look.skip : it->link;
}

/* where a row's headline starts: after the box of its badge, if any,
 * whose label and width (0: none) go in label and *bw */
static int
titlex(const Look *r, char *label, size_t size, int *bw)
{
	*bw = 0;
	if (!r->badge)
		return lay.pad;
	snprintf(label, size, "%.*s", r->badgelen, r->badge);
	*bw = drw_textw(&drw, FaceNorm, label) + 2 * lay.gap;
	return lay.pad + *bw + 2 * lay.gap;
}

/* the height of the row at view position pos: its headline's lines
 * measured once, again after a resize or in the other face */
static int
rowheight(int pos)
{
	int i = shown.view[pos], x, bw, n;
	int read = isread(i);
	Row *row = &shown.rows[i];
	char label[64];

	if (row->h && row->hw == lay.w && row->hread == read)
		return row->h;
	x = titlex(&row->look, label, sizeof(label), &bw);
	n = drw_wrapped(&drw, read ? FaceNorm : FaceBold, 0, 0, lay.w - lay.pad - x,
	                headline(i), titlelines, NULL);
	row->h = lay.rowh + (MAX(n, 1) - 1) * lay.boldh;
	row->hw = lay.w;
	row->hread = read;
	return row->h;
}

/* how many rows from view position from on, down (dir 1) or up (-1),
 * fit in the rows' area: at least one, none when from is no position */
static int
fits(int from, int dir)
{
	int i, n = 0, h = 0;

	for (i = from; i >= 0 && i < shown.nview; i += dir, n++)
		if ((h += rowheight(i)) > lay.h - lay.barh && n)
			break;
	return n;
}

/* the view position at y in the window, -1 when no row is there (the
 * reading view's one row is the selected one); *dy is y in that row */
static int
rowat(int y, int *dy)
{
	int i, t, end = reading.open ? shown.sel + 1 : shown.nview;

	for (i = reading.open ? shown.sel : shown.top, t = lay.barh; y >= t && i < end;
	     t += rowheight(i++)) {
		*dy = y - t;
		if (y < t + rowheight(i))
			return i;
	}
	return -1;
}

/*
 * The one place the positions are kept in range: the selection in the
 * view (0 when it is empty), the first row shown so that no row past the
 * end is (the last rows fill the area), and with follow set the
 * selection on screen, whole when it fits.
 */
static void
clampview(int follow)
{
	shown.sel = MAX(0, MIN(shown.sel, shown.nview - 1));
	if (follow) {
		if (shown.sel < shown.top)
			shown.top = shown.sel;
		else
			shown.top = MAX(shown.top, shown.sel - fits(shown.sel, -1) + 1);
	}
	/* the last rows are measured only when they may matter: not for a
	 * first paint */
	if (shown.top > 0)
		shown.top = MIN(shown.top, shown.nview - fits(shown.nview - 1, -1));
	shown.top = MAX(shown.top, 0);
	ui.dirty = 1;
}

/* the selection is on screen, whole: read marks that change rows'
 * heights (the bold face is wider) keep it so */
static int
selwhole(void)
{
	return shown.sel >= shown.top && shown.sel < shown.top + fits(shown.top, 1);
}

/* the selected item, -1 when none */
static int
cur(void)
{
	return shown.nview ? shown.view[shown.sel] : -1;
}

/* the rows shown, after rules, filter and read articles hidden; the
 * selection stays on item keep (-1: none) when it is still there, else
 * it is the row that came after it, or the first row */
static void
buildview(int keep)
{
	const Item *it = shown.feed.items;
	int i;

	free(shown.view);
	shown.view = ecalloc(shown.feed.nitems ? shown.feed.nitems : 1, sizeof(*shown.view));
	shown.sel = shown.nview = 0;
	for (i = 0; i < (int)shown.feed.nitems; i++) {
		if (i == keep)
			shown.sel = shown.nview;
		/* the filter sees the whole title, badge and all; an
		 * untitled article's link */
		if (shown.rows[i].look.hidden || (shown.hideread && isread(i)) ||
		    !rules_filter(filt.text, it[i].title[0] ? it[i].title : it[i].link))
			continue;
		shown.view[shown.nview++] = i;
	}
	/* the reading view stays on its article, or closes */
	if (keep < 0 || cur() != keep)
		reading.open = 0;
}

/* drawing */

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

/*
 * The title bar: the feed's title, or the filter line while there is a
 * filter, on the left.  On the right what matters most comes first, so
 * that a narrow window cuts the least: a message for a few seconds or
 * the fetch's status, a file not written, the age of the rows, the
 * position and the new articles above.  The title keeps at least a
 * third of the width, the right side the rest.
 */
static void
drawbar(void)
{
	const char *left = shown.feed.title && *shown.feed.title ? shown.feed.title : "lwnrss";
	int flash = msg.text[MsgFlash][0] != '\0', err = 0;
	int avail = lay.w - 2 * lay.pad, sw, tw, lw, y = lay.barpad + (lay.boldh - lay.lineh) / 2;
	int i, n = 0;
	char text[sizeof(msg.text) + 128], age[32];
	char line[sizeof(filt.text) + 2];
	XftColor *c;
	unsigned long cp;
	size_t k;

	text[0] = '\0';
	for (k = 0; k < MsgLast; k++) {
		err |= msg.text[k][0] && msg.err >> k & 1;
		if (msg.text[k][0] && (k == MsgFlash) == flash)
			addpart(text, sizeof(text), "%s", msg.text[k]);
	}
	/* rows that are not fresh say how old they are: the cache's until a
	 * fetch confirms or replaces them, any rows after a failed fetch */
	if (!flash && shown.feed.nitems && shown.fetched &&
	    (shown.fromcache || msg.err & 1 << MsgFetch)) {
		agestr(age, sizeof(age), (long long)(NOW() - shown.fetched));
		addpart(text, sizeof(text), "%s %s", shown.fromcache ? "cached" : "checked", age);
	}
	if (shown.hideread)
		addpart(text, sizeof(text), "read hidden");
	if (shown.nview)
		addpart(text, sizeof(text), "%d/%d", shown.sel + 1, shown.nview);
	/* the new articles above the first row shown */
	for (i = 0; i < shown.top && i < shown.nview; i++)
		n += isnew(shown.view[i]);
	if (n)
		addpart(text, sizeof(text), "%d new \xe2\x86\x91", n);
	if (filt.typing || filt.text[0]) {
		snprintf(line, sizeof(line), "/%s", filt.text);
		left = line;
	}
	c = scheme[err ? SchemeErr : SchemeBar];
	drw_rect(&drw, &c[ColBg], 0, 0, lay.w, lay.barh);
	tw = drw_textw(&drw, FaceBold, left);
	sw = MIN(drw_textw(&drw, FaceNorm, text), avail - MIN(tw, avail / 3) - lay.pad);
	if (sw > 0)
		drw_text(&drw, FaceNorm, lay.w - lay.pad - sw, y, sw, text, &c[ColFg]);
	lw = avail - (sw > 0 ? sw + lay.pad : 0) - (filt.typing ? lay.gap + 2 : 0);
	if (left == line) {
		/* the end of what is typed stays in sight, as in dmenu */
		while ((k = utf8dec(left, strlen(left), &cp)) < strlen(left) &&
		       drw_textw(&drw, FaceBold, left) > lw)
			left += k;
		tw = drw_textw(&drw, FaceBold, left);
	}
	drw_text(&drw, FaceBold, lay.pad, lay.barpad, lw, left, &c[ColFg]);
	if (filt.typing)
		drw_rect(&drw, &c[ColFg], lay.pad + MIN(tw, lw) + lay.gap, lay.barpad, 2, lay.boldh);
}

/*
 * The row at view position pos: the title, bold until read, grey for a
 * Dim rule, after a Badge rule's label, on up to titlelines lines; the
 * date and author, unless it has neither, and a link Return will not
 * open, saying so and what it is; the start of the description.
 */
static void
drawrow(int pos, int y)
{
	int i = shown.view[pos];
	const Item *it = &shown.feed.items[i];
	Row *row = &shown.rows[i];
	XftColor *c = scheme[pos == shown.sel ? SchemeSel : SchemeNorm];
	XftColor *dim = &scheme[SchemeDim][ColFg];
	const char *date = it->dated ? strtime(datefmt, it->time) : "";
	char meta[512], label[64];
	int w = lay.w - 2 * lay.pad, x, bw, pad = lay.pad, h = rowheight(pos), read = isread(i);
	int top = y;
	unsigned int lines = desclines;

	drw_rect(&drw, &c[ColBg], 0, y, lay.w, h - 1);
	drw_rect(&drw, &scheme[SchemeDim][ColBg], 0, y + h - 1, lay.w, 1);
	/* new: a bar in the left padding, beside the title */
	if (isnew(i))
		drw_rect(&drw, &newclr, pad / 3, y + pad, MAX(pad / 4, 2), lay.boldh);
	y += pad;
	x = titlex(&row->look, label, sizeof(label), &bw);
	if (bw) {
		/* a label of the normal face in a box of newcolor, centred on the title's line */
		drw_rect(&drw, &newclr, pad, y + (lay.boldh - lay.lineh) / 2, bw, lay.lineh);
		drw_text(&drw, FaceNorm, pad + lay.gap, y + (lay.boldh - lay.lineh) / 2, bw, label,
		         &scheme[SchemeBar][ColFg]);
	}
	drw_wrapped(&drw, read ? FaceNorm : FaceBold, x,
	            y + (read ? (lay.boldh - lay.lineh) / 2 : 0), pad + w - x,
	            headline(i), titlelines, row->look.dim ? dim : &c[ColFg]);
	y += h - lay.rowh + lay.boldh + lay.gap;
	snprintf(meta, sizeof(meta), "%s%s%s", date[0] ? date : it->date,
	         (date[0] || it->date[0]) && it->author[0] ? "  \xc2\xb7  " : "", it->author);
	if (it->link[0] && !url_isweb(it->link))
		snprintf(meta + strlen(meta), sizeof(meta) - strlen(meta),
		         "%s\xe2\x8a\x98 not a web link: %s", meta[0] ? "  \xc2\xb7  " : "",
		         it->link);
	/* no date nor author: the description takes the line */
	if (meta[0]) {
		drw_text(&drw, FaceNorm, pad, y, w, meta, dim);
		y += lay.lineh;
	} else if (lines) {
		lines++;
	}
	row->descy = y - top;
	/* decoded only now: most descriptions are never shown */
	if (lines && !row->desc && it->desc[0])
		row->desc = rdf_text(it->desc, it->desctext, 0);
	if (lines && row->desc)
		drw_wrapped(&drw, FaceNorm, pad, y, w, row->desc, lines, dim);
}

/* the reading view */

/*
 * The paragraphs of s, a gap apart, quoted ones indented beside a thin
 * bar: drawn from y with draw (down to the window's end), else only
 * measured.  Returns their height.
 */
static int
drawparas(char *s, int y, int draw)
{
	const XftColor *fg = draw ? &scheme[SchemeNorm][ColFg] : NULL;
	int y0 = y, q, x, h;
	char *e, c;

	for (;; s = e + 1) {
		e = s + strcspn(s, "\n");
		c = *e;
		*e = '\0';
		q = *s == '\t';
		x = lay.pad * (1 + q);
		h = drw_wrapped(&drw, FaceNorm, x, y, lay.w - lay.pad - x, s + q, ~0u, fg) *
		    lay.lineh;
		if (draw && q)
			drw_rect(&drw, &scheme[SchemeDim][ColFg], lay.pad, y, MAX(lay.gap / 2, 1), h);
		*e = c;
		y += h + lay.pad;
		if (!c || (draw && y >= lay.h))
			break;
	}
	return y - lay.pad - y0;
}

/* scroll the text d px, no further than its ends: measured now, as
 * the keys before may have changed the article or the width since the
 * last draw; the description is decoded only now */
static void
summaryscroll(int d)
{
	int i = cur(), h;
	Row *row = &shown.rows[i];

	if (!row->full)
		row->full = rdf_text(shown.feed.items[i].desc, shown.feed.items[i].desctext, 1);
	h = row->full ? drawparas(row->full, 0, 0) + 2 * lay.pad : 0;
	reading.off = MAX(0, MIN(reading.off + d, h - (lay.h - lay.barh - rowheight(shown.sel))));
	ui.dirty = 1;
}

/*
 * The title bar, then the rows; or, in the reading view, under the bar
 * the selected row, as the list draws it, then its description.  The
 * bar goes last: what is scrolled off the text goes under the row and
 * the bar, drawn over it.
 */
static void
drawall(void)
{
	int i, y, a = lay.h - lay.barh, top, end, mw = MAX(lay.gap - 1, 2);

	if (reading.open) {
		y = lay.barh + rowheight(shown.sel);
		summaryscroll(0);
		drw_rect(&drw, &scheme[SchemeNorm][ColBg], 0, y, lay.w, lay.h - y);
		if (shown.rows[cur()].full)
			drawparas(shown.rows[cur()].full, y + lay.pad - reading.off, 1);
		drawrow(shown.sel, lay.barh);
	} else {
		for (i = shown.top, y = lay.barh; i < shown.nview && y < lay.h; y += rowheight(i++))
			drawrow(i, y);
		if (y < lay.h)
			drw_rect(&drw, &scheme[SchemeNorm][ColBg], 0, y, lay.w, lay.h - y);
		/* rows that do not fit: a mark at the right edge, as long as
		 * the share of them shown (whole) and as far down as the first is */
		if (a > 0 && (shown.top || i < shown.nview || y > lay.h)) {
			top = a * shown.top / shown.nview;
			end = a * MAX(i - (y > lay.h), shown.top + 1) / shown.nview;
			drw_rect(&drw, &scheme[SchemeDim][ColFg], lay.w - mw, lay.barh + top, mw,
			         MAX(end - top, mw));
		}
	}
	if (!shown.nview && lay.barh < lay.h && fetcher.pid < 0 && !(msg.err & 1 << MsgFetch))
		drw_text(&drw, FaceNorm, lay.pad, lay.barh + lay.pad, lay.w - 2 * lay.pad,
		         filt.text[0] && shown.feed.nitems ? "No headline matches." :
		         shown.hideread && shown.feed.nitems ? "No unread headlines." :
		         "No headlines.", &scheme[SchemeDim][ColFg]);
	drawbar();
	ui.dirty = ui.dirtybar = 0;
}

/*
 * Draw what changed and show it, all of it after an Expose: a new status
 * (every fetch, every minute while an age shows) costs the title bar
 * alone.
 */
static void
redraw(int expose)
{
	int h = lay.h;

	if (!ui.mapped || !win)
		return;
	if (ui.dirty) {
		drawall();
	} else if (ui.dirtybar) {
		drawbar();
		ui.dirtybar = 0;
		h = expose ? lay.h : MIN(lay.barh, lay.h);
	} else if (!expose) {
		return;
	}
	XCopyArea(dpy, pm, win, gc, 0, 0, lay.w, h, 0, 0);
}

static void
resize(int w, int h)
{
	lay.w = MAX(w, 1);
	lay.h = MAX(h, 1);
	if (pm)
		XFreePixmap(dpy, pm);
	pm = XCreatePixmap(dpy, win, lay.w, lay.h, DefaultDepth(dpy, DefaultScreen(dpy)));
	XftDrawChange(drw.xd, pm);
	clampview(1);
}

/* the window's name: the feed's title, after "(N) " while N new articles
 * wait; in UTF-8, as Xutf8TextListToTextProperty's XUTF8StringStyle makes
 * it, in WM_NAME and _NET_WM_NAME */
static void
updatetitle(void)
{
	const char *t = shown.feed.title && shown.feed.title[0] ? shown.feed.title : "lwnrss";
	char buf[512];
	unsigned int c;
	size_t n, i;

	snprintf(buf, sizeof(buf), ui.unseen ? "(%d) %s" : "%.0d%s", ui.unseen, t);
	/* a longer title is cut between characters, not in one: the last
	 * lead byte's sequence whole, or gone */
	for (n = i = strlen(buf); i > 0 && (buf[i - 1] & 0xc0) == 0x80; i--)
		;
	c = i ? (unsigned char)buf[i - 1] : 0;
	if (c >= 0xc0 && n - i + 1 < (c >= 0xf0 ? 4u : c >= 0xe0 ? 3u : 2u))
		n = i - 1;
	XChangeProperty(dpy, win, XA_WM_NAME, atoms[UTF8String], 8, PropModeReplace,
	                (unsigned char *)buf, n);
	XChangeProperty(dpy, win, atoms[NetWMName], atoms[UTF8String], 8, PropModeReplace,
	                (unsigned char *)buf, n);
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

/*
 * Message k in the title bar, "" for none (MsgFlash goes after flashtime
 * seconds or the next key); with Fail in the error colour, and said on
 * stderr too when it is not the message there already, unless Quiet
 */
static void
setmsg(int k, int how, const char *fmt, ...)
{
	char m[sizeof(msg.text[k])];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(m, sizeof(m), fmt, ap);
	va_end(ap);
	if (how == Fail && m[0] && strcmp(m, msg.text[k]))
		warn("%s", m);
	memcpy(msg.text[k], m, sizeof(m));
	msg.err = how & Fail ? msg.err | 1 << k : msg.err & ~(1 << k);
	if (k == MsgFlash)
		msg.flashend = NOW() + flashtime;
	/* without rows, the fetch's status decides whether "No headlines." shows */
	if (shown.nview)
		ui.dirtybar = 1;
	else
		ui.dirty = 1;
}

/* the children */

/* the end of a child of proc_fork, if one runs: its pipe closed, sent
 * sig unless 0, reaped; returns its wait status */
static int
reap(pid_t *pid, int *fd, int sig)
{
	int wstatus = 0;

	if (*pid > 0 && sig)
		kill(*pid, sig);
	if (*fd >= 0)
		close(*fd);
	while (*pid > 0 && waitpid(*pid, &wstatus, 0) < 0 && errno == EINTR)
		;
	*pid = *fd = -1;
	return wstatus;
}

/* the read state */

/* what others marked: the file merged in; whether it was read again
 * (it changed), which may change rows */
static int
readload(void)
{
	char err[512];
	long long stamp[LENGTH(reads.set.stamp)];
	int rc, changed;

	memcpy(stamp, reads.set.stamp, sizeof(stamp));
	rc = state_load(&reads.set, err, sizeof(err));
	if (err[0] && !reads.warned)
		warn("%s", err);
	reads.warned |= rc < 0 && err[0];
	changed = memcmp(stamp, reads.set.stamp, sizeof(stamp)) != 0;
	ui.dirty |= changed;
	return changed;
}

/*
 * Write the read state's changes, in a child so that fsync never holds up
 * the window: the loop's, after each round.  Changes made meanwhile (those
 * after reads.changes) wait for it to end; after a failure only they try
 * again: nothing forks in a loop.
 */
static void
statechanged(void)
{
	char err[512];
	int rc;

	if (reads.pid > 0 || reads.set.changes == reads.changes)
		return;
	reads.changes = reads.set.changes;
	if ((reads.pid = proc_fork(&reads.fd, xfd)) < 0) {
		setmsg(MsgRead, Fail, "read state not written: %s", strerror(errno));
	} else if (reads.pid == 0) {
		rc = state_save(&reads.set, NOW(), (time_t)readdays * 86400, err, sizeof(err));
		if (rc < 0)
			writeall(reads.fd, err, strlen(err));
		_exit(rc < 0);
	}
}

/* the writer's pipe is readable: take its message; on EOF reap, and
 * take what others wrote too */
static void
saveread(void)
{
	char err[512] = "";
	int wstatus;

	/* out of memory for a message: the status says enough */
	if (proc_read(reads.fd, &reads.buf) == 0)
		return;
	wstatus = reap(&reads.pid, &reads.fd, 0);
	/* a child killed says nothing; a file that could not be read was
	 * said to be so */
	if (WIFEXITED(wstatus) && WEXITSTATUS(wstatus) == 0)
		state_clean(&reads.set, reads.changes);
	else
		snprintf(err, sizeof(err), "%.400s; the marks stay in memory",
		         reads.buf.len ? reads.buf.p : "the read state was not written");
	setmsg(MsgRead, reads.warned ? Fail | Quiet : Fail, "%s", err);
	buffree(&reads.buf);
	readload();
}

/* the shown feed's read links were seen now: keep them from expiring */
static void
touchseen(void)
{
	size_t i;

	for (i = 0; i < shown.feed.nitems; i++)
		if (isread(i))
			state_seen(&reads.set, shown.feed.items[i].link, NOW());
}

/* the feed */

/*
 * Show f, parsed in raw (which it takes), in place of the feed: the
 * selected article (by link) keeps its place on screen when it is still
 * there.  An article is new when neither the first headlines shown nor
 * the articles opened since had it; new ones not counted before, and not
 * hidden, are news for the urgency hint while the window has no focus.
 */
static void
setfeed(Feed *f, Buf *raw)
{
	int i = cur(), off = shown.sel - shown.top, keep = -1, fresh = 0;
	/* known is empty until the first headlines are shown */
	int first = !shown.known.n;
	const char *key, *link = i >= 0 ? itemkey(&shown.feed.items[i]) : NULL;
	Row *rows = ecalloc(f->nitems ? f->nitems : 1, sizeof(*rows));

	for (i = 0; i < (int)f->nitems; i++) {
		key = itemkey(&f->items[i]);
		rules_apply(rules, LENGTH(rules), &f->items[i], &rows[i].look);
		if (first)
			state_mark(&shown.known, key, 1, 0);
		if (!state_isread(&shown.known, key) && !rows[i].look.hidden &&
		    !state_isread(&shown.told, key)) {
			state_mark(&shown.told, key, 1, 0);
			fresh++;
		}
		if (link && keep < 0 && !strcmp(key, link))
			keep = i;
	}
	/* the feed shown before is no longer needed */
	for (i = 0; i < (int)shown.feed.nitems; i++) {
		free(shown.rows[i].desc);
		free(shown.rows[i].full);
	}
	free(shown.rows);
	rdf_free(&shown.feed);
	buffree(&shown.raw);
	shown.feed = *f;
	shown.raw = *raw;
	shown.rows = rows;
	memset(raw, 0, sizeof(*raw));
	buildview(keep);
	/*
	 * Until the user moves, the top of the list, where new articles
	 * come; after, the selected article keeps its place on screen and
	 * the title bar counts the new ones above.
	 */
	if (!shown.moved || keep < 0)
		shown.sel = shown.top = 0;
	else
		shown.top = shown.sel - off;
	if (fresh && !ui.focused && urgent) {
		ui.unseen += fresh;
		seturgent(1);
	}
	updatetitle();
	touchseen();
	clampview(0);
}

/*
 * The cache's feed on screen, at start and after a fetch that left a
 * copy there (new, or confirmed: another lwnrss may have written a newer
 * one since this window last looked), with the times it keeps.  Returns
 * 1 when it showed a feed, 0 when the file keeps only the times, -1 when
 * there is no usable cache (err says why, or "" when there is none); the
 * next fetch then asks for the whole feed.
 */
static int
cacheshow(char *err, size_t n)
{
	Cache c;
	Feed f;
	int r;

	if ((r = fetch_cacheread(&fconf, url, &c, &f, err, n)) < 0) {
		fetcher.askall = 1;
		return -1;
	}
	fetcher.next = c.next;
	fetcher.retry = c.retry;
	if (r == 0) {
		shown.fetched = c.fetched;
		fetcher.askall = f.truncated;
		setfeed(&f, &c.body);
	}
	cache_free(&c);
	return !r;
}

/* the fetch */

/*
 * When the next automatic fetch is due, 0 for never: refresh minutes
 * after the last one started, never sooner than MINREFRESH; after a
 * failure RETRYFIRST seconds, doubling with each failure in a row, never
 * later than refresh minutes; never before what the answers so far hold
 * fetches off for (the cache's next allowed time, Retry-After).  The
 * first fetch waits for the cache's first paint, or a second if the
 * window is never mapped, and for those answers too.
 */
static time_t
fetchdue(void)
{
	time_t now = NOW(), wait = MAX((time_t)refresh * 60, MINREFRESH);
	time_t held = refresh_held(&fetcher.next, &fetcher.retry, now);

	if (fetcher.first)
		return MAX(fetcher.asked + !ui.mapped, held);
	if (!refresh || fetcher.pid > 0 || !strcmp(url, "-"))
		return 0;
	/* a clock set back must not postpone fetches for as long */
	if (fetcher.asked > now)
		fetcher.asked = now;
	if (fetcher.fails)
		wait = MIN((time_t)RETRYFIRST << MIN(fetcher.fails - 1, 16), (time_t)refresh * 60);
	return MAX(fetcher.asked + wait, held);
}

/* a failed fetch: the error, and when it is tried again */
static void
fetchfailed(const char *err)
{
	time_t due;

	fetcher.fails++;
	if ((due = fetchdue()))
		setmsg(MsgFetch, Fail, "%s \xc2\xb7 retry %s", err, strtime("%H:%M", due));
	else
		setmsg(MsgFetch, Fail, "%s", err);
}

static void
fetchstart(void)
{
	char err[256];

	if (fetcher.pid > 0)
		return;
	/* what the last one sent, which no feed took */
	buffree(&fetcher.buf);
	fetcher.first = 0;
	fetcher.asked = NOW();
	if ((fetcher.pid = proc_fork(&fetcher.fd, xfd)) < 0) {
		snprintf(err, sizeof(err), "cannot start the fetch: %s", strerror(errno));
		fetchfailed(err);
		return;
	}
	if (fetcher.pid == 0)
		fetch_child(&fconf, url, !fetcher.askall, fetcher.fd);
	setmsg(MsgFetch, 0, "Loading\xe2\x80\xa6");
}

/*
 * The pipe is readable: take what is there; on EOF reap and finish.  What
 * happened is the child's exit status (fetch.h); it sent the times the
 * answer set and its errors (the fetch's, the cache's), a line each, then
 * a feed the cache did not keep.  A new or confirmed feed comes from the
 * cache; the status then says when.
 */
static void
fetchread(void)
{
	int rc, wstatus, k;
	char *p, *end, *nl, e[512], perr[256];
	const char *t;
	/* the times, the fetch's error and the cache's: "" when missing */
	char *line[3] = { "", "", "" };
	long long next = 0, retry = 0;
	Feed f;
	int vis;

	if (!(rc = proc_read(fetcher.fd, &fetcher.buf)))
		return;
	wstatus = reap(&fetcher.pid, &fetcher.fd, rc < 0 ? SIGKILL : 0);
	if (rc < 0) {
		fetchfailed("out of memory");
		return;
	}
	rc = WIFEXITED(wstatus) ? WEXITSTATUS(wstatus) : -1;
	end = (p = fetcher.buf.p) + fetcher.buf.len;
	for (k = 0; k < 3 && p && (nl = memchr(p, '\n', end - p)); k++, p = nl + 1) {
		*nl = '\0';
		line[k] = p;
	}
	/* others' marks, and the rows on screen seen now, whatever came */
	vis = selwhole();
	if (readload())
		clampview(vis);
	touchseen();
	if (rc < FetchNew || rc > FetchFailed || (rc == FetchFailed && !line[1][0]) ||
	    sscanf(line[0], "%lld %lld", &next, &retry) != 2) {
		if (WIFSIGNALED(wstatus))
			snprintf(e, sizeof(e), "fetch killed by signal %d: %s", WTERMSIG(wstatus), host());
		else
			snprintf(e, sizeof(e), "fetch failed: %s", host());
		fetchfailed(e);
		return;
	}
	setmsg(MsgCache, Fail, "%s", line[2]);
	/* the answer's times, unless it set none (no answer came); the
	 * cache's copy, read next, adds the feed's own hints */
	if (next)
		fetcher.next = next;
	if (retry)
		fetcher.retry = retry;
	e[0] = '\0';
	if (rc == FetchFailed)
		snprintf(e, sizeof(e), "%s", line[1]);
	/* relative links against the feed's URL; standard input has none */
	else if (rc == FetchPiped && rdf_parseurl(&f, p, end - p, strcmp(url, "-") ? url : NULL,
	                                          perr, sizeof(perr)) < 0)
		snprintf(e, sizeof(e), "%s: %s", perr, host());
	else if (rc == FetchPiped) {
		/* relative to now: the feed's own hints, as the cache's copy gets them */
		fetcher.next = MAX(fetcher.next, refresh_hint(NULL, &f, NOW()));
		fetcher.askall = 1;
		/* the buffer goes with the feed, the lines before it too */
		setfeed(&f, &fetcher.buf);
	} else if (cacheshow(e, sizeof(e)) < 1 && !e[0])
		snprintf(e, sizeof(e), "no feed in the cache after the fetch: %s", host());
	if (e[0]) {
		fetchfailed(e);
		return;
	}
	fetcher.fails = 0;
	shown.fromcache = 0;
	t = strtime(timefmt, shown.fetched = NOW());
	if (rc == FetchSame) {
		setmsg(MsgFetch, 0, "up to date");
	} else if (shown.feed.truncated) {
		setmsg(MsgFetch, 0, "feed cut off after %zu item%s%s%s", shown.feed.nitems,
		       shown.feed.nitems == 1 ? "" : "s", t[0] ? " \xc2\xb7 " : "", t);
		warn("feed is truncated after %zu complete item%s: %s", shown.feed.nitems,
		     shown.feed.nitems == 1 ? "" : "s", host());
	} else {
		setmsg(MsgFetch, 0, "%s", t);
	}
}

/* actions */

/* select view position i, with follow scrolling it into view; the
 * reading view shows another article from its start */
static void
setsel(int i, int follow)
{
	int was = cur();

	shown.sel = i;
	shown.moved = 1;
	clampview(follow);
	if (cur() != was)
		reading.off = 0;
}

static void
move(const Arg *arg)
{
	setsel(shown.sel + arg->i, 1);
}

/* arg->i halves of a page, down when positive: of the rows shown whole
 * from the first on, at least one; in the reading view, of the text's
 * area less a line, at least a line */
static void
page(const Arg *arg)
{
	int n = fits(shown.top, 1) * arg->i / 2;

	if (reading.open) {
		summaryscroll(MAX(lay.h - lay.barh - rowheight(shown.sel) - lay.lineh, lay.lineh) *
		              arg->i / 2);
		return;
	}
	if (!n)
		n = arg->i > 0 ? 1 : -1;
	shown.top += n;
	setsel(shown.sel + n, 1);
}

static void
jump(const Arg *arg)
{
	setsel(arg->i < 0 ? shown.nview - 1 : arg->i, 1);
}

static void
scroll(const Arg *arg)
{
	if (reading.open)
		summaryscroll(3 * lay.lineh * arg->i);
	else
		shown.top += arg->i;
	setsel(shown.sel, 0);
}

/* n and N: the next unread article down (arg->i 1) or up (-1) */
static void
unread(const Arg *arg)
{
	int i = shown.sel + arg->i;

	while (i >= 0 && i < shown.nview && isread(shown.view[i]))
		i += arg->i;
	if (i >= 0 && i < shown.nview)
		setsel(i, 1);
	else
		setmsg(MsgFlash, 0, "no unread article %s", arg->i > 0 ? "below" : "above");
}

/* u: read articles leave the view, or come back; the selected article
 * keeps its place on screen, or the row after it takes it */
static void
hideread(const Arg *arg)
{
	int off = shown.sel - shown.top;

	(void)arg;
	shown.hideread = !shown.hideread;
	buildview(cur());
	shown.top = shown.sel - off;
	clampview(1);
}

/* l, Tab: the selected row's whole description, or the rows again; it
 * is read, so a new feed keeps its place */
static void
summary(const Arg *arg)
{
	(void)arg;
	reading.open = !reading.open && shown.nview;
	reading.off = 0;
	shown.moved |= reading.open;
	ui.dirty = 1;
}

/* the selected item, when it has a link; else -1, and the title bar says so */
static int
curlink(void)
{
	int i = cur();

	if (i >= 0 && !shown.feed.items[i].link[0]) {
		setmsg(MsgFlash, 0, "this article has no link");
		return -1;
	}
	return i;
}

/* an article opened: no longer news, and read (its row in the normal
 * face, maybe on fewer lines) */
static void
opened(const char *link)
{
	int vis = selwhole();

	state_mark(&shown.known, link, 1, 0);
	if (!state_isread(&reads.set, link))
		state_mark(&reads.set, link, 1, NOW());
	clampview(vis);
}

/* the k-th open command's pipe is readable: its exec failed, or worked */
static void
spawnread(int k)
{
	char *link = spawns[k].link;
	int e;

	if ((e = proc_spawned(spawns[k].fd)) < 0)
		return;
	spawns[k] = spawns[--nspawn];
	if (e)
		setmsg(MsgFlash, Fail, "cannot run %s: %s", opencmd[0], strerror(e));
	else
		opened(link);
	free(link);
}

/* run opencmd with the link, detached: the window never waits; whether
 * the exec worked comes back through a pipe, which spawnread reads */
static void
openitem(const Arg *arg)
{
	char *argv[LENGTH(opencmd) + 1];
	int fd, i = curlink();
	const char *link;

	(void)arg;
	if (i < 0)
		return;
	/* only an http or https page goes to the open command: javascript:,
	 * file: and data: links, relative ones too, are for no browser */
	if (!url_isweb(link = shown.feed.items[i].link)) {
		setmsg(MsgFlash, 0, "not opened: not an http or https link");
		return;
	}
	/* opencmd ends in NULL: the link in its place */
	memcpy(argv, opencmd, sizeof(opencmd));
	argv[LENGTH(opencmd) - 1] = (char *)link;
	argv[LENGTH(opencmd)] = NULL;
	if ((fd = proc_spawn(argv, xfd)) < 0) {
		setmsg(MsgFlash, Fail, "cannot run %s: %s", opencmd[0], strerror(errno));
	} else if (nspawn < (int)LENGTH(spawns)) {
		spawns[nspawn].fd = fd;
		spawns[nspawn++].link = estrdup(link);
	} else {
		/* whether it ran cannot be told: it is taken as opened */
		close(fd);
		opened(link);
	}
}

/* m: the selected article read, or unread again */
static void
markread(const Arg *arg)
{
	int i = curlink(), vis = selwhole();

	(void)arg;
	if (i < 0)
		return;
	state_mark(&reads.set, shown.feed.items[i].link, !isread(i), NOW());
	clampview(vis);
}

/* M: every row shown read */
static void
markall(const Arg *arg)
{
	int i, vis = selwhole();
	const char *link;

	(void)arg;
	for (i = 0; i < shown.nview; i++)
		if ((link = shown.feed.items[shown.view[i]].link)[0] &&
		    !state_isread(&reads.set, link))
			state_mark(&reads.set, link, 1, NOW());
	clampview(vis);
}

/* a click selects, without scrolling; a click on the selected row opens
 * it, or on its description opens or closes the reading view, but the
 * second click of a double click does nothing more */
static void
clickrow(const Arg *arg)
{
	int dy, row = rowat(ui.pointy, &dy), open = row == shown.sel, twice;

	if (row < 0)
		return;
	twice = ui.clicktime && ui.lasttime - ui.clicktime < DOUBLECLICK;
	ui.clicktime = open ? ui.lasttime : 0;
	if (!open) {
		setsel(row, 0);
	} else if (!twice) {
		/* the description: under the title's lines and the date's,
		 * or on the date's line when there is none */
		if (desclines && dy >= shown.rows[cur()].descy)
			summary(arg);
		else
			openitem(arg);
	}
}

/* y and Y: own PRIMARY and CLIPBOARD with the link, or "title link" */
static void
copy(const Arg *arg)
{
	const Item *it;
	char *text;
	int i = curlink();

	if (i < 0)
		return;
	it = &shown.feed.items[i];
	text = ecalloc(1, strlen(it->title) + strlen(it->link) + 2);
	/* Y: "title link", the link alone for an untitled article */
	sprintf(text, "%s%s%s", arg->i ? it->title : "", arg->i && it->title[0] ? " " : "",
	        it->link);
	if (!xsel.dpy)
		sel_init(&xsel, dpy, win);
	if (sel_own(&xsel, text, ui.lasttime) == 0)
		setmsg(MsgFlash, 0, "copied");
	else
		setmsg(MsgFlash, Fail, "cannot own the selection");
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
	ui.running = 0;
}
/* the filter */

/* the rows again after the filter changed, the selected article kept */
static void
refilter(void)
{
	buildview(cur());
	shown.top = 0;
	clampview(1);
}

/* the input method's server went away (ibus or fcitx restarting), and
 * the IM and its context with it: the next filter line opens one anew */
static void
imdestroyed(XIM im, XPointer client, XPointer call)
{
	(void)im;
	(void)client;
	(void)call;
	filt.xim = NULL;
	filt.xic = NULL;
}

/* /: the filter line takes the keys.  The input method is opened when
 * the filter first is: a first paint never pays for it.  Without one,
 * text is taken as Latin-1 */
static void
filterstart(const Arg *arg)
{
	XIMCallback destroyed = { NULL, imdestroyed };
	XWindowAttributes wa;
	long mask = 0;

	(void)arg;
	filt.typing = 1;
	ui.dirtybar = 1;
	if (!filt.xim) {
		XSetLocaleModifiers("");
		if (!(filt.xim = XOpenIM(dpy, NULL, NULL, NULL))) {
			XSetLocaleModifiers("@im=none");
			filt.xim = XOpenIM(dpy, NULL, NULL, NULL);
		}
		if (!filt.xim) {
			warn("no input method: the filter takes Latin-1 only");
			return;
		}
		XSetIMValues(filt.xim, XNDestroyCallback, &destroyed, NULL);
		if (!(filt.xic = XCreateIC(filt.xim, XNInputStyle, XIMPreeditNothing |
		    XIMStatusNothing, XNClientWindow, win, XNFocusWindow, win, NULL)))
			warn("cannot create an input context");
		/* what the input method needs to see besides the keys */
		else if (!XGetICValues(filt.xic, XNFilterEvents, &mask, NULL) && mask &&
		         XGetWindowAttributes(dpy, win, &wa))
			XSelectInput(dpy, win, wa.your_event_mask | mask);
	}
	if (filt.xic)
		XSetICFocus(filt.xic);
}

static void
filterstop(int clear)
{
	filt.typing = 0;
	if (filt.xic)
		XUnsetICFocus(filt.xic);
	if (clear && filt.text[0]) {
		filt.text[0] = '\0';
		refilter();
	}
	ui.dirtybar = 1;
}

/* Escape: close the reading view, else clear the filter; else quit */
static void
escape(const Arg *arg)
{
	if (reading.open)
		summary(arg);
	else if (filt.text[0] || filt.typing)
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
	char buf[64], u[sizeof(buf) / 3];
	KeySym ks = NoSymbol, lower, upper;
	Status st = XLookupNone;
	size_t len = strlen(filt.text), k;
	int n, i;

	if (filt.xic) {
		n = Xutf8LookupString(filt.xic, ev, buf, sizeof(buf) - 1, &ks, &st);
		if (st == XBufferOverflow)
			return 1;
		if (st != XLookupChars && st != XLookupBoth)
			n = 0;
	} else {
		/* Latin-1, one byte a code point, at most three in UTF-8 */
		n = XLookupString(ev, u, sizeof(u) - 1, &ks, NULL);
		for (i = 0, k = 0; i < n; i++)
			k += utf8enc(buf + k, (unsigned char)u[i]);
		n = k;
	}
	if (ev->state & ControlMask) {
		/* Ctrl-h and Ctrl-[ are BackSpace and Escape; Caps Lock makes
		 * Ctrl-w's keysym W; other Ctrl keys are keys[]' */
		XConvertCase(ks, &lower, &upper);
		ks = lower == XK_h ? XK_BackSpace : lower == XK_bracketleft ? XK_Escape :
		     lower == XK_u || lower == XK_w ? lower : NoSymbol;
		if (ks == NoSymbol)
			return 0;
	}
	if (ks == XK_Escape || ks == XK_Return || ks == XK_KP_Enter) {
		filterstop(ks == XK_Escape);
		return 1;
	}
	if (ks == XK_BackSpace) {
		/* a whole UTF-8 sequence */
		while (len && ((unsigned char)filt.text[--len] & 0xc0) == 0x80)
			;
	} else if (ev->state & ControlMask) {
		/* Ctrl-u: the whole line; Ctrl-w: the word before the end */
		while (len && ks == XK_w && filt.text[len - 1] == ' ')
			len--;
		while (len && (ks == XK_u || filt.text[len - 1] != ' '))
			len--;
	} else {
		/* text, never control characters */
		for (i = 0; i < n; i++)
			if ((unsigned char)buf[i] < 0x20 || buf[i] == 0x7f)
				return 0;
		if (n <= 0)
			return 0;
		if (len + n < sizeof(filt.text)) {
			memcpy(filt.text + len, buf, n);
			len += n;
		}
	}
	filt.text[len] = '\0';
	refilter();
	return 1;
}

/* events */

/* the window got the keys, or lost them: with them, the news is seen and
 * others' read marks are taken (which may change rows' heights) */
static void
setfocus(int on)
{
	int vis = selwhole();

	if (on && !ui.focused && readload())
		clampview(vis);
	ui.focused = on;
	if (on && ui.unseen) {
		ui.unseen = 0;
		seturgent(0);
		updatetitle();
	}
}

static void
buttonpress(XEvent *e)
{
	XButtonEvent *ev = &e->xbutton;
	size_t i;

	ui.lasttime = ev->time;
	ui.pointy = ev->y;
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
		ui.running = 0;
	} else if (ev->message_type == atoms[XEmbed] && ev->format == 32) {
		/* an embedder (tabbed) says which tab has the keys */
		if (ev->data.l[1] == XEMBED_FOCUS_IN || ev->data.l[1] == XEMBED_WINDOW_ACTIVATE)
			setfocus(1);
		else if (ev->data.l[1] == XEMBED_FOCUS_OUT ||
		         ev->data.l[1] == XEMBED_WINDOW_DEACTIVATE)
			setfocus(0);
	}
}

static void
configurenotify(XEvent *e)
{
	if (e->xconfigure.window == win && (e->xconfigure.width != lay.w ||
	    e->xconfigure.height != lay.h))
		resize(e->xconfigure.width, e->xconfigure.height);
}

/* an XEmbed host may destroy the window when it closes the tab */
static void
destroynotify(XEvent *e)
{
	if (e->xdestroywindow.window == win) {
		win = None;
		ui.running = 0;
	}
}

static void
expose(XEvent *e)
{
	if (e->xexpose.count == 0)
		redraw(1);
}

/* FocusIn or FocusOut: a grab's focus changes are no change of who has
 * the keys, nor is the focus going to a child */
static void
focus(XEvent *e)
{
	if (e->xfocus.mode != NotifyGrab && e->xfocus.mode != NotifyUngrab &&
	    (e->type == FocusIn || e->xfocus.detail != NotifyInferior))
		setfocus(e->type == FocusIn);
}

static void
keypress(XEvent *e)
{
	XKeyEvent k = e->xkey;
	KeySym ks = NoSymbol;
	char buf[32];
	size_t i;

	ui.lasttime = k.time;
	/* a key ends a message */
	if (msg.text[MsgFlash][0])
		setmsg(MsgFlash, 0, "");
	if (filt.typing && filterkey(&e->xkey))
		return;
	/* the keysym with Shift, whatever Caps Lock and Num Lock are */
	k.state &= ~(LockMask | NUMLOCK);
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
	ui.mapped = ui.dirty = 1;
}

/* the keyboard's mapping changed (xmodmap, setxkbmap, xdotool type):
 * keys are looked up in the new one */
static void
mappingnotify(XEvent *e)
{
	XRefreshKeyboardMapping(&e->xmapping);
}

/* PRIMARY or CLIPBOARD taken by another client, or asked for */
static void
selection(XEvent *e)
{
	/* a request sent before the first copy (XSendEvent) is refused */
	if (!xsel.dpy)
		sel_init(&xsel, dpy, win);
	if (e->type == SelectionClear)
		sel_clear(&xsel, &e->xselectionclear);
	else
		sel_request(&xsel, &e->xselectionrequest);
}

static void (*handler[LASTEvent])(XEvent *) = {
	[ButtonPress] = buttonpress,
	[ClientMessage] = clientmessage,
	[ConfigureNotify] = configurenotify,
	[DestroyNotify] = destroynotify,
	[Expose] = expose,
	[FocusIn] = focus,
	[FocusOut] = focus,
	[KeyPress] = keypress,
	[MapNotify] = mapnotify,
	[MappingNotify] = mappingnotify,
	[SelectionClear] = selection,
	[SelectionRequest] = selection,
};

/* the re-exec */

/*
 * The view a re-exec hands the new image in $LWNRSS_RESUME: the window's
 * id and the numbers in decimal (the selected item by its place in the
 * feed, which the cache's copy has too; the messages that are errors),
 * then the texts (the filter, the fetch's status, a binary not run),
 * each after its length and a colon, so that a filter may hold any byte.
 * stateset and stateload list the fields in the same order; a new one
 * goes at the end of its kind, and an image that finds fewer keeps its
 * own values for the rest.
 */
static int
stateset(void)
{
	char s[32 * 16 + 3 * sizeof(msg.text[0])];

	snprintf(s, sizeof(s), "%lu %d %d %d %d %d %lld %d %d %d %d %d %d %d %zu:%s%zu:%s%zu:%s",
	         (unsigned long)win, cur(), shown.top, shown.moved, shown.fromcache,
	         fetcher.first, (long long)fetcher.asked, fetcher.fails, msg.err, ui.focused,
	         ui.unseen, shown.hideread, reading.open, reading.off, strlen(filt.text),
	         filt.text, strlen(msg.text[MsgFetch]), msg.text[MsgFetch],
	         strlen(msg.text[MsgExe]), msg.text[MsgExe]);
	return setenv("LWNRSS_RESUME", s, 1);
}

/* stateset's state, once the cache's rows are shown: the view as it was */
static void
stateload(const char *p)
{
	/* the texts, all as large as a message */
	char *text[] = { filt.text, msg.text[MsgFetch], msg.text[MsgExe] }, *e;
	long long asked = fetcher.asked;
	size_t k, len;
	int n = 0, keep = -1;

	sscanf(p, "%*s %d %d %d %d %d %lld %d %d %d %d %d %d %d %n", &keep, &shown.top,
	       &shown.moved, &shown.fromcache, &fetcher.first, &asked, &fetcher.fails,
	       &msg.err, &ui.focused, &ui.unseen, &shown.hideread, &reading.open,
	       &reading.off, &n);
	fetcher.asked = asked;
	for (p += n, k = 0; n && k < LENGTH(text); k++, p = e + 1 + len) {
		len = strtoul(p, &e, 10);
		if (*e != ':' || strlen(e + 1) < len)
			break;
		snprintf(text[k], sizeof(msg.text[0]), "%.*s", (int)len, e + 1);
	}
	/* the rows the filter leaves, the selected article among them */
	buildview(keep);
	clampview(0);
	updatetitle();
	/* setup's WM_HINTS has no urgency */
	if (ui.unseen)
		seturgent(1);
	/* an adopted window has no Expose to wait for */
	redraw(0);
}

/* the check (again) at t: one under way checks a binary replaced since */
static void
checkat(time_t t)
{
	reap(&self.pid, &self.fd, SIGKILL);
	buffree(&self.buf);
	self.at = t;
	self.ready = 0;
}

/*
 * The binary this window runs, by name (/proc/self/exe names the old
 * file once a new one replaced it), and on Linux a watch on its name in
 * its directory: a compiler writes the file, install renames one there.
 * One put there before the watch (while this image started) is checked.
 */
static void
watchself(char *argv[])
{
	char path[PATH_MAX] = "";
#ifdef __linux__
	struct stat named, run;
	char *d;
	ssize_t n;
	int fd;

	if ((n = readlink("/proc/self/exe", path, sizeof(path) - 1)) > 0) {
		path[n] = '\0';
		if (n > 10 && !strcmp(path + n - 10, " (deleted)"))
			path[n - 10] = '\0';
	}
	/* a watch that cannot be added leaves an fd that never wakes */
	if ((d = strrchr(path, '/')) &&
	    (self.ifd = inotify_init1(IN_CLOEXEC | IN_NONBLOCK)) >= 0) {
		*d = '\0';
		inotify_add_watch(self.ifd, d == path ? "/" : path, IN_CREATE |
		                  IN_MODIFY | IN_ATTRIB | IN_CLOSE_WRITE | IN_MOVED_TO);
		*d = '/';
	}
	/* opened, not stat'ed: valgrind opens the program it runs for
	 * /proc/self/exe, but lets a stat see its own */
	if ((fd = open("/proc/self/exe", O_RDONLY | O_CLOEXEC)) >= 0) {
		if (stat(path, &named) == 0 && fstat(fd, &run) == 0 &&
		    (named.st_dev != run.st_dev || named.st_ino != run.st_ino))
			self.at = NOW() + 2;
		close(fd);
	}
#endif
	self.path = estrdup(path[0] ? path : argv[0]);
	self.argv = argv;
}

/* the binary's name changed: the check waits for two quiet seconds, so
 * that a binary still being written (a link, a chmod after) never runs */
static void
selfchanged(void)
{
#ifdef __linux__
	long buf[1024];
	const char *base = strrchr(self.path, '/') + 1;
	struct inotify_event *e;
	ssize_t n, off;

	while ((n = read(self.ifd, buf, sizeof(buf))) > 0) {
		for (off = 0; off < n; off += sizeof(*e) + e->len) {
			e = (struct inotify_event *)((char *)buf + off);
			if ((e->mask & IN_Q_OVERFLOW) || (e->len && !strcmp(e->name, base)))
				checkat(NOW() + 2);
		}
	}
#endif
}

/* start the new binary as far as its fonts and colours, in a child whose
 * output comes back through a pipe: "ok", or why it cannot start */
static void
checkstart(void)
{
	self.at = 0;
	if (!strcmp(url, "-")) {
		setmsg(MsgExe, Fail, "not restarted: the feed came from standard input, "
		       "which was read");
		return;
	}
	if ((self.pid = proc_fork(&self.fd, xfd)) < 0) {
		setmsg(MsgExe, Fail, "not restarted: cannot check %s: %s", self.path,
		       strerror(errno));
		return;
	}
	if (self.pid == 0) {
		dup2(self.fd, 1);
		dup2(self.fd, 2);
		if (self.fd > 2)
			close(self.fd);
		setenv("LWNRSS_RESUME", "check", 1);
		execvp(self.path, self.argv);
		warn("cannot run %s:", self.path);
		_exit(127);
	}
	self.at = NOW() + CHECKTIME;
}

/*
 * The check's pipe is readable, or its time is up: on EOF or then, ready,
 * or why not in the title bar.  Killed first either way: EOF may come
 * from one that closed its output and runs on, and a child of a hung one
 * may hold its pipe after it (an older lwnrss's fetch); reaping must not
 * wait for either.
 */
static void
checkread(void)
{
	char *p = "", *nl;
	int wstatus;

	if (proc_read(self.fd, &self.buf) == 0 && NOW() < self.at)
		return;
	wstatus = reap(&self.pid, &self.fd, SIGKILL);
	/* its last line: "ok", or its error without "lwnrss: " */
	if (self.buf.len) {
		while (self.buf.len && self.buf.p[self.buf.len - 1] == '\n')
			self.buf.p[--self.buf.len] = '\0';
		p = (nl = strrchr(self.buf.p, '\n')) ? nl + 1 : self.buf.p;
		p += strncmp(p, "lwnrss: ", 8) ? 0 : 8;
	}
	if (WIFEXITED(wstatus) && WEXITSTATUS(wstatus) == 0 && !strcmp(p, "ok"))
		self.ready = 1;
	else if (*p)
		setmsg(MsgExe, Fail, "not restarted: %s", p);
	else if (WIFSIGNALED(wstatus) && NOW() >= self.at)
		setmsg(MsgExe, Fail, "not restarted: %s did not start in %d s", self.path,
		       CHECKTIME);
	else if (WIFSIGNALED(wstatus))
		setmsg(MsgExe, Fail, "not restarted: %s killed by signal %d", self.path,
		       WTERMSIG(wstatus));
	else
		setmsg(MsgExe, Fail, "not restarted: %s exited with status %d, not ok",
		       self.path, WEXITSTATUS(wstatus));
	self.at = 0;
	buffree(&self.buf);
}

/*
 * The children stopped, the X server's resources freed, the window
 * destroyed; with keep it outlives the connection, for a re-exec.  Memory
 * goes with the process (exit or exec): what is freed here is what the
 * server would keep for a connection closed with RetainPermanent.
 */
static void
cleanup(int keep)
{
	char err[512];
	int i, j, wstatus;

	reap(&fetcher.pid, &fetcher.fd, SIGKILL);
	/* a new binary's check: it may never end (an older lwnrss's window) */
	checkat(0);
	if (filt.xic)
		XDestroyIC(filt.xic);
	if (filt.xim)
		XCloseIM(filt.xim);
	for (i = 0; i < SchemeLast; i++)
		for (j = 0; j < 2; j++)
			drw_clrfree(&drw, &scheme[i][j]);
	drw_clrfree(&drw, &newclr);
	drw_free(&drw);
	XFreePixmap(dpy, pm);
	XFreeGC(dpy, gc);
	if (keep && !ui.adopted) {
		/* ButtonPress is one client's at a time: the next image's */
		XSelectInput(dpy, win, NoEventMask);
		XSetCloseDownMode(dpy, RetainPermanent);
	} else if (win && !keep && ui.adopted) {
		/* its maker is gone: killing it takes the window, and
		 * anything else that maker left */
		XKillClient(dpy, win);
	} else if (win && !keep) {
		XDestroyWindow(dpy, win);
	}
	XCloseDisplay(dpy);

	/* the window is gone: now the read state's last changes, at leisure,
	 * after the writer's, if one runs (it holds the lock); what it wrote
	 * is not written again, over what another window may have changed */
	if (reads.pid > 0) {
		wstatus = reap(&reads.pid, &reads.fd, 0);
		if (WIFEXITED(wstatus) && WEXITSTATUS(wstatus) == 0)
			state_clean(&reads.set, reads.changes);
	}
	/* the cause again only if it was never said */
	if (state_dirty(&reads.set) && state_save(&reads.set, NOW(),
	    (time_t)readdays * 86400, err, sizeof(err)) < 0) {
		if (msg.text[MsgRead][0] || reads.warned)
			warn("quitting with read marks not written");
		else
			warn("quitting with read marks not written: %s", err);
	}
}

/*
 * Run the checked binary in place: the same window, view and schedule,
 * no fetch.  No child runs (run waits), and unwritten read marks are
 * written now, so the new image loses none.  The window outlives this
 * image's connection (RetainPermanent), its other server resources do
 * not (cleanup).  Signals stay blocked through exec: one that comes
 * meanwhile waits for the new image's loop (blocksignals).
 */
static void
reexec(void)
{
	char err[512];

	/* a change since the check: the check again */
	selfchanged();
	if (!self.ready)
		return;
	self.ready = 0;
	if (state_dirty(&reads.set) && state_save(&reads.set, NOW(),
	    (time_t)readdays * 86400, err, sizeof(err)) < 0) {
		setmsg(MsgExe, Fail, "not restarted: read marks not written: %s", err);
		return;
	}
	setmsg(MsgExe, 0, "");
	if (stateset() < 0) {
		setmsg(MsgExe, Fail, "not restarted: %s", strerror(errno));
		return;
	}
	cleanup(1);
	execvp(self.path, self.argv);
	setmsg(MsgExe, Fail, "not restarted: cannot run %s: %s", self.path, strerror(errno));
#ifdef __linux__
	/* this image again, in the same window, saying so */
	if (stateset() == 0)
		execv("/proc/self/exe", self.argv);
#endif
	/* no image to take the window: it goes */
	if ((dpy = XOpenDisplay(NULL))) {
		XKillClient(dpy, win);
		XCloseDisplay(dpy);
	}
	die("cannot run this binary again:");
}

/* setup and the event loop */

static void
sighandler(int sig)
{
	gotsig[sig] = 1;
}

static int
xioerror(Display *d)
{
	(void)d;
	reap(&fetcher.pid, &fetcher.fd, SIGKILL);
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

/*
 * Take over the window a re-exec left (reexec), when it is still there
 * and still says it is this process's: its events, background and size.
 * Its maker's connection is closed, and a message sent with no event
 * mask goes to a window's maker alone, as WM_DELETE_WINDOW and XEmbed's
 * are: without WM_DELETE_WINDOW in WM_PROTOCOLS (setup) a window manager
 * closes it by killing its maker, which destroys it, and DestroyNotify
 * quits as closing does.
 */
static int
adopt(Window w, XSetWindowAttributes *swa, XWindowAttributes *wa)
{
	unsigned char *p = NULL;
	unsigned long n, left;
	Atom type;
	int fmt, ours;

	ours = w && XGetWindowProperty(dpy, w, atoms[NetWMPid], 0, 1, False, XA_CARDINAL,
	       &type, &fmt, &n, &left, &p) == Success && p && n == 1 && fmt == 32 &&
	       *(long *)p == (long)getpid();
	if (p)
		XFree(p);
	if (!ours)
		return 0;
	XChangeWindowAttributes(dpy, w, CWBackPixel | CWBitGravity | CWEventMask, swa);
	if (!XGetWindowAttributes(dpy, w, wa))
		return 0;
	win = w;
	ui.adopted = 1;
	/* mapped before: no MapNotify comes */
	ui.mapped = wa->map_state != IsUnmapped;
	return 1;
}

static void
setup(Window embed, int argc, char *argv[], const char *resume)
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
	XSizeHints sh = { .flags = PSize | PMinSize };
	long pid = getpid(), xembed[2] = { 0, XEMBED_MAPPED };
	size_t i;
	int j;

	XInternAtoms(dpy, names, AtomLast, False, atoms);

	/* drawn on the root until the window's Pixmap exists */
	if (drw_init(&drw, dpy, DefaultScreen(dpy), DefaultRootWindow(dpy), fonts, LENGTH(fonts),
	             colorfonts) < 0)
		die("no font could be loaded");
	for (i = 0; i < SchemeLast; i++)
		for (j = 0; j < 2; j++)
			if (drw_clr(&drw, colors[i][j], &scheme[i][j]) < 0)
				die("cannot allocate color %s", colors[i][j]);
	if (drw_clr(&drw, newcolor, &newclr) < 0)
		die("cannot allocate color %s", newcolor);
	/* a re-exec's check of this binary (checkstart): it starts */
	if (resume && !strcmp(resume, "check")) {
		puts("ok");
		exit(0);
	}

	lay.lineh = drw.h[FaceNorm];
	lay.boldh = drw.h[FaceBold];
	lay.pad = px(padding);
	lay.gap = MAX(lay.pad / 4, 1);
	lay.barpad = px(barpadding);
	lay.barh = lay.boldh + 2 * lay.barpad;
	lay.rowh = 2 * lay.pad + lay.boldh + lay.gap + lay.lineh * (1 + desclines) + 1;

	swa.background_pixel = scheme[SchemeNorm][ColBg].pixel;
	swa.bit_gravity = NorthWestGravity;
	swa.event_mask = ExposureMask | KeyPressMask | ButtonPressMask |
	                 StructureNotifyMask | FocusChangeMask;
	/* the size of the window adopted, else of the host, else no larger
	 * than the screen, whatever the dpi */
	wa.width = MIN(px(winwidth), DisplayWidth(dpy, DefaultScreen(dpy)));
	wa.height = MIN(px(winheight), DisplayHeight(dpy, DefaultScreen(dpy)));
	if (!resume || !adopt(strtoul(resume, NULL, 10), &swa, &wa)) {
		/* xerror says nothing of a window missing */
		if (embed && !XGetWindowAttributes(dpy, embed, &wa))
			die("-w 0x%lx: no such window", (unsigned long)embed);
		win = XCreateWindow(dpy, embed ? embed : DefaultRootWindow(dpy), 0, 0,
		                    MAX(wa.width, 1), MAX(wa.height, 1), 0, CopyFromParent,
		                    CopyFromParent, CopyFromParent,
		                    CWBackPixel | CWBitGravity | CWEventMask, &swa);
	}
	gc = XCreateGC(dpy, win, 0, NULL);
	resize(wa.width, wa.height);

	sh.width = lay.w;
	sh.height = lay.h;
	sh.min_width = 4 * lay.pad;
	sh.min_height = lay.barh;
	XSetWMProperties(dpy, win, NULL, NULL, argv, argc, &sh, &wmh, &ch);
	XSetWMProtocols(dpy, win, &atoms[WMDelete], !ui.adopted);
	XChangeProperty(dpy, win, atoms[NetWMPid], XA_CARDINAL, 32,
	                PropModeReplace, (unsigned char *)&pid, 1);
	XChangeProperty(dpy, win, atoms[XEmbedInfo], atoms[XEmbedInfo], 32,
	                PropModeReplace, (unsigned char *)xembed, 2);
	if (!ui.adopted) {
		updatetitle();
		XMapWindow(dpy, win);
	}
}

/*
 * Wait for the X connection, the children's pipes (the fetch, the read
 * state's writer, the open commands' exec, a new binary's check), the
 * binary's watch, or a timer: the next automatic fetch, the end of a
 * message, a check, else a minute (for the title bar's age).
 * Wall-clock time, checked at least once a minute, so a suspended laptop
 * refreshes soon after it wakes.  Signals come only in here.
 */
static void
waitevents(const sigset_t *waitmask)
{
	fd_set fds;
	struct timespec ts = { 60, 0 };
	time_t due, now = NOW();
	time_t at[] = { fetchdue(), msg.text[MsgFlash][0] ? msg.flashend : 0, self.at };
	int w[5 + LENGTH(spawns)] = { xfd, fetcher.fd, reads.fd, self.ifd, self.fd };
	int n, k, nw = 5, maxfd = -1;

	for (k = 0; k < nspawn; k++)
		w[nw++] = spawns[k].fd;
	FD_ZERO(&fds);
	for (k = 0; k < nw; k++) {
		if (w[k] >= 0)
			FD_SET(w[k], &fds);
		maxfd = MAX(maxfd, w[k]);
	}
	for (k = 0; k < (int)LENGTH(at); k++)
		if (at[k])
			ts.tv_sec = MIN(ts.tv_sec, MAX(0, at[k] - now));
	if ((n = pselect(maxfd + 1, &fds, NULL, NULL, &ts, waitmask)) < 0 && errno != EINTR)
		die("pselect:");
	if (n > 0 && fetcher.fd >= 0 && FD_ISSET(fetcher.fd, &fds))
		fetchread();
	if (n > 0 && reads.fd >= 0 && FD_ISSET(reads.fd, &fds))
		saveread();
	for (k = nspawn - 1; n > 0 && k >= 0; k--)
		if (FD_ISSET(spawns[k].fd, &fds))
			spawnread(k);
	if (n > 0 && self.ifd >= 0 && FD_ISSET(self.ifd, &fds))
		selfchanged();
	/* the check's time: when it ends if one runs, else when it starts */
	if (self.pid > 0 && ((n > 0 && FD_ISSET(self.fd, &fds)) || NOW() >= self.at))
		checkread();
	else if (self.at && self.pid < 0 && NOW() >= self.at)
		checkstart();
	/* a timer ran out: the title bar again, for the age it may show */
	if (n == 0)
		ui.dirtybar = 1;
	if (msg.text[MsgFlash][0] && NOW() >= msg.flashend)
		setmsg(MsgFlash, 0, "");
	if ((due = fetchdue()) && NOW() >= due)
		fetchstart();
}

/*
 * The event loop, as st's.  Drawing waits for MapNotify; but unlike st
 * nothing else needs the final size first, so a fetch without a cache
 * already runs meanwhile.
 */
static void
run(const sigset_t *waitmask)
{
	XEvent ev;

	while (ui.running && !gotsig[SIGTERM] && !gotsig[SIGINT]) {
		if (!XPending(dpy))
			waitevents(waitmask);
		if (gotsig[SIGHUP]) {
			gotsig[SIGHUP] = 0;
			reload(NULL);
		}
		if (gotsig[SIGUSR1]) {
			gotsig[SIGUSR1] = 0;
			checkat(NOW());
		}
		/* the new binary once no child's work would be lost */
		if (self.ready && fetcher.pid < 0 && reads.pid < 0 && !nspawn)
			reexec();
		while (XPending(dpy)) {
			XNextEvent(dpy, &ev);
			/* the input method's: compose sequences, other layouts */
			if (filt.xim && XFilterEvent(&ev, None))
				continue;
			if (handler[ev.type])
				handler[ev.type](&ev);
		}
		statechanged();
		if (ui.dirty || ui.dirtybar)
			redraw(0);
		XFlush(dpy);
	}
}

/*
 * SIGTERM and SIGINT quit, SIGHUP fetches, SIGUSR1 re-execs; all only
 * set a flag, and are blocked but in pselect: *orig is the mask to wait
 * with, without them even when they came blocked (through a re-exec)
 */
static void
blocksignals(sigset_t *orig)
{
	static const int sigs[] = { SIGTERM, SIGINT, SIGHUP, SIGUSR1 };
	struct sigaction sa = { .sa_handler = sighandler };
	sigset_t block;
	size_t i;

	sigemptyset(&sa.sa_mask);
	sigemptyset(&block);
	for (i = 0; i < LENGTH(sigs); i++) {
		sigaction(sigs[i], &sa, NULL);
		sigaddset(&block, sigs[i]);
	}
	sigprocmask(SIG_BLOCK, &block, orig);
	for (i = 0; i < LENGTH(sigs); i++)
		sigdelset(orig, sigs[i]);
}

/* the cache's rows before anything else; the first fetch now, or after
 * the first paint, or when the cache's times allow, saying when; with
 * force (-f) now, whatever the cache's times */
static void
firstpaint(int force)
{
	char err[512] = "";
	time_t h;

	fetcher.asked = NOW();
	/* standard input is read once, and never cached */
	shown.fromcache = strcmp(url, "-") && cacheshow(err, sizeof(err)) > 0;
	if (err[0])
		warn("%s", err);
	h = force ? 0 : refresh_held(&fetcher.next, &fetcher.retry, fetcher.asked);
	if (h > fetcher.asked)
		setmsg(MsgFetch, 0, "next fetch %s", strtime("%H:%M", h));
	if ((shown.fromcache && !force) || h > fetcher.asked)
		fetcher.first = 1;
	else
		fetchstart();
}

static void
usage(void)
{
	fputs("usage: lwnrss [-fpv] [-w windowid] [url | -]\n", stderr);
	exit(1);
}

/* -w's value: a window id, decimal or 0x hex, as tabbed and xwininfo print it */
static Window
windowid(const char *s)
{
	unsigned long v;
	char *end;

	v = strtoul(s, &end, 0);
	/* X ids have 29 bits (X11 protocol, section 2); "-1" is no window;
	 * one out of range is ULONG_MAX */
	if (*s < '0' || *s > '9' || *end || !v || v > 0x1fffffff)
		die("-w %s: not a window id", s);
	return v;
}

int
main(int argc, char *argv[])
{
	sigset_t orig;
	Window embed = 0;
	const char *operand = NULL;
	const char *resume;
	char flag[128] = {0};   /* -f, -p and -v given */
	int c, opts = 1;

	url = feedurl;
	/*
	 * Options may follow the URL: tabbed appends the window id to the
	 * command it runs, so "tabbed -c lwnrss URL -w" runs
	 * "lwnrss URL -w ID".  getopt stops at the URL (GNU's after the
	 * options that follow it), and at "--", which ends the options.
	 */
	while (optind < argc) {
		if (opts && (c = getopt(argc, argv, "fpvw:")) != -1) {
			if (c == '?')
				usage();
			else if (c == 'w')
				embed = windowid(optarg);
			else
				flag[c] = 1;
		} else if (!operand) {
			opts = opts && strcmp(argv[optind - 1], "--");
			operand = argv[optind++];
		} else {
			usage();
		}
	}
	if (flag['v']) {
		puts("lwnrss-" VERSION);
		return 0;
	}
	if (operand)
		url = strcmp(operand, "-") ? url_typed(operand) : operand;
	fconf = (FetchConf){ cafile, conntimeout, fetchtimeout, maxfeed, maxredirects,
	                     clocknow, ishidden };

	if (flag['p'])
		return fetch_print(&fconf, url, flag['f']);
	/* a re-exec's state (reexec), unset once read */
	resume = getenv("LWNRSS_RESUME");

	setlocale(LC_CTYPE, "");
	setlocale(LC_TIME, "");
	if (!(dpy = XOpenDisplay(NULL)))
		die("cannot open display");
	xfd = ConnectionNumber(dpy);
	fcntl(xfd, F_SETFD, FD_CLOEXEC);
	XSetIOErrorHandler(xioerror);
	XSetErrorHandler(xerror);
	/* what was read, before the first paint draws it */
	readload();

	/* signals are blocked except while the loop waits */
	blocksignals(&orig);

	setup(embed, argc, argv, resume);
	/* a re-exec fetches when its predecessor would have; a window not
	 * adopted is a new one, whatever $LWNRSS_RESUME said */
	firstpaint(flag['f'] && !ui.adopted);
	if (ui.adopted)
		stateload(resume);
	/* no child that execs inherits it: none has started yet */
	unsetenv("LWNRSS_RESUME");
	watchself(argv);
	run(&orig);
	cleanup(0);
	return 0;
}
