#!/bin/sh
# See LICENSE file for copyright and license details.
# cache.sh: from start to the first paint of 25 cached headlines, the
# server stalled (it accepts the connection and never answers), lwnrss
# against `dmenu -l 25` showing the same 25 titles, in one run under an
# Xvfb of its own.  Two measures:
#
#   wall time  a small X client (compiled here) watches the root window
#              with the DAMAGE extension, starts the program, and takes
#              the moment the screen last changed before 300 ms of quiet
#              as the end of the first paint; median of $RUNS runs each,
#              the programs taking turns
#   instructions  callgrind, every process, as in bench/window.sh
#
# Writes the table to stdout and, with -w, to bench/cache.txt.
#
#   bench/cache.sh [-w]
set -e
cd "$(dirname "$0")/.."

write=0
if [ "$1" = "-w" ]; then
	write=1
	shift
fi
RUNS=${RUNS:-25}

for tool in valgrind dmenu Xvfb xdotool xprop xdpyinfo xrdb openssl python3 \
    awk make cc; do
	command -v "$tool" >/dev/null 2>&1 || {
		echo "cache.sh: $tool is missing (make deps installs it)" >&2
		exit 1
	}
done

tmp=$(mktemp -d "${TMPDIR:-/tmp}/lwnrss-bench.XXXXXX")
pids=
cleanup() {
	for p in $pids; do kill "$p" 2>/dev/null || :; done
	wait 2>/dev/null || :
	[ -n "$KEEP" ] || rm -rf "$tmp"
}
trap cleanup EXIT
trap 'exit 1' INT TERM HUP

LC_ALL=C.UTF-8
XDG_CACHE_HOME=$tmp/xdg
export LC_ALL XDG_CACHE_HOME

retry() {
	i=0
	while [ "$i" -lt 600 ]; do
		"$@" && return 0
		sleep 0.05
		i=$((i + 1))
	done
	echo "cache.sh: timed out waiting for: $*" >&2
	return 1
}

. bench/lib.sh
buildlwnrss
readstate

# firstpaint quietms cmd...: ms from the start of cmd to the last change
# of the screen before quietms of none; then cmd gets SIGTERM.  DAMAGE on
# the root window reports drawing in every window.  libXdamage has no
# -dev package installed here, so its two calls are declared by hand.
cat > "$tmp/firstpaint.c" <<'EOF'
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/select.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#include <X11/Xlib.h>

typedef XID Damage;
Bool XDamageQueryExtension(Display *, int *, int *);
Damage XDamageCreate(Display *, Drawable, int);

static double
ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

int
main(int argc, char *argv[])
{
	Display *dpy;
	XEvent ev;
	fd_set fds;
	struct timeval tv;
	double quiet, t0, last = -1, t;
	int evbase, errbase, fd;
	pid_t pid;

	if (argc < 3 || !(dpy = XOpenDisplay(NULL)) ||
	    !XDamageQueryExtension(dpy, &evbase, &errbase))
		return 2;
	quiet = atof(argv[1]);
	XDamageCreate(dpy, DefaultRootWindow(dpy), 0 /* raw rectangles */);
	XSync(dpy, False);
	fd = ConnectionNumber(dpy);
	t0 = ms();
	if ((pid = fork()) == 0) {
		close(fd);
		execvp(argv[2], argv + 2);
		_exit(127);
	}
	for (;;) {
		while (XPending(dpy)) {
			XNextEvent(dpy, &ev);
			if (ev.type == evbase)   /* XDamageNotify */
				last = ms();
		}
		t = ms();
		if ((last >= 0 && t - last >= quiet) || t - t0 > 10000)
			break;
		FD_ZERO(&fds);
		FD_SET(fd, &fds);
		tv.tv_sec = 0;
		tv.tv_usec = 10000;
		select(fd + 1, &fds, NULL, NULL, &tv);
	}
	kill(pid, SIGTERM);
	waitpid(pid, NULL, 0);
	if (last < 0)
		return 1;
	printf("%.1f\n", last - t0);
	return 0;
}
EOF
cc -O2 -o "$tmp/firstpaint" "$tmp/firstpaint.c" -lX11 -l:libXdamage.so.1

lwnfeed > "$tmp/feed.rdf"
"$tmp/std/lwnrss" -p - < "$tmp/feed.rdf" | cut -f1 > "$tmp/titles"
[ "$(wc -l < "$tmp/titles")" -eq 25 ] || {
	echo "cache.sh: the feed does not have 25 items" >&2
	exit 1
}

startx

# an HTTPS server on loopback with a test CA: the first request gets the
# feed (lwnrss -p caches it), every later one stalls
mkcerts
python3 tests/x11srv.py "$tmp/tls" "$tmp/feed.rdf" stall > "$tmp/port" &
pids="$pids $!"
retry test -s "$tmp/port"
url="https://localhost:$(cat "$tmp/port")/headlines/newrss"
cat /etc/ssl/certs/ca-certificates.crt "$tmp/tls/ca.pem" > "$tmp/cafile.pem"
SSL_CERT_FILE=$tmp/cafile.pem
export SSL_CERT_FILE
"$tmp/std/lwnrss" -p "$url" > "$tmp/printed"
[ "$(wc -l < "$tmp/printed")" -eq 25 ] && [ -n "$(ls "$XDG_CACHE_HOME/lwnrss")" ] || {
	echo "cache.sh: the feed was not cached" >&2
	exit 1
}
# the cache keeps when the next fetch is allowed (30 minutes on), and the
# feed's syn: hints count from when it was fetched; the window is to ask
# the stalled server at once, as after that time: fetched an hour ago
ago=$(($(date +%s) - 3600))
for f in "$XDG_CACHE_HOME"/lwnrss/*; do
	sed -e 's/^next [0-9]*$/next 0/' -e "s/^fetched [0-9]*$/fetched $ago/" "$f" > "$f.new" &&
		mv "$f.new" "$f"
done

# ---- wall time ------------------------------------------------------------

# wall name cmd...: one run into $tmp/wall.NAME
wall() {
	name=$1
	shift
	"$tmp/firstpaint" 300 "$@" >> "$tmp/wall.$name" || {
		echo "cache.sh: no paint seen from $*" >&2
		exit 1
	}
	# the window gone and the server idle before the next one
	sleep 0.2
}
# wall time depends on what else the machine does: say how busy it was
load0=$(cut -d' ' -f1-3 /proc/loadavg)
i=0
while [ "$i" -lt "$RUNS" ]; do
	wall dmenu sh -c 'exec dmenu -l 25 < "$0"' "$tmp/titles"
	wall tall "$tmp/tall/lwnrss" "$url"
	wall std "$tmp/std/lwnrss" "$url"
	i=$((i + 1))
done
# the stalled fetch child of each lwnrss run must not have let a paint
# of the rows wait: every run showed the cache, so the window's title is
# the feed's at once (checked once here, by hand, with xprop)
"$tmp/tall/lwnrss" "$url" 2> "$tmp/err" &
p=$!
retry sh -c 'xdotool search --class lwnrss > "$0"' "$tmp/win"
retry sh -c 'xprop -id "$(head -n 1 "$0")" WM_NAME | grep -q "\"LWN.net\""' "$tmp/win"
retry eval '[ -n "$(children "$p")" ]'
kill "$p"
wait "$p" || :

# median, min, max of a column of numbers
stats() {
	sort -n "$1" | awk '{ v[NR] = $1 } END {
		m = NR % 2 ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2
		printf "%.1f %.1f %.1f\n", m, v[1], v[NR]
	}'
}

# ---- instructions -----------------------------------------------------------

# lwnrss bin wrapper...: run, q once the cached rows are painted, wait
runlwnrss() {
	bin=$1
	shift
	"$@" "$bin" "$url" > /dev/null 2> "$tmp/err" &
	p=$!
	retry sh -c 'xdotool search --class lwnrss > "$0"' "$tmp/win"
	win=$(head -n 1 "$tmp/win")
	retry sh -c 'xprop -id "$0" WM_NAME | grep -q "\"LWN.net\""' "$win"
	xdotool windowfocus --sync "$win" key q
	wait "$p"
}

rundmenu() {
	"$@" dmenu -l 25 < "$tmp/titles" > /dev/null 2>> "$tmp/err" &
	p=$!
	retry sh -c 'xdotool search --onlyvisible --class dmenu > "$0"' "$tmp/win"
	xdotool key Escape
	wait "$p" || :
}

# callgrind's total Ir over every process, as bench/window.sh counts it
irs() {
	rm -f "$tmp"/cg.*
	"$@" valgrind --tool=callgrind --dump-before='*fork' \
		--callgrind-out-file="$tmp/cg.%p" 2>/dev/null
	cat "$tmp"/cg.* | awk '/^totals:/ { s += $2 } END { print s }'
}

: > "$tmp/rows"
row() {
	name=$1 key=$2
	shift 2
	set -- $(stats "$tmp/wall.$key") $(irs "$@")
	echo "$name|$1|$2|$3|$4" >> "$tmp/rows"
}
row "dmenu -l 25" dmenu rundmenu
row "lwnrss, 640x2340: 25 rows" tall runlwnrss "$tmp/tall/lwnrss"
row "lwnrss, 640x720: 7 of 25 rows" std runlwnrss "$tmp/std/lwnrss"

{
	echo "# bench/cache.sh: $(date -u +%Y-%m-%d), $(uname -m), $(nproc) cores, Xvfb at Xft.dpi 96, LC_ALL=$LC_ALL"
	echo "# feed: $(wc -c < "$tmp/feed.rdf") bytes, 25 items, from the cache; the server stalled; $RUNS runs each"
	echo "# load average before and after: $load0; $(cut -d' ' -f1-3 /proc/loadavg)"
	awk -F'|' 'NR == 1 { bw = $2; bi = $5 }
	{
		printf "%-31s %9.1f %6.2fx %7.1f %7.1f %12.0f %6.2fx\n", $1, $2, $2 / bw,
		    $3, $4, $5, $5 / bi
	}
	BEGIN {
		printf "%-31s %9s %7s %7s %7s %12s %7s\n", "program", "median ms",
		    "ratio", "min", "max", "instructions", "ratio"
	}' "$tmp/rows"
} > "$tmp/table"

cat "$tmp/table"
if [ "$write" -eq 1 ]; then
	{
		echo "Cache benchmark: start to the first paint of 25 cached headlines,"
		echo "the server stalled, against dmenu -l 25 on the same titles."
		echo "Command (from the top directory): bench/cache.sh -w"
		echo "Wall time: from fork to the last change of the screen before 300 ms"
		echo "of quiet, seen through DAMAGE on the root window.  For lwnrss that"
		echo "includes its second paint, of the title bar's \"Loading...\", when the"
		echo "fetch child starts right after the first.  Instructions: callgrind,"
		echo "every process, from start to quit after the paint (bench/window.sh);"
		echo "lwnrss's fetch child is killed at quit, stalled in its TLS handshake,"
		echo "so its instructions (the CA bundle, the ClientHello) are not counted:"
		echo "it starts after the first paint and cannot delay it."
		echo "About 50 million of dmenu's instructions are XOpenIM reading the"
		echo "compose table of the UTF-8 locale (bench/window.txt); lwnrss opens no"
		echo "input method.  lwnrss reads a read state of 2,000 links (bench/lib.sh)"
		echo "before its paint.  Wall times come from a shared machine: the load average"
		echo "says how busy it was, and the minimum is the least disturbed run."
		echo "Target: lwnrss no slower than dmenu.  Ratios are against the first row."
		echo
		cat "$tmp/table"
	} > bench/cache.txt
fi
