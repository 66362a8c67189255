#!/bin/sh
# See LICENSE file for copyright and license details.
# reexec.sh: a window whose binary is rebuilt runs the new one in place,
# under an Xvfb of its own: the same window, selection, filter, first row
# and read marks, the new config.h's colour, and no new request to the
# server; SIGUSR1 does the same, embedded (-w) too; a new binary that
# cannot start, or passes its check and then cannot be run, leaves the
# old window running, its title bar in the error colour; closing ends it
# and a check under way; a $LWNRSS_RESUME naming a window not its own is
# ignored; the urgency hint of new articles unseen stays; a binary put
# there while the new image starts runs too; under valgrind, whose own
# program /proc/self/exe names to stat, the window is not taken for rebuilt.
# The window runs a copy of the tree's test build, which the test rebuilds.
cd "$(dirname "$0")/.." || exit 1
. tests/lib.sh
. tests/xlib.sh

D=$(mktemp -d "$(pwd)/$T/reexec.XXXXXX") || exit 1
LWNRSS_CLOCK=$D/clock
XDG_STATE_HOME=$D/state
X11SRV_LOG=$D/requests
export LWNRSS_CLOCK XDG_STATE_HOME X11SRV_LOG LC_ALL=C.UTF-8

need strace valgrind Xvfb xdotool xprop xwininfo xdpyinfo xrdb import convert identify openssl python3 make
built lwnrss tests/lwnrss-test tests/grab

PIDS=
XVFB=
SRV=
cleanup() {
	for p in $PIDS $SRV; do kill -9 "$p" 2> /dev/null; done
	[ -n "$XVFB" ] && kill "$XVFB" 2> /dev/null
	wait 2> /dev/null
	rm -rf "$D"
}
trap cleanup EXIT
trap 'exit 1' INT TERM HUP

# the copy: the sources and the objects just built, so that a rebuild
# compiles lwnrss.c alone (cp -p keeps them newer than their sources)
R=$D/tree
mkdir -p "$R/tests"
set --
for f in Makefile config.mk config.def.h ./*.c ./*.h ./*.o; do
	[ "$f" = ./config.h ] || set -- "$@" "$f"
done
cp -p "$@" "$R/"
cp -p tests/config.test.h "$R/tests/"
rebuild() {
	make -C "$R" tests/lwnrss-test > "$D/make.log" 2>&1 || cat "$D/make.log"
}
# colour r: the test build's title bar in colour r from its next build
colour() {
	sed -i "s/\(\[SchemeBar\] *= { \"#ffffff\", \"\)#[0-9a-f]*/\1$1/" "$R/tests/config.test.h"
}
# put file: file takes the binary's place, as install does
put() {
	cp "$1" "$R/tests/lwnrss-test.new" && chmod "${2:-755}" "$R/tests/lwnrss-test.new" &&
		mv "$R/tests/lwnrss-test.new" "$R/tests/lwnrss-test"
}
X=$R/tests/lwnrss-test
if ! rebuild || [ ! -x "$X" ]; then
	notok "reexec: the copy's test build"
	exit 1
fi
cp "$X" "$D/good"

feed() {
	echo '<?xml version="1.0" encoding="UTF-8"?>'
	echo '<rss version="2.0"><channel><title>Reexec Test</title>'
	i=1
	while [ "$i" -le 15 ]; do
		[ $((i % 2)) -eq 1 ] && k=odd || k=even
		echo "<item><title>Article $i, $k</title><link>https://example.org/a$i</link><author>r$i</author><description>Text $i.</description></item>"
		i=$((i + 1))
	done
	echo '</channel></rss>'
}
feed > "$D/feed.xml"

C=$D/tls
mkdir -p "$C"
testca "$C" reexec
export SSL_CERT_FILE="$C/ca.pem"

if ! startx "$D"; then
	notok "reexec: Xvfb starts"
	exit 1
fi

BAR=38
ROW=90
# barcolour c: the title bar's colour is c (#RRGGBB), at (3, 3)
barcolour() {
	! gone "$PID" && tests/grab "$W" 3 > "$D/column" 2> /dev/null &&
		{ read -r _c; read -r _c; read -r _c; read -r _c; } < "$D/column" && [ "$_c" = "$1" ]
}
# slow: retry for up to 15 seconds: a check and an exec, under sanitizers too
slow() {
	retry "$@" || retry "$@" || retry "$@"
}
# view: what the rows show, and the title bar's text: its left half
# (the filter line) and its right (the position), whatever its colour
view() {
	shot || return 1
	echo "$(below "$BAR")" "$(box 0 0 320 "$BAR")" "$(box 320 0 320 "$BAR")"
}
# selrow k: of seven full rows the k-th selected, whatever the bar's colour
selrow() {
	! gone "$PID" &&
		sigis "[^ ]*( W$ROW R1){$(($1 - 1))} G$ROW R1( W$ROW R1){$((7 - $1))}( W[0-9]+)?"
}
# xsock: the window process's sockets in $sock, its X connection: a new
# one after each exec.  One find, not ls, sed and sort: the tests poll
# this through the window's quiet time and check; sorted by inode here
xsock() {
	find "/proc/$PID/fd" -lname 'socket:*' -printf '%l\n' > "$D/socks" 2> /dev/null
	sock=
	while read -r _l; do
		_r= _m=$_l
		for _o in $sock; do
			_i=${_o#*\[} _j=${_m#*\[}
			if [ -n "$_m" ] && [ "${_j%]}" -lt "${_i%]}" ]; then
				_r="$_r $_m" _m=
			fi
			_r="$_r $_o"
		done
		sock="${_r# } $_m"
		sock=${sock% }
	done < "$D/socks"
}
# newsock s: the window process has sockets, and not s: it ran a binary
newsock() {
	xsock && [ -n "$sock" ] && [ "$sock" != "$1" ]
}
# said pattern: a line of the window's stderr matches the shell pattern
# (read, not grep: the tests poll it through the window's check)
said() {
	while IFS= read -r _l || [ -n "$_l" ]; do
		case $_l in
		$1) return 0 ;;
		esac
		_l=
	done < "$D/err"
	return 1
}
requests() {
	wc -l < "$D/requests"
}

server "$D/feed.xml"
start "https://localhost:$PORT/feed"
retry rowsel 1 7 > /dev/null
# the third article, with the filter "e odd" (words: "e" and "odd"): the
# second of eight rows; marked read; then the last, so that the first
# row shown is the second
key j j m slash e space o d d Return
retry sigis "B$BAR W$ROW R1 G$ROW R1( W$ROW R1){5}( W[0-9]+)?" > /dev/null
key G
retry rowsel 7 7 > /dev/null
retry grep -q ' https://example.org/a3$' "$XDG_STATE_HOME/lwnrss/read"
v0=$(view)
n0=$(requests)
xsock
s0=$sock
g0=$(xwininfo -id "$W" | grep -E 'Absolute|Width|Height')

# ---- a rebuild ----------------------------------------------------------------

colour '#000080'
rebuild
check "rebuild: the new colour of config.h is in the title bar" slow barcolour '#000080'
check "rebuild: the same process" eval '! gone "$PID"'
check "rebuild: ... and the same window" \
	eval '[ "$(xdotool search --pid "$PID" 2> /dev/null)" = "$W" ]'
check "rebuild: ... in the same place, of the same size" \
	eval '[ "$(xwininfo -id "$W" | grep -E "Absolute|Width|Height")" = "$g0" ]'
check "rebuild: the same rows, filter, selection, first row and read mark" \
	retry eval '[ "$(view)" = "$v0" ]'
check "rebuild: ... and no request to the server" [ "$(requests)" -eq "$n0" ]
check "rebuild: ... and no error" eval '! grep -q . "$D/err"'
xsock
s1=$sock
check "rebuild: a new X connection" eval '[ -n "$s1" ] && [ "$s1" != "$s0" ]'
check "rebuild: WM_DELETE_WINDOW is no longer asked for" \
	eval '! xprop -id "$W" WM_PROTOCOLS | grep -q WM_DELETE_WINDOW'
# the new image's start changes nothing the watch sees
sleep 3
check "rebuild: ... once" eval 'xsock; [ "$sock" = "$s1" ]'
xdotool mousemove --window "$W" 200 $((BAR + 5 * (ROW + 1) + 30)) click 1
check "rebuild: a click reaches the new image" retry selrow 6
key j
check "rebuild: ... and a key" retry selrow 7

# ---- a binary put there while the new image starts ----------------------------

# the new image is held before it watches the binary (strace delays its
# inotify_init1) while another binary takes the place: the window checks
# and runs that one too, once it watches
cp "$X" "$D/navy"
strace -qq -o /dev/null -e inject=inotify_init1:delay_enter=4000000 -p "$PID" &
ST=$!
PIDS="$PIDS $ST"
sleep 1
put "$D/good"
slow newsock "$s1"
put "$D/navy"
# the image held draws once it no longer is: the binary put before it
slow barcolour '#0000FF'
check "a binary put there while the new image starts: it runs" slow barcolour '#000080'
kill "$ST"
wait "$ST" 2> /dev/null
retry eval '[ "$(view)" = "$v0" ]'
xsock
s1=$sock

# ---- SIGUSR1 ------------------------------------------------------------------

kill -USR1 "$PID"
check "SIGUSR1: the window process runs the binary again" \
	slow newsock "$s1"
check "SIGUSR1: ... in the same window" \
	eval '[ "$(xdotool search --pid "$PID" 2> /dev/null)" = "$W" ]'
check "SIGUSR1: ... showing the same" retry eval '[ "$(view)" = "$v0" ]'
check "SIGUSR1: ... without a request to the server" [ "$(requests)" -eq "$n0" ]

# read articles hidden and the reading view open, scrolled: kept too
key u
key l
key space
check "SIGUSR1: read articles hidden, the reading view open" \
	retry eval 'v=$(view); [ "${v%% *}" != "${v0%% *}" ]'
v1=$(view)
xsock
s2=$sock
kill -USR1 "$PID"
check "SIGUSR1 again: the window process runs the binary again" \
	slow newsock "$s2"
check "SIGUSR1 again: ... read articles still hidden, the same description shown" \
	retry eval '[ "$(view)" = "$v1" ]'
key l
key u
check "SIGUSR1 again: ... closing the view and showing read ones gives the rows again" \
	retry eval '[ "$(view)" = "$v0" ]'

# ---- new binaries that cannot start -------------------------------------------

printf '#!/bin/sh\necho "lwnrss: cannot allocate color #nonsense" >&2\nexit 1\n' > "$D/fails"
put "$D/fails"
check "a binary that fails: the title bar in the error colour" slow barcolour '#FF00FF'
check "a binary that fails: ... its message on stderr" \
	grep -q 'not restarted: cannot allocate color #nonsense$' "$D/err"
check "a binary that fails: ... the old window still runs" \
	eval '[ "$(xdotool search --pid "$PID" 2> /dev/null)" = "$W" ]'
check "a binary that fails: ... showing the same rows" \
	eval 'v=$(view); [ "${v%% *}" = "${v0%% *}" ]'

: > "$D/err"
put "$D/good" 644
check "a binary not executable: said on stderr" slow said '*not restarted: cannot run *: Permission denied'

: > "$D/err"
printf '#!/bin/sh\nexit 0\n' > "$D/true"
put "$D/true"
check "a binary that starts no window: said on stderr" slow said '*not restarted: *exited with status 0, not ok'
check "a binary that starts no window: ... the title bar still red" barcolour '#FF00FF'

# one that never answers (an lwnrss older than the check opens a window
# of its own), and leaves a child holding its output (that lwnrss's
# fetch): killed after its time, whatever the child does
: > "$D/err"
printf '#!/bin/sh\nsleep 60 &\necho $! > "%s/hangs.pid"\nexec sleep 60\n' "$D" > "$D/hangs"
put "$D/hangs"
check "a binary that never answers: killed, said on stderr" \
	slow said '*not restarted: * did not start in 5 s'
check "a binary that never answers: ... the old window still runs" \
	eval '[ "$(xdotool search --pid "$PID" 2> /dev/null)" = "$W" ]'
PIDS="$PIDS $(cat "$D/hangs.pid")"

# one that closes its output and runs on: the window never waits for it
: > "$D/err"
printf '#!/bin/sh\nexec sleep 60 > /dev/null 2>&1\n' > "$D/quiet"
put "$D/quiet"
check "a binary that closes its output: killed, said on stderr" \
	slow said '*not restarted: * killed by signal 9'
key k
check "a binary that closes its output: ... the old window takes keys" retry selrow 6
key j
retry selrow 7 > /dev/null

# one that passes its check and then cannot be run (a writer holds it
# open: ETXTBSY), once: this image again, in the same window, says so
: > "$D/err"
xsock
s2=$sock
cat > "$D/busy" <<EOF
#!/bin/sh
[ -e "$D/busy.done" ] && exit 1
: > "$D/busy.done"
exec 3>> "\$0"
sleep 5 3>&3 < /dev/null > /dev/null 2>&1 &
exec 3>&-
echo ok
EOF
put "$D/busy"
check "a binary that cannot be run in place: said on stderr" \
	slow said '*not restarted: cannot run *: Text file busy'
check "a binary that cannot be run in place: ... the binary before runs again" \
	slow newsock "$s2"
check "a binary that cannot be run in place: ... in the same window, red" \
	eval '[ "$(xdotool search --pid "$PID" 2> /dev/null)" = "$W" ] && slow barcolour "#FF00FF"'
check "a binary that cannot be run in place: ... showing the same rows" \
	retry eval 'v=$(view); [ "${v%% *}" = "${v0%% *}" ]'

colour '#000040'
rebuild
check "a good binary again: taken, the error gone" slow barcolour '#000040'
check "a good binary again: ... showing the same" retry eval '[ "$(view)" = "$v0" ]'
check "a good binary again: ... and no request to the server" [ "$(requests)" -eq "$n0" ]

# ---- closing ------------------------------------------------------------------

# a window manager without WM_DELETE_WINDOW to send kills the window's
# maker; while a new binary's check runs, which ends with the window
cp "$X" "$D/last"
printf '#!/bin/sh\necho $$ > "%s/check.pid"\nexec sleep 60\n' "$D" > "$D/hangs"
put "$D/hangs"
slow test -s "$D/check.pid"
CHECK=$(cat "$D/check.pid")
PIDS="$PIDS $CHECK"
xdotool windowkill "$W" 2> /dev/null
check "closed by the window manager: lwnrss ends" within 50 "$PID"
wait "$PID"
rc=$?
check "closed by the window manager: ... with exit status 0" [ "$rc" -eq 0 ]
check "closed by the window manager: ... the window is gone" \
	eval '! xwininfo -id "$W" > /dev/null 2>&1'
check "closed by the window manager: ... the new binary's check under way ends" \
	retry gone "$CHECK"
put "$D/last"

# ---- $LWNRSS_RESUME set by hand -----------------------------------------------

# naming a window that is not this process's (the root): a new window,
# and none of the view it describes (the third row, the filter "odd")
LWNRSS_RESUME="$(xwininfo -root | sed -n 's/.*Window id: \(0x[0-9a-f]*\).*/\1/p' |
	xargs printf %d) 2 0 1 0 0 0 0 0 0 0 0 0 0 3:odd0:0:"
export LWNRSS_RESUME
start "https://localhost:$PORT/feed"
unset LWNRSS_RESUME
check "resume by hand: a window not ours: the view is not taken" retry selrow 1
key q
within 50 "$PID"

# ---- embedded (-w): the window stays in its host ------------------------------

XC=$X
X=tests/lwnrss-test
start - < "$D/feed.xml"
retry hastitle "Reexec Test"
HOST=$W
HOSTPID=$PID
X=$XC
start -w "$HOST" "https://localhost:$PORT/feed"
retry selrow 1 > /dev/null
xsock
s0=$sock
kill -USR1 "$PID"
check "embedded: SIGUSR1 runs the binary again" \
	slow newsock "$s0"
check "embedded: ... in the same window, still in its host" \
	eval '[ "$(xdotool search --pid "$PID" 2> /dev/null)" = "$W" ] &&
	xwininfo -tree -id "$W" | grep -q "Parent window id: $(printf 0x%x "$HOST") "'
# the key once the new image listens for keys, not before its setup
check "embedded: ... listening for keys" \
	retry eval 'xwininfo -events -id "$W" 2> /dev/null | grep -q KeyPress'
key j
check "embedded: ... which takes keys" retry selrow 2
key q
check "embedded: q ends the process" within 50 "$PID"
wait "$PID"
rc=$?
check "embedded: ... with status 0" [ "$rc" -eq 0 ]
check "embedded: ... and the window is gone" \
	eval '! xwininfo -id "$W" > /dev/null 2>&1'
kill "$HOSTPID"

# ---- new articles while the focus is elsewhere: still told after --------------

feed | sed 's|<channel><title>Reexec Test</title>|&<item><title>Brand new</title><link>https://example.org/n1</link></item>|' \
	> "$D/feed2.xml"
server "$D/feed.xml" "$D/feed2.xml"
X=tests/lwnrss-test
start - < "$D/feed.xml"
retry hastitle "Reexec Test"
OTHERPID=$PID
OTHER=$W
X=$XC
start "https://localhost:$PORT/feed"
retry selrow 1 > /dev/null
xdotool windowfocus --sync "$OTHER"
kill -HUP "$PID"
urgent() {
	xprop -id "$W" WM_HINTS | grep -qi urgen
}
retry urgent
kill -USR1 "$PID"
# the new image's setup is done when WM_DELETE_WINDOW is no longer asked for
slow eval '! xprop -id "$W" WM_PROTOCOLS | grep -q WM_DELETE_WINDOW'
check "urgency: after a re-exec the window still has the urgency hint" retry urgent
check "urgency: ... and the count in its title" hastitle "(1) Reexec Test"
kill "$OTHERPID"

# ---- under valgrind -----------------------------------------------------------

# a stat of /proc/self/exe sees valgrind's own program, not the one it
# runs: that is no new binary (the check would start 2 s after the window
# and, the feed read from standard input, say why it cannot restart)
# (valgrind cannot run a build with AddressSanitizer: tests/san.sh's)
X=tests/lwnrss-test
if ! ldd "$X" | grep -q libasan; then
	valgrind -q --tool=none "$X" - < "$D/feed.xml" > "$D/out" 2> "$D/err" &
	PID=$!
	PIDS="$PIDS $PID"
	slow eval 'xdotool search --pid "$PID" > /dev/null 2>&1'
	sleep 4
	check "valgrind: the program it runs is not taken for a new binary" \
		eval '! grep -q "not restarted" "$D/err"'
	kill "$PID"
fi

exit 0
