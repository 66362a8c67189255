#!/bin/sh
# See LICENSE file for copyright and license details.
# http.sh: http_get against a loopback server that replays canned
# responses (tests/server.py): framing, truncation, limits, codings,
# statuses, redirects, timeouts.  Runs the sanitizer build of the driver
# in tests/http_test, and lwnrss -p for the messages a user sees.
cd "$(dirname "$0")/.." || exit 1
. tests/lib.sh
. tests/tlslib.sh
counting

# a directory of its own: other runs of the tests may be going on at once
D=$(mktemp -d "$T/http.XXXXXX") || exit 1
GET=tests/http_test-san
built lwnrss "$GET"
need python3 timeout
# no certificates: the server starts its plain HTTP listeners alone
startserver "$D" tests/x11-feed.rdf || { notok "test server started"; exit 1; }
trap 'stopserver; [ "$nfail" -eq 0 ] && rm -rf "$D"' EXIT
ok "test server started"
P=$(port plain)
U=http://localhost:$P

# get what want args...: the driver's stdout and stderr together are want
get() {
	what=$1 want=$2
	shift 2
	"$GET" get "$@" > "$D/out" 2> "$D/err"
	rc=$?
	slurp "$D/out" "$D/err"
	if [ "$got" = "$want" ]; then
		ok "$what"
	else
		notok "$what: want \"$want\", got \"$got\" (exit $rc)"
	fi
}

# framing
get "Content-Length" "hello, world" "$U/cl"
get "chunked with extensions and trailers" "hello, world" "$U/chunked"
get "read to close" "read to close" "$U/close"
get "empty body" "" "$U/empty"
get "204 No Content" "" "$U/204"
get "1xx responses are skipped" "after interim" "$U/continue"

# truncation at every framing point
get "no response at all" "localhost: connection closed without a response" \
	"$U/nothing"
get "truncated in the status line" "localhost: response truncated in the status line" \
	"$U/trunc-status"
get "truncated in the header" "localhost: response truncated in the header" "$U/trunc-head"
get "truncated body" "localhost: response truncated after 5 of 10 bytes" "$U/trunc-cl"
get "truncated in a chunk size" \
	"localhost: response truncated after 0 bytes (chunked, no last chunk)" "$U/trunc-size"
get "truncated in chunk data" \
	"localhost: response truncated after 3 bytes (chunked, no last chunk)" "$U/trunc-chunk"
get "truncated before a chunk's CRLF" \
	"localhost: response truncated after 5 bytes (chunked, no last chunk)" "$U/trunc-crlf"
get "truncated before the last chunk" \
	"localhost: response truncated after 5 bytes (chunked, no last chunk)" "$U/trunc-last"
get "truncated in the trailer" "localhost: response truncated in the trailer" \
	"$U/trunc-trailer"

# limits and refusals
get "oversized header" "localhost: response header is larger than 65536 bytes" "$U/bighead"
get "too many header lines" "localhost: more than 100 header lines" "$U/manyheaders"
get "oversized body (Content-Length)" \
	"localhost: response is larger than the 1000000 byte limit" -m 1000000 "$U/bigbody"
get "oversized body (read to close)" \
	"localhost: response is larger than the 1000000 byte limit" -m 1000000 "$U/bigclose"
get "oversized body (chunk size)" \
	"localhost: response is larger than the 1000000 byte limit" -m 1000000 "$U/bigchunk"
"$GET" get "$U/bigbody" 2> "$D/err" | wc -c > "$D/n"
check "a body of 2 MB within an 8 MB limit" grep -qx 2000000 "$D/n"
get "gzip is refused" "localhost: unsupported Content-Encoding: gzip" "$U/gzip"
get "conflicting Content-Length" "localhost: conflicting Content-Length headers" \
	"$U/badlength"
get "HTTP/2 is refused" "localhost: malformed status line" "$U/http2"

# framing: Transfer-Encoding (RFC 9112 6.1, 6.3), Content-Length (6.3),
# chunk lines (7.1.1); bare LF ends head lines (2.2)
get "Transfer-Encoding: identity is refused" \
	"localhost: unsupported Transfer-Encoding: identity" "$U/te-identity"
get "an empty Transfer-Encoding is refused" "localhost: empty Transfer-Encoding" "$U/te-empty"
get "an unknown transfer coding is refused" "localhost: unsupported Transfer-Encoding: br" \
	"$U/te-unknown"
get "chunked not last is refused" "localhost: chunked is not the last Transfer-Encoding" \
	"$U/te-notlast"
get "chunked in HTTP/1.0 is refused" "localhost: Transfer-Encoding in an HTTP/1.0 response" \
	"$U/te-http10"
get "Transfer-Encoding with Content-Length is refused" \
	"localhost: both Transfer-Encoding and Content-Length in the response" "$U/te-and-cl"
get "Content-Length \",\" is refused, not read to close" "localhost: malformed Content-Length" \
	"$U/cl-comma"
get "Content-Length 5,6 is refused" "localhost: conflicting Content-Length headers" "$U/cl-differ"
get "Content-Length +5 is refused" "localhost: malformed Content-Length" "$U/cl-sign"
get "Content-Length with a space inside is refused" "localhost: malformed Content-Length" \
	"$U/cl-space"
get "Content-Length 12, 12 is taken" "hello, world" "$U/cl-list"
get "chunk extensions with white space and quoted strings" "hello, world" "$U/chunk-ext"
get "a chunk extension that is no token is refused" "localhost: malformed chunk extension" \
	"$U/chunk-ext-bad"
get "white space at the end of a chunk size line is refused" \
	"localhost: malformed chunk extension (white space at the end)" "$U/chunk-ws"
get "a bare LF after a chunk size is refused" "localhost: bare LF after a chunk size" \
	"$U/chunk-lf"
get "bare LF line ends in the status line and header" "hello, world" "$U/bare-lf"
get "not HTTP at all" "localhost: not an HTTP/1.x response" "$U/garbage"

# statuses
get "304 Not Modified" "" -e '"v1"' "$U/304"
check "304: exit status 3 (http_get returns 1)" [ "$rc" -eq 3 ]
get "404" "localhost: HTTP 404 Not Found" "$U/404"
get "500" "localhost: HTTP 500 Internal Server Error" "$U/500"
"$GET" get -v "$U/503" > /dev/null 2> "$D/err"
check "Retry-After: 120 is reported" grep -qx "retryafter 120" "$D/err"

# the request: Host with the port, User-Agent, Accept, validators
"$GET" get -e '"abc"' -l 'Sun, 06 Nov 1994 08:49:37 GMT' "$U/echo" > "$D/req"
check "request: GET line and Host with the port" \
	sh -c "head -2 '$D/req' | tr -d '\r' | tr '\n' '|' | grep -qx 'GET /echo HTTP/1.1|Host: localhost:$P|'"
check "request: User-Agent, Accept-Encoding, Connection" \
	sh -c "tr -d '\r' < '$D/req' | grep -qx 'User-Agent: lwnrss/[0-9.]*' &&
		tr -d '\r' < '$D/req' | grep -qx 'Accept-Encoding: identity' &&
		tr -d '\r' < '$D/req' | grep -qx 'Connection: close'"
check "request: If-None-Match and If-Modified-Since" \
	sh -c "tr -d '\r' < '$D/req' | grep -qx 'If-None-Match: \"abc\"' &&
		tr -d '\r' < '$D/req' | grep -qx 'If-Modified-Since: Sun, 06 Nov 1994 08:49:37 GMT'"

# redirects
get "relative redirect" "hello, world" "$U/redir-rel"
get "relative redirect with .. and a fragment" "hello, world" \
	"$U/dir/redir-dotdot"
"$GET" get -v "$U/dir/redir-dotdot" 2> "$D/err" > /dev/null
check "... lands on /cl?x=1" grep -qx "url $U/cl?x=1" "$D/err"
get "absolute redirect" "hello, world" "$U/redir-abs"
get "a chain of 5 redirects is followed" "end of chain" "$U/chain/3"
get "a chain of 6 redirects is too long" "localhost: too many redirects (more than 5)" \
	"$U/chain/2"
"$GET" get -v "$U/chain/2" > /dev/null 2> "$D/err"
check "... the last status, 302, is reported" grep -qx "status 302" "$D/err"
get "redirect limit 0" "localhost: too many redirects (more than 0)" -r 0 "$U/redir-rel"
get "redirect loop" "localhost: redirect loop ($U/loop-a)" "$U/loop-a"
get "redirect to itself" "localhost: redirect loop ($U/redir-self)" "$U/redir-self"
get "redirect without Location" "localhost: HTTP 302 Found" "$U/redir-none"

# connecting and deadlines
get "connection refused" "localhost: connection refused" "http://localhost:$(port closed)/"
get "connect timeout" "localhost: connection timed out after 0.5 s" -c 500 \
	"http://localhost:$(port full)/"
get "connect bounded by the total deadline" "localhost: timed out after 0.7 s" \
	-c 5000 -t 700 "http://localhost:$(port full)/"
start=$(date +%s)
get "a stalled server hits the deadline" "localhost: timed out after 1 s" -t 1000 "$U/stall"
get "a dripping server hits the deadline" "localhost: timed out after 1 s" -t 1000 "$U/drip"
check "... both within the deadline" [ $(($(date +%s) - start)) -le 4 ]
if [ -n "$(port plain6)" ]; then
	get "an IPv6 literal" "hello, world" "http://[::1]:$(port plain6)/cl"
	"$GET" get "http://[::1]:$(port plain6)/echo" > "$D/req"
	check "... Host has the brackets and the port" \
		sh -c "tr -d '\r' < '$D/req' | grep -qx 'Host: \[::1\]:$(port plain6)'"
fi
get "unknown host" "nonexistent.invalid: cannot resolve host name: Name or service not known" \
	"http://nonexistent.invalid/"

# what a user of lwnrss -p sees; refused LINE: it exited 1 ($rc), its
# stderr LINE alone
refused() {
	slurp "$D/err"
	[ "$rc" -eq 1 ] && [ "$got" = "$1" ]
}
./lwnrss -p "$U/404" > "$D/out" 2> "$D/err"
rc=$?
check "lwnrss -p: HTTP 404 is one line, exit 1" refused 'lwnrss: localhost: HTTP 404 Not Found'
./lwnrss -p "$U/gzip" > "$D/out" 2> "$D/err"
rc=$?
check "lwnrss -p: gzip refused, exit 1" \
	refused 'lwnrss: localhost: unsupported Content-Encoding: gzip'
./lwnrss -p "ftp://lwn.net/" > "$D/out" 2> "$D/err"
rc=$?
check "lwnrss -p: other schemes refused, exit 1" \
	refused 'lwnrss: ftp://lwn.net/: not an http:// or https:// URL'

# a standard output that cannot take the lines: exit 1 and why, for a
# feed fetched and for the cache that fetch left, printed as it is
full="lwnrss: stdout: No space left on device"
./lwnrss -p -f "$U/feed" > /dev/full 2> "$D/err"
rc=$?
check "lwnrss -p -f, standard output full: exit 1, said" refused "$full"
./lwnrss -p "$U/feed" > /dev/full 2> "$D/err"
rc=$?
check "lwnrss -p, the cache printed, standard output full: exit 1, said" refused "$full"
./lwnrss -p -f "$U/feed" 2> "$D/err" >&-
rc=$?
check "lwnrss -p -f, standard output closed: exit 1, said" \
	refused 'lwnrss: stdout: Bad file descriptor'

echo "$npass passed, $nfail failed"
