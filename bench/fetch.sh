#!/bin/sh
# See LICENSE file for copyright and license details.
# fetch.sh: fetch an LWN-sized feed (25 items, about 30 KB) over HTTPS on
# loopback with `lwnrss -p URL` and with `curl -s --cacert BUNDLE URL`,
# side by side under hyperfine: wall, user and system time.  Both trust
# the same bundle: Debian's system CAs plus a test CA made here, whose
# intermediate issued the server's certificate for "localhost".  The
# server is nginx.  A second pair of rows fetches the same through a
# local tinyproxy (CONNECT): lwnrss with https_proxy set, curl --proxy.
# A third puts beside curl `lwnrss -p URL` from a fresh cache, which
# prints the cached feed and makes no connection, and `lwnrss -v`, which
# does nothing but start: the floor of any run.
# Run from anywhere; writes the table to stdout and, with -w, to
# bench/fetch.txt.
#
#   bench/fetch.sh [-w] [runs]
#
# lwnrss is built in a temporary directory from the tree's sources and
# config.def.h, so a user's config.h does not change the figures.
set -e
cd "$(dirname "$0")/.."
top=$(pwd)

write=0
if [ "$1" = "-w" ]; then
	write=1
	shift
fi
runs=${1:-50}
system=/etc/ssl/certs/ca-certificates.crt

for tool in nginx curl hyperfine openssl python3 make cc tinyproxy valgrind; do
	command -v "$tool" >/dev/null 2>&1 || [ -x "/usr/sbin/$tool" ] || {
		echo "fetch.sh: $tool is missing (make deps installs it)" >&2
		exit 1
	}
done
[ -r "$system" ] || { echo "fetch.sh: no $system" >&2; exit 1; }
nginx=$(command -v nginx || echo /usr/sbin/nginx)

# no cache but the third pair's: with one, lwnrss would print it while
# fresh, or send validators and get a 304, and the first two pairs'
# figures are of the fetch itself
unset XDG_CACHE_HOME HOME
# no proxy but the one a row names: a no_proxy=localhost of the user's
# would send the proxy rows direct, an https_proxy the direct ones through
unset https_proxy HTTPS_PROXY http_proxy all_proxy ALL_PROXY no_proxy NO_PROXY

tmp=$(mktemp -d "${TMPDIR:-/tmp}/lwnrss-fetch.XXXXXX")
ngxpid=
tppid=
cleanup() {
	[ -n "$ngxpid" ] && kill "$ngxpid" 2>/dev/null
	[ -n "$tppid" ] && kill "$tppid" 2>/dev/null
	rm -rf "$tmp"
}
trap cleanup EXIT INT TERM

# lwnrss and the x509_test driver (for the CA load figure), built apart
mkdir "$tmp/src" "$tmp/src/tests"
cp ./*.c ./*.h config.mk Makefile "$tmp/src/"
cp tests/x509_test.c tests/check.h "$tmp/src/tests/"
cp config.def.h "$tmp/src/config.h"
make -s -C "$tmp/src" lwnrss tests/x509_test >/dev/null
lwnrss=$tmp/src/lwnrss

# certificates, and the bundle both clients trust
. tests/tlslib.sh
mkcerts "$tmp/certs"
cat "$system" "$tmp/certs/ca.pem" > "$tmp/bundle.pem"
nca=$(grep -c 'BEGIN CERTIFICATE' "$tmp/bundle.pem")

# an LWN-sized RSS 1.0 feed: 25 items with escaped HTML descriptions
mkdir "$tmp/www"
awk 'BEGIN {
	print "<?xml version=\"1.0\" encoding=\"utf-8\"?>"
	print "<rdf:RDF xmlns:rdf=\"http://www.w3.org/1999/02/22-rdf-syntax-ns#\""
	print "  xmlns=\"http://purl.org/rss/1.0/\""
	print "  xmlns:dc=\"http://purl.org/dc/elements/1.1/\""
	print "  xmlns:syn=\"http://purl.org/rss/1.0/modules/syndication/\">"
	print "  <channel rdf:about=\"https://lwn.net\">"
	print "    <title>LWN.net</title>"
	print "    <link>https://lwn.net</link>"
	print "    <description>LWN.net is a comprehensive source of news and opinions from and about the Linux community.</description>"
	print "    <syn:updatePeriod>hourly</syn:updatePeriod>"
	print "    <syn:updateFrequency>2</syn:updateFrequency>"
	print "    <items><rdf:Seq>"
	for (i = 1; i <= 25; i++)
		printf "      <rdf:li resource=\"https://lwn.net/Articles/%d/rss\" />\n", 1000000 + i
	print "    </rdf:Seq></items>"
	print "  </channel>"
	for (i = 1; i <= 25; i++) {
		printf "  <item rdf:about=\"https://lwn.net/Articles/%d/rss\">\n", 1000000 + i
		printf "    <title>%sArticle number %d about the kernel and its community</title>\n", \
		    i % 3 ? "" : "[$] ", i
		printf "    <link>https://lwn.net/Articles/%d/rss</link>\n", 1000000 + i
		printf "    <description>\n      &lt;p&gt;"
		for (j = 0; j < 6; j++)
			printf "The developers discussed the patch set on the mailing list; &lt;a href=\"https://lwn.net/Articles/%d/\"&gt;more&lt;/a&gt;&amp;nbsp;follows. ", 900000 + j
		printf "&lt;/p&gt;\n    </description>\n"
		printf "    <dc:date>2024-03-%02dT%02d:00:00+00:00</dc:date>\n", i % 28 + 1, i % 24
		print "    <dc:creator>corbet</dc:creator>"
		print "  </item>"
	}
	print "</rdf:RDF>"
}' > "$tmp/www/feed"
size=$(wc -c < "$tmp/www/feed")

# nginx on a port the kernel picks, one process, TLS 1.2 and 1.3
port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
mkdir "$tmp/ngx"
cat > "$tmp/nginx.conf" <<EOF
daemon off;
master_process off;
worker_processes 1;
pid $tmp/ngx/nginx.pid;
error_log $tmp/ngx/error.log;
events { worker_connections 256; }
http {
	access_log off;
	client_body_temp_path $tmp/ngx/body;
	proxy_temp_path $tmp/ngx/proxy;
	fastcgi_temp_path $tmp/ngx/fastcgi;
	uwsgi_temp_path $tmp/ngx/uwsgi;
	scgi_temp_path $tmp/ngx/scgi;
	default_type application/rss+xml;
	server {
		listen 127.0.0.1:$port ssl;
		server_name localhost;
		ssl_certificate $tmp/certs/chain.pem;
		ssl_certificate_key $tmp/certs/key.pem;
		ssl_protocols TLSv1.2 TLSv1.3;
		root $tmp/www;
	}
}
EOF
"$nginx" -p "$tmp/ngx" -c "$tmp/nginx.conf" -e "$tmp/ngx/error.log" &
ngxpid=$!
url=https://localhost:$port/feed
i=0
until curl -s -o /dev/null --cacert "$tmp/bundle.pem" "$url"; do
	i=$((i + 1))
	[ $i -lt 50 ] || { echo "fetch.sh: nginx did not start" >&2; cat "$tmp/ngx/error.log" >&2; exit 1; }
	sleep 0.1
done

# both must fetch the feed before they are timed
n=$(SSL_CERT_FILE=$tmp/bundle.pem "$lwnrss" -p "$url" | wc -l)
[ "$n" -eq 25 ] || { echo "fetch.sh: lwnrss -p printed $n items, not 25" >&2; exit 1; }
curl -s --cacert "$tmp/bundle.pem" "$url" | cmp -s - "$tmp/www/feed" ||
	{ echo "fetch.sh: curl did not fetch the feed" >&2; exit 1; }
ca=$("$tmp/src/tests/x509_test" ca "$system" 50)
curltls=$(curl -sv -o /dev/null --cacert "$tmp/bundle.pem" "$url" 2>&1 |
	sed -n 's/.*SSL connection using \(TLSv[0-9.]*\).*/\1/p' | head -1)

# tinyproxy on another free port, CONNECT to nginx's only
pport=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
printf 'Port %s\nListen 127.0.0.1\nTimeout 30\nMaxClients 64\nAllow 127.0.0.1\nConnectPort %s\nLogLevel Connect\nLogFile "%s"\n' \
	"$pport" "$port" "$tmp/tinyproxy.log" > "$tmp/tinyproxy.conf"
tinyproxy -d -c "$tmp/tinyproxy.conf" > "$tmp/tinyproxy.out" 2>&1 &
tppid=$!
proxy=http://127.0.0.1:$pport
i=0
until curl -s -o /dev/null --proxy "$proxy" --cacert "$tmp/bundle.pem" "$url"; do
	i=$((i + 1))
	[ $i -lt 50 ] || { echo "fetch.sh: tinyproxy did not start" >&2; cat "$tmp/tinyproxy.out" >&2; exit 1; }
	sleep 0.1
done
c0=$(grep -c CONNECT "$tmp/tinyproxy.log")
n=$(https_proxy=$proxy SSL_CERT_FILE=$tmp/bundle.pem "$lwnrss" -p "$url" | wc -l)
[ "$n" -eq 25 ] || { echo "fetch.sh: lwnrss -p through the proxy printed $n items" >&2; exit 1; }
[ "$(grep -c CONNECT "$tmp/tinyproxy.log")" -gt "$c0" ] ||
	{ echo "fetch.sh: lwnrss -p did not go through the proxy" >&2; exit 1; }

# a cache of the feed, fresh for 30 minutes (the floor, and the feed's
# syn: hints): from it lwnrss -p prints 25 items and connects nowhere,
# not even to the proxy, whose log would show it
cache=$tmp/xdg
n=$(XDG_CACHE_HOME=$cache SSL_CERT_FILE=$tmp/bundle.pem "$lwnrss" -p "$url" | wc -l)
[ "$n" -eq 25 ] || { echo "fetch.sh: lwnrss -p to fill its cache printed $n items" >&2; exit 1; }
c0=$(grep -c CONNECT "$tmp/tinyproxy.log")
n=$(XDG_CACHE_HOME=$cache https_proxy=$proxy SSL_CERT_FILE=$tmp/bundle.pem "$lwnrss" -p "$url" | wc -l)
[ "$n" -eq 25 ] && [ "$(grep -c CONNECT "$tmp/tinyproxy.log")" -eq "$c0" ] ||
	{ echo "fetch.sh: lwnrss -p from a fresh cache printed $n items or connected" >&2; exit 1; }
# its instructions and those of a bare start, which the machine's load
# does not move as it moves wall times
ir() {
	valgrind --tool=callgrind --callgrind-out-file=/dev/null "$@" 2>&1 >/dev/null |
		sed -n 's/.*Collected : \([0-9]*\).*/\1/p'
}
irfresh=$(XDG_CACHE_HOME=$cache ir "$lwnrss" -p "$url")
irstart=$(ir "$lwnrss" -v)
load=$(cut -d' ' -f1-3 /proc/loadavg)

export SSL_CERT_FILE="$tmp/bundle.pem"
hyperfine -N -w 5 -r "$runs" --export-json "$tmp/h.json" \
	-n "lwnrss -p URL" "$lwnrss -p $url" \
	-n "curl -s --cacert BUNDLE URL" "curl -s --cacert $tmp/bundle.pem $url" \
	> "$tmp/hyperfine.out" 2>&1 || { cat "$tmp/hyperfine.out" >&2; exit 1; }
https_proxy=$proxy hyperfine -N -w 5 -r "$runs" --export-json "$tmp/p.json" \
	-n "https_proxy=P lwnrss -p URL" "$lwnrss -p $url" \
	-n "curl -s --proxy P --cacert B URL" "curl -s --proxy $proxy --cacert $tmp/bundle.pem $url" \
	> "$tmp/hyperfine-proxy.out" 2>&1 || { cat "$tmp/hyperfine-proxy.out" >&2; exit 1; }
XDG_CACHE_HOME=$cache hyperfine -N -w 5 -r "$runs" --export-json "$tmp/c.json" \
	-n "lwnrss -p URL, its cache fresh" "$lwnrss -p $url" \
	-n "curl -s --cacert BUNDLE URL" "curl -s --cacert $tmp/bundle.pem $url" \
	-n "lwnrss -v (its start alone)" "$lwnrss -v" \
	> "$tmp/hyperfine-cache.out" 2>&1 || { cat "$tmp/hyperfine-cache.out" >&2; exit 1; }

table() {
	echo "fetch: lwnrss -p vs curl, one HTTPS GET on loopback, and -p from a fresh cache ($(date -u +%Y-%m-%d))"
	echo
	echo "  server:  nginx, TLS 1.2 and 1.3; P-256 certificate for localhost sent with"
	echo "           its intermediate CA, as real servers do"
	echo "  feed:    25 items, $size bytes (RSS 1.0, LWN-shaped)"
	echo "  trust:   $nca CAs (Debian's bundle plus the test CA) for both"
	echo "  lwnrss:  BearSSL 0.6, TLSv1.2; curl: $(curl --version | head -1 | cut -d' ' -f2,5), $curltls"
	echo "  machine: $(uname -m), $(getconf _NPROCESSORS_ONLN) CPUs, $(uname -sr)"
	echo "  CA load: $ca"
	echo "  fresh:   lwnrss -p URL from a fresh cache, $irfresh instructions;"
	echo "           lwnrss -v, $irstart (callgrind)"
	echo "  load:    $load (1, 5, 15 min), before the timing"
	echo
	python3 - "$tmp/h.json" "$tmp/p.json" "$tmp/c.json" <<'EOF'
import json, sys
print("| %-32s | %17s | %8s | %8s | %8s | %7s |" %
      ("command", "wall ms (mean±sd)", "min ms", "user ms", "sys ms", "vs curl"))
print("|%s|%s|%s|%s|%s|%s|" % ("-" * 34, "-" * 19, "-" * 10, "-" * 10, "-" * 10, "-" * 9))
for f in sys.argv[1:]:
    r = json.load(open(f))["results"]
    base = r[1]["mean"]
    for x in r:
        print("| %-32s | %8.1f ± %6.1f | %8.1f | %8.1f | %8.1f | %6.2fx |" %
              (x["command"], x["mean"] * 1e3, x["stddev"] * 1e3, x["min"] * 1e3,
               x["user"] * 1e3, x["system"] * 1e3, x["mean"] / base))
EOF
	echo
	echo "  $runs runs each after 5 warm-ups, in three runs of hyperfine, one per pair"
	echo "  (P: tinyproxy 1.11 on loopback, CONNECT to nginx; B: BUNDLE; the third"
	echo "  with XDG_CACHE_HOME=DIR, a cache that one lwnrss -p URL filled before):"
	echo "  SSL_CERT_FILE=BUNDLE hyperfine -N -w 5 -r $runs \\"
	echo "      'lwnrss -p https://localhost:PORT/feed' \\"
	echo "      'curl -s --cacert BUNDLE https://localhost:PORT/feed'"
	echo "  SSL_CERT_FILE=BUNDLE https_proxy=P hyperfine -N -w 5 -r $runs \\"
	echo "      'lwnrss -p https://localhost:PORT/feed' \\"
	echo "      'curl -s --proxy P --cacert BUNDLE https://localhost:PORT/feed'"
	echo "  SSL_CERT_FILE=BUNDLE XDG_CACHE_HOME=DIR hyperfine -N -w 5 -r $runs \\"
	echo "      'lwnrss -p https://localhost:PORT/feed' \\"
	echo "      'curl -s --cacert BUNDLE https://localhost:PORT/feed' 'lwnrss -v'"
	echo "  made by: bench/fetch.sh -w $runs"
}

if [ "$write" -eq 1 ]; then
	table | tee "$top/bench/fetch.txt"
else
	table
fi
