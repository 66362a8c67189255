/* See LICENSE file for copyright and license details.
 *
 * selgone selection: ask the owner of the selection (PRIMARY, CLIPBOARD)
 * for its UTF8_STRING into a window of ours, then destroy that window
 * before the answer can come, as a paste tool killed or timed out does.
 * The owner's answer then meets a window that is gone (BadWindow).
 * Exits 0 when the request was sent, 1 when the selection has no owner.
 *
 * selgone -r window selection: send window a SelectionRequest for the
 * selection (XSendEvent: whether it owns it or not), and print the
 * answer: "refused" or "answered".  Exits 1 when none comes in 5 s.
 */
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include <X11/Xlib.h>

static int
ask(Display *dpy, Window to, Atom sel)
{
	XEvent ev = { .xselectionrequest = { .type = SelectionRequest } };
	Window w = XCreateSimpleWindow(dpy, DefaultRootWindow(dpy), 0, 0, 1, 1, 0, 0, 0);
	int i;

	ev.xselectionrequest.owner = to;
	ev.xselectionrequest.requestor = w;
	ev.xselectionrequest.selection = sel;
	ev.xselectionrequest.target = XInternAtom(dpy, "UTF8_STRING", False);
	ev.xselectionrequest.property = XInternAtom(dpy, "SELGONE", False);
	ev.xselectionrequest.time = CurrentTime;
	XSendEvent(dpy, to, False, 0, &ev);
	for (i = 0; i < 50; i++) {
		if (XCheckTypedWindowEvent(dpy, w, SelectionNotify, &ev)) {
			puts(ev.xselection.property == None ? "refused" : "answered");
			return 0;
		}
		usleep(100000);
	}
	fputs("selgone: no answer\n", stderr);
	return 1;
}

int
main(int argc, char *argv[])
{
	Display *dpy;
	Window w;
	Atom sel;

	if (argc != 2 && !(argc == 4 && argv[1][0] == '-' && argv[1][1] == 'r')) {
		fputs("usage: selgone [-r window] selection\n", stderr);
		return 2;
	}
	if (!(dpy = XOpenDisplay(NULL))) {
		fputs("selgone: cannot open display\n", stderr);
		return 1;
	}
	sel = XInternAtom(dpy, argv[argc - 1], False);
	if (argc == 4)
		return ask(dpy, strtoul(argv[2], NULL, 0), sel);
	if (XGetSelectionOwner(dpy, sel) == None) {
		fprintf(stderr, "selgone: %s has no owner\n", argv[1]);
		return 1;
	}
	w = XCreateSimpleWindow(dpy, DefaultRootWindow(dpy), 0, 0, 1, 1, 0, 0, 0);
	XConvertSelection(dpy, sel, XInternAtom(dpy, "UTF8_STRING", False),
	                  XInternAtom(dpy, "SELGONE", False), w, CurrentTime);
	XDestroyWindow(dpy, w);
	XCloseDisplay(dpy);
	return 0;
}
