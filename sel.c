/* See LICENSE file for copyright and license details. */
#include <stdlib.h>
#include <string.h>

#include <X11/Xatom.h>
#include <X11/Xlib.h>

#include "sel.h"
#include "util.h"

/* s->atom's: the targets answered, in TARGETS' order, then CLIPBOARD */
enum { Targets, Utf8, String, Clipboard };

void
sel_init(Sel *s, Display *dpy, Window win)
{
	char *names[] = { "TARGETS", "UTF8_STRING", "STRING", "CLIPBOARD" };

	memset(s, 0, sizeof(*s));
	s->dpy = dpy;
	s->win = win;
	/* one round trip, when the first copy needs them; STRING is
	 * XA_STRING, as every predefined atom is its name's */
	XInternAtoms(dpy, names, 4, False, s->atom);
}

/* the bit of s->owned that stands for selection a, 0 for another */
static int
bit(const Sel *s, Atom a)
{
	return a == XA_PRIMARY ? 1 : a == s->atom[Clipboard] ? 2 : 0;
}

int
sel_own(Sel *s, const char *text, Time t)
{
	free(s->text);
	s->text = estrdup(text);
	XSetSelectionOwner(s->dpy, XA_PRIMARY, s->win, t);
	XSetSelectionOwner(s->dpy, s->atom[Clipboard], s->win, t);
	s->owned = (XGetSelectionOwner(s->dpy, XA_PRIMARY) == s->win) |
	           (XGetSelectionOwner(s->dpy, s->atom[Clipboard]) == s->win) << 1;
	return s->owned ? 0 : -1;
}

void
sel_clear(Sel *s, const XSelectionClearEvent *ev)
{
	s->owned &= ~bit(s, ev->selection);
}

void
sel_request(Sel *s, const XSelectionRequestEvent *rq)
{
	XSelectionEvent ev = { .type = SelectionNotify, .requestor = rq->requestor,
		.selection = rq->selection, .target = rq->target, .property = None,
		.time = rq->time };
	/* an obsolete client names no property: the target is its name */
	Atom prop = rq->property != None ? rq->property : rq->target;
	unsigned long cp;
	long max;
	char *l1;
	size_t i, n, len;

	/* the longest property one request carries, in bytes: a longer
	 * text (a feed's field can be megabytes) is refused, not sent in
	 * pieces (ICCCM's INCR) */
	if (!(max = XExtendedMaxRequestSize(s->dpy)))
		max = XMaxRequestSize(s->dpy);
	max = max * 4 - 24;
	if ((s->owned & bit(s, rq->selection)) && (len = strlen(s->text)) <= (size_t)max) {
		ev.property = prop;
		if (rq->target == s->atom[Targets]) {
			XChangeProperty(s->dpy, rq->requestor, prop, XA_ATOM, 32,
			                PropModeReplace, (unsigned char *)s->atom, 3);
		} else if (rq->target == s->atom[Utf8]) {
			XChangeProperty(s->dpy, rq->requestor, prop, s->atom[Utf8], 8,
			                PropModeReplace, (unsigned char *)s->text, len);
		} else if (rq->target == XA_STRING) {
			l1 = ecalloc(1, len + 1);
			for (i = n = 0; i < len; n++) {
				i += utf8dec(s->text + i, len - i, &cp);
				l1[n] = cp < 0x100 ? (char)cp : '?';
			}
			XChangeProperty(s->dpy, rq->requestor, prop, XA_STRING, 8,
			                PropModeReplace, (unsigned char *)l1, n);
			free(l1);
		} else {
			ev.property = None;
		}
	}
	XSendEvent(s->dpy, rq->requestor, False, NoEventMask, (XEvent *)&ev);
}
