/* See LICENSE file for copyright and license details. */
/*
 * config.h of the window tests (tests/x11.sh): flat colours that a pixel
 * column can tell apart, a fixed font, and an open command that records
 * the link in $LWNRSS_OPENLOG instead of starting a browser, then takes
 * 3 seconds to exit, as a browser would.  Its clock runs as many seconds
 * ahead as the file $LWNRSS_CLOCK says, when that is set, so that
 * tests/refresh.sh can move hours on without waiting for them.
 */

/* feed */
static const char *feedurl = "https://lwn.net/headlines/newrss"; /* fetched when no URL is given */
static const char *cafile = "/etc/ssl/certs/ca-certificates.crt"; /* trust anchors; SSL_CERT_FILE overrides */
static const unsigned int conntimeout = 10;  /* seconds to connect to one address */
static const unsigned int fetchtimeout = 30; /* seconds for a whole fetch, redirects included */
static const size_t maxfeed = 8 << 20;       /* largest feed accepted, bytes */
static const unsigned int maxredirects = 5;  /* redirects followed */
static const unsigned int refresh = 30;      /* minutes between background refreshes, 0: none; never more often than every 30 */

/* appearance */
static const char *fonts[] = {               /* in points (size=); the first sets the size and line height, */
	"DejaVu Sans:size=11",               /* the others are tried before fontconfig's own fallback */
};
static const int colorfonts = 1;             /* 0 refuses colour fonts: libXft before 2.3.5 dies on them (BadLength) */
static const char *colors[SchemeLast][2] = {
	/*                fg         bg       */
	[SchemeNorm]  = { "#000000", "#ffffff" }, /* headline rows */
	[SchemeSel]   = { "#000000", "#00ff00" }, /* the selected row */
	[SchemeDim]   = { "#555555", "#ff0000" }, /* fg: date, author, description; bg: line between rows */
	[SchemeBar]   = { "#ffffff", "#0000ff" }, /* title bar */
	[SchemeErr]   = { "#ffffff", "#ff00ff" }, /* title bar after a failed fetch */
};
static const char *newcolor = "#ffff00";         /* the bar beside articles new since the first headlines shown */
static const unsigned int padding = 16;      /* space around a row's text, px at 96 dpi (scaled by Xft.dpi) */
static const unsigned int barpadding = 10;   /* space above and below the title bar's text, px at 96 dpi */
static const unsigned int desclines = 1;     /* lines of each description shown under the date; 0: none */
static const char *datefmt = "%Y-%m-%d %H:%M";  /* strftime(3) format of an article's date, local time */
static const char *timefmt = "updated %H:%M";   /* strftime(3) format of the title bar's status after a fetch */
static const unsigned int winwidth = 640;    /* initial window size, px at 96 dpi */
static const unsigned int winheight = 720;

/* opening an article: the command, with the article's link appended */
static const char *opencmd[] = { "sh", "-c", "printf '%s\\n' \"$0\" >> \"$LWNRSS_OPENLOG\"; exec sleep 3", NULL };

/*
 * keys: the keysym as typed (Shift and Caps Lock already applied, so
 * XK_G is Shift+g); modifier is 0 or a mask of ControlMask, Mod1Mask, Mod4Mask
 */
static Key keys[] = {
	/* modifier  key            function    argument */
	{ 0,         XK_j,          move,       {.i = +1} },
	{ 0,         XK_Down,       move,       {.i = +1} },
	{ 0,         XK_k,          move,       {.i = -1} },
	{ 0,         XK_Up,         move,       {.i = -1} },
	{ 0,         XK_Next,       page,       {.i = +1} },
	{ 0,         XK_space,      page,       {.i = +1} },
	{ 0,         XK_Prior,      page,       {.i = -1} },
	{ 0,         XK_g,          jump,       {.i = 0} },
	{ 0,         XK_Home,       jump,       {.i = 0} },
	{ 0,         XK_G,          jump,       {.i = -1} },
	{ 0,         XK_End,        jump,       {.i = -1} },
	{ 0,         XK_Return,     openitem,   {0} },
	{ 0,         XK_KP_Enter,   openitem,   {0} },
	{ 0,         XK_o,          openitem,   {0} },
	{ 0,         XK_r,          reload,     {0} },
	{ 0,         XK_q,          quit,       {0} },
	{ 0,         XK_Escape,     quit,       {0} },
};

/* mouse buttons over the rows */
static Button buttons[] = {
	/* modifier  button         function    argument */
	{ 0,         Button1,       clickrow,   {0} },       /* select; on the selected row, open */
	{ 0,         Button4,       scroll,     {.i = -1} }, /* wheel up */
	{ 0,         Button5,       scroll,     {.i = +1} }, /* wheel down */
};

/* the clock (lwnrss.c's NOW): the time, plus the seconds in $LWNRSS_CLOCK */
static time_t
testclock(void)
{
	const char *path = getenv("LWNRSS_CLOCK");
	long long off = 0;
	FILE *fp;

	if (path && (fp = fopen(path, "r"))) {
		if (fscanf(fp, "%lld", &off) != 1)
			off = 0;
		fclose(fp);
	}
	return time(NULL) + (time_t)off;
}
#define NOW()                   testclock()
