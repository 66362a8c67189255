/* See LICENSE file for copyright and license details.
 *
 * selgone selection: ask the owner of the selection (PRIMARY, CLIPBOARD)
 * for its UTF8_STRING into a window of ours, then destroy that window
 * before the answer can come, as a paste tool killed or timed out does.
 * The owner's answer then meets a window that is gone (BadWindow).
 * Exits 0 when the request was sent, 1 when the selection has no owner.
 */
#include <stdio.h>

#include <X11/Xlib.h>

int
main(int argc, char *argv[])
{
	Display *dpy;
	Window w;
	Atom sel;

	if (argc != 2) {
		fputs("usage: selgone selection\n", stderr);
		return 2;
	}
	if (!(dpy = XOpenDisplay(NULL))) {
		fputs("selgone: cannot open display\n", stderr);
		return 1;
	}
	sel = XInternAtom(dpy, argv[1], False);
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
