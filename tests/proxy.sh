#!/bin/sh
# See LICENSE file for copyright and license details.
# proxy.sh: lwnrss -p and http_get through proxies on 127.0.0.1: Debian's
# tinyproxy without and with Basic authentication, one that stalls, one
# that is not there.  https goes through CONNECT and is verified against
# the real host; http goes in absolute form; credentials never show.
cd "$(dirname "$0")/.." || exit 1
. tests/lib.sh
. tests/tlslib.sh
counting

D=$(mktemp -d "$T/proxy.XXXXXX") || exit 1
GET=tests/http_test-san
built lwnrss "$GET"
need openssl python3 tinyproxy
mkcerts "$D" || { notok "test certificates made with openssl"; exit 1; }
printf '<rss version="2.0"><channel><title>T</title><item><title>Through</title><link>https://lwn.net/Articles/1/</link></item></channel></rss>\n' > "$D/feed.rss"
printf 'Through\thttps://lwn.net/Articles/1/\n' > "$D/feed.want"
startserver "$D" "$D/feed.rss" || { notok "test server started"; exit 1; }
PIDS=
trap 'stopserver; for p in $PIDS; do kill "$p" 2>/dev/null; done; [ "$nfail" -eq 0 ] && rm -rf "$D"; true' EXIT
TLS=$(port tls)
PLAIN=$(port plain)

# One python3 for the proxies of our own, each on a port the kernel picks:
# one that takes the connection and the request, and never answers
# (stall); one that refuses every request for its credentials, with 407
# (deny); one that reads the request and hangs up without a word
# (hangup).  It names their ports in $D/fake.ports once they listen, and
# two free ports for the tinyproxies, found as any free port is: bound,
# then let go
python3 -S -c '
import os, socket, sys, threading, time
def answer(c, how):
    req = b""
    while b"\r\n\r\n" not in req:
        b = c.recv(4096)
        if not b:
            break
        req += b
    if how == "deny":
        c.sendall(b"HTTP/1.1 407 Proxy Authentication Required\r\n"
                  b"Proxy-Authenticate: Basic realm=\"lwnrss\"\r\nContent-Length: 0\r\n\r\n")
    c.close()
def serve(s, how):
    conns = []
    while True:
        c = s.accept()[0]
        if how == "stall":
            conns.append(c)
        else:
            threading.Thread(target=answer, args=(c, how), daemon=True).start()
out = []
for how in ("stall", "deny", "hangup"):
    s = socket.socket()
    s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    s.bind(("127.0.0.1", 0))
    s.listen(8)
    out.append(s.getsockname()[1])
    threading.Thread(target=serve, args=(s, how), daemon=True).start()
free = [socket.socket() for _ in range(2)]
for f in free:
    f.bind(("127.0.0.1", 0))
    out.append(f.getsockname()[1])
    f.close()
with open(sys.argv[1] + ".tmp", "w") as f:
    f.write(" ".join(map(str, out)) + "\n")
os.rename(sys.argv[1] + ".tmp", sys.argv[1])
time.sleep(120)
' "$D/fake.ports" &
PIDS="$PIDS $!"
retry [ -s "$D/fake.ports" ]
read -r STALL DENY HANGUP FREE1 FREE2 < "$D/fake.ports"

# says FILE TEXT: a line of FILE has TEXT
says() {
	while IFS= read -r _l; do
		case $_l in
		*"$2"*) return 0 ;;
		esac
	done 2> /dev/null < "$1"
	return 1
}

# tinyproxy NAME PORT [CONFIG LINES]: a tinyproxy of our own on PORT, a free
# one, in $PORT once it listens (it logs so); CONNECT only to the TLS test
# server's port
tinyproxy_start() {
	n=$1 PORT=$2
	shift 2
	{
		echo "Port $PORT"
		echo "Listen 127.0.0.1"
		echo "Timeout 10"
		echo "LogFile \"$PWD/$D/$n.log\""
		echo "LogLevel Info"
		echo "MaxClients 20"
		echo "Allow 127.0.0.1"
		echo "ConnectPort $TLS"
		echo "ConnectPort $(port wrongname)"
		for l in "$@"; do echo "$l"; done
	} > "$D/$n.conf"
	tinyproxy -d -c "$D/$n.conf" > "$D/$n.out" 2>&1 &
	PIDS="$PIDS $!"
	retry says "$D/$n.log" "Accepting connections"
}

tinyproxy_start open "$FREE1" && OPEN=$PORT || { notok "tinyproxy started"; exit 1; }
tinyproxy_start auth "$FREE2" "BasicAuth user s3cret" && AUTH=$PORT ||
	{ notok "tinyproxy started"; exit 1; }
ok "two tinyproxies started"

CLOSED=$(port closed)

# lwnrss -p URL with the environment given before it; its cache in $X, a
# directory of its own each run, none there yet (no rm a run)
runs=0
lwnrss() {
	runs=$((runs + 1))
	X=$PWD/$D/xdg.$runs
	XDG_CACHE_HOME=$X SSL_CERT_FILE=$D/ca.pem ./lwnrss -p "$@" > "$D/out" 2> "$D/err"
	rc=$?
}

# feed: lwnrss printed the feed; refused LINE: it exited 1 saying LINE alone
feed() {
	[ "$rc" -eq 0 ] && cmp -s "$D/out" "$D/feed.want"
}
refused() {
	slurp "$D/err"
	[ "$rc" -eq 1 ] && [ "$got" = "$1" ]
}

# get what want args...: the driver's stdout and stderr together are want
get() {
	what=$1 want=$2
	shift 2
	SSL_CERT_FILE=$D/ca.pem "$GET" get "$@" > "$D/gout" 2> "$D/gerr"
	slurp "$D/gout" "$D/gerr"
	if [ "$got" = "$want" ]; then
		ok "$what"
	else
		notok "$what: want \"$want\", got \"$got\""
	fi
}

unset http_proxy https_proxy HTTPS_PROXY HTTP_PROXY no_proxy NO_PROXY ALL_PROXY all_proxy

# https through CONNECT, verified against the real host
n0=$(grep -c "CONNECT localhost:$TLS" "$D/open.log")
https_proxy=http://127.0.0.1:$OPEN lwnrss "https://localhost:$TLS/feed"
check "https through tinyproxy: the feed" feed
check "... it went through CONNECT localhost:$TLS" \
	[ "$(grep -c "CONNECT localhost:$TLS" "$D/open.log")" -gt "$n0" ]
HTTPS_PROXY=http://127.0.0.1:$OPEN lwnrss "https://localhost:$TLS/feed"
check "HTTPS_PROXY is read too" feed
https_proxy=http://127.0.0.1:$OPEN get "https through the proxy checks the real host name" \
	"localhost: certificate is for another host name" "https://localhost:$(port wrongname)/cl"
https_proxy=127.0.0.1:$OPEN get "a proxy without a scheme is http://" "hello, world" \
	"https://localhost:$TLS/cl"

# http in absolute form: tinyproxy passes it on with its Via header
http_proxy=http://127.0.0.1:$OPEN "$GET" get "http://localhost:$PLAIN/echo" > "$D/req" 2>&1
check "http through tinyproxy: the request arrives through it (Via)" \
	sh -c "tr -d '\r' < '$D/req' | grep -q '^Via: 1.1 .*tinyproxy'"
check "... tinyproxy got the absolute form" \
	grep -q "Request (file descriptor [0-9]*): GET http://localhost:$PLAIN/echo HTTP/1.1" "$D/open.log"
HTTP_PROXY=http://127.0.0.1:$STALL get "HTTP_PROXY is ignored, as curl does (CGI sets it)" \
	"hello, world" -t 3000 "http://localhost:$PLAIN/cl"

# the environment as lwnrss itself reads it (http_proxyenv), each rule
# with the refusing proxy where a wrong reading would end
denied() {
	slurp "$D/err"
	[ "$rc" -eq 1 ] && [ "$got" = \
		"lwnrss: localhost: proxy 127.0.0.1:$DENY requires authentication (407 Proxy Authentication Required)" ]
}
HTTP_PROXY=http://127.0.0.1:$DENY lwnrss "http://localhost:$PLAIN/feed"
check "lwnrss: HTTP_PROXY is ignored, as curl does" feed
https_proxy=http://127.0.0.1:$OPEN HTTPS_PROXY=http://127.0.0.1:$DENY lwnrss "https://localhost:$TLS/feed"
check "lwnrss: https_proxy comes before HTTPS_PROXY" feed
https_proxy= HTTPS_PROXY=http://127.0.0.1:$DENY lwnrss "https://localhost:$TLS/feed"
check "lwnrss: ... an empty https_proxy counts as unset" denied
ALL_PROXY=http://127.0.0.1:$DENY lwnrss "https://localhost:$TLS/feed"
check "lwnrss: ALL_PROXY for https without https_proxy" denied
all_proxy=http://127.0.0.1:$OPEN ALL_PROXY=http://127.0.0.1:$DENY lwnrss "http://localhost:$PLAIN/feed"
check "lwnrss: all_proxy before ALL_PROXY, for http too" feed
http_proxy=http://127.0.0.1:$OPEN all_proxy=http://127.0.0.1:$DENY lwnrss "http://localhost:$PLAIN/feed"
check "lwnrss: http_proxy before all_proxy" feed
no_proxy=example.org NO_PROXY=localhost https_proxy=http://127.0.0.1:$DENY lwnrss "https://localhost:$TLS/feed"
check "lwnrss: no_proxy comes before NO_PROXY" denied
NO_PROXY=localhost https_proxy=http://127.0.0.1:$DENY lwnrss "https://localhost:$TLS/feed"
check "lwnrss: NO_PROXY alone is read" feed

# credentials: percent-decoded, sent as Basic, never shown
https_proxy=http://user:s3cr%65t@127.0.0.1:$AUTH lwnrss "https://localhost:$TLS/feed"
check "https through tinyproxy with Basic authentication: the feed" \
	feed
check "... the cache holds no credential" eval '[ -d "$X" ] && ! grep -rq s3cr "$X"'
http_proxy=http://user:s3cr%65t@127.0.0.1:$AUTH get "http through tinyproxy with credentials" \
	"hello, world" "http://localhost:$PLAIN/cl"
https_proxy=http://127.0.0.1:$AUTH lwnrss "https://localhost:$TLS/feed"
check "no credentials: 407, one line" refused \
	"lwnrss: localhost: proxy 127.0.0.1:$AUTH requires authentication (407 Proxy Authentication Required)"
# tinyproxy answers wrong credentials with 401, not 407: the status is named
https_proxy=http://user:wrongpass@127.0.0.1:$AUTH lwnrss "https://localhost:$TLS/feed"
check "wrong credentials: the proxy's refusal, one line, no password" refused \
	"lwnrss: localhost: proxy 127.0.0.1:$AUTH refused CONNECT to localhost:$TLS: 401 Unauthorized"
http_proxy=http://user:wrongpass@127.0.0.1:$AUTH lwnrss "http://localhost:$PLAIN/feed"
check "wrong credentials over http: one line, no password" sh -c "[ $rc -eq 1 ] && \
[ \$(wc -l < '$D/err') -eq 1 ] && ! grep -q wrongpass '$D/err' '$D/out'"

https_proxy=http://user:wrongpass@127.0.0.1:$DENY get "a 407 to CONNECT with credentials" \
	"localhost: proxy 127.0.0.1:$DENY refused the credentials (407 Proxy Authentication Required)" \
	"https://localhost:$TLS/cl"
http_proxy=http://user:wrongpass@127.0.0.1:$DENY get "a 407 to a plain request with credentials" \
	"localhost: proxy 127.0.0.1:$DENY refused the credentials (407 Proxy Authentication Required)" \
	"http://localhost:$PLAIN/cl"

# no_proxy goes direct (the proxy named would stall)
no_proxy=example.org,localhost https_proxy=http://127.0.0.1:$STALL lwnrss "https://localhost:$TLS/feed"
check "no_proxy naming the host goes direct" feed
NO_PROXY='*' https_proxy=http://127.0.0.1:$STALL lwnrss "https://localhost:$TLS/feed"
check "NO_PROXY=* goes direct" feed

# failures, each one line
https_proxy=http://127.0.0.1:$OPEN get "a refused CONNECT names the proxy's status" \
	"localhost: proxy 127.0.0.1:$OPEN refused CONNECT to localhost:$(port chain): 403 Access violation" \
	"https://localhost:$(port chain)/cl"
https_proxy=http://127.0.0.1:$OPEN SSL_CERT_FILE=$D/ca.pem "$GET" get -v \
	"https://localhost:$(port chain)/cl" > /dev/null 2> "$D/gerr"
check "... and leaves no status: the proxy's is no server's" grep -qx "status 0" "$D/gerr"
https_proxy=http://127.0.0.1:$HANGUP get "a proxy that hangs up on CONNECT" \
	"localhost: proxy 127.0.0.1:$HANGUP: connection closed without a response" \
	"https://localhost:$TLS/cl"
https_proxy=http://127.0.0.1:$CLOSED get "an unreachable proxy" \
	"localhost: cannot reach proxy 127.0.0.1:$CLOSED: connection refused" "https://localhost:$TLS/cl"
start=$(date +%s)
https_proxy=http://127.0.0.1:$STALL get "a stalling proxy hits the deadline" \
	"localhost: proxy 127.0.0.1:$STALL: timed out after 1.5 s" -t 1500 \
	"https://localhost:$TLS/cl"
http_proxy=http://127.0.0.1:$STALL get "a stalling proxy for http hits the deadline" \
	"localhost: timed out after 1.5 s (through proxy 127.0.0.1:$STALL)" -t 1500 \
	"http://localhost:$PLAIN/cl"
check "... both within the deadline" [ $(($(date +%s) - start)) -le 5 ]
https_proxy=https://127.0.0.1:$OPEN get "an https:// proxy is refused as unsupported" \
	"localhost: https:// proxies are not supported; use an http:// proxy" \
	"https://localhost:$TLS/cl"

# the proxy is chosen per hop: http direct, then the https redirect through it
n0=$(grep -c "CONNECT localhost:$TLS" "$D/open.log")
https_proxy=http://127.0.0.1:$OPEN get "a redirect to https takes the https proxy" "hello, world" \
	"http://localhost:$PLAIN/redir-tls"
check "... through CONNECT" [ "$(grep -c "CONNECT localhost:$TLS" "$D/open.log")" -gt "$n0" ]

echo "$npass passed, $nfail failed"
