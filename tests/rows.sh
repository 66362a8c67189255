#!/bin/sh
# See LICENSE file for copyright and license details.
# rows.sh: rows as tall as their headlines, under an Xvfb of its own with
# real key presses and clicks, read back from pixels: a long headline on
# two lines and a short one on one, a click anywhere in a tall row, the
# next and previous unread article, read articles hidden and shown, the
# scroll mark at the right edge, every key on a view left empty, a page
# when one row fits, read marks that change a row's height (others' too,
# read after a fetch that failed), and a click with Num Lock on.
cd "$(dirname "$0")/.." || exit 1
. tests/lib.sh
. tests/xlib.sh

X=${X11BIN:-tests/lwnrss-test}
D=$(mktemp -d "$(pwd)/$T/rows.XXXXXX") || exit 1
export LWNRSS_OPENLOG="$D/opened"
XDG_STATE_HOME=$D/state
export XDG_STATE_HOME LC_ALL=C.UTF-8
STATE=$XDG_STATE_HOME/lwnrss/read

need Xvfb xdotool xprop xwininfo xdpyinfo xrdb import convert identify openssl python3
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

# feed n [title]: n articles, the second with a headline two lines long
# in the window's 640 px, whether bold or not; title is the third's and
# those after it, if given
feed() {
	echo '<rss version="2.0"><channel><title>Rows Test</title>'
	i=1
	while [ "$i" -le "$1" ]; do
		t="Article number $i"
		[ "$i" -eq 2 ] && t="A headline long enough to need a second line in a window six hundred and forty pixels wide, bold or not"
		[ "$i" -gt 2 ] && [ -n "$2" ] && t=$2
		echo "<item><title>$t</title><link>https://example.org/a$i</link><author>w$i</author><description>Text $i.</description></item>"
		i=$((i + 1))
	done
	echo '</channel></rss>'
}
feed 12 > "$D/twelve.xml"
feed 3 > "$D/three.xml"
# DejaVu Sans 11 at 96 dpi: 552 px in the normal face, 624 in bold, where
# a headline has 608
feed 12 "A headline that is a little wider in bold than in the regular weight of its font" > "$D/boldwrap.xml"

if ! startx "$D"; then
	notok "rows: Xvfb starts"
	exit 1
fi

stop() {
	kill "$PID" 2> /dev/null
	wait "$PID" 2> /dev/null
}
alive() {
	! gone "$PID"
}
# runs: the column's runs but the lines between rows (R1), as sig has
# them, in $runs; the tests poll the column, the shell reads it
runs() {
	sig > /dev/null || return 1
	read -r _s < "$D/sig"
	runs=
	for _r in $_s; do
		[ "$_r" = R1 ] || runs="$runs $_r"
	done
}
# heights: the rows' heights down the column, the title bar's first
heights() {
	runs || return 1
	for _r in $runs; do
		echo "${_r#[BGW]}"
	done
}
# selpos: the selected row's place among those shown, from 1
selpos() {
	runs || return 1
	set -- $runs
	shift
	_i=0
	for _r; do
		_i=$((_i + 1))
		case $_r in
		G*) echo "$_i" ;;
		esac
	done
}
# nrows: the rows shown, whole or not
nrows() {
	sig > /dev/null || return 1
	read -r _s < "$D/sig"
	_i=0
	for _r in $_s; do
		[ "$_r" = R1 ] && _i=$((_i + 1))
	done
	echo "$_i"
}
# dark x y w h: the last shot has a pixel of the headlines' colour (black)
# there: not the date's grey, not a background
dark() {
	tests/grab -t "$D/shot.png" "$1" "$2" "$3" "$4" 2> /dev/null |
		awk '$3 < 40 && $4 < 40 && $5 < 40 { f = 1 } END { exit !f }'
}
# mark: the first and last y of the scroll mark (the date's grey) at the
# right edge, below the title bar; nothing when there is none
mark() {
	shot || return 1
	tests/grab -t "$D/shot.png" 637 "$BAR" 1 720 2> /dev/null |
		awk -v bar="$BAR" '$3 == 85 && $4 == 85 && $5 == 85 {
			if (f == "") f = $2 + bar; l = $2 + bar }
		END { if (f != "") print f, l }'
}
# height: the window's height (its column's pixels), 0 when unread
height() {
	sig > /dev/null || { echo 0; return 1; }
	read -r _s < "$D/sig"
	_h=0
	for _r in $_s; do
		_h=$((_h + ${_r#?}))
	done
	echo "$_h"
}
statehas() {
	grep -q " $1\$" "$STATE" 2> /dev/null
}

BAR=38

# ---- a long headline on two lines, a short one on one --------------------

start - < "$D/twelve.xml"
retry hastitle "Rows Test" > /dev/null
retry sigis "B$BAR G[0-9]+ R1 .*" > /dev/null
set -- $(heights)
echo "# heights: $*"
H1=$2 H2=$3 H3=$4
d=$((H2 - H1))
check "wrap: the long headline's row is taller than a short one's" [ "$d" -gt 10 ]
check "wrap: ... the short rows are of one height" [ "$H3" -eq "$H1" ]
# the second line of the long headline, and the same band of the first
# row, where its date and author are
shot
t2=$((BAR + H1 + 1))
check "wrap: the second line of the long headline is in the headline's colour" \
	eval '[ "$d" -gt 10 ] && dark 16 $((t2 + 16 + d + 2)) 560 $((d - 4))'
check "wrap: a short headline has no second line (the date's grey there)" \
	eval '[ "$d" -gt 10 ] && ! dark 16 $((BAR + 16 + d + 2)) 560 $((d - 4))'

# ---- a click in a tall row selects it --------------------------------------

# near the bottom of the tall row: a row of the short rows' height
# further down than the second
xdotool mousemove --window "$W" 300 $((t2 + H2 - 6)) click 1
check "click: the bottom of the tall row selects it" retry eval '[ "$(selpos)" = 2 ]'
xdotool mousemove --window "$W" 300 $((t2 + H2 + 6)) click 1
check "click: ... and just below it, the third" retry eval '[ "$(selpos)" = 3 ]'

# ---- the scroll mark ----------------------------------------------------------

key Home
retry eval '[ "$(selpos)" = 1 ]'
m0=$(mark)
echo "# mark at the top: $m0"
check "mark: twelve rows overflow: a mark at the right edge, from the top" \
	eval '[ -n "$m0" ] && [ "${m0% *}" -eq "$BAR" ]'
check "mark: ... about as long as the share of rows shown" \
	eval '[ $((${m0#* } - BAR)) -ge $((682 * 5 / 12 - 2)) ] && [ $((${m0#* } - BAR)) -le $((682 * 7 / 12 + 2)) ]'
xdotool mousemove --window "$W" 300 300 click 5 click 5
check "mark: the wheel scrolls, and the mark moves down" \
	retry eval 'm=$(mark); [ -n "$m" ] && [ "${m% *}" -gt "$BAR" ]'
key End
check "mark: at the end it reaches the bottom" retry eval 'm=$(mark); [ "${m#* }" = 719 ]'
key Home
stop

start - < "$D/three.xml"
retry hastitle "Rows Test" > /dev/null
retry sigis "B$BAR G[0-9]+ R1 W[0-9]+ R1 W[0-9]+ R1 W[0-9]+" > /dev/null
check "mark: none when every row fits" eval '[ -z "$(mark)" ] && [ "$(nrows)" -eq 3 ]'
stop

# ---- the next and previous unread article ---------------------------------

start - < "$D/twelve.xml"
retry hastitle "Rows Test" > /dev/null
retry eval '[ "$(selpos)" = 1 ]'
key j m j m
retry statehas https://example.org/a3 > /dev/null
key Home
retry eval '[ "$(selpos)" = 1 ]'
key n
check "n: from the first, the next unread is the fourth (the 2nd and 3rd read)" \
	retry eval '[ "$(selpos)" = 4 ]'
key N
check "N: back to the first" retry eval '[ "$(selpos)" = 1 ]'
key j
retry eval '[ "$(selpos)" = 2 ]'
key N
check "N: from a read row, the unread above it" retry eval '[ "$(selpos)" = 1 ]'
key End N m
check "N: from the last, the one before it (m marks the eleventh)" \
	retry statehas https://example.org/a11

# ---- read articles hidden ------------------------------------------------------

key Home n
retry eval '[ "$(selpos)" = 4 ]'
shot
bar0=$(box 320 0 320 "$BAR")
key u
check "u: the read rows leave the view, the selected article stays selected" \
	retry eval '[ "$(selpos)" = 2 ]'
sig > /dev/null
check "u: ... the long headline's row is gone" eval '! grep -q "W$H2 " "$D/sig"'
check "u: ... and the title bar's right side changes (position, read hidden)" \
	eval '[ "$(shot; box 320 0 320 "$BAR")" != "$bar0" ]'
key u
check "u again: the read rows are back, the title bar as it was (4/12)" \
	retry eval '[ "$(shot; box 320 0 320 "$BAR")" = "$bar0" ]'
check "u again: ... the selected article keeps its place on screen" \
	retry eval '[ "$(selpos)" = 2 ]'

# ---- an empty view: every read row hidden --------------------------------------

key M u
check "empty: all read and hidden, no row shown" retry sigis "B$BAR W[0-9]+"
for k in j k n N Next Prior ctrl+d ctrl+u g G Home End Return o m M y Y u u space; do
	key "$k"
done
xdotool mousemove --window "$W" 300 200 click 1 click 4 click 5 click 1
sleep 0.5
check "empty: every key and button on it: no crash" alive
check "empty: ... and nothing opened" eval '[ ! -s "$LWNRSS_OPENLOG" ]'
key u
check "empty: u shows the rows again" retry eval '[ "$(nrows)" -ge 5 ]'
stop

# ---- a page when one row fits ------------------------------------------------

# the first row whole and the tall second cut off: Page Down goes to the
# second, not past it
start - < "$D/twelve.xml"
retry hastitle "Rows Test" > /dev/null
h=$((BAR + H1 + 1 + H2 / 2))
xdotool windowsize "$W" 640 "$h"
retry eval '[ "$(height)" -eq "$h" ]'
key Next
check "page: one row fits: Page Down selects the next row, the tall one" \
	retry sigis "B$BAR G$H2 R1 .*"
key Prior
check "... and Page Up the first again" retry sigis "B$BAR G$H1 R1 .*"
stop

# ---- read marks change a row's height ------------------------------------

# from the third on, headlines that wrap in bold only, in a window where
# seven rows of one line fit and a few px: M makes the rows shorter, and
# the last ones fill the window again; m on the last makes it taller, and
# it stays whole; the links are those of the rows above, unread again
rm -f "$STATE"
start - < "$D/boldwrap.xml"
retry hastitle "Rows Test" > /dev/null
h=$((BAR + 7 * (H1 + 1) + 5))
xdotool windowsize "$W" 640 "$h"
retry eval '[ "$(height)" -eq "$h" ]'
key End
check "height: End: the last row, bold on two lines, whole" retry sigis ".* G$H2 R1( W[0-9]+)?"
key M
check "height: M: the rows on one line, seven fill the window" \
	retry sigis "B$BAR( W$H1 R1){6} G$H1 R1( W[0-9]+)?"
key Home End
retry sigis "B$BAR( W$H1 R1){6} G$H1 R1( W[0-9]+)?" > /dev/null
key m
check "height: m on the last row: bold on two lines again, whole" \
	retry sigis ".* G$H2 R1( W[0-9]+)?"
stop

# ---- others' marks, read after a fetch that failed ----------------------------

# the same rows from a server; another window marks them all read while
# this one's next fetch fails: they shrink to one line each, and the last
# ones fill the window again
C=$D/tls
mkdir -p "$C"
testca "$C" rows
export SSL_CERT_FILE="$C/ca.pem"
rm -f "$STATE"
server "$D/boldwrap.xml"
start "https://localhost:$PORT/feed"
retry hastitle "Rows Test" > /dev/null
xdotool windowsize "$W" 640 "$h"
retry eval '[ "$(height)" -eq "$h" ]'
key End
retry sigis ".* G$H2 R1( W[0-9]+)?" > /dev/null
kill "$SRV"
wait "$SRV" 2> /dev/null
SRV=
awk -v t="$(date +%s)" 'BEGIN { print "lwnrss-read 1"; for (i = 1; i <= 12; i++) printf "%d https://example.org/a%d\n", t, i }' > "$STATE"
kill -HUP "$PID"
check "height: others' marks after a failed fetch: the rows on one line, seven fill the window" \
	retry sigis "E$BAR( W$H1 R1){6} G$H1 R1( W[0-9]+)?"
stop

# ---- a click with Num Lock on, before any key -----------------------------

# Num Lock on before the window exists: the first event it gets is the
# click, which selects as it does without
xdotool key Num_Lock
start - < "$D/twelve.xml"
retry hastitle "Rows Test" > /dev/null
retry eval '[ "$(selpos)" = 1 ]'
xdotool mousemove --window "$W" 300 $((BAR + H1 + 1 + H2 / 2)) click 1
check "click: with Num Lock on, before any key, it selects the row" retry eval '[ "$(selpos)" = 2 ]'
stop
xdotool key Num_Lock

exit 0
