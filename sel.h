/* See LICENSE file for copyright and license details. */
/*
 * sel: the X selections PRIMARY and CLIPBOARD, owned by one window with
 * one text, as st owns them: TARGETS, UTF8_STRING and STRING (Latin-1,
 * ICCCM 2.7.1: what Latin-1 cannot hold becomes '?') are answered, any
 * other target refused, and so is a text longer than one X request can
 * carry (no INCR).  The text stays available until another client takes
 * both selections.  A requestor gone before the answer causes BadWindow,
 * which the caller's X error handler is to ignore.
 */
#include <X11/Xlib.h>

typedef struct {
	Display *dpy;
	Window win;
	Atom atom[4];           /* TARGETS, UTF8_STRING, STRING, CLIPBOARD */
	char *text;             /* malloc'd, the last text owned or offered */
	int owned;              /* 1: PRIMARY, 2: CLIPBOARD */
} Sel;

void sel_init(Sel *s, Display *dpy, Window win);
/* own both selections with a copy of text from time t (the event's);
 * returns 0, or -1 when the server gave neither */
int sel_own(Sel *s, const char *text, Time t);
/* a SelectionRequest or SelectionClear for win */
void sel_request(Sel *s, const XSelectionRequestEvent *rq);
void sel_clear(Sel *s, const XSelectionClearEvent *ev);
