#!/bin/sh
# See LICENSE file for copyright and license details.
# refresh.sh: the window asks no more often than the 30-minute floor, the
# server (Cache-Control max-age, Retry-After) and the feed (<ttl>, syn:)
# say, keeps that across a restart, fetches at once on r and SIGHUP, and
# sends its validators back byte for byte; the window and -p resolve a
# feed's relative links against where it came from after a redirect.  Against tests/refreshsrv.py,
# which logs every request with the time on the tests' clock: the test
# build of the window (tests/config.test.h) runs its clock as far ahead as
# the file $LWNRSS_CLOCK says, so the test moves hours on in steps and,
# after each, presses a key and waits until the window has handled it
# (its selection moved on screen, no fetch child left).
cd "$(dirname "$0")/.." || exit 1
. tests/lib.sh

X=${X11BIN:-tests/lwnrss-test}
D=$(mktemp -d "$(pwd)/$T/refresh.XXXXXX") || exit 1
export LC_ALL=C.UTF-8
export LWNRSS_OPENLOG="$D/opened"
LWNRSS_CLOCK=$D/clock
export LWNRSS_CLOCK
echo 0 > "$D/clock"

need Xvfb xdotool xdpyinfo xrdb convert openssl python3
built lwnrss tests/lwnrss-test tests/grab

XVFB=
SRV=
PIDS=
cleanup() {
	for p in $PIDS $SRV; do kill -9 "$p" 2> /dev/null; done
	[ -n "$XVFB" ] && kill "$XVFB" 2> /dev/null
	wait 2> /dev/null
	[ -n "$REFRESHKEEP" ] || rm -rf "$D"
}
trap cleanup EXIT
trap 'exit 1' INT TERM HUP

C=$D/tls
mkdir -p "$C"
testca "$C" refresh
export SSL_CERT_FILE="$C/ca.pem"
# -S: no site module, whose imports (.pth files) can take a tenth of a
# second; the server needs only the standard library
python3 -S tests/refreshsrv.py "$C" "$D/log" "$D/clock" > "$D/port" &
SRV=$!
retry test -s "$D/port" || { notok "refresh: the server starts"; exit 1; }
read -r PORT < "$D/port"
: > "$D/log"
if ! startx "$D"; then
	notok "refresh: Xvfb starts"
	exit 1
fi

# each step moves the tests' clock on this much; the floor is MINREFRESH
# in lwnrss.c (and refresh in tests/config.test.h).  No wait the server
# asks for is a whole number of steps: a step is always well before or
# well after the end of one, whatever the real seconds between steps
S=1200
FLOOR=1800
MAXAGE=7000
TTL=5400
SYN=$((86400 / 7))
RETRY=5400

# now: the tests' clock
now() {
	read -r _c < "$D/clock"
	echo $(($(date +%s) + _c))
}
# within v lo hi: lo - 1 <= v <= hi.  A time the window keeps is its
# clock when the answer came plus a wait: after the server logged the
# request (lo), before the test saw the fetch done (hi, from now).  The
# second less: time(), which the window reads, is a coarse clock that at
# a second's turn can still give the one before after the server's
# time.time() gave the next
within() {
	[ -n "$1" ] && [ "$1" -ge $(($2 - 1)) ] && [ "$1" -le "$3" ]
}

# The server's log, "time path if-none-match" a line, read by the shell:
# polls and checks read it often.  reqs path: R, how many requests for
# path the server had, and RT, when, each time and a space; nreqs path n:
# n of them
reqs() {
	R=0 RT=
	while read -r _t _p _; do
		[ "$_p" = "$1" ] || continue
		R=$((R + 1)) RT="$RT$_t "
	done < "$D/log"
}
nreqs() {
	reqs "$1"
	[ "$R" -eq "$2" ]
}
# inm path k: the If-None-Match of the k-th request for path, in hex
inm() {
	_n=0
	while read -r _t _p _h; do
		[ "$_p" = "$1" ] && _n=$((_n + 1)) && [ "$_n" -eq "$2" ] && echo "$_h" && return
	done < "$D/log"
}
# gaps path min [from]: each request for path (from the from-th on) came
# min seconds or more after the one before
gaps() {
	reqs "$1"
	_n=0
	for _t in $RT; do
		_n=$((_n + 1))
		[ "$_n" -gt "${3:-1}" ] && [ $((_t - _last)) -lt "$2" ] && return 1
		_last=$_t
	done
	return 0
}
# want steps hint: the requests of a window started at a step and then
# poked at each of steps more, when it may ask every hint seconds (at
# least the floor): one at the start, then one at each first step past
# the wait
want() {
	wait=$2
	[ "$wait" -ge "$FLOOR" ] || wait=$FLOOR
	echo $(($1 / ((wait + S - 1) / S) + 1))
}

# rowsel k: the feed's NROWS rows, the k-th selected, in the pixel column
# x=3 as runs (tests/grab -s, as tests/xlib.sh's sig): B or E the title
# bar (E after a failed fetch), W a row, G the selected row, R the line,
# then perhaps W the window below the rows.  Every step polls it: the
# shell matches the runs, word by word, with no grep
NROWS=3
rowsel() {
	tests/grab -s "$W" 3 > "$D/col" 2> /dev/null && read -r _r < "$D/col" || return 1
	_k=$1
	set -f
	set -- $_r
	set +f
	isrun "$1" '[BE]' || return 1
	shift
	j=1
	while [ "$j" -le "$NROWS" ]; do
		if [ "$j" -eq "$_k" ]; then _c=G; else _c=W; fi
		isrun "$1" "$_c" && [ "$2" = R1 ] || return 1
		shift 2
		j=$((j + 1))
	done
	[ $# -eq 0 ] || { [ $# -eq 1 ] && isrun "$1" W; }
}
# isrun word letter: word is a run of the colour letter (a bracket
# expression will do): the letter, then a length
isrun() {
	case $1 in
	$2*) ;;
	*) return 1 ;;
	esac
	case ${1#?} in
	''|*[!0-9]*) return 1 ;;
	esac
}

# start url: the test build in the background; sets PID and W, waits for
# the rows and the fetch it may start
start() {
	"$X" "$1" < /dev/null > "$D/wout" 2> "$D/werr" &
	PID=$!
	PIDS="$PIDS $PID"
	W=
	retry win
	SEL=1
	retry rowsel 1 && retry idle
}
# win: W, the first window of PID, if it has one yet
win() {
	W=
	xdotool search --pid "$PID" > "$D/wid" 2> /dev/null
	read -r W < "$D/wid"
	[ -n "$W" ]
}
# idle: the window has no child: no fetch runs
idle() {
	children "$PID" > "$D/kids"
	! read -r _ < "$D/kids"
}
stop() {
	kill "$PID" 2> /dev/null
	wait "$PID" 2> /dev/null
}
# poke: a key that moves the selection, and wait until the window shows
# it: the loop has then looked at its timers (that comes before the
# events) and started any fetch due; then until that fetch is done
poke() {
	if [ "$SEL" -eq 1 ]; then SEL=2; k=j; else SEL=1; k=k; fi
	xdotool key --clearmodifiers "$k"
	retry rowsel "$SEL" && retry idle
}
# steps n: n times, the clock a step on and a poke
steps() {
	step=0
	while [ "$step" -lt "$1" ]; do
		clockon "$S"
		poke
		step=$((step + 1))
	done
}
# fresh name: a cache of its own for a run, a day after anything before
fresh() {
	XDG_CACHE_HOME=$D/xdg.$1
	export XDG_CACHE_HOME
	clockon 90000
}
# cachefile url: the cache file of url: the one file in the cache
# directory (no temporary file) whose header names the URL
cachefile() {
	for _f in "$XDG_CACHE_HOME"/lwnrss/*; do
		case $_f in
		*.tmp) continue ;;
		esac
		[ -f "$_f" ] || continue
		while IFS= read -r _l && [ -n "$_l" ]; do
			[ "$_l" = "url $1" ] && echo "$_f" && return 0
		done < "$_f"
	done
	return 0
}
# hdr key file: a cache header's value
hdr() {
	while IFS= read -r _l && [ -n "$_l" ]; do
		case $_l in
		"$1 "*) printf '%s\n' "${_l#"$1 "}"; return 0 ;;
		esac
	done < "$2"
}
# hex: standard input in hex, byte for byte
hex() {
	od -An -tx1 | tr -d ' \n'
}
# hexhdr key file: the same in hex, byte for byte
hexhdr() {
	printf %s "$(hdr "$1" "$2")" | hex
}

N=18

# ---- no hint: the floor ---------------------------------------------

fresh none
start "https://localhost:$PORT/none"
check "floor: the window fetches once at start" nreqs /none 1
steps "$N"
w=$(want "$N" 0)
reqs /none
check "floor: $w requests over $N steps of $S s, one each 30 minutes or more ($RT)" \
	eval 'nreqs /none "$w" && gaps /none "$FLOOR"'
stop

# ---- Cache-Control: max-age=7000, kept across a restart --------------

fresh maxage
URL=https://localhost:$PORT/maxage
start "$URL"
steps "$N"
w=$(want "$N" "$MAXAGE")
reqs /maxage
check "max-age=$MAXAGE: $w requests over $N steps, none sooner ($RT)" \
	eval 'nreqs /maxage "$w" && gaps /maxage "$MAXAGE"'
n=$R
xdotool key --clearmodifiers r
check "max-age: r fetches now all the same" retry nreqs /maxage $((n + 1))
retry idle
kill -HUP "$PID"
check "max-age: so does SIGHUP" retry nreqs /maxage $((n + 2))
retry idle
reqs /maxage
last=${RT% }
last=${last##* }
CF=$(cachefile "$URL")
n2=$([ -n "$CF" ] && hdr next "$CF")
check "max-age: the cache keeps the next allowed time, max-age on (next $n2, request at $last)" \
	within "$n2" $((last + MAXAGE)) $(($(now) + MAXAGE))
stop
# a restart: the cache's rows at once, no fetch before max-age is over
start "$URL"
poke
check "max-age: a restart shows the cache and does not fetch" nreqs /maxage $((n + 2))
steps $((MAXAGE / S))
check "max-age: ... nor before max-age is over" nreqs /maxage $((n + 2))
steps 1
check "max-age: ... and fetches after" eval 'nreqs /maxage $((n + 3)) && gaps /maxage "$MAXAGE" $((n + 2))'
stop

# ---- a 304 that says nothing of freshness: the 200's max-age holds ----

fresh bare304
URL=https://localhost:$PORT/bare304
start "$URL"
steps "$N"
w=$(want "$N" "$MAXAGE")
b1=$(printf '"b1"' | hex)
reqs /bare304
check "a bare 304 keeps the 200's max-age=$MAXAGE: $w requests over $N steps, none sooner ($RT)" \
	eval 'nreqs /bare304 "$w" && gaps /bare304 "$MAXAGE" && [ "$(inm /bare304 2)" = "$b1" ]'
CF=$(cachefile "$URL")
check "... which the cache file keeps (maxage $([ -n "$CF" ] && hdr maxage "$CF"))" \
	eval '[ -n "$CF" ] && [ "$(hdr maxage "$CF")" = 7000 ]'
stop

# ---- the feed's <ttl> and syn: ------------------------------------------

fresh ttl
start "https://localhost:$PORT/ttl"
steps "$N"
w=$(want "$N" "$TTL")
reqs /ttl
check "<ttl>90</ttl>: $w requests over $N steps, none sooner ($RT)" \
	eval 'nreqs /ttl "$w" && gaps /ttl "$TTL"'
stop

fresh syn
start "https://localhost:$PORT/syn"
steps "$N"
w=$(want "$N" "$SYN")
reqs /syn
check "syn: daily, 7 times: $w requests over $N steps, none sooner ($RT)" \
	eval 'nreqs /syn "$w" && gaps /syn "$SYN"'
stop

# ---- Retry-After: 5400, kept across a restart ----------------------------

fresh retry
URL=https://localhost:$PORT/retry
start "$URL"
steps $((FLOOR / S + 1))
check "Retry-After: the second request, at the floor, is answered 503" \
	eval 'nreqs /retry 2 && grep -q "503" "$D/werr"'
reqs /retry
t2=${RT% }
t2=${t2##* }
CF=$(cachefile "$URL")
r=$([ -n "$CF" ] && hdr retry "$CF")
l=$([ -n "$CF" ] && hdr length "$CF")
check "Retry-After: the cache keeps it beside the cached feed (retry $r, request at $t2, length $l)" \
	eval 'within "$r" $((t2 + RETRY)) $(($(now) + RETRY)) && [ "${l:-0}" -gt 0 ]'
steps 1
stop
start "$URL"
poke
steps $((RETRY / S - 1))
check "Retry-After: a restart does not ask before it is over" nreqs /retry 2
steps 1
check "Retry-After: then one request" eval 'nreqs /retry 3 && gaps /retry "$RETRY" 2'
stop

# ---- validators byte for byte ---------------------------------------------

fresh etag
URL=https://localhost:$PORT/etag
# as tests/refreshsrv.py sends them
ODD=$(printf '"odd\t\200\376\377!"' | hex)
NEW=$(printf 'W/"second"' | hex)
start "$URL"
CF=$(cachefile "$URL")
check "validators: an ETag with a tab and bytes above 0x7f is cached byte for byte" \
	eval '[ -n "$CF" ] && [ "$(hexhdr etag "$CF")" = "$ODD" ]'
xdotool key --clearmodifiers r
retry nreqs /etag 2 && retry idle
check "validators: ... and sent back byte for byte" [ "$(inm /etag 2)" = "$ODD" ]
check "validators: a 304 with a new ETag replaces the one in the cache file" \
	eval '[ "$(hexhdr etag "$CF")" = "$NEW" ] && [ "$(hdr length "$CF")" -gt 0 ]'
xdotool key --clearmodifiers r
retry nreqs /etag 3 && retry idle
check "validators: ... and the window sends the new one" [ "$(inm /etag 3)" = "$NEW" ]
stop
clockon 90000
start "$URL"
check "validators: after a restart, the new one from the file" \
	eval 'nreqs /etag 4 && [ "$(inm /etag 4)" = "$NEW" ]'
stop
./lwnrss -p -f "$URL" > "$D/out" 2> "$D/err"
rc=$?
check "validators: -p sends it too, and prints the cached feed for the 304" \
	eval '[ "$rc" -eq 0 ] && [ "$(inm /etag 5)" = "$NEW" ] && [ "$(wc -l < "$D/out")" -eq 3 ]'

# an ETag of 7000 bytes (etagc is any visible byte, of any number)
URL=https://localhost:$PORT/long
./lwnrss -p "$URL" > /dev/null 2>&1
./lwnrss -p -f "$URL" > "$D/out" 2> "$D/err"
rc=$?
check "validators: an ETag of 7000 bytes is sent back whole, answered 304" \
	eval '[ "$rc" -eq 0 ] && nreqs /long 2 &&
	 [ "$(inm /long 2 | wc -c)" -eq 14001 ] && [ "$(wc -l < "$D/out")" -eq 3 ] && [ ! -s "$D/err" ]'

# no-store: no body kept, and no freshness to wait for
URL=https://localhost:$PORT/nostore
./lwnrss -p "$URL" > "$D/out" 2> "$D/err"
rc=$?
CF=$(cachefile "$URL")
check "no-store: -p prints the feed, the cache keeps no body, the next allowed time is the floor's" \
	eval '[ "$rc" -eq 0 ] && [ "$(wc -l < "$D/out")" -eq 3 ] && [ -n "$CF" ] &&
	 [ "$(hdr length "$CF")" -eq 0 ] && [ "$(hdr etag "$CF")" = "" ] &&
	 [ "$(hdr next "$CF")" -le $(($(date +%s) + FLOOR)) ]'

# ---- relative links, after a redirect ------------------------------------

fresh moved
NROWS=6
URL=https://localhost:$PORT/moved
B=https://localhost:$PORT
./lwnrss -p "$URL" > "$D/out" 2> "$D/err"
tab=$(printf '\t')
cat > "$D/want" <<EOF
Root-relative$tab$B/Articles/1/rss
Path-relative$tab$B/dir/Articles/2/
Scheme-relative${tab}https://cdn.example/3
xml:base on an RSS item${tab}https://example.org/x/y
A data: link${tab}
A file: link${tab}
EOF
check "-p: relative links resolved against the URL after the redirect; other schemes with no link" \
	cmp -s "$D/out" "$D/want"
clockon 90000
start "$URL"
poke
xdotool key --clearmodifiers Return
check "window: Return opens the link resolved against the URL after the redirect" \
	retry grep -qxF "$B/dir/Articles/2/" "$LWNRSS_OPENLOG"
stop
start "$URL"
xdotool key --clearmodifiers Return
check "window: the cached feed's links too, against the URL it came from" \
	retry grep -qxF "$B/Articles/1/rss" "$LWNRSS_OPENLOG"
stop
exit 0
