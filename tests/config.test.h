/* See LICENSE file for copyright and license details. */
/*
 * config.h of the window tests (tests/x11.sh and others): flat colours
 * that a pixel column can tell apart, a fixed font, rules for the tests'
 * feeds, and an open command found on PATH (tests/bin/lwnrss-test-open
 * records the link in $LWNRSS_OPENLOG instead of starting a browser,
 * then takes 3 seconds to exit, as a browser would).  Its clock runs as
 * many seconds ahead as the file $LWNRSS_CLOCK says, when that is set, so
 * that tests/refresh.sh can move hours on without waiting for them.
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
static const unsigned int titlelines = 2;    /* lines a headline may wrap to; the last ends in an ellipsis */
static const unsigned int desclines = 1;     /* lines of each description shown under the date; 0: none */
static const char *datefmt = "%Y-%m-%d %H:%M";  /* strftime(3) format of an article's date, local time */
static const char *timefmt = "updated %H:%M";   /* strftime(3) format of the title bar's status after a fetch */
static const unsigned int winwidth = 640;    /* initial window size, px at 96 dpi */
static const unsigned int winheight = 720;
static const unsigned int flashtime = 3;     /* seconds a message ("copied", a failed open) stays in the title bar */

/* reading */
static const unsigned int readdays = 90;     /* days a read mark outlives the last feed that showed its article; 0: forever */
static const int urgent = 1;                 /* 1: new articles while unfocused set the urgency hint and "(N)" in the title */

/*
 * rules, matched against an article's title and author: a substring, or
 * with a leading ^ a prefix (NULL matches anything); every matching rule
 * applies.  Hide drops the row (in -p too), Dim draws it grey, Badge
 * draws the match (without brackets and spaces) as a small label in
 * newcolor in place of its text
 */
static const Rule rules[] = {
	/* title        author      action */
	{ "^[$] ",      NULL,       Badge },     /* LWN's subscriber-only articles */
	{ "(hide me)",  NULL,       Hide },      /* for tests/reader.sh */
	{ NULL,         "dimmed",   Dim },
};

/* opening an article: the command, with the article's link appended */
static const char *opencmd[] = { "lwnrss-test-open", NULL };  /* tests/bin: on PATH in the tests */

/*
 * keys: the keysym as typed with Shift (XK_G is Shift+g), whatever Caps
 * Lock and Num Lock say (XK_KP_Up is the keypad's 8 either way); modifier
 * is 0 or a mask of ControlMask, Mod1Mask, Mod4Mask.  While the filter
 * line is open, text, BackSpace, Ctrl-u, Ctrl-w, Return and Escape edit it
 */
static Key keys[] = {
	/* modifier    key            function     argument */
	{ 0,           XK_j,          move,        {.i = +1} },
	{ 0,           XK_Down,       move,        {.i = +1} },
	{ 0,           XK_KP_Down,    move,        {.i = +1} },
	{ ControlMask, XK_n,          move,        {.i = +1} },
	{ 0,           XK_k,          move,        {.i = -1} },
	{ 0,           XK_Up,         move,        {.i = -1} },
	{ 0,           XK_KP_Up,      move,        {.i = -1} },
	{ ControlMask, XK_p,          move,        {.i = -1} },
	{ 0,           XK_Next,       page,        {.i = +2} },
	{ 0,           XK_KP_Next,    page,        {.i = +2} },
	{ 0,           XK_space,      page,        {.i = +2} },
	{ 0,           XK_Prior,      page,        {.i = -2} },
	{ 0,           XK_KP_Prior,   page,        {.i = -2} },
	{ ControlMask, XK_d,          page,        {.i = +1} }, /* half a page */
	{ ControlMask, XK_u,          page,        {.i = -1} },
	{ 0,           XK_g,          jump,        {.i = 0} },
	{ 0,           XK_Home,       jump,        {.i = 0} },
	{ 0,           XK_KP_Home,    jump,        {.i = 0} },
	{ 0,           XK_G,          jump,        {.i = -1} },
	{ 0,           XK_End,        jump,        {.i = -1} },
	{ 0,           XK_KP_End,     jump,        {.i = -1} },
	{ 0,           XK_Return,     openitem,    {0} },
	{ 0,           XK_KP_Enter,   openitem,    {0} },
	{ 0,           XK_o,          openitem,    {0} },
	{ 0,           XK_l,          summary,     {0} }, /* the whole description, or the rows again */
	{ 0,           XK_Tab,        summary,     {0} },
	{ 0,           XK_m,          markread,    {0} }, /* toggle read */
	{ 0,           XK_M,          markall,     {0} }, /* every row read */
	{ 0,           XK_n,          unread,      {.i = +1} }, /* the next unread article */
	{ 0,           XK_N,          unread,      {.i = -1} },
	{ 0,           XK_u,          hideread,    {0} }, /* hide read articles, or show them */
	{ 0,           XK_y,          copy,        {.i = 0} }, /* the link, to PRIMARY and CLIPBOARD */
	{ 0,           XK_Y,          copy,        {.i = 1} }, /* "title link" */
	{ 0,           XK_slash,      filterstart, {0} },
	{ 0,           XK_r,          reload,      {0} },
	{ 0,           XK_q,          quit,        {0} },
	{ 0,           XK_Escape,     escape,      {0} }, /* close the reading view, else clear the filter, else quit */
};

/* mouse buttons over the rows */
static Button buttons[] = {
	/* modifier  button         function    argument */
	{ 0,         Button1,       clickrow,   {0} },       /* select; on the selected row, open (its description: l) */
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
