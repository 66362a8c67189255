#!/bin/sh
# See LICENSE file for copyright and license details.
# readstate.sh: the window's read marks, under an Xvfb of its own with
# real key presses: the file under $XDG_STATE_HOME, m and M, two windows
# writing at once, a corrupt, a foreign and an unwritable file, a lock
# held elsewhere, marks expiring, and kill -9 in the middle of a write.
# Evidence comes from pixels (a read title is drawn narrower), the file
# and the open command's log (tests/bin).  Apart from tests/reader.sh so
# that the two run side by side.
cd "$(dirname "$0")/.." || exit 1
. tests/lib.sh
. tests/xlib.sh

# X11BIN: another build to drive, e.g. one with sanitizers
X=${X11BIN:-tests/lwnrss-test}
D=$(mktemp -d "$(pwd)/$T/readstate.XXXXXX") || exit 1
export LWNRSS_OPENLOG="$D/opened"
XDG_CACHE_HOME=$D/cache
# each window starts a day after the last (tests/xlib.sh's start)
LWNRSS_CLOCK=$D/clock
export LWNRSS_CLOCK
XDG_STATE_HOME=$D/state
export XDG_CACHE_HOME XDG_STATE_HOME LC_ALL=C.UTF-8
STATE=$XDG_STATE_HOME/lwnrss/read

need Xvfb xdotool xprop xwininfo xdpyinfo xrdb import convert identify python3
built lwnrss tests/lwnrss-test tests/grab

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
	notok "readstate: Xvfb starts"
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
# titlew k: TW, the width of the ink of the k-th row's title line (bold
# is wider), in the last shot; the row's top is BAR + (k - 1) * (ROW + 1)
titlew() {
	box 40 $((BAR + ($1 - 1) * (ROW + 1) + 14)) 560 22 > "$D/box"
	TW=
	read -r TW < "$D/box"
	TW=${TW%%x*}
}

# ---- read state -----------------------------------------------------------

# nstate s: N, how many lines of the read-state file hold s; statehas
# link: the file lists link.  The shell reads it: polls look often
nstate() {
	N=0
	[ -f "$STATE" ] || return 0
	while IFS= read -r _l || [ -n "$_l" ]; do
		case $_l in
		*"$1"*) N=$((N + 1)) ;;
		esac
	done < "$STATE"
}
statehas() {
	[ -f "$STATE" ] || return 1
	while IFS= read -r _l || [ -n "$_l" ]; do
		case $_l in
		*" $1") return 0 ;;
		esac
	done < "$STATE"
	return 1
}
# isread k: the k-th row's title is as narrow as when read (unread widths
# are measured first, in u1 to u6)
isread() {
	shot
	titlew "$1"
	eval "[ \"\$TW\" -lt \"\$u$1\" ]"
}
rm -rf "$XDG_STATE_HOME"
win
sig > /dev/null
read -r s < "$D/sig"
# "B38 G90 R1 ...": the bar's height, the first row's
BAR=${s%% *}
BAR=${BAR#B}
ROW=${s#* }
ROW=${ROW%% *}
ROW=${ROW#G}
echo "# column: $s"
shot
for k in 1 2 3 4 5 6; do
	titlew $k
	eval "u$k=\$TW"
done
wu=$u2
key j Return
check "read: opening a row runs the open command" retry opened https://example.org/a2
check "read: ... and writes the link to \$XDG_STATE_HOME/lwnrss/read" retry statehas https://example.org/a2
read -r l < "$STATE"
check "read: the file starts with its format line" [ "$l" = "lwnrss-read 1" ]
shot
titlew 2
wr=$TW
echo "# the second title's width: unread $wu px, read $wr px"
check "read: the opened row's title is drawn in the normal face (narrower than bold)" \
	[ "$wr" -lt "$wu" ]
key q
within 20 "$PID"
win
check "read: after a restart the row is still drawn read" eval 'shot; titlew 2; [ "$TW" = "$wr" ]'
check "read: the others are not" eval 'shot; titlew 3; [ "$TW" -gt 0 ] && titlew 4 && [ "$TW" -gt 0 ]'
key j m
check "read: m makes it unread again (bold)" retry eval 'shot; titlew 2; [ "$TW" = "$wu" ]'
check "read: ... and the file drops it" retry eval '! statehas https://example.org/a2'
key m
check "read: m again: read" retry eval 'shot; titlew 2; [ "$TW" = "$wr" ] && statehas https://example.org/a2'
key M
check "read: M marks every row shown read, not the hidden one" retry eval \
	'nstate " https://example.org/a"; [ "$N" -eq 6 ] && nstate a5 && [ "$N" -eq 0 ]'
stop

# two windows at once: each writer merges what the other wrote
rm -rf "$XDG_STATE_HOME"
win
A=$PID WA=$W
win
B=$PID WB=$W
W=$WA; xdotool windowfocus --sync "$WA"; key j m
retry statehas https://example.org/a2 > /dev/null
W=$WB; xdotool windowfocus --sync "$WB"; key j j m
retry statehas https://example.org/a3 > /dev/null
W=$WA; xdotool windowfocus --sync "$WA"; key j j m
check "read: two windows marking different rows: every mark is in the file" retry eval \
	'statehas https://example.org/a2 && statehas https://example.org/a3 && statehas https://example.org/a4'
check "read: ... and the first window draws the other's mark (row 3 read)" retry isread 3
kill "$A" "$B"
wait "$A" "$B" 2> /dev/null

# a corrupt file, a foreign one, an unwritable directory
mkdir -p "$XDG_STATE_HOME/lwnrss"
printf 'lwnrss-read 1\nnot a line\n1 \n%s https://example.org/a3\n' "$(date +%s)" > "$STATE"
win
check "read: a corrupt file: one warning naming it" \
	grep -qx "lwnrss: $STATE: 2 malformed lines ignored" "$D/err"
check "read: ... its good lines still count (row 3 read)" isread 3
stop
printf 'some other program'"'"'s file\n' > "$STATE"
cp "$STATE" "$D/foreign"
win
key m
check "read: a foreign file: a warning, and the marks stay in memory" retry eval \
	'grep -qx "lwnrss: $STATE: not an lwnrss read-state file, ignored and left as it is" "$D/err" && isread 1'
check "read: ... the foreign file is left as it is" cmp -s "$STATE" "$D/foreign"
check "read: ... and said once" [ "$(wc -l < "$D/err")" -eq 1 ]
stop
: > "$D/notadir"
XDG_STATE_HOME=$D/notadir win
key m
key j m
check "read: an unwritable directory: the marks stay in memory" \
	retry eval 'isread 1 && isread 2 && ! isread 3'
check "read: ... and one warning, not one a mark" eval \
	'[ "$(wc -l < "$D/err")" -eq 1 ] && grep -q "cannot write the read state: Not a directory; the marks stay in memory" "$D/err"'
stop

# a read.lock another process holds for ever: the marks stay in memory,
# and quitting does not wait for ever either
rm -rf "$XDG_STATE_HOME"
mkdir -p "$XDG_STATE_HOME/lwnrss"
# python3 -S: no site module, whose imports (.pth files) can take a
# tenth of a second; the tests' Python needs only the standard library
python3 -S -c 'import fcntl, sys, time
f = open(sys.argv[1], "w"); fcntl.lockf(f, fcntl.LOCK_EX); print("locked", flush=True); time.sleep(60)' \
	"$STATE.lock" > "$D/locker" &
LOCKER=$!
PIDS="$PIDS $LOCKER"
retry grep -q locked "$D/locker"
# the shell reads the messages: retry polls them for seconds
locked() {
	while IFS= read -r _l; do
		case $_l in
		*'read.lock: still locked after 5 s, not written; the marks stay in memory'*) return 0 ;;
		esac
	done < "$D/err"
	return 1
}
win
key m
# lwnrss waits 5 s for the lock (LOCKWAIT in store.c): nothing to look
# for in the first 4; then up to three times retry's 5 s
sleep 4
check "read: a lock held elsewhere: after a few seconds, one warning" \
	eval 'retry locked || retry locked || retry locked'
check "read: ... and the mark in memory" isread 1
key q
# quitting waits for the lock again: of the 8 s allowed, the first 4 in
# one sleep, not 40 looks
sleep 4
check "read: quitting with the lock still held ends within seconds" within 40 "$PID"
check "read: ... the cause said once, at the mark, not again at the end" \
	[ "$(grep -c 'still locked' "$D/err")" -eq 1 ]
check "read: ... and quitting says the marks were not written" \
	grep -qx 'lwnrss: quitting with read marks not written' "$D/err"
kill "$LOCKER"
wait "$LOCKER" 2> /dev/null

# marks of links no feed has shown for readdays (90) are dropped; those
# still in a feed are kept, whatever their age
now=$(date +%s)
old=$((now - 100 * 86400))
printf 'lwnrss-read 1\n%s https://gone.example/old\n%s https://example.org/a3\n%s https://gone.example/recent\n' \
	"$old" "$old" "$now" > "$STATE"
win
key m
check "read: a write drops marks unseen for longer than readdays" retry eval \
	'statehas https://example.org/a1 && ! statehas https://gone.example/old'
check "read: ... and keeps an old one still in the feed, and recent ones" eval \
	'statehas https://example.org/a3 && statehas https://gone.example/recent'
stop

# kill -9 while the file is written: it is always the old or the new one.
# m m q: the first m's change is written by a child the window forks,
# the second waits for it, and the window writes that one itself as it
# quits; a kill -9 of the window can cut only that last write.  Odd rounds
# kill it in the middle of that write (tests/midwrite.py), even rounds at
# a random moment of the time from q to the end of a first round let
# quit.  20,000 links make each write take tens of milliseconds
N=20000
awk -v t="$now" -v n="$N" 'BEGIN { print "lwnrss-read 1"; for (i = 0; i < n; i++) printf "%d https://big.example/%d\n", t, i }' > "$STATE"
win
t0=$(date +%s%N)
xdotool key m m q
wait "$PID"
span=$((($(date +%s%N) - t0) / 1000000))
echo "# m m q takes $span ms"
# the even rounds' moments, made at once
awk -v n="$span" 'BEGIN {
	for (s = 1; s <= 20; s++) {
		srand(s)
		printf "%.3f\n", rand() * n / 1000
	}
}' > "$D/delays"
exec 7< "$D/delays"
partial=0 bad=0
# (the loop's variable is round: the helpers use i)
round=1
while [ "$round" -le 20 ]; do
	read -r delay <&7
	win
	if [ $((round % 2)) -eq 0 ]; then
		xdotool key m m q
		sleep "$delay"
	else
		python3 -S tests/midwrite.py "$PID" "$XDG_STATE_HOME/lwnrss" m m q
	fi
	kill -9 "$PID" 2> /dev/null
	wait "$PID" 2> /dev/null
	[ -s "$STATE.tmp" ] && partial=$((partial + 1))
	# its format line, the N links, no other line
	awk -v n="$N" 'NR == 1 { head = $0 == "lwnrss-read 1"; next }
		/^[0-9][0-9]* https:\/\/big\.example\// { big++ }
		!/^[0-9][0-9]* https:\/\// { other++ }
		END { exit !(head && big == n && !other) }' "$STATE" || bad=$((bad + 1))
	round=$((round + 1))
done
exec 7<&-
echo "# $partial of 20 kills left a partly written read.tmp"
check "read: kill -9 while writing, 20 times: the file is always whole" [ "$bad" -eq 0 ]
check "read: ... at least one kill landed in the middle of a write" [ "$partial" -gt 0 ]
# a writer the last kill orphaned finishes on its own, before the files go
ours() {
	for p in $(runs "$X"); do
		tr '\0' '\n' < "/proc/$p/environ" 2> /dev/null |
			grep -qxF "XDG_STATE_HOME=$XDG_STATE_HOME" && return 0
	done
	return 1
}
i=0
while [ "$i" -lt 300 ] && ours; do sleep 0.1; i=$((i + 1)); done
rm -rf "$XDG_STATE_HOME"

exit 0
