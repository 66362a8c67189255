#!/bin/sh
# See LICENSE file for copyright and license details.
# x11.sh: the window, under an Xvfb of its own, driven by real key presses
# and clicks (XTEST) and read back through window properties and pixels.
#
# tests/lwnrss-test is lwnrss built with tests/config.test.h: flat colours
# (title bar blue, rows white, selected row green, the line between rows
# red, failed title bar magenta) so one pixel column left of the text
# tells the layout, and an open command that writes the link to a file.
cd "$(dirname "$0")/.." || exit 1
. tests/lib.sh
. tests/xlib.sh

# X11BIN: another build to drive, e.g. one with sanitizers
X=${X11BIN:-tests/lwnrss-test}
FEED=tests/x11-feed.rdf
TITLE='Example Weekly Ωμέγα'
# a directory per run: other test runs may share tests/tmp
D=$T/x11.$$
mkdir -p "$D"
export LWNRSS_OPENLOG="$D/opened"
# a cache of this run's own (absolute, as XDG wants); tests/cache.sh tests it
XDG_CACHE_HOME=$(pwd)/$D/cache
export XDG_CACHE_HOME
export LC_ALL=C.UTF-8

need Xvfb xdotool xprop xwininfo xdpyinfo xrdb import convert identify openssl python3
built tests/lwnrss-test tests/wmdelete tests/grab

PIDS=
XVFB=
SRV=
cleanup() {
	for p in $PIDS $SRV; do kill -9 "$p" 2> /dev/null; done
	[ -n "$XVFB" ] && kill "$XVFB" 2> /dev/null
	exec 3>&- 2> /dev/null
	wait 2> /dev/null
	# kept with X11KEEP=1, to look at the screenshots
	[ -n "$X11KEEP" ] || rm -rf "$D"
}
trap cleanup EXIT
trap 'exit 1' INT TERM HUP

# no display: a message and status 1 (before any server is started)
out=$(DISPLAY= "$X" - < "$FEED" 2>&1)
rc=$?
check "no display: exits 1" [ "$rc" -eq 1 ]
check "no display: says so" [ "$out" = "lwnrss: cannot open display" ]

# an X server of our own
if ! startx "$D"; then
	notok "x11: Xvfb starts"
	exit 1
fi

# ---- a feed from standard input ---------------------------------------

start - < "$FEED"
check "window is mapped" [ -n "$W" ]
check "WM_NAME and _NET_WM_NAME are the feed's title" retry hastitle "$TITLE"
if ! hastitle "$TITLE"; then
	notok "x11: the feed loads; not going on"
	cat "$D/err"
	exit 1
fi
check "WM_CLASS is lwnrss, lwnrss" [ "$(prop WM_CLASS)" = '"lwnrss", "lwnrss"' ]
check "_NET_WM_PID is the process" [ "$(prop _NET_WM_PID)" = "$PID" ]
check "WM_PROTOCOLS has WM_DELETE_WINDOW" eval \
	"xprop -id $W WM_PROTOCOLS | grep -q WM_DELETE_WINDOW"
check "size hints are set" eval \
	"xprop -id $W WM_NORMAL_HINTS | grep -q 'minimum size'"
check "not override-redirect" eval \
	"xwininfo -id $W | grep -q 'Override Redirect State: no'"

# the layout: title bar, then 5 rows, the first selected, of equal
# height but the last, whose headline takes two lines
retry sigis 'B[0-9]+ G[0-9]+ R1 .*' > /dev/null
s=$(sig)
shot
BAR=$(echo "$s" | sed 's/^B\([0-9]*\) .*/\1/')
ROW=$(echo "$s" | sed 's/^B[0-9]* G\([0-9]*\) .*/\1/')
ROW5=$(echo "$s" | cut -d ' ' -f 10 | tr -d W)
ROWS="$ROW $ROW $ROW $ROW $ROW5"
echo "# column: $s"
check "title bar, then one row per headline, the first selected" rowsel 1 5
check "the overlong headline's row is taller by a line" [ "$ROW5" -gt $((ROW + 10)) ]
# at 96 dpi: 16 px above and below a row's text, and 16 px to its left
check "rows are padded: at least 32 px plus three lines" [ "$ROW" -ge 74 ]
b=$(box 0 "$BAR" 640 "$ROW")
echo "# first row's text: $b"
bx=$(echo "$b" | sed 's/.*+\([0-9]*\)+[0-9]*$/\1/')
by=$(echo "$b" | sed 's/.*+//')
bh=$(echo "$b" | sed 's/^[0-9]*x\([0-9]*\)+.*/\1/')
check "row text starts 16 px from the left (15: antialiasing)" between "$bx" 15 18
check "row text starts 16 px below the row's top" between "$by" 16 22
check "row text ends at least 16 px above the row's end" \
	[ $((by + bh)) -le $((ROW - 16)) ]
# the fifth headline is far too long for the window, even on two lines:
# it is cut (with an ellipsis) where the right padding begins
b=$(box 0 $((BAR + 4 * (ROW + 1))) 640 "$ROW5")
echo "# fifth row's text: $b"
check "overlong text stops 16 px from the right edge" eval \
	"echo '$b' | awk -F'[x+]' '{ exit !(\$1 + \$3 >= 600 && \$1 + \$3 <= 625) }'"
b=$(box 0 0 640 "$BAR")
echo "# title bar's text: $b"
check "title bar has text on the left and on the right" eval \
	"echo '$b' | awk -F'[x+]' '{ exit !(\$3 >= 15 && \$3 <= 18 && \$1 + \$3 >= 600) }'"

# the second row's title has Greek, CJK and two emoji: the emoji come
# from the colour font (Noto Color Emoji), the only colour in that row,
# and it did not crash libXft
shot
check "emoji are drawn in colour" colourful 16 $((BAR + ROW + 1 + 12)) 600 30
check "... and the window is still there" kill -0 "$PID"

# keys move the highlight
key j
check "j selects the second row" retry rowsel 2 5
key Down
check "Down selects the third row" retry rowsel 3 5
key k
check "k selects the second row" retry rowsel 2 5
key Up
check "Up selects the first row" retry rowsel 1 5
key G
check "G selects the last row" retry rowsel 5 5
key g
check "g selects the first row" retry rowsel 1 5
key End
check "End selects the last row" retry rowsel 5 5
key Home
check "Home selects the first row" retry rowsel 1 5
key Next
check "Next (Page Down) moves a page, to the last row here" retry rowsel 5 5
key Prior
check "Prior (Page Up) moves a page back" retry rowsel 1 5
key space
check "space pages down" retry rowsel 5 5
key Home

# opening: Enter and o run the command with the link, /rss rewritten
key Return
check "Enter opens the selected article's link, LWN's /rss dropped" \
	retry opened "https://lwn.net/Articles/1001/"
key j o
check "o opens the selected article" retry opened "https://example.org/2"

# mouse: a click selects, a click on the selected row opens
y=$((BAR + 2 * (ROW + 1) + ROW / 2))
xdotool mousemove --window "$W" 300 "$y" click 1
check "a click selects the row under the pointer" retry rowsel 3 5
xdotool mousemove --window "$W" 300 "$y" click 1
check "a click on the selected row opens it" retry opened "https://example.org/3"

# resizing reflows; the wheel scrolls
key Home
xdotool windowsize "$W" 400 $((BAR + 2 * (ROW + 1) + 10))
check "a resize redraws at the new size: 2 rows and a part" retry \
	sigis "B$BAR G$ROW R1 W$ROW R1 W10"
xdotool mousemove --window "$W" 200 $((BAR + 5)) click 5
check "wheel down scrolls one row" retry sigis "B$BAR W$ROW R1 W$ROW R1 W10"
xdotool click 4
check "wheel up scrolls back" retry sigis "B$BAR G$ROW R1 W$ROW R1 W10"
key Next
check "Next with 2 rows shown: the third selected, on top" retry sigis "B$BAR G$ROW R1 W$ROW R1 W10"
xdotool windowsize "$W" 400 1
sleep 0.3
xdotool windowsize "$W" 300 5
sleep 0.3
xdotool windowsize "$W" 640 720
check "a 1-pixel-high window does not crash it" retry rowsel 3 5

# the open command takes 3 seconds to exit, like a browser: the window
# goes on at once, and keeps no child
key Home
retry rowsel 1 5
key Return
key j
check "while the open command runs (3 s) the window works at once" quick rowsel 2 5
check "the open command is detached: no child of the window left" \
	eval '[ -z "$(children "$PID")" ]'

# the window manager's close button
tests/wmdelete "$W"
check "WM_DELETE_WINDOW ends the process" within 20 "$PID"
wait "$PID"
check "... with status 0" [ $? -eq 0 ]
check "nothing on stderr" [ ! -s "$D/err" ] || cat "$D/err"

start - < "$FEED"
retry hastitle "$TITLE"
key q
check "q ends the process at once" within 20 "$PID"
start - < "$FEED"
retry hastitle "$TITLE"
key Escape
check "Escape ends the process" within 20 "$PID"

# embedding: -w puts the window inside another one (here, another lwnrss)
start - < "$FEED"
retry hastitle "$TITLE"
HOST=$W
HOSTPID=$PID
start -w "$HOST" - < "$FEED"
hex=$(printf '0x%x' "$HOST")
hw=$(xwininfo -id "$HOST" | sed -n 's/.*Width: //p')
check "-w: the window is a child of the given window" eval \
	"xwininfo -tree -id $W | grep -q 'Parent window id: $hex '"
check "-w: it has the host's size" eval \
	"xwininfo -id $W | grep -q 'Width: $hw\$'"
tests/wmdelete -d "$W"
check "-w: the host destroying the window ends the process" within 20 "$PID"
wait "$PID"
check "... with status 0" [ $? -eq 0 ]
kill "$HOSTPID"
check "SIGTERM ends it" within 20 "$HOSTPID"

# ---- standard input that never ends: the window still works ----------

mkfifo "$D/fifo"
exec 3<> "$D/fifo"
start - <&3
check "while loading: the title bar is up, no rows" retry sigis "B$BAR W[0-9]+"
shot
b=$(box 320 0 321 "$BAR")
echo "# status while loading: $b"
check "while loading: a status on the right of the title bar" eval \
	"echo '$b' | awk -F'[x+]' '{ exit !(\$1 > 20 && \$1 + \$3 >= 280) }'"
FETCH=$(children "$PID" | head -n 1)
check "while loading: the fetch is a child process" [ -n "$FETCH" ]
xdotool windowsize "$W" 500 300
check "while loading: a resize redraws" retry eval \
	'tests/grab "$W" -1 "$D/r.png" 2> /dev/null && { read -r _; read -r _s; } < "$D/r.png" &&
	[ "$_s" = "500 300" ]'
key q
check "while loading: q ends the process at once" within 20 "$PID"
check "... and the fetch child is gone" retry gone "$FETCH"
exec 3>&-

# ---- a failure: no feed on standard input -----------------------------

printf 'this is not a feed\n' > "$D/bad"
start - < "$D/bad"
check "a failed load turns the title bar red" retry sigis "E$BAR W[0-9]+"
check "the error is on stderr, its cause first" grep -q '^lwnrss: no RSS, RDF or Atom root element: stdin' "$D/err"
key q
within 20 "$PID"

# ---- a title longer than the window's name holds (511 bytes) -------------

# 300 é, 600 bytes: the name ends after the 255th, not inside the 256th
awk 'BEGIN { printf "<rss version=\"2.0\"><channel><title>"
	for (i = 0; i < 300; i++) printf "é"
	print "</title><item><title>a</title><link>https://example.org/1</link></item></channel></rss>" }' \
	> "$D/long.xml"
start - < "$D/long.xml"
check "a title of 600 bytes: the window's names are its first 255 characters, whole" \
	retry hastitle "$(awk 'BEGIN { for (i = 0; i < 255; i++) printf "é" }')"
key q
within 20 "$PID"

# ---- rows of every kind: dates before the epoch, links no browser gets --

start - < tests/x11-rows.xml
retry hastitle "Rows of every kind"
retry sigis "B$BAR G[0-9]+ R1( W[0-9]+ R1){3}( W[0-9]+)?" > /dev/null
shot
# rows 1 and 2 have the same title and author and dates of one format:
# the same width unless one is shown raw; rows 3 and 4 differ in the link
rw() {
	_b=$(box 0 $((BAR + ($1 - 1) * (ROW + 1))) 640 "$ROW")
	echo "${_b%%x*}"
}
echo "# row widths: $(rw 1) $(rw 2) $(rw 3) $(rw 4)"
check "a date at the epoch is formatted as any other, not shown raw" [ "$(rw 1)" -eq "$(rw 2)" ]
check "a javascript: link marks its row: its line is wider than a web link's" [ "$(rw 3)" -gt $(($(rw 4) + 100)) ]
: > "$LWNRSS_OPENLOG"
key j j Return
retry sigis "B$BAR W[0-9]+ R1 W[0-9]+ R1 G[0-9]+ R1 W[0-9]+ R1( W[0-9]+)?" > /dev/null
key j Return
check "Return opens the web link after it" retry opened "https://example.org/4"
check "... but never passed the javascript: link to the open command" \
	eval '[ "$(wc -l < "$LWNRSS_OPENLOG")" -eq 1 ] && kill -0 "$PID"'
key q
within 20 "$PID"

# a feed cut off in the middle says so in the title bar, not only on stderr
at=$(grep -b -o '<item ' "$FEED" | sed -n 4p | cut -d: -f1)
head -c $((at + 40)) "$FEED" > "$D/cut.rdf"
start - < "$FEED"
retry hastitle "$TITLE"
retry sigis "B$BAR G[0-9]+ R1 .*" > /dev/null
shot
whole=$(box 320 0 320 "$BAR")
whole=${whole%%x*}
key q
within 20 "$PID"
start - < "$D/cut.rdf"
retry hastitle "$TITLE"
check "a cut-off feed shows the items before the cut" retry sigis "B$BAR G[0-9]+ R1( W[0-9]+ R1){2}( W[0-9]+)?"
shot
cut=$(box 320 0 320 "$BAR")
cut=${cut%%x*}
echo "# status widths: whole $whole, cut off $cut"
check "a cut-off feed says so in the title bar: a longer status than a whole feed's" \
	[ "$cut" -gt $((whole + 60)) ]
check "... and on stderr" grep -q "truncated after 3 complete items" "$D/err"
key q
within 20 "$PID"

# ---- Xft.dpi scales fonts and paddings ---------------------------------

echo 'Xft.dpi: 192' | xrdb -nocpp -merge
start - < "$FEED"
retry hastitle "$TITLE"
xdotool windowsize "$W" 600 700
retry sigis "B[0-9]+ G[0-9]+ R1 .*" > /dev/null
s2=$(sig)
echo "# column at 192 dpi: $s2"
row2=$(echo "$s2" | sed 's/^B[0-9]* G\([0-9]*\) .*/\1/')
check "at 192 dpi rows are twice as high" \
	[ "$row2" -ge $((2 * ROW - 6)) ] && [ "$row2" -le $((2 * ROW + 6)) ]
key q
within 20 "$PID"
echo 'Xft.dpi: 96' | xrdb -nocpp -merge

# ---- HTTPS: a local server with a test CA ------------------------------

C=$D/tls
mkdir -p "$C"
testca "$C" x11
export SSL_CERT_FILE="$C/ca.pem"

# a second version of the feed: one new article on top
sed 's|^</channel>$|</channel><item rdf:about="https://example.org/new"><title>A new article</title><link>https://example.org/new</link><dc:date>2024-03-02T09:00:00+00:00</dc:date><dc:creator>frank</dc:creator><description>New.</description></item>|' \
	"$FEED" > "$D/feed2.rdf"

server fail "$FEED" "$D/feed2.rdf"
start "https://localhost:$PORT/feed"
check "https: a failing server turns the title bar red" retry sigis "E$BAR W[0-9]+"
check "https: the error is on stderr" grep -q "^lwnrss: localhost.*500" "$D/err"
key r
check "https: r retries, and the feed is shown" retry rowsel 1 5
check "https: the window's title is the feed's title" hastitle "$TITLE"
key j j
retry rowsel 3 5 > /dev/null
key r
ROWS="$ROW $ROW $ROW $ROW $ROW $ROW5"
check "https: a reload keeps the selected article (one new on top)" retry rowsel 4 6
key q
check "https: q ends the process" within 20 "$PID"

server stall
start "https://localhost:$PORT/feed"
check "https: a stalled server shows the title bar and no rows" retry sigis "B$BAR W[0-9]+"
check "https: while stalled the fetch child waits" retry eval '[ -n "$(children "$PID")" ]'
FETCH=$(children "$PID" | head -n 1)
sleep 0.5
key q
check "https: a stalled server: q ends the process at once" within 20 "$PID"
check "https: ... and the fetch child is gone" retry gone "$FETCH"
exit 0
