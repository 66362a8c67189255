/* See LICENSE file for copyright and license details.
 *
 * xembed windowid message...: send _XEMBED messages to an embedded
 * window as its embedder does (the XEmbed protocol specification,
 * version 0), and nothing else: the X input focus stays where it is.
 * A message is activate, deactivate, focus_in or focus_out.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <X11/Xlib.h>

static const struct {
	const char *name;
	long code;
} msgs[] = {
	{ "activate", 1 },      /* XEMBED_WINDOW_ACTIVATE */
	{ "deactivate", 2 },    /* XEMBED_WINDOW_DEACTIVATE */
	{ "focus_in", 4 },      /* XEMBED_FOCUS_IN */
	{ "focus_out", 5 },     /* XEMBED_FOCUS_OUT */
};

int
main(int argc, char *argv[])
{
	Display *dpy;
	XEvent ev;
	Window w;
	Atom xembed;
	size_t j;
	int i;

	if (argc < 3 || !(w = strtoul(argv[1], NULL, 0))) {
		fputs("usage: xembed windowid activate|deactivate|focus_in|focus_out...\n", stderr);
		return 2;
	}
	if (!(dpy = XOpenDisplay(NULL))) {
		fputs("xembed: cannot open display\n", stderr);
		return 1;
	}
	xembed = XInternAtom(dpy, "_XEMBED", False);
	for (i = 2; i < argc; i++) {
		for (j = 0; j < sizeof(msgs) / sizeof(msgs[0]); j++)
			if (!strcmp(argv[i], msgs[j].name))
				break;
		if (j == sizeof(msgs) / sizeof(msgs[0])) {
			fprintf(stderr, "xembed: %s: unknown message\n", argv[i]);
			return 2;
		}
		memset(&ev, 0, sizeof(ev));
		ev.xclient.type = ClientMessage;
		ev.xclient.window = w;
		ev.xclient.message_type = xembed;
		ev.xclient.format = 32;
		ev.xclient.data.l[0] = CurrentTime;
		ev.xclient.data.l[1] = msgs[j].code;
		/* data.l[2], XEMBED_FOCUS_IN's detail, 0: XEMBED_FOCUS_CURRENT */
		XSendEvent(dpy, w, False, NoEventMask, &ev);
	}
	XCloseDisplay(dpy);
	return 0;
}
