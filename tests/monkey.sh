#!/bin/sh
# See LICENSE file for copyright and license details.
# monkey.sh: a few thousand random events at the window, built with
# AddressSanitizer and UndefinedBehaviorSanitizer, under an Xvfb of its
# own: keys of tests/config.test.h's keys[], the filter line, clicks and
# double clicks, the wheel, resizes down to 1x1, SIGHUP, restarts, and a
# clock moved on for background refreshes; while tests/monkeysrv.py
# answers the fetches with whole, cut-off and empty feeds, feeds that
# shrink to nothing, 304, 500, junk, connections closed and stalls.  At the end the window must be
# alive, have no sanitizer report, and still answer keys.
#
# The events and the server's answers come from a seed, $MONKEY_SEED or
# a random one, printed first: the same seed sends the same events (when
# each fetch lands among them is up to the scheduler).  $MONKEY_EVENTS
# sets how many (3000).  Escape quits when there is no filter, and q
# always: the generator follows the filter line's state and never sends
# either then.  The build is a copy of the tree with a fetchtimeout of
# 2 s, so that a stalled server gives up within the run, kept in
# tests/tmp/monkey.tree for the next.
cd "$(dirname "$0")/.." || exit 1
. tests/lib.sh
. tests/xlib.sh

need Xvfb xdotool xprop xwininfo xdpyinfo xrdb xmodmap import convert identify xclip \
	openssl python3 make cc awk od ldd timeout
# tests/grab reads the window's pixels (sig)
built tests/grab

SEED=${MONKEY_SEED:-$(od -An -N4 -tu4 /dev/urandom | tr -d ' ')}
NEV=${MONKEY_EVENTS:-3000}
case $SEED$NEV in
''|*[!0-9]*) notok "monkey: MONKEY_SEED and MONKEY_EVENTS are numbers"; exit 1 ;;
esac
echo "# seed $SEED"

D=$(mktemp -d "$(pwd)/$T/monkey.XXXXXX") || exit 1
HOME=$D/home
XDG_CONFIG_HOME=$D/config
XDG_CACHE_HOME=$D/cache
XDG_DATA_HOME=$D/data
XDG_STATE_HOME=$D/state
XDG_RUNTIME_DIR=$D/run
mkdir -p "$HOME" && mkdir -m 700 "$XDG_RUNTIME_DIR"
export HOME XDG_CONFIG_HOME XDG_CACHE_HOME XDG_DATA_HOME XDG_STATE_HOME XDG_RUNTIME_DIR
unset XDG_CONFIG_DIRS XDG_DATA_DIRS
unset http_proxy https_proxy HTTPS_PROXY all_proxy ALL_PROXY no_proxy NO_PROXY
LWNRSS_CLOCK=$D/clock
LWNRSS_OPENLOG=$D/opened
export LWNRSS_CLOCK LWNRSS_OPENLOG LC_ALL=C.UTF-8

PIDS=
XVFB=
SRV=
failed=0
cleanup() {
	for p in $PIDS $SRV; do kill -9 "$p" 2> /dev/null; done
	[ -n "$XVFB" ] && kill "$XVFB" 2> /dev/null
	wait 2> /dev/null
	# a failure keeps the events, the server's log and the reports
	if [ "$failed" -eq 0 ] && [ -z "$X11KEEP" ]; then
		rm -rf "$D"
	else
		echo "# seed $SEED; kept in $D"
	fi
}
trap cleanup EXIT
trap 'exit 1' INT TERM HUP
fail() {
	notok "$@"
	failed=1
}

# ---- the build: a copy of the tree, as tests/san.sh makes ---------------

# kept in $T from one run to the next, a file copied only when it
# changed: make then compiles what changed since, not the whole tree
S=$(pwd)/$T/monkey.tree
mkdir -p "$S/tests"
sed 's/\(fetchtimeout = \)[0-9][0-9]*/\12/' tests/config.test.h > "$D/config.test.h"
for f in Makefile config.mk config.def.h ./*.c ./*.h "$D/config.test.h"; do
	case $f in
	./config.h) continue ;;
	"$D/config.test.h") t=$S/tests/config.test.h ;;
	*) t=$S/$f ;;
	esac
	cmp -s "$f" "$t" || cp "$f" "$t"
done
SANFLAGS="-fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer -g -O1"
X=$S/tests/lwnrss-test
if ! grep -q 'fetchtimeout = 2;' "$S/tests/config.test.h"; then
	fail "monkey: tests/config.test.h has a fetchtimeout to shorten"
	exit 1
fi
# two compilers at once: the build is a third of the run's processor time
if ! make -j2 -C "$S" CFLAGS="$SANFLAGS" LDFLAGS="$SANFLAGS" tests/lwnrss-test \
    > "$D/build.log" 2>&1 || ! ldd "$X" | grep -q libasan; then
	cat "$D/build.log"
	fail "monkey: build the window's test build with the sanitizers"
	exit 1
fi
mkdir -p "$D/log"
ASAN_OPTIONS="log_path=$D/log/asan:detect_leaks=0:abort_on_error=0"
UBSAN_OPTIONS="log_path=$D/log/ubsan:print_stacktrace=1:halt_on_error=1"
export ASAN_OPTIONS UBSAN_OPTIONS

# ---- the events and the server's plan, from the seed -------------------

# one event a line: k keys... (one xdotool call), c x y (a click),
# d x y (a double click), w x y button n (the wheel), s w h (a resize),
# h (SIGHUP), t (the clock 31 minutes on), f (the focus away, SIGHUP,
# the focus back: new articles while unfocused), x selection (a paste
# from it, after y or Y), p s (a pause), R (a restart)
awk -v seed="$SEED" -v n="$NEV" -v plan="$D/plan" '
function rnd(lo, hi) { return lo + int(rand() * (hi - lo + 1)) }
function pick(s,   a, k) { k = split(s, a, " "); return a[int(rand() * k) + 1] }
# a key while the filter line has the keys; flt mirrors its text, a
# character a code point, so that Escape is never sent without a filter
function typed(   r, k) {
	r = rand()
	if (r < 0.50 && length(flt) < 40) {
		k = pick("e e a a t i n o r s l u c d k m p y g h z x v j w b Greek_alpha")
		flt = flt "a"
	} else if (r < 0.58 && length(flt) < 40) {
		k = "space"
		flt = flt " "
	} else if (r < 0.68) {
		k = rand() < 0.7 ? "BackSpace" : "ctrl+h"
		flt = substr(flt, 1, length(flt) - 1)
	} else if (r < 0.72) {
		k = "ctrl+w"
		sub(/ *$/, "", flt)
		sub(/[^ ]*$/, "", flt)
	} else if (r < 0.75) {
		k = "ctrl+u"
		flt = ""
	} else if (r < 0.85) {
		# not text: the keys of keys[]
		k = pick("Up Down Prior Next Home End ctrl+d ctrl+n ctrl+p KP_Prior KP_Next")
	} else if (r < 0.93) {
		k = rand() < 0.8 ? "Return" : "KP_Enter"
		typing = 0
	} else {
		k = rand() < 0.8 ? "Escape" : "ctrl+bracketleft"
		typing = 0
		flt = ""
	}
	return k
}
function key(   k) {
	if (typing)
		return typed()
	# the filter cleared in its line: an Escape outside it closes the
	# reading view if open, and quits if the model is wrong (a key lost
	# under load)
	if (flt != "" && rand() < 0.05) {
		flt = ""
		return "slash ctrl+u Escape"
	}
	k = pick("j j k k Up Down Prior Prior Next space ctrl+u ctrl+u ctrl+d ctrl+n ctrl+p " \
	    "g G Home End Return o m M y Y r r slash slash KP_Up KP_Down KP_Prior KP_Next " \
	    "KP_Home KP_End KP_Enter x BackSpace l l Tab n N u")
	if (k == "slash")
		typing = 1
	return k
}
BEGIN {
	srand(seed)
	# new articles come on top now and then, so that rows are marked new
	off = 100
	for (lines = 0; lines < 200; lines++) {
		r = rand()
		if (rand() < 0.3)
			off += rnd(1, 3)
		if (r < 0.27)
			print "feed 15", off > plan
		else if (r < 0.39)
			print "feed", rnd(1, 30), off > plan
		else if (r < 0.51)
			print "cut 15", off, rnd(0, 14) > plan
		else if (r < 0.59)
			print "feed 0", off > plan
		else if (r < 0.71)
			print "304" > plan
		else if (r < 0.81)
			print "500" > plan
		else if (r < 0.85)
			print "junk" > plan
		else if (r < 0.89)
			print "close" > plan
		else if (r < 0.97)
			print "stall" > plan
		else {
			printf "feed 15 %d\nfeed 8 %d\nfeed 3 %d\nfeed 1 %d\nfeed 0 %d\n",
			    off, off, off, off, off > plan
			lines += 4
		}
	}
	w = 640
	h = 720
	for (count = 0; count < n; ) {
		r = rand()
		if (r < 0.55) {
			m = rnd(1, 8)
			line = "k"
			for (j = 0; j < m; j++)
				line = line " " key()
			print line
			count += m
		} else if (r < 0.65) {
			print "c", rnd(0, w - 1), rnd(0, h - 1)
			count++
		} else if (r < 0.70) {
			print "d", rnd(0, w - 1), rnd(0, h - 1)
			count += 2
		} else if (r < 0.78) {
			m = rnd(1, 6)
			print "w", rnd(0, w - 1), rnd(0, h - 1), rand() < 0.5 ? 4 : 5, m
			count += m
		} else if (r < 0.86) {
			s = rand()
			if (s < 0.1) {
				w = 1; h = 1
			} else if (s < 0.3) {
				w = rnd(1, 60); h = rnd(1, 60)
			} else if (s < 0.5) {
				w = rnd(1, 1000); h = rnd(1, 200)
			} else {
				w = rnd(1, 1000); h = rnd(1, 760)
			}
			print "s", w, h
			count++
		} else if (r < 0.89) {
			print "h"
			count++
		} else if (r < 0.92) {
			print "t"
			count++
		} else if (r < 0.94) {
			print "f"
			count += 3
		} else if (r < 0.96) {
			print "x", rand() < 0.5 ? "primary" : "clipboard"
			count++
		} else if (r < 0.99) {
			print "p", "0." rnd(1, 5)
		} else if (r < 0.995) {
			print "R"
			typing = 0
			flt = ""
			w = 640
			h = 720
			count++
		}
	}
}' > "$D/events"

# ---- the run -------------------------------------------------------------

if ! startx "$D"; then
	fail "monkey: Xvfb starts"
	exit 1
fi
# Greek_alpha on a key of its own (tests/xlib.sh's spare)
if ! spare 'Greek_alpha Greek_ALPHA'; then
	fail "monkey: the keyboard map has room for Greek_alpha"
	exit 1
fi
ROOT=$(xwininfo -root | sed -n 's/.*Window id: \(0x[0-9a-f]*\).*/\1/p')
C=$D/tls
mkdir -p "$C"
testca "$C" monkey
export SSL_CERT_FILE="$C/ca.pem"
python3 tests/monkeysrv.py "$C" "$D/plan" "$D/final" > "$D/port" &
SRV=$!
retry test -s "$D/port"
URL="https://localhost:$(cat "$D/port")/feed"

start "$URL"
if [ -z "$W" ]; then
	fail "monkey: the window starts"
	exit 1
fi

# UBSan's reports go to stderr, whatever log_path says, in a build with
# ASan too (gcc 12); the window's stderr, kept across restarts (start
# truncates $D/err), is searched for them
: > "$D/errs"
# down: the window is gone, or ASan wrote a report; after each event, so
# with no process of its own.  A UBSan report halts the window: gone
down() {
	set -- "$D"/log/*
	gone "$PID" || [ -e "$1" ]
}
# crashed: down, or a sanitizer said something
crashed() {
	down || grep -q 'runtime error:' "$D/err"
}
# sanreports: the first lines of each sanitizer report; 1 when none
sanreports() {
	_none=1
	for _r in "$D"/log/*; do
		[ -e "$_r" ] || continue
		echo "# $_r:"
		head -n 30 "$_r"
		_none=0
	done
	if grep -q 'runtime error:' "$D/errs" "$D/err"; then
		echo "# the window's stderr:"
		grep -h -A 12 'runtime error:' "$D/errs" "$D/err" | head -n 30
		_none=0
	fi
	return "$_none"
}

total=$(wc -l < "$D/events")
# (not i: the helpers of tests/xlib.sh use it)
ev=0
restarts=0
# up to 8 lines of keys, clicks, the wheel and resizes in a row go to one
# xdotool, its commands chained: a process a line would be most of the
# run's time.  Each other line sends what is waiting first
xs=
nx=0
next=200
while read -r op rest <&3; do
	ev=$((ev + 1))
	set -- $rest
	case $op in
	k) x="key --clearmodifiers --delay 1 $rest" ;;
	c) x="mousemove --window $W $1 $2 click 1" ;;
	d) x="mousemove --window $W $1 $2 click --repeat 2 --delay 30 1" ;;
	w) x="mousemove --window $W $1 $2 click --repeat $4 --delay 5 $3" ;;
	s) x="windowsize $W $1 $2" ;;
	*) x= ;;
	esac
	if [ -n "$x" ]; then
		xs="$xs $x"
		nx=$((nx + 1))
		[ "$nx" -lt 8 ] && continue
	fi
	[ -n "$xs" ] && xdotool $xs > /dev/null 2>&1
	xs=
	nx=0
	case $op in
	h) kill -HUP "$PID" ;;
	t) clockon 1860 ;;
	f)
		xdotool windowfocus "$ROOT"
		kill -HUP "$PID"
		sleep 0.5
		xdotool windowfocus --sync "$W"
		;;
	x) timeout 5 xclip -o -selection "$1" ;;
	p) sleep "$1" ;;
	R) kill "$PID" ;;
	esac > /dev/null 2>&1
	if [ "$op" = R ]; then
		within 100 "$PID"
		wait "$PID"
		rc=$?
		if [ "$rc" -ne 0 ]; then
			fail "monkey: seed $SEED: SIGTERM ends the window with status 0, not $rc"
			break
		fi
		restarts=$((restarts + 1))
		cat "$D/err" >> "$D/errs"
		start "$URL"
	fi
	down && break
	if [ "$ev" -ge "$next" ]; then
		echo "# $ev of $total event lines"
		next=$((next + 200))
	fi
done 3< "$D/events"
[ -n "$xs" ] && xdotool $xs > /dev/null 2>&1

echo "# $ev of $total event lines sent, $restarts restarts," \
	"$(wc -l < "$C/requests" 2> /dev/null || echo 0) requests"
if crashed; then
	# what the window saw last (it may lag the events sent a little)
	sleep 1
	echo "# the last events sent:"
	head -n "$ev" "$D/events" | tail -n 15 | sed 's/^/#   /'
	rc=
	if gone "$PID"; then
		wait "$PID"
		rc=$?
		echo "# exit status $rc"
	fi
	echo "# the last requests:"
	tail -n 5 "$C/requests" 2> /dev/null | sed 's/^/#   /'
	if sanreports || [ "$rc" != 0 ]; then
		fail "monkey: seed $SEED: the window crashed by event line $ev of $total"
	else
		# q or an Escape without a filter: the events' model of the
		# filter line went wrong
		fail "monkey: seed $SEED: the window quit by itself by event line $ev of $total"
	fi
	exit 1
fi
ok "monkey: $total event lines ($NEV events), the window lives"

# ---- the window still answers ---------------------------------------------

# the whole feed from now on; the filter closed, a normal size; r again
# until a fetch is not in flight (a stall ends after fetchtimeout)
: > "$D/final"
# the generator may have left the filter line open or a filter set, and
# a click below the selected row's date the reading view open: a filter
# that matches nothing closes that view, then Escape closes the filter
key slash z z z q Escape
xdotool windowsize "$W" 640 720
try=0
while [ "$try" -lt 10 ]; do
	key r g
	quick sigis 'B[0-9]+ G[0-9]+ R1 W[0-9]+ R1 .*' && break
	try=$((try + 1))
done
if sigis 'B[0-9]+ G[0-9]+ R1 W[0-9]+ R1 .*'; then
	ok "monkey: after r and g the whole feed, the first row selected"
else
	fail "monkey: after r and g the whole feed, the first row selected: $(cat "$D/sig")"
fi
key j
if retry sigis 'B[0-9]+ W[0-9]+ R1 G[0-9]+ R1 .*'; then
	ok "monkey: j selects the second row"
else
	fail "monkey: j selects the second row: $(cat "$D/sig")"
fi

kill "$PID"
within 100 "$PID"
wait "$PID"
rc=$?
if [ "$rc" -eq 0 ]; then
	ok "monkey: SIGTERM ends it with status 0"
else
	fail "monkey: SIGTERM ends it with status 0, not $rc"
fi
if sanreports; then
	fail "monkey: seed $SEED: sanitizer reports"
else
	ok "monkey: no sanitizer report"
fi
exit "$failed"
