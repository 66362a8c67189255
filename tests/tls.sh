#!/bin/sh
# See LICENSE file for copyright and license details.
# tls.sh: lwnrss -p and http_get against HTTPS servers on 127.0.0.1 with
# certificates made here: a good one prints the feed, every bad one fails
# with its own message and exit status 1.  No network beyond loopback.
cd "$(dirname "$0")/.." || exit 1
. tests/lib.sh
. tests/tlslib.sh
counting

# a directory of its own: other runs of the tests may be going on at once
D=$(mktemp -d "$T/tls.XXXXXX") || exit 1
GET=tests/http_test-san
built lwnrss "$GET"
need openssl python3
mkcerts "$D" && mkpolicy "$D" && mkprofile "$D" ||
	{ notok "test certificates made with openssl"; exit 1; }
cat "$D/ca.pem" "$D/rsaca.pem" "$D/ncroot.pem" "$D/plroot.pem" "$D/oldroot-ca.pem" > "$D/cas.pem"
ok "test certificates made with openssl"

cat > "$D/feed.rdf" <<'EOF'
<?xml version="1.0" encoding="utf-8"?>
<rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"
 xmlns="http://purl.org/rss/1.0/" xmlns:dc="http://purl.org/dc/elements/1.1/">
<channel rdf:about="https://lwn.net"><title>LWN.net</title><link>https://lwn.net</link>
<description>LWN.net is a comprehensive source of news and opinions</description></channel>
<item rdf:about="https://lwn.net/Articles/1/"><title>[$] First article</title>
<link>https://lwn.net/Articles/1/</link><dc:date>2024-03-01T12:00:00+00:00</dc:date></item>
<item rdf:about="https://lwn.net/Articles/2/"><title>Security updates for Friday</title>
<link>https://lwn.net/Articles/2/</link></item>
</rdf:RDF>
EOF
printf '[$] First article\thttps://lwn.net/Articles/1/\nSecurity updates for Friday\thttps://lwn.net/Articles/2/\n' \
	> "$D/feed.want"

startserver "$D" "$D/feed.rdf" || { notok "test server started"; exit 1; }
trap 'stopserver; [ "$nfail" -eq 0 ] && rm -rf "$D"' EXIT
ok "test server started"
TLS=$(port tls)

# lwnrss -p URL: stdout into $D/out, stderr into $D/err, the status into rc;
# each run without a cache, which a failure would print (tests/cache.sh): a
# directory of its own each, none there yet (no rm a run)
runs=0
lwnrss() {
	runs=$((runs + 1))
	XDG_CACHE_HOME=$PWD/$D/xdg.$runs SSL_CERT_FILE=${CA-$D/ca.pem} ./lwnrss -p "$@" > "$D/out" 2> "$D/err"
	rc=$?
}

# fed: lwnrss printed the feed
fed() {
	[ "$rc" -eq 0 ] && cmp -s "$D/out" "$D/feed.want"
}

# fails what message url: lwnrss -p url exits 1 saying exactly "lwnrss: message"
fails() {
	lwnrss "$3"
	slurp "$D/err"
	if [ "$rc" -eq 1 ] && [ "$got" = "lwnrss: $2" ] && [ ! -s "$D/out" ]; then
		ok "$1: $2"
	else
		notok "$1: want \"lwnrss: $2\", exit 1; got exit $rc: $got"
	fi
}

lwnrss "https://localhost:$TLS/feed"
check "the good server: lwnrss -p prints the feed" eval '[ ! -s "$D/err" ] && fed'

lwnrss "https://localhost:$(port chain)/feed"
check "a chain through an intermediate CA: the feed" fed
lwnrss "https://localhost:$(port rsa)/feed"
check "an RSA certificate: the feed" fed

fails "expired certificate" "localhost: certificate has expired" \
	"https://localhost:$(port expired)/feed"
fails "not yet valid certificate" "localhost: certificate is not yet valid" \
	"https://localhost:$(port notyet)/feed"
fails "certificate for another name" "localhost: certificate is for another host name" \
	"https://localhost:$(port wrongname)/feed"
fails "self-signed certificate" "localhost: certificate is self-signed and not trusted" \
	"https://localhost:$(port selfsigned)/feed"
fails "certificate from an unknown CA" \
	"localhost: certificate is not trusted (unknown issuer)" \
	"https://localhost:$(port unknownca)/feed"
fails "server with TLS 1.3 only" \
	"localhost: server wants TLS 1.3 only (lwnrss speaks TLS 1.2)" \
	"https://localhost:$(port tls13)/feed"
fails "server with no cipher suite in common" \
	"localhost: server offers no TLS 1.2 cipher suite lwnrss accepts: ECDHE with AES-GCM or ChaCha20-Poly1305, SHA-256 or better signatures" \
	"https://localhost:$(port nocipher)/feed"
fails "https to an IP address is refused, not fetched unverified" \
	"127.0.0.1: https to an IP address cannot be verified; use the host name" \
	"https://127.0.0.1:$TLS/feed"
fails "user name and password in the URL" \
	"localhost: user names and passwords in URLs are refused" \
	"https://me:secret@localhost:$TLS/feed"
fails "an https to http redirect is refused" \
	"localhost: refusing redirect from https to http (http://localhost:$(port plain)/cl)" \
	"https://localhost:$TLS/redir-down"

# verdict NAME: what openssl verify says of the chain NAME.pem, its output
# in $D/NAME.verify: v is ok, or "no N" with N its first error
# (X509_V_ERR_...), so that a chain broken in another way than meant cannot
# pass; e is that error's line.  Debian's OpenSSL runs TLS at security
# level 2 (openssl.cnf), which is what -auth_level 2 applies to a chain: no
# SHA-1, no RSA under 2048 bits
verdict() {
	if [ -f "$D/$1.verify" ]; then
		_s=1
		read -r _l < "$D/$1.verify"
		case $_l in
		*": OK") _s=0 ;;
		esac
		verdictof "$D/$1.verify" "$_s"
		return
	fi
	sslverify "$D/$1.verify" -x509_strict -auth_level 2 -purpose sslserver \
	    -verify_hostname localhost -CAfile "$D/cas.pem" -untrusted "$D/$1.pem" \
	    "$D/$1.pem"
}

# The chains of one certificate are verified by one openssl verify (a
# process costs 24 ms), their certificates its untrusted ones (a leaf's
# own name is no issuer's: none is a candidate for another's path), each
# one's lines in $D/NAME.verify for verdict: what it writes to standard
# error up to its "error FILE: verification failed", or its "FILE: OK"
onecert() {
	_n=0
	while IFS= read -r _l; do
		case $_l in
		-----BEGIN\ CERTIFICATE-----) _n=$((_n + 1)) ;;
		esac
	done < "$D/$1.pem"
	[ "$_n" -eq 1 ]
}
set --
while IFS='|' read -r name msg want; do
	onecert "$name" && set -- "$@" "$D/$name.pem"
done <<EOF
good|
rsa|
$POLICY
$PROFILE
EOF
cat "$@" > "$D/single.pem"
openssl verify -x509_strict -auth_level 2 -purpose sslserver -verify_hostname localhost \
	-CAfile "$D/cas.pem" -untrusted "$D/single.pem" "$@" > "$D/single.out" 2> "$D/single.err"
b=
while IFS= read -r l; do
	b="$b$l
"
	case $l in
	"error $D/"*".pem: verification failed")
		l=${l#error }
		printf '%s' "$b" > "${l%.pem: verification failed}.verify"
		b=
		;;
	esac
done < "$D/single.err"
while IFS= read -r l; do
	case $l in
	"$D/"*".pem: OK") printf '%s\n' "$l" > "${l%.pem: OK}.verify" ;;
	esac
done < "$D/single.out"

# the good chains: openssl verify accepts them, and so does lwnrss
for c in good chain rsa; do
	verdict "$c"
	check "openssl verify accepts $c.pem" [ "$v" = ok ]
done

# the certificate policy: every chain refused with its own words, after
# openssl verify confirmed what each certificate is (tlslib.sh, POLICY
# and PROFILE)
while IFS='|' read -r name msg want; do
	verdict "$name"
	check "openssl verify: $name.pem is $want (${e:-OK})" [ "$v" = "$want" ]
	if [ -n "$msg" ]; then
		CA=$D/cas.pem fails "policy: $name" "localhost: $msg" "https://localhost:$(port "$name")/feed"
	else
		CA=$D/cas.pem lwnrss "https://localhost:$(port "$name")/feed"
		check "policy: $name is accepted: the feed" fed
	fi
done <<EOF
$POLICY
$PROFILE
EOF

# what openssl verify names after its first error (in the loop above):
# the intermediate's own empty subject; the anchor's missing key
# identifier, which lwnrss allows
check "openssl verify: inter-nosubject.pem's intermediate has an empty subject (84 at depth 1)" \
	grep -q '^error 84 at 1 depth' "$D/inter-nosubject.verify"
check "openssl verify: oldroot.pem's anchor has no subject key identifier (86 at depth 1)" \
	grep -q '^error 86 at 1 depth' "$D/oldroot.verify"

# a refusal is told to the server: the alert arrives, not a bare reset
check "the server sees an alert for a refused EKU: unsupported certificate" \
	grep -q '^eku-client: .*ALERT_UNSUPPORTED_CERTIFICATE' "$D/server.log"
check "the server sees an alert for an expired certificate: certificate expired" \
	grep -q '^expired: .*ALERT_CERTIFICATE_EXPIRED' "$D/server.log"
check "the server sees an alert for an unknown CA: unknown ca" \
	grep -q '^unknownca: .*ALERT_UNKNOWN_CA' "$D/server.log"
check "the server sees an alert for a missing key identifier: bad certificate" \
	grep -q '^noaki: .*ALERT_BAD_CERTIFICATE' "$D/server.log"
check "the server sees an alert for a critical authorityInfoAccess: unsupported certificate" \
	grep -q '^aia-critical: .*ALERT_UNSUPPORTED_CERTIFICATE' "$D/server.log"

# servers that refuse all our suites: the message names what lwnrss requires
fails "server limited to RSA key exchange" \
	"localhost: server offers no TLS 1.2 cipher suite lwnrss accepts: ECDHE with AES-GCM or ChaCha20-Poly1305, SHA-256 or better signatures" \
	"https://localhost:$(port rsakx)/feed"
fails "server limited to CBC suites" \
	"localhost: server offers no TLS 1.2 cipher suite lwnrss accepts: ECDHE with AES-GCM or ChaCha20-Poly1305, SHA-256 or better signatures" \
	"https://localhost:$(port cbc)/feed"

# a server that signs only with SHA-1 refuses our suites as the others do;
# on port 0 s_server says "ACCEPT 127.0.0.1:PORT" once it listens
openssl s_server -accept 127.0.0.1:0 -cert "$D/good.pem" -key "$D/key.pem" -tls1_2 \
	-sigalgs ECDSA+SHA1 -cipher 'DEFAULT:@SECLEVEL=0' -www < /dev/null > "$D/s_server.log" 2>&1 &
SSERVER=$!
trap 'kill "$SSERVER" 2>/dev/null; stopserver; [ "$nfail" -eq 0 ] && rm -rf "$D"' EXIT
accepting() {
	while read -r _a _p; do
		case $_a in
		ACCEPT) SHA1SIG=${_p##*:} && return 0 ;;
		esac
	done 2> /dev/null < "$D/s_server.log"
	return 1
}
SHA1SIG=
retry accepting
fails "server that signs its key exchange with SHA-1 only" \
	"localhost: server offers no TLS 1.2 cipher suite lwnrss accepts: ECDHE with AES-GCM or ChaCha20-Poly1305, SHA-256 or better signatures" \
	"https://localhost:$SHA1SIG/"
check "... openssl s_server saw no shared signature algorithm" \
	grep -q 'no shared signature algorithms' "$D/s_server.log"

# the trust anchors: SSL_CERT_FILE, a missing file, the system bundle
CA=$D/nonexistent.pem fails "missing CA file" \
	"localhost: $D/nonexistent.pem: No such file or directory" "https://localhost:$TLS/feed"
if [ -r /etc/ssl/certs/ca-certificates.crt ]; then
	CA=/etc/ssl/certs/ca-certificates.crt fails "the system bundle does not trust the test CA" \
		"localhost: certificate is not trusted (unknown issuer)" "https://localhost:$TLS/feed"
	cat /etc/ssl/certs/ca-certificates.crt "$D/ca.pem" > "$D/bundle.pem"
	CA=$D/bundle.pem lwnrss "https://localhost:$TLS/feed"
	check "the system bundle plus the test CA: the feed" fed
	CA=$D/bundle.pem lwnrss "https://localhost:$(port chain)/feed"
	check "the system bundle plus the test CA, through an intermediate: the feed" fed
fi
CA= lwnrss "https://localhost:$TLS/feed"
check "an empty SSL_CERT_FILE means the configured CA file" \
	eval '[ "$rc" -eq 1 ] && grep -q "not trusted" "$D/err"'

# get what want args...: the driver's stdout (or, on failure, stderr) is want
get() {
	what=$1 want=$2
	shift 2
	SSL_CERT_FILE=$D/ca.pem "$GET" get "$@" > "$D/gout" 2> "$D/gerr"
	grc=$?
	slurp "$D/gout" "$D/gerr"
	if [ "$got" = "$want" ]; then
		ok "$what"
	else
		notok "$what: want \"$want\", got \"$got\" (exit $grc)"
	fi
}

# SNI is always sent; a trailing dot is dropped before SNI and the name check
get "TLS: SNI carries the host name" "localhost" "https://localhost:$TLS/sni"
get "TLS: a trailing dot is dropped for SNI and the name check" "localhost" \
	"https://LocalHost.:$TLS/sni"

# HTTP over TLS: framing is decided by HTTP, not by close_notify
get "TLS: Content-Length" "hello, world" "https://localhost:$TLS/cl"
get "TLS: chunked with extensions and trailers" "hello, world" "https://localhost:$TLS/chunked"
get "TLS: read to close without close_notify" "read to close" "https://localhost:$TLS/close"
get "TLS: read to close with close_notify" "close_notify" "https://localhost:$TLS/close-notify"
get "TLS: truncated body" "localhost: response truncated after 5 of 10 bytes" \
	"https://localhost:$TLS/trunc-cl"
get "TLS: redirect to https is followed" "hello, world" "https://localhost:$TLS/redir-rel"
get "TLS: http to https redirect is followed" "hello, world" \
	"http://localhost:$(port plain)/redir-tls"
get "TLS: the bad certificates under the sanitizers" \
	"localhost: certificate has expired" "https://localhost:$(port expired)/cl"
get "TLS: self-signed under the sanitizers" \
	"localhost: certificate is self-signed and not trusted" \
	"https://localhost:$(port selfsigned)/cl"
get "TLS: a chain through an intermediate under the sanitizers" "hello, world" \
	"https://localhost:$(port chain)/cl"
get "TLS: an RSA certificate under the sanitizers" "hello, world" \
	"https://localhost:$(port rsa)/cl"
get "TLS: TLS 1.3 only under the sanitizers" \
	"localhost: server wants TLS 1.3 only (lwnrss speaks TLS 1.2)" \
	"https://localhost:$(port tls13)/cl"

# a server that drips a byte every 0.3 s is cut off by the total deadline
start=$(date +%s)
get "TLS: a dripping server is cut off at the deadline" \
	"localhost: timed out after 1.5 s" -t 1500 "https://localhost:$TLS/drip"
check "TLS: ... within the deadline" [ $(($(date +%s) - start)) -le 3 ]

# the ETag and Last-Modified arrive, and are sent back
SSL_CERT_FILE=$D/ca.pem "$GET" get -v "https://localhost:$TLS/validators" > /dev/null 2> "$D/gerr"
check "TLS: ETag and Last-Modified are returned" \
	eval 'grep -qx "etag \"abc\"" "$D/gerr" && grep -qx "lastmod Sun, 06 Nov 1994 08:49:37 GMT" "$D/gerr"'

echo "$npass passed, $nfail failed"
