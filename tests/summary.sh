#!/bin/sh
# See LICENSE file for copyright and license details.
# summary.sh: the reading view, under an Xvfb of its own with real key
# presses and clicks against an HTTPS server on loopback, read back in
# pixels: the whole description in paragraphs a gap apart, the quote
# indented, the keys that open and close it, j moving it on, scrolling
# a long one to its end and no further (a line a page where less than a
# line shows), keys that come at once, the other keys meanwhile, a new
# feed keeping or closing it, an empty view, and clicks, on a row with
# neither date nor author too.
cd "$(dirname "$0")/.." || exit 1
. tests/lib.sh
. tests/xlib.sh

X=${X11BIN:-tests/lwnrss-test}
D=$(mktemp -d "$(pwd)/$T/summary.XXXXXX") || exit 1
export LWNRSS_OPENLOG="$D/opened"
LWNRSS_CLOCK=$D/clock
XDG_STATE_HOME=$D/state
export LWNRSS_CLOCK XDG_STATE_HOME LC_ALL=C.UTF-8
FX=tests/x11-summary.xml

need Xvfb xdotool xprop xdpyinfo xrdb import convert identify xclip openssl python3
built tests/lwnrss-test tests/grab

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

C=$D/tls
mkdir -p "$C"
testca "$C" summary
export SSL_CERT_FILE="$C/ca.pem"

if ! startx "$D"; then
	notok "summary: Xvfb starts"
	exit 1
fi

fresh() {
	rm -rf "$XDG_CACHE_HOME" "$XDG_STATE_HOME" "$LWNRSS_OPENLOG"
}
stop() {
	kill "$PID" 2> /dev/null
	wait "$PID" 2> /dev/null
}
alive() {
	! gone "$PID"
}

BAR=38
ROW=90
H=720
# the reading view's text starts under its one row and that row's line
TOP=$((BAR + ROW + 1))

# isopen: the title bar, the selected row, then nothing but the text's
# white down the left edge; rows n: n rows, the first selected.  Each is
# one sigis, polled in tests/grab (tests/lib.sh's tries)
SIGPOLL="isopen rows"
isopen() {
	sigis "B$BAR G$ROW R1 W[0-9]+"
}
rows() {
	sigis "B$BAR G$ROW R1( W$ROW R1){$(($1 - 1))}( W[0-9]+)?"
}
# texthash: the pixels of the text's area in a new shot
texthash() {
	shot && below "$TOP"
}
# paras: the paragraphs of the last shot's text area, one "top bottom"
# line each (rows with ink less than 10 blank rows apart), in $D/paras
paras() {
	tests/grab -i "$D/shot.png" 0 "$TOP" 640 $((H - TOP)) 2> /dev/null | awk -v top="$TOP" '
		$3 != 255 || $4 != 255 || $5 != 255 {
			y = $2 + top
			if (on && y == last)
				next
			if (on && y - last > 10)
				print first, last
			if (!on || y - last > 10)
				first = y
			on = 1
			last = y
		}
		END { if (on) print first, last }' > "$D/paras"
}
# para k top|bottom: the k-th paragraph's first or last row of ink;
# para \$ the last's; nparas: how many there are
para() {
	_i=0 _p=
	while read -r _t _b; do
		_i=$((_i + 1))
		[ "$_i" = "$1" ] || [ "$1" = '$' ] || continue
		_p=$_t
		[ "$2" = top ] || _p=$_b
		[ "$1" = '$' ] || break
	done < "$D/paras"
	echo "$_p"
}
nparas() {
	_i=0
	while read -r _t; do
		_i=$((_i + 1))
	done < "$D/paras"
	echo "$_i"
}
# leftblack k: where the k-th paragraph's black text starts (the quote's
# bar is grey); textx colour y0 y1: where that colour starts in the rows
leftblack() {
	textx "0 0 0" "$(para "$1" top)" "$(para "$1" bottom)"
}
textx() {
	tests/grab -i "$D/shot.png" 0 "$2" 640 $(($3 - $2 + 1)) 2> /dev/null | awk -v c="$1" '
		BEGIN { x = 640 }
		$3 " " $4 " " $5 == c && $1 < x { x = $1 }
		END { print x }'
}

# a feed with one more article at the top, and one without the first
sed 's|<item>|<item><title>Newer article</title><link>https://example.org/newer</link></item>&|' \
	"$FX" > "$D/plus.xml"
sed 's|<title>A look at deferred work</title><link>[^<]*<|<title>Another</title><link>https://example.org/another<|' \
	"$FX" > "$D/gone.xml"

# ---- open, read, close ------------------------------------------------------

fresh
export X11SRV_LOG="$D/requests"
server "$FX" "$D/plus.xml" "$D/gone.xml"
start "https://localhost:$PORT/feed"
retry rows 5 > /dev/null
key l
check "l: the reading view opens, the selected row at its top" retry isopen
shot
paras
np=$(nparas)
check "the whole description: its three paragraphs on screen, a gap apart" [ "$np" -eq 3 ]
check "... the first paragraph over more than one line" \
	eval '[ "$np" -eq 3 ] && [ "$(($(para 1 bottom) - $(para 1 top)))" -gt 30 ]'
if [ "$np" -eq 3 ]; then
	x1=$(leftblack 1)
	x2=$(leftblack 2)
	x3=$(leftblack 3)
	xb=$(textx "85 85 85" "$(para 2 top)" "$(para 2 bottom)")
else
	x1=0 x2=0 x3=0 xb=0
fi
check "the quote is indented: its text starts right of the paragraphs' ($x2 > $x1)" \
	eval 'between "$x1" 1 40 && between "$x2" $((x1 + 8)) 80'
check "... and the next paragraph is not ($x3)" \
	eval 'between "$x1" 1 40 && between "$x3" $((x1 - 3)) $((x1 + 3))'
check "... with a thin grey bar at its left" eval 'between "$xb" 1 $((x2 - 4))'
h1=$(texthash)
key Escape
check "Escape closes it: the rows again" retry rows 5
check "... and lwnrss is still running" alive
key Tab
check "Tab opens it" retry isopen
key Tab
check "... and closes it" retry rows 5
key l
retry isopen > /dev/null
key j
check "j: the next article's description, the view still open" \
	retry eval 'isopen && [ "$(texthash)" != "$h1" ]'
paras
check "... its own two paragraphs" [ "$(nparas)" -eq 2 ]
key k
check "k: back to the first, from its start" retry eval '[ "$(texthash)" = "$h1" ]'

# the other keys do what they do, and the view stays
shot
tw=$(box 16 $((BAR + 14)) 560 22)
tw=${tw%%x*}
key m
check "m: the article is marked read (its title no longer bold)" \
	retry eval 'b=$(shot; box 16 $((BAR + 14)) 560 22); [ "${b%%x*}" -lt "$tw" ]'
check "... the view stays open" isopen
key y
check "y: its link is copied" \
	retry eval '[ "$(xclip -o -selection clipboard 2> /dev/null)" = https://example.org/deferred ]'
key o
check "o: it is opened" retry opened https://example.org/deferred
check "... the view stays open" isopen
key r
retry eval '[ "$(wc -l < "$D/requests")" -eq 2 ]'
sleep 1
check "r: a new feed that still has the article keeps it open" \
	eval 'isopen && [ "$(texthash)" = "$h1" ]'
key r
check "r: a new feed without it closes the view" retry rows 5
unset X11SRV_LOG
stop

# ---- scrolling a long one ---------------------------------------------------

fresh
server "$FX"
start "https://localhost:$PORT/feed"
retry rows 5 > /dev/null
key j j l
retry isopen > /dev/null
h0=$(texthash)
paras
top0=$(para 1 top)
key Next
check "Page Down scrolls the text" retry eval '[ "$(texthash)" != "$h0" ]'
check "... under the row, which stays" isopen
hs=$(texthash)
i=0
while [ "$i" -lt 8 ]; do
	key Next
	i=$((i + 1))
done
sleep 1
hn=$(texthash)
key Next
sleep 1
check "at the end Page Down moves it no further" eval '[ "$(texthash)" = "$hn" ]'
paras
last=$(para '$' bottom)
check "... the end on screen, a padding above the window's edge ($((H - 1 - last)) px)" \
	between $((H - 1 - last)) 12 40
check "space scrolls it too (back at the end, no further)" \
	eval 'key space; sleep 1; [ "$(texthash)" = "$hn" ]'
# a taller window shows more of the end, not space past it
xdotool windowsize "$W" 640 760
H=760
check "a taller window at the end: the text's end stays a padding above its edge" \
	retry eval 'shot && paras && between $((H - 1 - $(para "\$" bottom))) 12 40'
xdotool windowsize "$W" 640 720
H=720
retry eval 'shot && { read -r _; read -r _ _h; } < "$D/shot.png" && [ "$_h" -eq 720 ]'
i=0
while [ "$i" -lt 8 ]; do
	key Prior
	i=$((i + 1))
done
check "Page Up: back to the top" retry eval '[ "$(texthash)" = "$h0" ]'
key Prior
sleep 1
check "... and no further" eval '[ "$(texthash)" = "$h0" ] && paras && [ "$(para 1 top)" -eq "$top0" ]'
key ctrl+d
check "Ctrl-d scrolls down" retry eval '[ "$(texthash)" != "$h0" ]'
key ctrl+u
check "Ctrl-u scrolls back" retry eval '[ "$(texthash)" = "$h0" ]'
xdotool mousemove --window "$W" 300 400 click 5
check "the wheel scrolls down" retry eval '[ "$(texthash)" != "$h0" ]'
xdotool click 4
check "... and up" retry eval '[ "$(texthash)" = "$h0" ]'
key space
retry eval '[ "$(texthash)" != "$h0" ]'
key j
check "j from a scrolled text: an article without a description shows its row alone" \
	retry eval 'isopen && shot && paras && [ ! -s "$D/paras" ]'
key k
check "k: the long one again from its start" retry eval '[ "$(texthash)" = "$h0" ]'
# keys that come together, as on a busy machine (lwnrss stopped while
# they are sent): the scroll is the text's the first key showed
key k
retry eval 'isopen && shot && paras && [ "$(nparas)" -eq 2 ]' > /dev/null
kill -STOP "$PID"
key j space
kill -CONT "$PID"
check "j and space at once: the next article's text a page down" \
	retry eval '[ "$(texthash)" = "$hs" ]'
key k
retry eval 'isopen && shot && paras && [ "$(nparas)" -eq 2 ]' > /dev/null
key Escape j
retry sigis "B$BAR W$ROW R1 W$ROW R1 G$ROW R1( W$ROW R1){2}( W[0-9]+)?" > /dev/null
kill -STOP "$PID"
key l space
kill -CONT "$PID"
check "l and space at once: the text opened a page down" \
	retry eval '[ "$(texthash)" = "$hs" ]'
# a text area lower than a line: a page is a line
key Prior
retry eval '[ "$(texthash)" = "$h0" ]' > /dev/null
H=$((TOP + 12))
xdotool windowsize "$W" 640 "$H"
retry eval 'shot && { read -r _; read -r _ _h; } < "$D/shot.png" && [ "$_h" -eq "$H" ]' > /dev/null
hb=$(texthash)
key Next
check "a text area lower than a line: Page Down scrolls" \
	retry eval '[ "$(texthash)" != "$hb" ]'
key Prior
check "... and Page Up back" retry eval '[ "$(texthash)" = "$hb" ]'
H=720
xdotool windowsize "$W" 640 "$H"
stop

# ---- an empty view, and Escape's order ----------------------------------------

fresh
server fail
start "https://localhost:$PORT/feed"
retry sigis "E$BAR W[0-9]+" > /dev/null
key l Tab Next space ctrl+d Prior ctrl+u
xdotool mousemove --window "$W" 200 $((BAR + 66)) click 1 click 5
sleep 1
check "empty view: l, Tab, scrolling and a click: no crash" alive
check "... and nothing drawn but the failed title bar" sigis "E$BAR W[0-9]+"
key Escape
check "... Escape, no view open, still quits" within 30 "$PID"

fresh
server "$FX"
start "https://localhost:$PORT/feed"
retry rows 5 > /dev/null
key l
retry isopen > /dev/null
key slash z z z Return
check "a filter that leaves the article out closes the view" retry sigis "B$BAR W[0-9]+"
key Escape
check "... Escape then clears the filter: the rows" retry rows 5
key slash a r t i c l e Return
retry rows 2 > /dev/null
key l
retry isopen > /dev/null
key Escape
check "Escape: the view closes first, the filter stays" retry rows 2
key Escape
check "... then the filter is cleared, the article still selected" \
	retry sigis "B$BAR W$ROW R1 G$ROW R1( W$ROW R1){3}( W[0-9]+)?"
key Escape
check "... then lwnrss quits" within 30 "$PID"

# ---- clicks -----------------------------------------------------------------

fresh
start "https://localhost:$PORT/feed"
retry rows 5 > /dev/null
# a row: padding 16, the title's line, the date's, then the description's
xdotool mousemove --window "$W" 200 $((BAR + 66)) click 1
check "a click on the selected row's description opens the view" retry isopen
sleep 0.5
check "... and not the article" eval '! [ -s "$LWNRSS_OPENLOG" ]'
xdotool click 1
check "a second closes it" retry rows 5
sleep 0.5
xdotool click --repeat 2 --delay 100 1
sleep 1
check "a double click opens it, its second click closing nothing" isopen
sleep 0.5
xdotool click 1
retry rows 5 > /dev/null
xdotool mousemove --window "$W" 200 $((BAR + ROW + 1 + 66)) click 1
check "a click on another row's description selects it" \
	retry sigis "B$BAR W$ROW R1 G$ROW R1( W$ROW R1){3}( W[0-9]+)?"
sleep 0.5
xdotool mousemove --window "$W" 200 $((BAR + ROW + 1 + 25)) click 1
check "a click on the selected row's title still opens the article" \
	retry opened https://example.org/second
stop

# a row with neither date nor author: the description takes the date's line
for i in 1 2; do
	echo "<item><title>Undated $i</title><link>https://example.org/u$i</link><description>Text $i.</description></item>"
done | sed '1s|^|<rss version="2.0"><channel><title>Summary Test</title>|; $s|$|</channel></rss>|' > "$D/undated.xml"
fresh
start - < "$D/undated.xml"
retry rows 2 > /dev/null
xdotool mousemove --window "$W" 200 $((BAR + 48)) click 1
check "no date nor author: a click on the description, on the date's line, opens the view" \
	retry isopen
sleep 0.5
check "... and not the article" eval '! [ -s "$LWNRSS_OPENLOG" ]'
stop

exit 0
