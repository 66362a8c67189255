#!/bin/sh
# See LICENSE file for copyright and license details.
# cache.sh: the cache, conditional requests and working offline, against
# nginx on 127.0.0.1 (which honours If-None-Match and If-Modified-Since as
# LWN's server does) with a test CA, through lwnrss -p and the window
# under an Xvfb of its own.  Evidence comes from nginx's access log, the
# cache files' bytes and the window's pixels, as in tests/x11.sh.
cd "$(dirname "$0")/.." || exit 1
. tests/lib.sh
. tests/xlib.sh

# X11BIN: another build of the window to drive, e.g. one with sanitizers
X=${X11BIN:-tests/lwnrss-test}
FEED=tests/x11-feed.rdf
TITLE='Example Weekly Ωμέγα'
# a directory per run, absolute: XDG_CACHE_HOME must be
D=$(mktemp -d "$(pwd)/$T/cachetest.XXXXXX") || exit 1
XDG_CACHE_HOME=$D/xdg
export XDG_CACHE_HOME LC_ALL=C.UTF-8
# the test build's clock runs this many seconds ahead (tests/config.test.h)
LWNRSS_CLOCK=$D/clock
export LWNRSS_CLOCK
echo 0 > "$D/clock"
# later: a day on, past any next allowed time a fetch before left in the
# cache (a restart keeps it: tests/refresh.sh), so the window fetches at once
later() {
	clockon 90000
}

need nginx Xvfb xdotool xprop xdpyinfo xrdb import convert identify openssl python3
built lwnrss tests/lwnrss-test tests/grab

NGINX=
XVFB=
SRV=
PIDS=
cleanup() {
	for p in $PIDS $SRV; do kill -9 "$p" 2> /dev/null; done
	[ -n "$NGINX" ] && kill "$NGINX" 2> /dev/null
	[ -n "$XVFB" ] && kill "$XVFB" 2> /dev/null
	wait 2> /dev/null
	[ -n "$CACHEKEEP" ] || rm -rf "$D"
}
trap cleanup EXIT
trap 'exit 1' INT TERM HUP


# ---- a test CA and nginx ----------------------------------------------

C=$D/tls
mkdir -p "$C" "$D/www/nocond" "$D/ngx"
testca "$C" cache
export SSL_CERT_FILE="$C/ca.pem"
# nginx's workers may run as another user: let them read the feeds
chmod 755 "$D" "$D/www" "$D/www/nocond"

# python3 -S: no site module, whose imports (.pth files) can take a
# tenth of a second; the tests' Python needs only the standard library
freeport() {
	python3 -S -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'
}

# ngxstart: nginx in the foreground on a free port; sets NGINX and PORT.
# /feed.rdf answers validators; /nocond/ never does; $D/down makes every
# answer a 503 with Retry-After.
ngxstart() {
	for try in 1 2 3; do
		PORT=$(freeport)
		cat > "$D/ngx/nginx.conf" <<EOF
user $(id -un);
worker_processes 1;
pid $D/ngx/nginx.pid;
error_log $D/ngx/error.log;
events { worker_connections 64; }
http {
	log_format cond '\$uri \$status "\$http_if_none_match" "\$http_if_modified_since"';
	access_log $D/ngx/access.log cond;
	client_body_temp_path $D/ngx/body;
	proxy_temp_path $D/ngx/proxy;
	fastcgi_temp_path $D/ngx/fastcgi;
	uwsgi_temp_path $D/ngx/uwsgi;
	scgi_temp_path $D/ngx/scgi;
	types { application/rdf+xml rdf; }
	server {
		listen 127.0.0.1:$PORT ssl;
		ssl_certificate $C/cert.pem;
		ssl_certificate_key $C/key.pem;
		root $D/www;
		location / {
			if (-f $D/down) {
				add_header Retry-After 120 always;
				return 503;
			}
		}
		location /nocond/ {
			etag off;
			if_modified_since off;
			if (-f $D/down) {
				return 503;
			}
		}
	}
}
EOF
		rm -f "$D/ngx/nginx.pid"
		nginx -p "$D/ngx" -c "$D/ngx/nginx.conf" -e "$D/ngx/error.log" \
			-g 'daemon off;' > /dev/null 2>&1 &
		NGINX=$!
		# the pid file is written once the port is bound
		i=0
		while [ "$i" -lt 50 ] && kill -0 "$NGINX" 2> /dev/null; do
			[ -s "$D/ngx/nginx.pid" ] && return 0
			sleep 0.1
			i=$((i + 1))
		done
		kill "$NGINX" 2> /dev/null
		wait "$NGINX" 2> /dev/null
		NGINX=
	done
	return 1
}

ngxstop() {
	kill "$NGINX" 2> /dev/null
	wait "$NGINX" 2> /dev/null
	NGINX=
}

# the access log, read as nginx appends to it on a descriptor kept open
# (6), so that a poll reads only the lines since the last: logread sets
# NLOG, how many lines it has, and LAST, the last.  Never in a $(...):
# the lines would be read and their count lost.  nginx writes a line at
# once; one seen without its newline yet waits in _part
: >> "$D/ngx/access.log"
exec 6< "$D/ngx/access.log"
NLOG=0 LAST= _part=
logread() {
	while IFS= read -r _l <&6; do
		LAST=$_part$_l _part=
		NLOG=$((NLOG + 1))
	done
	_part=$_part$_l
}
# lastis s: the last line is s; logis re: it matches the extended regular
# expression re
lastis() {
	logread
	[ "$LAST" = "$1" ]
}
logis() {
	logread
	grep -Eq "$1" <<EOF
$LAST
EOF
}
# a 304 to a request with both validators: nginx's ETag (its log writes
# a quote as \x22) and an HTTP-date
COND='^/feed.rdf 304 "\\x22[0-9a-f]+-[0-9a-f]+\\x22" "[A-Z][a-z]{2}, [0-9]{2} '

cp "$FEED" "$D/www/feed.rdf"
if ! ngxstart; then
	notok "cache: nginx starts"
	cat "$D/ngx/error.log"
	exit 1
fi
ok "nginx serves the feed with TLS on port $PORT"
URL=https://localhost:$PORT/feed.rdf

# cachefile url: cf, the cache file of url: the one file in the cache
# directory (no temporary file) whose header names the URL, or nothing
cachefile() {
	cf=
	for _f in "$XDG_CACHE_HOME"/lwnrss/*; do
		case $_f in
		*.tmp) continue ;;
		esac
		[ -f "$_f" ] || continue
		while IFS= read -r _l && [ -n "$_l" ]; do
			[ "$_l" = "url $1" ] && cf=$_f && return 0
		done < "$_f"
	done
	return 0
}

# p url: lwnrss -p -f, a fetch whatever the cache says; out, err, rc.
# nginx logs a request after it has answered it, so a little later than
# lwnrss may exit: wait for the line
p() {
	if [ -n "$NGINX" ] && [ "$1" != - ]; then logread; n=$NLOG; else n=; fi
	./lwnrss -p -f "$1" > "$D/out" 2> "$D/err"
	rc=$?
	[ -z "$n" ] || retry eval 'logread; [ "$NLOG" -gt "$n" ]' || :
}
# px args...: the test build's -p, whose clock the test moves on; out,
# err, rc
px() {
	"$X" -p "$@" > "$D/out" 2> "$D/err"
	rc=$?
}
# printed rc file: exit status rc and stdout the file's
printed() {
	[ "$rc" -eq "$1" ] && cmp -s "$D/out" "$2"
}
noerr() {
	[ ! -s "$D/err" ]
}
# hdr key file: the value of the cache file's header line "key value"
hdr() {
	while IFS= read -r _l && [ -n "$_l" ]; do
		case $_l in
		"$1 "*) echo "${_l#"$1 "}"; return 0 ;;
		esac
	done < "$2"
}
# cached cache file: the cache ends in file's bytes
cached() {
	set -- "$1" "$2" $(stat -c %s "$1" "$2" 2> /dev/null)
	[ $# -eq 4 ] && [ "$3" -ge "$4" ] && cmp -s -i "$(($3 - $4)):0" "$1" "$2"
}

./lwnrss -p - < "$FEED" > "$D/want1"

# ---- lwnrss -p: the cache and conditional requests ------------------

p - < "$FEED"
check "-p - (standard input) writes no cache" [ ! -d "$XDG_CACHE_HOME/lwnrss" ]

p "$URL"
check "-p: the first fetch prints the feed" printed 0 "$D/want1"
check "-p: ... and nginx answered 200 to a request without validators" \
	lastis '/feed.rdf 200 "-" "-"'
cachefile "$URL"
CF=$cf
check "-p: the feed is cached under XDG_CACHE_HOME/lwnrss/" [ -n "$CF" ]
CF=${CF:-$D/none}
check "-p: the cache holds the body as sent" cached "$CF" "$FEED"
check "-p: the cache directory is private" \
	[ "$(stat -c %a "$XDG_CACHE_HOME/lwnrss")" = 700 ]
cp "$CF" "$D/cache1"

p "$URL"
check "-p again: sends If-None-Match and If-Modified-Since, nginx answers 304" logis "$COND"
check "-p again: prints the cached feed, exit 0, nothing on stderr" eval 'printed 0 "$D/want1" && noerr'
check "-p again: the cache keeps its body and validators byte for byte" eval \
	'cached "$CF" "$FEED" && [ "$(hdr etag "$CF")" = "$(hdr etag "$D/cache1")" ] &&
	 [ "$(hdr lastmod "$CF")" = "$(hdr lastmod "$D/cache1")" ]'
check "-p again: ... and the 304 is when it was last confirmed" \
	[ "$(hdr fetched "$CF")" -ge "$(hdr fetched "$D/cache1")" ]
cp "$CF" "$D/cache1"

# the 304 allows no automatic fetch for 30 minutes: without -f, -p
# prints the cache as it is and asks nothing; -f asks all the same; a
# day later the cache is stale and -p asks, conditionally
logread
n=$NLOG
px "$URL"
check "-p, the cache fresh: the cached feed, exit 0, nothing on stderr" eval \
	'printed 0 "$D/want1" && noerr'
px -f "$URL"
check "-p -f, the cache fresh: the feed, exit 0" printed 0 "$D/want1"
check "-p -f, the cache fresh: a conditional request (304), the one since the -p before" \
	retry eval 'logread; [ "$NLOG" -eq $((n + 1)) ] && logis "$COND"'
later
px "$URL"
retry eval 'logread; [ "$NLOG" -gt $((n + 1)) ]'
check "-p, a day later: a conditional request (304), the cached feed, exit 0" eval \
	'logread; [ "$NLOG" -eq $((n + 2)) ] && logis "$COND" && printed 0 "$D/want1" && noerr'
check "-p, a day later: the 304 allows the next automatic fetch 30 minutes on" \
	[ "$(hdr next "$CF")" -eq $(($(hdr fetched "$CF") + 1800)) ]

# a server that says 503 with Retry-After, then none at all
touch "$D/down"
t0=$(date +%s)
p "$URL"
t1=$(date +%s)
check "-p, server says 503: the cached headlines, exit 2" printed 2 "$D/want1"
check "-p, server says 503: the error and the cache's age on stderr" eval \
	'grep -q "^lwnrss: localhost: HTTP 503" "$D/err" && grep -q "printing the cached headlines, fetched just now" "$D/err"'
# the cache keeps the Retry-After (120 s) beside the body it had
retry=$(hdr retry "$CF")
check "-p, server says 503: the cache keeps its Retry-After, the body as it was" eval \
	'[ "$retry" -ge $((t0 + 120)) ] && [ "$retry" -le $((t1 + 120)) ] && cached "$CF" "$FEED" &&
	 [ "$(hdr etag "$CF")" = "$(hdr etag "$D/cache1")" ]'
cp "$CF" "$D/cache503"
rm -f "$D/down"
ngxstop
p "$URL"
check "-p, server down: the cached headlines, exit 2" printed 2 "$D/want1"
check "-p, server down: says why" grep -q '^lwnrss: localhost: connection refused' "$D/err"
check "-p, server down: the cache is untouched" cmp -s "$CF" "$D/cache503"
px "$URL"
check "-p, server down, the cache fresh: the cached feed, exit 0, no connection tried" eval \
	'printed 0 "$D/want1" && noerr'
p "https://localhost:$PORT/never-fetched.rdf"
check "-p, server down, no cache: nothing printed, exit 1" eval '[ "$rc" -eq 1 ] && [ ! -s "$D/out" ]'

# ---- broken cache files: a warning, never a crash, and a fresh fetch --

ngxstart || { notok "cache: nginx starts again"; exit 1; }
URL=https://localhost:$PORT/feed.rdf

# broken what message: fill the cache file of URL with $D/broken, run
# lwnrss -p: it warns with message, fetches without validators, prints
# the feed and writes a good cache
broken() {
	p "$URL" > /dev/null
	cachefile "$URL"
	f=$cf
	cat "$D/broken" > "$f"
	p "$URL"
	if [ "$rc" -eq 0 ] && cmp -s "$D/out" "$D/want1" &&
	    grep -q "^lwnrss: $f: $2\$" "$D/err" &&
	    lastis '/feed.rdf 200 "-" "-"' &&
	    { read -r line < "$f"; [ "$line" = "lwnrss-cache 3" ]; }; then
		ok "a cache file $1: '$2', fetched anew, rewritten"
	else
		logread
		notok "a cache file $1: rc $rc, log $LAST, stderr: $(cat "$D/err")"
	fi
}
p "$URL"
cachefile "$URL"
CF=$cf
: > "$D/broken"
broken "that is empty" "corrupt cache file ignored"
head -c 300 "$CF" > "$D/broken"
broken "cut short" "corrupt cache file ignored"
{ cat "$CF"; echo extra; } > "$D/broken"
broken "with bytes after the body" "corrupt cache file ignored"
sed 's/^length [0-9]*$/length 99999999999999999999999/' "$CF" > "$D/broken"
broken "with an absurd length" "corrupt cache file ignored"
sed 's/^fetched .*/fetched -5/' "$CF" > "$D/broken"
broken "with a negative time" "corrupt cache file ignored"
head -c 5000 /bin/sh > "$D/broken"
broken "that is a program" "not an lwnrss cache file, ignored"
printf 'lwnrss-cache 4\nurl %s\n' "$URL" > "$D/broken"
broken "of a later format" "not an lwnrss cache file, ignored"
printf 'lwnrss-cache 2\nurl %s\nbase \netag "x"\nlastmod \nfetched 1\nnext 0\nretry 0\nlength 0\n\n' "$URL" > "$D/broken"
broken "of a format no released lwnrss wrote" "not an lwnrss cache file, ignored"
sed 's/^next .*/next 12x/' "$CF" > "$D/broken"
broken "whose next allowed time is no number" "corrupt cache file ignored"
sed 's/^maxage .*/maxage -5/' "$CF" > "$D/broken"
broken "whose max-age is negative" "corrupt cache file ignored"
sed 's/^retry .*/retry 99999999999999999999999/' "$CF" > "$D/broken"
broken "whose Retry-After is too large a number" "corrupt cache file ignored"
sed "s|^url .*|url https://example.org/other|" "$CF" > "$D/broken"
broken "of another URL" "the cache of another URL, ignored"
printf 'lwnrss-cache 3\nurl %s\nbase \netag "x"\nlastmod \nfetched 1\nnext 0\nretry 0\nmaxage -\nexpires -\nlength 14\n\nnot a feed, no' "$URL" > "$D/broken"
p "$URL" > /dev/null
cat "$D/broken" > "$CF"
p "$URL"
check "a cache file whose body is no feed: ignored, no validators sent, fetched anew" eval \
	'printed 0 "$D/want1" && grep -q "cached feed ignored" "$D/err" && lastis "/feed.rdf 200 \"-\" \"-\""'

# ---- an unwritable cache: a warning, not a failure --------------------

# root writes through file modes: a file in the way of the directory
# makes it unwritable for everyone
: > "$D/notadir"
XDG_CACHE_HOME=$D/notadir ./lwnrss -p "$URL" > "$D/out" 2> "$D/err"
rc=$?
check "an unwritable cache directory: the feed, exit 0" printed 0 "$D/want1"
check "an unwritable cache directory: one warning" eval \
	'[ "$(wc -l < "$D/err")" -eq 1 ] && grep -q "cannot write the cache: Not a directory" "$D/err"'
check "... naming the cache file, not its temporary file" eval \
	'grep -q "^lwnrss: $D/notadir/lwnrss/[0-9a-f]\{16\}: cannot write" "$D/err" && ! grep -q "\.tmp" "$D/err"'
if [ "$(id -u)" -ne 0 ]; then
	mkdir -p "$D/ro/lwnrss"
	chmod 555 "$D/ro/lwnrss"
	XDG_CACHE_HOME=$D/ro ./lwnrss -p "$URL" > "$D/out" 2> "$D/err"
	rc=$?
	check "a read-only cache directory: the feed, exit 0, a warning" eval \
		'printed 0 "$D/want1" && grep -q "cannot write the cache" "$D/err"'
	chmod 755 "$D/ro/lwnrss"
fi

# ---- kill -9 in the middle of cache writes ----------------------------

# two large feeds (over a MB, so that writing takes a while), served without
# validators so that every fetch writes; lwnrss -p is killed after a
# random delay, 50 times, alternating the feeds; after each kill the
# cache must load and parse whole: the server says 503, and -p prints
# the cache, exit 2, all items of one feed or the other
bigfeed() {
	awk -v n="$1" 'BEGIN {
		print "<rss><channel><title>big</title>"
		for (i = 0; i < n; i++)
			printf "<item><title>item %d</title><link>https://e/%d</link><description>%0150d</description></item>\n", i, i, 0
		print "</channel></rss>"
	}'
}
bigfeed 5000 > "$D/bigA"
bigfeed 5001 > "$D/bigB"
BIG=https://localhost:$PORT/nocond/big.rdf
# nginx serves a feed under a second name of its file: no copy, and
# none is needed, since nginx opens it only when lwnrss asks
ln -f "$D/bigA" "$D/www/nocond/big.rdf"
# a whole run, timed: the write comes near its end (fetch and parse first)
t0=$(date +%s%N)
./lwnrss -p "$BIG" > /dev/null 2>&1
ms=$((($(date +%s%N) - t0) / 1000000))
cachefile "$BIG"
BF=$cf
check "kill -9: a first large feed ($(wc -c < "$D/bigA") bytes) is cached" [ -n "$BF" ]
# from 0.55 to 1 times a whole run: the end of the fetch, the write; each
# round's, made at once
awk -v p=$$ -v t="$ms" 'BEGIN {
	for (i = 0; i < 50; i++) {
		srand(i p)
		printf "%.3f\n", (0.55 + rand() * 0.45) * t / 1000
	}
}' > "$D/delays"
exec 7< "$D/delays"
bad=0
partial=0
i=0
while [ "$i" -lt 50 ]; do
	if [ $((i % 2)) -eq 0 ]; then src=bigB; else src=bigA; fi
	ln -f "$D/$src" "$D/www/nocond/big.rdf"
	# no temporary file the round before left, and the server up again
	rm -f "${BF:-$D/none}.tmp" "$D/down"
	read -r delay <&7
	./lwnrss -p -f "$BIG" > /dev/null 2>&1 &
	k=$!
	if [ $((i % 4)) -eq 3 ]; then
		# the moment the temporary file has its first bytes, whatever
		# the machine's speed (a sanitized build is much slower); not
		# after lwnrss is gone (a zombie too, which kill -0 would not tell)
		while ! gone "$k" && [ ! -s "${BF:-$D/none}.tmp" ]; do :; done
	else
		sleep "$delay"
	fi
	kill -9 "$k" 2> /dev/null
	wait "$k" 2> /dev/null
	[ -s "${BF:-$D/none}.tmp" ] && partial=$((partial + 1))
	: > "$D/down"
	./lwnrss -p -f "$BIG" > "$D/kout" 2> "$D/kerr"
	krc=$?
	n=$(wc -l < "$D/kout")
	if [ "$krc" -ne 2 ] || has ignored "$D/kerr" ||
	    { [ "$n" -ne 5000 ] && [ "$n" -ne 5001 ]; }; then
		bad=$((bad + 1))
		echo "# iteration $i: exit $krc, $n lines: $(cat "$D/kerr")"
	fi
	i=$((i + 1))
done
exec 7<&-
rm -f "$D/down"
bf=${BF:-none}
echo "# a whole run took $ms ms; $partial of 50 kills left a partly written ${bf##*/}.tmp"
check "kill -9 during cache writes, 50 times: the cache always loads and parses whole" [ "$bad" -eq 0 ]
check "kill -9: at least one kill landed in the middle of a write" [ "$partial" -gt 0 ]
./lwnrss -p -f "$BIG" > "$D/kout" 2> "$D/kerr"
rc=$?
check "kill -9: the next fetch writes, leaving no temporary file behind" \
	eval '[ "$rc" -eq 0 ] && ! ls "$XDG_CACHE_HOME/lwnrss" | grep -q "[.]tmp$"'

# ---- the window ---------------------------------------------------------

# an X server of our own
if ! startx "$D"; then
	notok "cache: Xvfb starts"
	exit 1
fi

# start args...: the test build in the background, a day later; sets PID
# and W.  startnow args...: the same, the clock where it is
start() {
	later
	startnow "$@"
}
startnow() {
	"$X" "$@" < /dev/null > "$D/wout" 2> "$D/werr" &
	PID=$!
	PIDS="$PIDS $PID"
	W=
	i=0
	while [ "$i" -lt 50 ] && ! win; do
		sleep 0.1
		i=$((i + 1))
	done
	[ -n "$W" ] && xdotool windowfocus --sync "$W" 2> /dev/null
}
# win: W, the first window of PID, if it has one yet
win() {
	W=
	xdotool search --pid "$PID" > "$D/wid" 2> /dev/null
	read -r W < "$D/wid"
	[ -n "$W" ]
}
stop() {
	kill "$PID" 2> /dev/null
	wait "$PID" 2> /dev/null
}
hastitle() {
	xprop -id "$W" -notype WM_NAME > "$D/prop" 2> /dev/null
	read -r _l < "$D/prop"
	[ "${_l#*= }" = "\"$1\"" ]
}
# rows k n: a title bar of colour b ($1), then n rows, the k-th selected
rows() {
	re="$1[0-9]+"
	j=1
	while [ "$j" -le "$3" ]; do
		if [ "$j" -eq "$2" ]; then re="$re G[0-9]+ R1"; else re="$re W[0-9]+ R1"; fi
		j=$((j + 1))
	done
	sigis "$re( W[0-9]+)?"
}

# the cache of the window's URL holds the 5-item feed; nginx has it too
p "$URL"
cachefile "$URL"
CF=$cf
cp "$CF" "$D/cache1"
logread
n0=$NLOG
start "$URL"
check "window: the cached headlines, the first selected" retry rows B 1 5
check "window: the window's title is the cached feed's" hastitle "$TITLE"
check "window: then a conditional request, answered 304" \
	retry eval 'logread; [ "$NLOG" -gt "$n0" ] && logis "$COND"'
check "window: after the 304 the cache keeps its body and validators byte for byte" eval \
	'cached "$CF" "$FEED" && [ "$(hdr etag "$CF")" = "$(hdr etag "$D/cache1")" ] &&
	 [ "$(hdr lastmod "$CF")" = "$(hdr lastmod "$D/cache1")" ]'
check "window: ... and the times move on: confirmed now, no automatic fetch for 30 minutes" eval \
	'[ "$(hdr fetched "$CF")" -gt "$(hdr fetched "$D/cache1")" ] &&
	 [ "$(hdr next "$CF")" -eq $(($(hdr fetched "$CF") + 1800)) ]'

logread
n1=$NLOG
kill -HUP "$PID"
check "window: SIGHUP fetches now (304 again), the window stays" \
	retry eval 'logread; [ "$NLOG" -eq $((n1 + 1)) ] && logis "$COND" && kill -0 "$PID"'
xdotool key --clearmodifiers r
check "window: r fetches now" retry eval 'logread; [ "$NLOG" -eq $((n1 + 2)) ] && logis "$COND"'
check "window: still 5 rows, none marked new" sigis 'B[0-9]+ G[0-9]+ R1( W[0-9]+ R1){4}( W[0-9]+)?' 6
check "window: nothing on stderr" [ ! -s "$D/werr" ]

# a new feed on the server: the rows change in place, the new one marked
sed 's|^</channel>$|</channel><item rdf:about="https://example.org/new"><title>A new article</title><link>https://example.org/new</link><dc:date>2024-03-02T09:00:00+00:00</dc:date><dc:creator>frank</dc:creator><description>New.</description></item>|' \
	"$FEED" > "$D/feed2.rdf"
./lwnrss -p - < "$D/feed2.rdf" > "$D/want2"
cp "$D/feed2.rdf" "$D/www/feed.tmp"
mv "$D/www/feed.tmp" "$D/www/feed.rdf"
xdotool key --clearmodifiers j j
retry rows B 3 5 > /dev/null
xdotool key --clearmodifiers r
check "window: a new feed keeps the selected article (now the 4th of 6)" retry rows B 4 6
check "window: nginx sent it whole (200) to the conditional request" \
	logis '^/feed.rdf 200 "\\x22[0-9a-f]+-[0-9a-f]+\\x22" "[A-Z]'
# x=6 is inside the mark, left of the text: on the first row only
check "window: the new article, on top, has the mark" \
	sigis 'B[0-9]+ W[0-9]+ Y[0-9]+ W[0-9]+ R1 W[0-9]+ R1 W[0-9]+ R1 G[0-9]+ R1( W[0-9]+ R1)*( W[0-9]+)?' 6
check "window: the cache now holds the new feed" cached "$CF" "$D/feed2.rdf"
xdotool key --clearmodifiers g Return
check "window: opening the new article clears its mark" \
	retry sigis 'B[0-9]+ G[0-9]+ R1( W[0-9]+ R1){5}( W[0-9]+)?' 6
stop

# the window's fetch has just allowed the next only 30 minutes on: with
# -f the first fetch comes at once all the same
logread
n1=$NLOG
startnow -f "$URL"
check "window -f, the cache fresh: the cached rows, and at once a conditional request (304)" \
	eval 'retry rows B 1 6 && retry eval "logread; [ \$NLOG -gt $n1 ]" && logis "$COND"'
stop

# offline: the cached headlines with the error in the title bar
ngxstop
start "$URL"
check "window, server down: the cached rows under a failed (magenta) title bar" retry rows E 1 6
check "window, server down: the feed's title" hastitle "$TITLE"
check "window, server down: the error on stderr" grep -q '^lwnrss: localhost: connection refused' "$D/werr"
check "window, server down: the cache is untouched" cached "$CF" "$D/feed2.rdf"
stop

# a stalled server: the cache is on screen while the fetch waits
cat > "$D/stall.py" <<'EOF'
import socket, sys, time
s = socket.socket()
s.bind(("127.0.0.1", 0))
s.listen(8)
print(s.getsockname()[1], flush=True)
held = []
while True:
	held.append(s.accept()[0])
EOF
python3 -S "$D/stall.py" > "$D/sport" &
SRV=$!
retry test -s "$D/sport"
read -r sport < "$D/sport"
SURL=https://localhost:$sport/feed.rdf
# the same cache under the stalled server's URL: the file name is the
# URL's 64-bit FNV-1a hash
h=$(python3 -S -c 'import sys
h = 14695981039346656037
for b in sys.argv[1].encode():
	h = ((h ^ b) * 1099511628211) % 2**64
print("%016x" % h)' "$SURL")
sed "s|^url .*|url $SURL|" "$CF" > "$XDG_CACHE_HOME/lwnrss/$h"
# started from a terminal (tests/hangup.py): closing the terminal hangs
# up its whole foreground process group, the fetch child included.
# First, that the hangup is real: it ends a command that does not catch it
mkfifo "$D/hupctl"
python3 -S tests/hangup.py "$D/hup.pid" sleep 30 < "$D/hupctl" &
HUP=$!
exec 8> "$D/hupctl"
retry test -s "$D/hup.pid"
read -r SLEEPER < "$D/hup.pid"
PIDS="$PIDS $SLEEPER"
exec 8>&-
wait "$HUP"
check "a terminal's hangup (tests/hangup.py) ends a command that does not catch it" \
	retry gone "$SLEEPER"
rm -f "$D/hup.pid"
later
python3 -S tests/hangup.py "$D/hup.pid" sh -c 'exec "$0" "$1" 2> "$2"' \
	"$X" "$SURL" "$D/werr" < "$D/hupctl" &
HUP=$!
exec 8> "$D/hupctl"
retry test -s "$D/hup.pid"
read -r PID < "$D/hup.pid"
PIDS="$PIDS $PID"
retry win
check "window, stalled server: the cached rows at once" retry rows B 1 6
check "window, stalled server: the fetch waits in a child" retry eval '[ -n "$(children "$PID")" ]'
FETCH=$(children "$PID" | head -n 1)
exec 8>&-
wait "$HUP"
sleep 0.3
check "window, stalled server: the terminal's hangup leaves the window and its fetch" \
	eval 'kill -0 "$PID" && [ -n "$FETCH" ] && [ "$(children "$PID")" = "$FETCH" ] && ! grep -q "killed by signal" "$D/werr"'
stop

# a corrupt cache file: a warning, and the feed fetched and shown
ngxstart || { notok "cache: nginx starts again"; exit 1; }
URL=https://localhost:$PORT/feed.rdf
p "$URL"
cachefile "$URL"
CF=$cf
head -c 100 "$CF" > "$D/cut"
cat "$D/cut" > "$CF"
start "$URL"
check "window, corrupt cache: the fetched feed" retry rows B 1 6
check "window, corrupt cache: a warning" grep -q "^lwnrss: $CF: corrupt cache file ignored" "$D/werr"
stop

# an unwritable cache: one warning however often it refreshes
XDG_CACHE_HOME=$D/notadir
export XDG_CACHE_HOME
logread
n0=$NLOG
start "$URL"
# the feed, and in the title bar the error colour: the cache is not written
retry rows E 1 6 > /dev/null
# r while a fetch runs starts none: each r waits for the fetch child to end
retry eval 'logread; [ "$NLOG" -eq $((n0 + 1)) ] && [ -z "$(children "$PID")" ]'
xdotool key --clearmodifiers r
retry eval 'logread; [ "$NLOG" -eq $((n0 + 2)) ] && [ -z "$(children "$PID")" ]'
xdotool key --clearmodifiers r
# the validators are the cache's: without one, each fetch asks for all
check "window, unwritable cache: fetched three times, the rows kept, each in full" \
	retry eval 'logread; [ "$NLOG" -eq $((n0 + 3)) ] && lastis "/feed.rdf 200 \"-\" \"-\"" && kill -0 "$PID"'
check "window, unwritable cache: ... the rows still shown, the title bar red" rows E 1 6
sleep 0.3
check "window, unwritable cache: one warning, not one per fetch" \
	[ "$(grep -c 'cannot write the cache' "$D/werr")" -eq 1 ]
stop
exit 0
