#!/bin/sh
# See LICENSE file for copyright and license details.
# reader.sh: what makes the window a reader to keep open, under an Xvfb
# of its own with real key presses: rules, the filter line, copying a
# link, the keys, -w's errors, read state, urgency, new articles kept in
# sight, clicks, a failed open, tabbed, and the README's dmenu pipeline.
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
XDG_STATE_HOME=$D/state
export XDG_CACHE_HOME XDG_STATE_HOME LC_ALL=C.UTF-8
STATE=$XDG_STATE_HOME/lwnrss/read

need Xvfb xdotool xprop xwininfo xdpyinfo xrdb import convert identify xclip \
	tabbed dmenu openssl python3
[ -x "$X" ] && [ -x ./lwnrss ] || { notok "reader: make lwnrss $X"; exit 1; }

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
	box 40 $(($(row "$1") + 14)) 560 22 | sed 's/x.*//'
}
# darkest x y w h: the darkest grey there in the last shot, 0 to 255
darkest() {
	convert "$D/shot.png" -crop "${3}x${4}+$1+$2" +repage -colorspace Gray \
		-format '%[fx:int(255*minima)]' info:
}
# barw: the width of the title bar's right-hand text
barw() {
	shot
	box 320 0 320 "$BAR" | sed 's/x.*//'
}

# ---- rules ----------------------------------------------------------------

"$X" -p - < "$FEED" > "$D/p" 2> "$D/perr"
check "rules: -p drops the row a Hide rule matches, and only it" sh -c \
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
	sh -c "[ '$d3' -lt 40 ] && [ '$d5' -ge 70 ]"
# x=18 is inside the badge (newcolor, yellow here), left of its label;
# the column crosses the title bar's text and the other rows' too
sig 18 > /dev/null
check "rules: the [\$] prefix is a badge in newcolor, on the first row only" \
	sh -c "grep -Eq ' G[0-9]+ Y[0-9]+ G' '$D/sig' && [ \$(grep -o Y '$D/sig' | wc -l) -eq 1 ]"

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
# and Cyrillic through keysyms of their own)
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
key ctrl+u
check "filter: Ctrl-u clears the line, the match still selected" retry rowsel 3 6
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

# ---- copying a link -------------------------------------------------------

win
key j
w0=$(barw)
key y
check "y: CLIPBOARD holds the link" retry sh -c \
	"[ \"\$(xclip -o -selection clipboard 2> /dev/null)\" = https://example.org/a2 ]"
check "y: PRIMARY holds the link" \
	[ "$(xclip -o -selection primary 2> /dev/null)" = https://example.org/a2 ]
w1=$(barw)
echo "# title bar text: $w0 px, after y $w1 px"
check "y: the title bar says something else (\"copied\")" [ "$w0" != "$w1" ]
check "y: TARGETS offers UTF8_STRING and STRING" sh -c \
	"xclip -o -selection clipboard -t TARGETS | tr '\n' ' ' | grep -q 'TARGETS UTF8_STRING STRING'"
key Y
check "Y: the title and the link, UTF-8 intact" retry sh -c \
	"[ \"\$(xclip -o -selection clipboard -t UTF8_STRING)\" = 'Ελληνικά: Καλημέρα κόσμε https://example.org/a2' ]"
check "Y: as STRING, Latin-1 with '?' for what it cannot hold" sh -c \
	"[ \"\$(xclip -o -selection clipboard -t STRING)\" = '????????: ???????? ????? https://example.org/a2' ]"
key j
check "copied: the next key gives the title bar back" retry eval '[ "$(barw)" = "$w0" ]'
key j j j y
check "the selection stays available while lwnrss runs" retry sh -c \
	"sleep 0.5; [ \"\$(xclip -o -selection clipboard)\" = https://example.org/a7 ]"
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
check "a URL without a scheme is https" sh -c \
	"[ \$(wc -l < '$D/p2') -eq 7 ] && [ ! -s '$D/p2err' ]"

echo "$npass passed, $nfail failed" > /dev/null
exit 0
