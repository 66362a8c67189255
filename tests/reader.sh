#!/bin/sh
# See LICENSE file for copyright and license details.
# reader.sh: what makes the window a reader to keep open, under an Xvfb
# of its own with real key presses: rules, the filter line, copying a
# link, the keys, -w's errors, urgency, new articles kept in sight,
# clicks, a failed open, tabbed, and the README's dmenu pipeline (the
# read state is tests/readstate.sh's).
# Evidence comes from pixels, window properties, selections read back
# with xclip, files and the open command's log (tests/bin).
cd "$(dirname "$0")/.." || exit 1
. tests/lib.sh
. tests/xlib.sh

# X11BIN: another build to drive, e.g. one with sanitizers
X=${X11BIN:-tests/lwnrss-test}
D=$(mktemp -d "$(pwd)/$T/reader.XXXXXX") || exit 1
export LWNRSS_OPENLOG="$D/opened"
XDG_CACHE_HOME=$D/cache
# each window starts a day after the last (tests/xlib.sh's start)
LWNRSS_CLOCK=$D/clock
export LWNRSS_CLOCK
XDG_STATE_HOME=$D/state
export XDG_CACHE_HOME XDG_STATE_HOME LC_ALL=C.UTF-8
STATE=$XDG_STATE_HOME/lwnrss/read

need Xvfb xdotool xprop xwininfo xdpyinfo xrdb xmodmap import convert identify xclip \
	tabbed dmenu openssl python3
built lwnrss tests/lwnrss-test tests/selgone tests/xembed tests/grab

PIDS=
XVFB=
SRV=
cleanup() {
	for p in $PIDS $SRV; do kill -9 "$p" 2> /dev/null; done
	[ -n "$XVFB" ] && kill "$XVFB" 2> /dev/null
	wait 2> /dev/null
	[ -n "$X11KEEP" ] || rm -rf "$D"
}
trap cleanup EXIT
trap 'exit 1' INT TERM HUP

# the feed: six rows (a seventh is hidden by a rule of tests/config.test.h,
# one is dimmed by another), titles in Latin, Greek and Cyrillic
FEED=$D/feed.rdf
cat > "$FEED" <<'EOF'
<?xml version="1.0" encoding="UTF-8"?>
<rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#" xmlns="http://purl.org/rss/1.0/" xmlns:dc="http://purl.org/dc/elements/1.1/">
<channel rdf:about="https://example.org/"><title>Reader Test</title><link>https://example.org/</link></channel>
<item><title>[$] Scheduler news</title><link>https://example.org/a1</link><dc:creator>alice</dc:creator></item>
<item><title>Ελληνικά: Καλημέρα κόσμε</title><link>https://example.org/a2</link><dc:creator>βήτα</dc:creator></item>
<item><title>Security updates for Friday</title><link>https://example.org/a3</link><dc:creator>carol</dc:creator></item>
<item><title>Кириллица и ПРИВЕТ</title><link>https://example.org/a4</link><dc:creator>dave</dc:creator></item>
<item><title>This one goes (hide me)</title><link>https://example.org/a5</link><dc:creator>eve</dc:creator></item>
<item><title>An article by a quiet writer</title><link>https://example.org/a6</link><dc:creator>dimmed writer</dc:creator></item>
<item><title>Café au lait</title><link>https://example.org/a7</link><dc:creator>frank</dc:creator></item>
</rdf:RDF>
EOF
TITLE='Reader Test'

if ! startx "$D"; then
	notok "reader: Xvfb starts"
	exit 1
fi
# the letters typed below that a US keyboard lacks: Greek, Cyrillic, é
if ! spare 'U03BA U039A' 'U03B1 U0391' 'U03BB U039B' 'U03B7 U0397' 'U03BC U039C' \
    'U03AD U0388' 'U03C1 U03A1' 'U043F U041F' 'U0440 U0420' 'U0438 U0418' \
    'U0432 U0412' 'U0435 U0415' 'U0442 U0422' 'eacute Eacute'; then
	notok "reader: the keyboard map has room for Greek and Cyrillic keys"
	exit 1
fi

# win: start the feed from standard input and wait for its rows
win() {
	start - "$@" < "$FEED"
	retry hastitle "$TITLE" && retry sigis 'B[0-9]+ G[0-9]+ R1 .*' > /dev/null
}
stop() {
	kill "$PID" 2> /dev/null
	wait "$PID" 2> /dev/null
}
# row k: the y of the top of the k-th row shown
row() {
	echo $((BAR + ($1 - 1) * (ROW + 1)))
}
# titlew k: the width of the ink of the k-th row's title line (bold is wider)
titlew() {
	_b=$(box 40 $(($(row "$1") + 14)) 560 22)
	echo "${_b%%x*}"
}
# darkest x y w h: the darkest grey there in the last shot, 0 to 255, as
# ImageMagick's -colorspace Gray (Rec. 709 luma) finds it
darkest() {
	tests/grab -t "$D/shot.png" "$1" "$2" "$3" "$4" 2> /dev/null | awk '
		BEGIN { m = 255 }
		{ g = 0.212656 * $3 + 0.715158 * $4 + 0.072186 * $5; if (g < m) m = g }
		END { print int(m) }'
}
# barw: the width of the title bar's right-hand text
barw() {
	shot
	_b=$(box 320 0 320 "$BAR")
	echo "${_b%%x*}"
}

# ---- rules ----------------------------------------------------------------

"$X" -p - < "$FEED" > "$D/p" 2> "$D/perr"
check "rules: -p drops the row a Hide rule matches, and only it" eval \
	"[ \$(wc -l < '$D/p') -eq 6 ] && ! grep -q 'hide me' '$D/p' && grep -q '^Café au lait' '$D/p'"

win
s=$(sig)
BAR=$(echo "$s" | sed 's/^B\([0-9]*\) .*/\1/')
ROW=$(echo "$s" | sed 's/^B[0-9]* G\([0-9]*\) .*/\1/')
echo "# column: $s"
check "rules: six rows shown, the hidden one gone" rowsel 1 6
shot
d5=$(darkest 16 $(($(row 5) + 14)) 400 20)
d3=$(darkest 16 $(($(row 3) + 14)) 400 20)
echo "# darkest grey of the titles: row 3 $d3, row 5 (dimmed) $d5"
check "rules: a Dim rule's row is drawn grey, the others black" \
	eval "[ '$d3' -lt 40 ] && [ '$d5' -ge 70 ]"
# x=18 is inside the badge (newcolor, yellow here), left of its label;
# the column crosses the title bar's text and the other rows' too
sig 18 > /dev/null
check "rules: the [\$] prefix is a badge in newcolor, on the first row only" \
	eval "grep -Eq ' G[0-9]+ Y[0-9]+ G' '$D/sig' && [ \$(grep -o Y '$D/sig' | wc -l) -eq 1 ]"

# ---- keys -------------------------------------------------------------------

for k in KP_Down:2 ctrl+n:3 KP_Up:2 ctrl+p:1 KP_End:6 KP_Home:1 KP_Next:6 KP_Prior:1; do
	key "${k%:*}"
	check "keys: ${k%:*} selects row ${k#*:}" retry rowsel "${k#*:}" 6
done
# half a page of four rows: the view and the selection move two rows
xdotool windowsize "$W" 640 $((BAR + 4 * (ROW + 1)))
retry sigis "B$BAR G$ROW R1( W$ROW R1){3}( W[0-9]+)?" > /dev/null
key ctrl+d Return
check "keys: Ctrl-d moves half a page (two rows of four)" retry opened https://example.org/a3
check "keys: ... and scrolls as much, the selection on top" sigis "B$BAR G$ROW R1( W$ROW R1){3}( W[0-9]+)?"
: > "$LWNRSS_OPENLOG"
key ctrl+u Return
check "keys: Ctrl-u moves half a page back" retry opened https://example.org/a1
xdotool windowsize "$W" 640 720
retry rowsel 1 6 > /dev/null
# Caps Lock and Num Lock on: the same keys (xdotool without
# --clearmodifiers keeps the locks as they are)
xdotool key Caps_Lock
xdotool key j
check "keys: with Caps Lock on, j still moves" retry rowsel 2 6
xdotool key G
check "keys: with Caps Lock on, Shift+g is still G (the last row)" retry rowsel 6 6
# with Num Lock on, the keypad's 1 and 7 type digits: keys[] sees End and Home
xdotool key Caps_Lock Num_Lock
xdotool key KP_7
check "keys: with Num Lock on, the keypad's 7 is still Home" retry rowsel 1 6
xdotool key KP_1
check "keys: with Num Lock on, the keypad's 1 is still End" retry rowsel 6 6
xdotool key Num_Lock KP_Home

# ---- the filter -----------------------------------------------------------

# filter text: / then text typed (xdotool type: real key events, Greek
# and Cyrillic through keysyms of their own, on the keys spare gave them)
filter() {
	key slash
	xdotool type --delay 30 "$1"
}
filter 'ΚΑΛΗΜΈΡΑ'
check "filter: Greek capitals match (case folded), one row" retry rowsel 1 1
key Escape
check "filter: Escape clears it, every row is back, the match still selected" retry rowsel 2 6
filter 'привет'
check "filter: Cyrillic small letters match capitals" retry rowsel 1 1
key Escape
filter 'CAFÉ'
check "filter: Latin-1 capitals match" retry rowsel 1 1
key Escape
filter 'security friday'
check "filter: every word must match" retry rowsel 1 1
xdotool type --delay 30 'x'
check "filter: no row matches 'security fridayx'" retry sigis "B$BAR W[0-9]+"
key BackSpace
check "filter: BackSpace edits it" retry rowsel 1 1
key ctrl+w
check "filter: Ctrl-w drops the last word ('security ' matches one row)" retry rowsel 1 1
xdotool key Caps_Lock
xdotool key ctrl+u
check "filter: Ctrl-u clears the line, Caps Lock on or not, the match still selected" retry rowsel 3 6
xdotool key Caps_Lock
key Escape
key Home j j
retry rowsel 3 6 > /dev/null
filter 'u'
# 'u' is in the titles of rows 1, 3, 5 and 6: Security is the second
check "filter: the selected article stays selected when it still matches" retry rowsel 2 4
key Return
key j
check "filter: Enter keeps the filter, and the keys move through it" retry rowsel 3 4
key Escape
check "filter: Escape restores the rows, the selection on the same article" retry rowsel 5 6
key Escape
check "filter: a second Escape quits" within 20 "$PID"

# ---- the position in the title bar ---------------------------------------

# twelve rows: "1/12" is a digit narrower than "12/12", as the text's box shows
awk 'BEGIN { print "<rss version=\"2.0\"><channel><title>Twelve</title>"
	for (i = 1; i <= 12; i++) printf "<item><title>Row %d</title><link>https://example.org/r%d</link></item>\n", i, i
	print "</channel></rss>" }' > "$D/twelve.xml"
start - < "$D/twelve.xml"
retry hastitle Twelve > /dev/null
p1=$(barw)
key End
check "position: the title bar's text grows from 1/12 to 12/12" retry eval '[ "$(barw)" -gt "$p1" ]'
key Home
check "position: ... and shrinks back" retry eval '[ "$(barw)" = "$p1" ]'
stop

# ---- copying a link -------------------------------------------------------

win
key j
w0=$(barw)
# asked (XSendEvent) before the window owns a selection: it says no
check "a SelectionRequest before any copy: refused, and lwnrss lives on" \
	eval '[ "$(tests/selgone -r "$W" CLIPBOARD)" = refused ] && ! gone "$PID"'
key y
check "y: CLIPBOARD holds the link" retry eval \
	"[ \"\$(xclip -o -selection clipboard 2> /dev/null)\" = https://example.org/a2 ]"
check "y: PRIMARY holds the link" \
	[ "$(xclip -o -selection primary 2> /dev/null)" = https://example.org/a2 ]
w1=$(barw)
echo "# title bar text: $w0 px, after y $w1 px"
check "y: the title bar says something else (\"copied\")" [ "$w0" != "$w1" ]
check "y: TARGETS offers UTF8_STRING and STRING" eval \
	"xclip -o -selection clipboard -t TARGETS | tr '\n' ' ' | grep -q 'TARGETS UTF8_STRING STRING'"
key Y
check "Y: the title and the link, UTF-8 intact" retry eval \
	"[ \"\$(xclip -o -selection clipboard -t UTF8_STRING)\" = 'Ελληνικά: Καλημέρα κόσμε https://example.org/a2' ]"
check "Y: as STRING, Latin-1 with '?' for what it cannot hold" eval \
	"[ \"\$(xclip -o -selection clipboard -t STRING)\" = '????????: ???????? ????? https://example.org/a2' ]"
key j
check "copied: the next key gives the title bar back" retry eval '[ "$(barw)" = "$w0" ]'
key j j j y
check "the selection stays available while lwnrss runs" retry eval \
	"sleep 0.5; [ \"\$(xclip -o -selection clipboard)\" = https://example.org/a7 ]"
# a paste tool gone before the answer: the answer meets no window
: > "$D/err"
tests/selgone CLIPBOARD && tests/selgone PRIMARY
check "a requestor gone before the answer: lwnrss lives on" \
	retry eval "sleep 0.3; kill -0 $PID && [ \"\$(xclip -o -selection clipboard)\" = https://example.org/a7 ]"
check "... and says nothing of it" [ ! -s "$D/err" ]
stop

# ---- -w, URLs without a scheme ------------------------------------------

rc=0
out=$("$X" -w 0x1fffff00 - < "$FEED" 2>&1) || rc=$?
check "-w with no such window: one line, exit 1" \
	[ "$rc" -eq 1 ] && [ "$out" = "lwnrss: -w 0x1fffff00: no such window" ]
for id in -5 99999999999999999999 0x20000000 12ab; do
	rc=0
	out=$("$X" -w "$id" - < "$FEED" 2>&1) || rc=$?
	check "-w $id: not a window id, exit 1" \
		[ "$rc" -eq 1 ] && [ "$out" = "lwnrss: -w $id: not a window id" ]
done

C=$D/tls
mkdir -p "$C"
testca "$C" reader
export SSL_CERT_FILE="$C/ca.pem"
server "$FEED"
./lwnrss -p "localhost:$PORT/feed" > "$D/p2" 2> "$D/p2err"
check "a URL without a scheme is https" eval \
	"[ \$(wc -l < '$D/p2') -eq 7 ] && [ ! -s '$D/p2err' ]"

# ---- urgency: new articles while the focus is elsewhere -------------------

# no read marks from the sections above (tests/readstate.sh tests them)
rm -rf "$XDG_STATE_HOME"

# the feed again with one new article on top, then two more
sed 's|<channel |<item><title>Brand new</title><link>https://example.org/n1</link></item><item><title>News nobody sees (hide me)</title><link>https://example.org/h1</link></item><channel |' \
	"$FEED" > "$D/feed2.rdf"
sed 's|<channel |<item><title>Newer still</title><link>https://example.org/n2</link></item><item><title>Newest</title><link>https://example.org/n3</link></item><channel |' \
	"$D/feed2.rdf" > "$D/feed3.rdf"
urgent() {
	case $(xprop -id "$1" WM_HINTS) in
	*[Uu][Rr][Gg][Ee][Nn]*) ;;
	*) return 1 ;;
	esac
}
# The other window starts first: each start moves the test build's clock
# a day on, which would make the watched window's next automatic fetch
# due, and it could take the new feed while it still had the focus
server "$FEED" "$D/feed2.rdf"
win
B=$PID WB=$W
start "https://localhost:$PORT/feed"
A=$PID WA=$W
check "urgency: the fetched feed is shown" retry rowsel 1 6
xdotool windowfocus --sync "$WB"
check "urgency: another window takes the focus" [ "$(xdotool getwindowfocus)" = "$WB" ]
kill -HUP "$A"
check "urgency: a refresh with a new article sets the urgency hint (WM_HINTS)" retry urgent "$WA"
check "urgency: ... and counts it in the window's title (not the one a rule hides)" \
	retry eval 'n=$(xprop -id "$WA" -notype WM_NAME); [ "${n#*= }" = "\"(1) $TITLE\"" ]'
check "urgency: ... _NET_WM_NAME too" \
	[ "$(xprop -id "$WA" -notype _NET_WM_NAME | sed 's/^[^=]*= //')" = "\"(1) $TITLE\"" ]
xdotool windowfocus --sync "$WA"
check "urgency: focusing the window clears the hint" retry eval '! urgent "$WA"'
check "urgency: ... and the count" \
	retry eval 'n=$(xprop -id "$WA" -notype WM_NAME); [ "${n#*= }" = "\"$TITLE\"" ]'
kill "$A" "$B"
wait "$A" "$B" 2> /dev/null

# ---- the same through XEmbed's messages alone ------------------------------

# embedded with -w, the window keeps the X input focus while its embedder
# says it is not the active tab (XEMBED_WINDOW_DEACTIVATE, FOCUS_OUT, as
# the protocol has embedders do when their own window loses the focus):
# only those messages can tell it that no one sees its news
rm -rf "$XDG_CACHE_HOME"
server "$FEED" "$D/feed2.rdf"
win
B=$PID WB=$W
start -w "$WB" "https://localhost:$PORT/feed"
A=$PID WA=$W
check "xembed: the embedded window shows the fetched feed" retry rowsel 1 6
tests/xembed "$WA" deactivate focus_out
check "xembed: ... and keeps the X input focus" [ "$(xdotool getwindowfocus)" = "$WA" ]
kill -HUP "$A"
check "xembed: after XEMBED_FOCUS_OUT, a refresh with a new article sets the urgency hint" \
	retry urgent "$WA"
tests/xembed "$WA" focus_in activate
check "xembed: XEMBED_FOCUS_IN and WINDOW_ACTIVATE clear it" retry eval '! urgent "$WA"'
kill "$A" "$B"
wait "$A" "$B" 2> /dev/null

# ---- new articles come into sight -----------------------------------------

# the first run caches the six rows; for the next the server has three
# new ones on top (one server: the cache is the URL's, port included)
rm -rf "$XDG_CACHE_HOME"
server "$FEED" "$D/feed3.rdf"
start "https://localhost:$PORT/feed"
retry rowsel 1 6 > /dev/null
key q
within 20 "$PID"
start "https://localhost:$PORT/feed"
check "new: a refresh that brings three new articles shows the top, where they are" \
	retry sigis "B$BAR G[0-9]+ Y[0-9]+ G[0-9]+ R1 W[0-9]+ Y[0-9]+ W[0-9]+ R1 W[0-9]+ Y[0-9]+ W[0-9]+ R1( W[0-9]+ R1)*( W[0-9]+)?" 6
stop

rm -rf "$XDG_CACHE_HOME"
server "$FEED" "$D/feed3.rdf"
start "https://localhost:$PORT/feed"
retry rowsel 1 6 > /dev/null
# four rows shown, so that three more above leave room to keep the place
xdotool windowsize "$W" 640 $((BAR + 4 * (ROW + 1)))
key j j
retry sigis "B$BAR W$ROW R1 W$ROW R1 G$ROW R1 W$ROW R1( W[0-9]+)?" > /dev/null
w0=$(barw)
kill -HUP "$PID"
check "new: after a move, a refresh says the new articles are above (\"3 new ↑\": the title bar's text grows)" \
	retry eval '[ "$(barw)" -gt $((w0 + 30)) ]'
check "new: ... and keeps the selected article in its place, no new one in sight" \
	sigis "B$BAR W$ROW R1 W$ROW R1 G$ROW R1 W$ROW R1( W[0-9]+)?" 6
: > "$LWNRSS_OPENLOG"
key Return
check "new: ... the same article" retry opened https://example.org/a3
w1=$(barw)
key g
check "new: g goes to them" retry sigis "B$BAR G[0-9]+ Y[0-9]+ G[0-9]+ R1 W[0-9]+ Y[0-9]+ W[0-9]+ R1 W[0-9]+ Y[0-9]+ W[0-9]+ R1( W[0-9]+ R1)*( W[0-9]+)?" 6
check "new: ... and the title bar says so no more" retry eval '[ "$(barw)" -lt "$w1" ]'
stop

# ---- a click selects without scrolling ------------------------------------

win
xdotool windowsize "$W" 640 $((BAR + 2 * (ROW + 1) + 40))
retry sigis "B$BAR G$ROW R1 W$ROW R1 W40" > /dev/null
: > "$LWNRSS_OPENLOG"
xdotool mousemove --window "$W" 300 $((BAR + 2 * (ROW + 1) + 20)) click 1
check "click: the half-visible bottom row is selected, nothing scrolls" \
	retry sigis "B$BAR W$ROW R1 W$ROW R1 G40"
xdotool click 1
check "click: a second click opens it" retry opened https://example.org/a3
stop

# ---- an open command that cannot run ------------------------------------

PATH=/usr/bin:/bin win
key Return
check "open: a command that cannot be run turns the title bar red" retry sigis "E$BAR G.*"
check "open: ... and says why, on stderr too" \
	retry grep -qx 'lwnrss: cannot run lwnrss-test-open: No such file or directory' "$D/err"
key j
check "open: the next key gives the title bar back" retry sigis "B$BAR W$ROW R1 G.*"
key Return
retry sigis "E$BAR W.*" > /dev/null
check "open: ... or a few seconds" retry sigis "B$BAR W$ROW R1 G.*"
stop

# ---- tabbed ---------------------------------------------------------------

server "$FEED"
: > "$LWNRSS_OPENLOG"
# the natural invocation: tabbed appends the window id to the command
tabbed -c "$X" "https://localhost:$PORT/feed" -w > "$D/tabbed" 2>&1 &
TB=$!
PIDS="$PIDS $TB"
retry eval '[ "$(xdotool search --class lwnrss | wc -l)" -eq 1 ]'
T1=$(xdotool search --class lwnrss | head -n 1)
check "tabbed: 'tabbed -c lwnrss URL -w' embeds lwnrss" \
	eval "xwininfo -tree -id $T1 | grep -q 'Parent window id: $(head -n 1 "$D/tabbed") '"
W=$T1
retry sigis "B[0-9]+ G[0-9]+ R1 .*" > /dev/null
xdotool key j j Return
check "tabbed: keys reach the embedded lwnrss" retry opened https://example.org/a3
# a second tab (tabbed's Ctrl-Shift-Return), then back to the first
xdotool key ctrl+shift+Return
retry eval '[ "$(xdotool search --class lwnrss | wc -l)" -eq 2 ]'
sleep 0.5
xdotool key Return
check "tabbed: a new tab has the keys" retry eval "tail -n 1 '$LWNRSS_OPENLOG' | grep -qx https://example.org/a1"
xdotool key ctrl+shift+h
sleep 0.3
xdotool key j Return
check "tabbed: switching back, the keys follow the focus to the first tab" \
	retry eval "tail -n 1 '$LWNRSS_OPENLOG' | grep -qx https://example.org/a4"
xdotool key q
sleep 0.3
xdotool key q
check "tabbed: q closes each tab, and tabbed -c with the last" within 50 "$TB"

# ---- the README's dmenu pipeline ---------------------------------------

# the line from the README, run as it is: lwnrss and xdg-open are stand-ins
# on PATH (the feed from a file, the link recorded), dmenu is real
line=$(sed -n 's/^\t\(lwnrss -p | .*dmenu.*\)$/\1/p' README | head -n 1)
printf "# README: %s\n" "$line"
mkdir -p "$D/pipe"
printf '#!/bin/sh\nexec "%s/lwnrss" "$@" - < "%s"\n' "$(pwd)" "$FEED" > "$D/pipe/lwnrss"
# xdg-open takes one link, as the real one does
printf '#!/bin/sh\n[ $# -eq 1 ] || { echo "$# arguments" >> "%s/xdg-opened"; exit 1; }\nprintf "%%s\\n" "$1" >> "%s/xdg-opened"\n' "$D" "$D" > "$D/pipe/xdg-open"
chmod +x "$D/pipe/lwnrss" "$D/pipe/xdg-open"
# pipe text key [text key...]: type and press in dmenu, pair by pair
pipe() {
	PATH="$D/pipe:$PATH" sh -c "$line" > /dev/null 2>&1 &
	p=$!
	retry eval 'xdotool search --class dmenu > /dev/null'
	sleep 0.3
	while [ $# -ge 2 ]; do
		xdotool type --delay 30 "$1"
		xdotool key "$2"
		sleep 0.2
		shift 2
	done
	within 50 "$p"
}
check "README: there is a dmenu pipeline" [ -n "$line" ]
pipe "Friday" Return
check "README pipeline: the chosen article's link reaches xdg-open, whole" \
	eval "[ \"\$(cat '$D/xdg-opened')\" = https://example.org/a3 ]"
pipe "Καλημέρα" Return
check "README pipeline: a title of another script, and a tab made ' · ' and back" \
	eval "[ \"\$(tail -n 1 '$D/xdg-opened')\" = https://example.org/a2 ]"
pipe "" Escape
check "README pipeline: Escape in dmenu runs no xdg-open" \
	[ "$(wc -l < "$D/xdg-opened")" -eq 2 ]
pipe "no such headline" shift+Return
check "README pipeline: typed text that is no item runs no xdg-open" \
	[ "$(wc -l < "$D/xdg-opened")" -eq 2 ]
pipe "Friday" ctrl+Return "" ctrl+u "lait" Return
check "README pipeline: two picked with Ctrl-Return, each its own xdg-open" \
	eval "[ \"\$(tail -n 2 '$D/xdg-opened' | tr '\n' ' ')\" = 'https://example.org/a3 https://example.org/a7 ' ]"

echo "$npass passed, $nfail failed" > /dev/null
exit 0
