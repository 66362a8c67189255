#!/bin/sh
# See LICENSE file for copyright and license details.
# window.sh: the window's state under a day of use, under an Xvfb of its
# own with real key presses and clicks against an HTTPS server on
# loopback: an empty view under any key, "new" measured against the first
# headlines shown, a double click, an open command that cannot run, two
# windows sharing read marks, retries after a failed fetch, messages that
# name their cause first, and the smaller things: grouped flags, untitled
# articles, articles without a link, rows without date or author, a
# first window no larger than the screen.
cd "$(dirname "$0")/.." || exit 1
. tests/lib.sh
. tests/xlib.sh

X=${X11BIN:-tests/lwnrss-test}
D=$(mktemp -d "$(pwd)/$T/window.XXXXXX") || exit 1
export LWNRSS_OPENLOG="$D/opened"
LWNRSS_CLOCK=$D/clock
XDG_STATE_HOME=$D/state
export LWNRSS_CLOCK XDG_STATE_HOME LC_ALL=C.UTF-8
STATE=$XDG_STATE_HOME/lwnrss/read

need Xvfb xdotool xprop xwininfo xdpyinfo xrdb import convert identify xclip openssl python3
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

# a feed of fifteen articles; the same cut off inside the seventh
feed() {
	echo '<?xml version="1.0" encoding="UTF-8"?>'
	echo '<rss version="2.0"><channel><title>Window Test</title><link>https://example.org/</link>'
	i=1
	while [ "$i" -le "$1" ]; do
		echo "<item><title>Article number $i</title><link>https://example.org/a$i</link><author>w$i</author><description>Text $i.</description></item>"
		i=$((i + 1))
	done
	echo '</channel></rss>'
}
feed 15 > "$D/full.xml"
head -c "$(($(grep -b 'Article number 7<' "$D/full.xml" | cut -d: -f1) + 20))" "$D/full.xml" > "$D/cut.xml"
TITLE='Window Test'

C=$D/tls
mkdir -p "$C"
testca "$C" window
export SSL_CERT_FILE="$C/ca.pem"

if ! startx "$D"; then
	notok "window: Xvfb starts"
	exit 1
fi

# fresh: no cache, no read state, a new clock
fresh() {
	rm -rf "$XDG_CACHE_HOME" "$XDG_STATE_HOME" "$LWNRSS_OPENLOG"
}
stop() {
	kill "$PID" 2> /dev/null
	wait "$PID" 2> /dev/null
}
# alive: the window process is there, not a zombie
alive() {
	! gone "$PID"
}
# bartext: the width of what the title bar's left half shows (import
# waits for ever on a window whose client died: none then)
bartext() {
	alive && shot || return
	_b=$(box 0 0 320 "$BAR")
	echo "${_b%%x*}"
}
row() {
	echo $((BAR + ($1 - 1) * (ROW + 1)))
}
titlew() {
	_b=$(box 40 $(($(row "$1") + 14)) 560 22)
	echo "${_b%%x*}"
}
statehas() {
	grep -q " $1\$" "$STATE" 2> /dev/null
}

BAR=38
ROW=90

# ---- an empty view: paging, then any redraw --------------------------------

fresh
server fail
start "https://localhost:$PORT/feed"
retry sigis "E$BAR W[0-9]+" > /dev/null
key Prior ctrl+u Next
key r
sleep 1
check "empty view: Page Up, Ctrl-u, then r: no crash" alive
b0=$(bartext)
key slash a b c
check "empty view: ... and the window still answers a key" retry eval '[ "$(bartext)" != "$b0" ]'
stop

server "$D/full.xml"
start "https://localhost:$PORT/feed"
retry rowsel 1 7 > /dev/null
key slash z z z z Return
retry sigis "B$BAR W[0-9]+" > /dev/null
key Prior ctrl+u G k
kill -HUP "$PID"
sleep 1
key r
sleep 1
check "empty view: a filter matching nothing, Page Up, SIGHUP and r: no crash" alive
key Escape
check "empty view: ... and clearing the filter shows the rows again" retry rowsel 1 7
stop

# ---- "new": against the first headlines shown -------------------------------

fresh
server "$D/full.xml" "$D/cut.xml" "$D/full.xml"
start "https://localhost:$PORT/feed"
retry rowsel 1 7 > /dev/null
key r
check "new: a feed cut off after six articles is shown" retry sigis "B$BAR G$ROW R1( W$ROW R1){5}( W[0-9]+)?"
key r
check "new: the whole feed again is shown" retry rowsel 1 7
sleep 0.5
sig 6 > /dev/null
check "new: the old articles the cut-off feed lacked are not marked new" eval '! grep -q Y "$D/sig"'
check "new: ... nor counted in the window's title" hastitle "$TITLE"
stop

# ---- a double click opens once -----------------------------------------------

fresh
server "$D/full.xml"
start "https://localhost:$PORT/feed"
retry rowsel 1 7 > /dev/null
xdotool mousemove --window "$W" 200 $((BAR + 30)) click --repeat 2 --delay 60 1
check "double click: the selected row is opened" retry opened https://example.org/a1
sleep 1
check "double click: ... once" [ "$(wc -l < "$LWNRSS_OPENLOG")" -eq 1 ]
stop

# ---- an open command that cannot run -----------------------------------------

fresh
OPATH=$PATH
# no directory of tests/bin (run.sh's, a copy's) on PATH: no open command
PATH=$(echo "$PATH" | tr ':' '\n' | grep -v '/tests/bin$' | paste -sd: -)
start "https://localhost:$PORT/feed"
PATH=$OPATH
retry rowsel 1 7 > /dev/null
shot
u1=$(titlew 1)
key Return
check "no open command: the error is said" retry grep -q 'cannot run lwnrss-test-open' "$D/err"
sleep 0.5
check "no open command: the article is not marked read" eval '! statehas https://example.org/a1'
check "no open command: ... and its title stays bold" eval '[ "$(shot; titlew 1)" -eq "$u1" ]'
stop

# ---- two windows: each sees the other's marks ----------------------------------

fresh
start "https://localhost:$PORT/feed"
retry rowsel 1 7 > /dev/null
A=$PID WA=$W
start "https://localhost:$PORT/feed"
retry rowsel 1 7 > /dev/null
B=$PID WB=$W
shot
u1=$(titlew 1)
u2=$(titlew 2)
xdotool windowfocus --sync "$WA"
xdotool key --window "$WA" --clearmodifiers m
retry statehas https://example.org/a1
W=$WB
kill -HUP "$B"
check "two windows: B, without the focus, takes A's mark at its next fetch" \
	retry eval '[ "$(shot; titlew 1)" -lt "$u1" ]'
xdotool key --window "$WA" --clearmodifiers j m
retry statehas https://example.org/a2
xdotool windowfocus --sync "$WB"
check "two windows: ... and when it gets the focus" retry eval '[ "$(shot; titlew 2)" -lt "$u2" ]'
kill "$A" "$B"
wait "$A" "$B" 2> /dev/null

# ---- a failed fetch is tried again, sooner than the refresh --------------------

fresh
server fail "$D/full.xml"
start "https://localhost:$PORT/feed"
check "retry: a failed first fetch turns the title bar red" retry sigis "E$BAR W[0-9]+"
check "retry: the title bar and stderr say when the next try comes" \
	retry grep -q '500.*retry [0-9][0-9]:[0-9][0-9]$' "$D/err"
clockon 30
key j
sleep 1
check "retry: not before a minute" sigis "E$BAR W[0-9]+"
clockon 40
key j
check "retry: after a minute, the feed" retry rowsel 1 7
stop

# ---- the cache is the one way in ------------------------------------------------

# another lwnrss writes a newer feed to the cache; the server then says
# 304 for it: the window shows the cache's copy, not its own older one.
# Then a body with a feed's name but not its namespace, which is no feed:
# refused, and the good copy stays in the cache.  One server throughout,
# so that the URL, and the cache, stay the same
fresh
export X11SRV_LOG="$D/requests"
feed 3 > "$D/three.xml"
printf '<feed><entry><title>x</title></entry></feed>' > "$D/nons.xml"
server "$D/three.xml" "$D/full.xml" "$D/full.xml" "$D/nons.xml" fail
start "https://localhost:$PORT/feed"
retry sigis "B$BAR G$ROW R1( W$ROW R1){2} W[0-9]+" > /dev/null
"$X" -p -f "https://localhost:$PORT/feed" > /dev/null 2>&1
key r
check "304: a copy another lwnrss cached since is shown" retry rowsel 1 7
check "304: ... and the server said 304" eval '[ "$(tail -n 1 "$D/requests")" = 304 ]'
stop
start "https://localhost:$PORT/feed"
check "not a feed: refused, the title bar red, the rows kept" \
	retry sigis "E$BAR G$ROW R1( W$ROW R1){6}( W[0-9]+)?"
stop
start "https://localhost:$PORT/feed"
check "not a feed: ... and the cache still has the good feed" \
	retry sigis "E$BAR G$ROW R1( W$ROW R1){6}( W[0-9]+)?"
stop

# no home directory, so no cache: the feed is shown all the same
fresh
server "$D/full.xml"
OHOME=$HOME
unset HOME XDG_CACHE_HOME
start "https://localhost:$PORT/feed"
HOME=$OHOME
XDG_CACHE_HOME=$HOME/.cache
export HOME XDG_CACHE_HOME
check "no home: the feed is shown" retry rowsel 1 7
stop

# a Retry-After holds retries off, with no cache to keep it in
fresh
: > "$D/requests"
server busy
: > "$D/notadir"
XDG_CACHE_HOME=$D/notadir
start "https://localhost:$PORT/feed"
retry sigis "E$BAR W[0-9]+" > /dev/null
clockon 600
key j
sleep 1
check "Retry-After: no retry before it, cache or no cache" [ "$(wc -l < "$D/requests")" -eq 1 ]
stop
XDG_CACHE_HOME=$HOME/.cache

# no process to fetch with: one failure, then retries, not a busy loop
if command -v prlimit > /dev/null 2>&1; then
	prlimit --nofile=5 "$X" "https://localhost:$PORT/feed" > /dev/null 2> "$D/plerr" &
	PL=$!
	PIDS="$PIDS $PL"
	sleep 3
	check "no fork: the failure is said once, not in a loop" [ "$(wc -l < "$D/plerr")" -le 2 ]
	kill "$PL"
	wait "$PL" 2> /dev/null
else
	notok "prlimit is installed"
fi
unset X11SRV_LOG

# ---- messages: the cause first, disks too ---------------------------------------

fresh
printf '\001\002\003 binary \000\001' > "$D/bin.xml"
server "$D/bin.xml"
start "https://localhost:$PORT/feed"
check "messages: a feed's own error starts with its cause" \
	retry grep -q '^lwnrss: binary data, not a feed: localhost:' "$D/err"
stop
server "$D/full.xml"
: > "$D/notadir"
XDG_CACHE_HOME=$D/notadir
start "https://localhost:$PORT/feed"
check "messages: an unwritable cache: the feed is shown, the title bar red with it" \
	retry sigis "E$BAR G$ROW R1( W$ROW R1){6}( W[0-9]+)?"
stop
XDG_CACHE_HOME=$HOME/.cache
XDG_STATE_HOME=$D/notadir
start "https://localhost:$PORT/feed"
retry rowsel 1 7 > /dev/null
key m
check "messages: read marks not written turn the title bar red" retry sigis "E$BAR G$ROW R1.*"
stop
check "messages: quitting with read marks not written says so" \
	grep -q '^lwnrss: quitting with read marks not written' "$D/err"
XDG_STATE_HOME=$D/state

# ---- smaller things -------------------------------------------------------------

check "flags: -pv and -vp print the version" eval \
	'[ "$("$X" -pv)" = "$("$X" -v)" ] && [ "$("$X" -vp)" = "$("$X" -v)" ]'

cat > "$D/odd.xml" <<'EOF'
<rss version="2.0"><channel><title>Window Test</title>
<item><title></title><link>https://example.org/untitled</link><author>x</author></item>
<item><title>No link here</title><author>y</author></item>
<item><title>No date nor author</title><link>https://example.org/plain</link><description>A description that now takes the second line.</description></item>
</channel></rss>
EOF
fresh
start - < "$D/odd.xml"
retry hastitle "$TITLE"
retry sigis "B$BAR G$ROW R1 W$ROW R1 W$ROW R1 W[0-9]+" > /dev/null
shot
check "untitled: the row shows its link" retry eval '[ "$(shot; titlew 1)" -gt 0 ]'
key Y
check "untitled: Y copies the link without a leading space" \
	retry eval '[ "$(xclip -o -selection clipboard 2> /dev/null)" = "https://example.org/untitled" ]'
key j
sleep 0.3
b0=$(shot; box 320 0 320 "$BAR")
for k in y o m; do
	key "$k"
	check "no link: $k says so in the title bar" retry eval '[ "$(shot; box 320 0 320 "$BAR")" != "$b0" ]'
	key Down Up
	sleep 0.3
done
# the third row's second line, where the date and author go: its text
shot
check "no date nor author: the description takes the empty line" \
	eval 'b=$(box 16 $(($(row 3) + 38)) 560 12); [ "${b%%x*}" -gt 0 ]'
stop

xrdb -query > "$D/xrdb"
echo 'Xft.dpi: 192' | xrdb -nocpp -merge
start - < "$D/odd.xml"
retry hastitle "$TITLE"
h=$(xwininfo -id "$W" | sed -n 's/^ *Height: //p')
check "dpi 192: the first window is no taller than the screen ($h px)" [ "$h" -le 768 ]
stop
echo 'Xft.dpi: 96' | xrdb -nocpp -merge

exit 0
