/* See LICENSE file for copyright and license details.
 *
 * wmdelete [-d] windowid: ask a window to close as a window manager's
 * close button does, with a WM_DELETE_WINDOW message (the tests have no
 * WM); with -d, destroy it instead, as an XEmbed host closing a tab may.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <X11/Xlib.h>

int
main(int argc, char *argv[])
{
	Display *dpy;
	XEvent ev = {0};
	Window w;
	int destroy = argc == 3 && !strcmp(argv[1], "-d");

	if (argc != 2 + destroy || !(w = strtoul(argv[1 + destroy], NULL, 0))) {
		fputs("usage: wmdelete [-d] windowid\n", stderr);
		return 2;
	}
	if (!(dpy = XOpenDisplay(NULL))) {
		fputs("wmdelete: cannot open display\n", stderr);
		return 1;
	}
	if (destroy) {
		XDestroyWindow(dpy, w);
		XCloseDisplay(dpy);
		return 0;
	}
	ev.xclient.type = ClientMessage;
	ev.xclient.window = w;
	ev.xclient.message_type = XInternAtom(dpy, "WM_PROTOCOLS", False);
	ev.xclient.format = 32;
	ev.xclient.data.l[0] = XInternAtom(dpy, "WM_DELETE_WINDOW", False);
	ev.xclient.data.l[1] = CurrentTime;
	XSendEvent(dpy, w, False, NoEventMask, &ev);
	XCloseDisplay(dpy);
	return 0;
}
