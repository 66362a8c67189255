#!/bin/sh
# See LICENSE file for copyright and license details.
# chain.sh: certificate paths, fetched with lwnrss -p from HTTPS servers
# on 127.0.0.1 with certificates made here: name constraints on every
# certificate of the path, their cost and their malformed shapes, path
# building that backtracks past a dead end, more certificates sent than
# the path needs; and copies of the system bundle's roots.  Each chain
# is judged by openssl verify first, so that one broken in another way
# than meant cannot pass.  No network beyond loopback.
cd "$(dirname "$0")/.." || exit 1
. tests/lib.sh
. tests/tlslib.sh
counting

D=$(mktemp -d "$T/chain.XXXXXX") || exit 1
# whatever lwnrss would read or write of the user's is here instead
HOME=$(pwd)/$D/home XDG_CACHE_HOME=$(pwd)/$D/xdg XDG_STATE_HOME=$(pwd)/$D/state
XDG_CONFIG_HOME=$(pwd)/$D/config XDG_DATA_HOME=$(pwd)/$D/data
export HOME XDG_CACHE_HOME XDG_STATE_HOME XDG_CONFIG_HOME XDG_DATA_HOME
XT=tests/x509_test-san
GET=tests/http_test-san
built lwnrss "$XT" "$GET"
need openssl python3

# mkca NAME EXT ISSUER [SAN [FROM [TO [KEY]]]]: a CA certificate NAME.pem
# with the extensions of section EXT, issued with the section ISSUER, for
# the subject "CN=lwnrss test KEY" and the key KEY.key (NAME and a key
# made here by default), SAN for the sections that take one, valid FROM
# TO (-1 day, +30 days); and a section NAME of ca.cnf that issues with it
# and KEY.key.  NAME may be several names, "NAME1 NAME2...": as many
# certificates of KEY's one request, issued by one openssl ca (24 ms a
# process) into a directory of their own, one a name (they differ only in
# serial number and signature: which is whose does not matter)
mkca() {
	n=$1 ext=$2 iss=$3 san=${4:-DNS:localhost} from=${5:--1 day} to=${6:-+30 days} k=${7:-$1}
	if [ ! -f "$D/$k.key" ]; then
		newreq "$D" "$k.key" "/CN=lwnrss test $k" "$k.csr" || return 1
	elif [ ! -f "$D/$k.csr" ]; then
		openssl req -new -key "$D/$k.key" -subj "/CN=lwnrss test $k" -out "$D/$k.csr" \
			2>>"$D/openssl.log" || return 1
	fi
	dates "$from" "$to"
	case $n in
	*" "*) ;;
	*)
		SAN=$san openssl ca -config "$D/ca.cnf" -batch -notext -name "$iss" \
			-in "$D/$k.csr" -out "$D/$n.pem" -extensions "$ext" $validity \
			2>>"$D/openssl.log" &&
		casection "$D" "$n" "$k"
		return
		;;
	esac
	set --
	for _cn in $n; do
		set -- "$@" "$D/$k.csr"
	done
	mkdir "$D/$k.out" &&
	SAN=$san openssl ca -config "$D/ca.cnf" -batch -notext -name "$iss" \
		-out "$D/$k.certs" -outdir "$D/$k.out" -extensions "$ext" $validity \
		-infiles "$@" 2>>"$D/openssl.log" || return 1
	set -- $n
	for _cf in "$D/$k.out"/*.pem; do
		[ $# -gt 0 ] && [ -f "$_cf" ] || return 1
		while IFS= read -r _cl; do
			printf '%s\n' "$_cl"
		done < "$_cf" > "$D/$1.pem"
		casection "$D" "$1" "$k"
		shift
	done
	[ $# -eq 0 ]
}

# chainof NAME ISSUER CERT...: a leaf for localhost (key.pem) issued with
# the section ISSUER, and NAME.pem: the leaf, then each CERT.pem, in the
# order a server sends them
chainof() {
	cn=$1 ci=$2
	shift 2
	casign "$D" "$ci" "-1 day" "+30 days" "$cn-leaf.pem" DNS:localhost || return 1
	for cc in "$@"; do
		set -- "$@" "$D/$cc.pem"
		shift
	done
	cat "$D/$cn-leaf.pem" "$@" > "$D/$cn.pem"
}

mkchains() {
	mkcerts "$D" || return 1
	# the sections of the CAs below; DER: raw encodings of the shapes
	# openssl's syntax cannot write; ncmany: 2,048 subtrees
	cat >> "$D/ca.cnf" <<'CNF'
[ ca_san ]
basicConstraints = critical,CA:TRUE
keyUsage = critical,keyCertSign,cRLSign
subjectAltName = $ENV::SAN
[ nc_bad ]
basicConstraints = critical,CA:TRUE
keyUsage = critical,keyCertSign,cRLSign
nameConstraints = critical,excluded;DNS:bad.example
[ nc_local ]
basicConstraints = critical,CA:TRUE
keyUsage = critical,keyCertSign,cRLSign
nameConstraints = critical,permitted;DNS:localhost
[ nc_dir ]
basicConstraints = critical,CA:TRUE
keyUsage = critical,keyCertSign,cRLSign
nameConstraints = critical,permitted;dirName:ncdir
[ nc_many ]
basicConstraints = critical,CA:TRUE
keyUsage = critical,keyCertSign,cRLSign
nameConstraints = critical,@ncmany
[ nc_empty ]
basicConstraints = critical,CA:TRUE
keyUsage = critical,keyCertSign,cRLSign
nameConstraints = critical,DER:30:00
[ nc_lists ]
basicConstraints = critical,CA:TRUE
keyUsage = critical,keyCertSign,cRLSign
nameConstraints = critical,DER:30:04:a0:00:a1:00
[ nc_dot ]
basicConstraints = critical,CA:TRUE
keyUsage = critical,keyCertSign,cRLSign
nameConstraints = critical,excluded;DNS:.bad.example
[ leaf_nc ]
basicConstraints = critical,CA:FALSE
keyUsage = critical,digitalSignature
extendedKeyUsage = serverAuth
subjectAltName = $ENV::SAN
nameConstraints = critical,permitted;DNS:localhost
CNF
	awk 'BEGIN { print "[ ncmany ]"
		for (i = 1; i <= 2048; i++) print "excluded;DNS." i " = x" i ".example" }' \
		>> "$D/ca.cnf"

	# name constraints on the whole path: an intermediate below a CA
	# (or an anchor) whose constraints its own names break
	mkca up nc_bad test && mkca low ca_san up DNS:bad.example &&
		chainof nc-path-excluded low low up || return 1
	mkca up2 nc_local test && mkca low2 ca_san up2 DNS:other.example &&
		chainof nc-path-permitted low2 low2 up2 || return 1
	mkca up3 nc_dir test && mkca low3 inter_plain up3 &&
		chainof nc-path-dirname low3 low3 up3 || return 1
	mkroot "$D" ncroot "nameConstraints=critical,excluded;DNS:bad.example" &&
		mkca low4 ca_san ncroot DNS:bad.example && chainof nc-path-anchor low4 low4 ||
		return 1
	mkca low5 ca_san up2 DNS:localhost && chainof nc-path-within low5 low5 up2 || return 1

	# 2,048 subtrees over a leaf of 2,048 names
	mkca ncmany nc_many test &&
		casign "$D" ncmany "-1 day" "+30 days" nc-many-leaf.pem \
		"$(awk 'BEGIN { printf "DNS:localhost"
			for (i = 1; i < 2048; i++) printf ",DNS:h%d.localhost", i }')" &&
		cat "$D/nc-many-leaf.pem" "$D/ncmany.pem" > "$D/nc-many.pem" || return 1

	# malformed constraints, and constraints in a leaf
	for c in nc-empty:nc_empty nc-lists:nc_lists nc-dot:nc_dot; do
		mkca "${c%%:*}-ca" "${c#*:}" test && chainof "${c%%:*}" "${c%%:*}-ca" "${c%%:*}-ca" ||
			return 1
	done
	casign "$D" test "-1 day" "+30 days" leaf-nc-leaf.pem DNS:localhost leaf_nc &&
		cp "$D/leaf-nc-leaf.pem" "$D/leaf-nc.pem" || return 1

	# intermediates of one name and key, "bt": bt.pem leads to the
	# anchor, and each other one is a dead end sent before it: expired,
	# issued by a CA nobody trusts, signed by an impostor of the
	# anchor's name, or issued by an anchor whose constraints exclude
	# localhost
	mkroot "$D" lhroot "nameConstraints=critical,excluded;DNS:localhost" &&
	openssl req -new -x509 -key "$D/otherca.key" -out "$D/impostor.pem" -days 30 \
		-subj "/CN=lwnrss test ca" -addext basicConstraints=critical,CA:TRUE \
		-addext keyUsage=critical,keyCertSign,cRLSign 2>>"$D/openssl.log" &&
		casection "$D" impostor otherca &&
	mkca bt inter_plain test &&
	mkca bt-expired inter_plain test "" "-3 days" "-1 day" bt &&
	mkca bt-untrusted inter_plain other "" "" "" bt &&
	mkca bt-badsig inter_plain impostor "" "" "" bt &&
	mkca bt-nc inter_plain lhroot "" "" "" bt || return 1
	for c in expired untrusted badsig nc; do
		chainof "backtrack-$c" bt "bt-$c" bt || return 1
	done
	chainof backtrack-none bt bt-expired bt-untrusted || return 1

	# four certificates at each of eight layers, all of one name and
	# key a layer, each signed by the layer above, the top one by a CA
	# nobody trusts: 4^8 paths to try, and none leads anywhere
	set --
	up=other
	for l in 8 7 6 5 4 3 2 1; do
		mkca "layer$l-1 layer$l-2 layer$l-3 layer$l-4" inter_plain "$up" "" "" "" "layer$l" ||
			return 1
		set -- "$@" "layer$l-1" "layer$l-2" "layer$l-3" "layer$l-4"
		up=layer$l-1
	done
	chainof budget layer1-1 "$@" || return 1

	# ten certificates of which the path takes two (and the anchor)
	chainof many inter otherca ncroot lhroot up up2 up3 low low2 inter || return 1

	# eleven certificates in a line to the anchor; and over 100 KiB of them
	set --
	up=test
	for i in 1 2 3 4 5 6 7 8 9 10; do
		mkca "deep$i" inter_plain "$up" || return 1
		set -- "deep$i" "$@"
		up=deep$i
	done
	chainof toodeep deep10 "$@" &&
		chainof toobig inter ncmany ncmany ncmany inter
}

mkchains || { notok "test certificates made with openssl"; exit 1; }
cat "$D/ca.pem" "$D/ncroot.pem" "$D/lhroot.pem" > "$D/cas.pem"
ok "test certificates made with openssl"

cat > "$D/feed.rdf" <<'EOF'
<?xml version="1.0" encoding="utf-8"?>
<rss version="2.0"><channel><title>LWN.net</title><link>https://lwn.net</link>
<item><title>A chain that passed</title><link>https://lwn.net/Articles/1/</link></item>
</channel></rss>
EOF
printf 'A chain that passed\thttps://lwn.net/Articles/1/\n' > "$D/feed.want"

startserver "$D" "$D/feed.rdf" || { notok "test server started"; exit 1; }
trap 'stopserver; [ "$nfail" -eq 0 ] && rm -rf "$D"' EXIT
ok "test server started"

# lwnrss -p URL: stdout into $D/out, stderr into $D/err, the status into rc;
# each run without a cache: a directory of its own each, none there yet (no
# rm a run)
runs=0
lwnrss() {
	runs=$((runs + 1))
	XDG_CACHE_HOME=$PWD/$D/xdg.$runs SSL_CERT_FILE=$D/cas.pem ./lwnrss -p "$@" > "$D/out" 2> "$D/err"
	rc=$?
}

# verdict NAME [CHAIN]: what openssl verify says of NAME-leaf.pem with the
# certificates of CHAIN.pem (NAME.pem, as the server sends them), in v:
# ok, or "no N" with N its first error (X509_V_ERR_...); e is its line
verdict() {
	sslverify "$D/verify.out" -x509_strict -auth_level 2 -purpose sslserver \
	    -verify_hostname localhost -CAfile "$D/cas.pem" -untrusted "$D/${2:-$1}.pem" \
	    "$D/$1-leaf.pem"
}

# fed: lwnrss printed the feed
fed() {
	[ "$rc" -eq 0 ] && cmp -s "$D/out" "$D/feed.want"
}

# Each chain, the message lwnrss refuses it with ("" when it accepts it),
# and what openssl verify says (ok, or "no N", N its first error).  They
# differ where OpenSSL checks less: it reads empty name constraints, a
# DNS constraint with a leading dot and constraints in a leaf as nothing
# wrong (Go's crypto/x509 refuses the empty ones), and takes a path of
# any length and a chain of any size (its TLS client refuses more than
# 100 KiB of certificates; mozilla::pkix refuses more than six
# intermediates).  And where OpenSSL does not backtrack: it takes the
# first intermediate of the issuer's name and stops there when it leads
# nowhere, unless it is the one of the two out of date (20: unable to get
# the issuer locally; 48: excluded by the constraints); mozilla::pkix and
# Go try the next one.
: > "$D/want"
while IFS='|' read -r name msg want; do
	echo "$D/$name.pem: ${msg:-certificate accepted}" >> "$D/want"
	verdict "$name"
	check "openssl verify: $name.pem is $want (${e:-OK})" [ "$v" = "$want" ]
	lwnrss "https://localhost:$(port "$name")/feed"
	if [ -n "$msg" ]; then
		slurp "$D/err"
		if [ "$rc" -eq 1 ] && [ "$got" = "lwnrss: localhost: $msg" ] && [ ! -s "$D/out" ]; then
			ok "$name: $msg"
		else
			notok "$name: want \"lwnrss: localhost: $msg\", exit 1; got exit $rc: $got"
		fi
	else
		check "$name is accepted: the feed" fed
	fi
done <<'EOF'
nc-path-excluded|an issuer's name not allowed by the name constraints of a CA above it|no 48
nc-path-permitted|an issuer's name not allowed by the name constraints of a CA above it|no 47
nc-path-dirname|an issuer's name not allowed by the name constraints of a CA above it|no 47
nc-path-anchor|an issuer's name not allowed by the name constraints of a CA above it|no 48
nc-path-within||ok
nc-many|too many names and name constraints to check (over 2^20 pairs)|no 1
nc-empty|an issuer's name constraints are empty, which RFC 5280 forbids|ok
nc-lists|an issuer's name constraints are empty, which RFC 5280 forbids|ok
nc-dot|an issuer's DNS name constraint starts with a dot, which RFC 5280 does not allow|ok
leaf-nc|certificate has name constraints, which only a CA certificate may have|ok
backtrack-expired||ok
backtrack-untrusted||no 20
backtrack-badsig||no 20
backtrack-nc||no 48
backtrack-none|an issuer's certificate has expired|no 20
budget|gave up building a certificate path (over 100 signatures to check)|no 20
many||ok
toodeep|certificate chain is longer than 10 certificates to a trusted one|ok
toobig|certificate chain is too large|ok
EOF

# the same chains under the sanitizers, without TLS (and so without the
# bound on bytes, which the engine applies as they arrive)
grep -v '/toobig.pem: ' "$D/want" > "$D/want.san"
sed 's/: .*//' "$D/want.san" | xargs "$XT" verify localhost "$D/cas.pem" | sed 1d > "$D/got"
check "the same verdicts from x509_verify under the sanitizers" cmp -s "$D/want.san" "$D/got"

# the engine's bound on bytes, not on the count, under the sanitizers
SSL_CERT_FILE=$D/cas.pem "$GET" get "https://localhost:$(port many)/feed" > "$D/gout" 2>&1
check "under the sanitizers: ten certificates for a path of three" cmp -s "$D/gout" "$D/feed.rdf"
SSL_CERT_FILE=$D/cas.pem "$GET" get "https://localhost:$(port toobig)/feed" > "$D/gout" 2>&1
check "under the sanitizers: over 100 KiB of certificates" \
	grep -qx 'localhost: certificate chain is too large' "$D/gout"

# where openssl verify stops at the first intermediate, the path through
# the second one alone is valid
for c in untrusted badsig nc; do
	verdict "backtrack-$c" bt
	check "openssl verify: backtrack-$c's leaf through bt.pem alone is ok" [ "$v" = ok ]
done
# and the dead end is sent first
openssl s_client -connect "127.0.0.1:$(port backtrack-untrusted)" -servername localhost \
	-showcerts < /dev/null > "$D/s_client.out" 2>&1
check "the server sends the untrusted intermediate before the good one" \
	sh -c "grep '^ *i:' '$D/s_client.out' | sed -n 2,3p | tr '\n' ' ' |
		grep -q 'otherca.*lwnrss test ca'"

# the system bundle: every certificate loads as an anchor, and a copy of
# each root (its subject and extensions, key usage, basic and name
# constraints included, on a fresh P-256 key) issues a leaf that passes
bundle=/etc/ssl/certs/ca-certificates.crt
if [ -r "$bundle" ]; then
	mkdir "$D/roots"
	# The copies: what openssl x509 -in ROOT -key otherca.key -days 2 makes,
	# made by one python3, not by an openssl a root (24 ms each): the
	# root's fields with its key (otherca's), validity (now, two days)
	# and signature algorithm (ECDSA with SHA-256) replaced, the issuer
	# set to the subject, and a subject key identifier (the SHA-1 of the
	# key) added where it has none, as openssl does.  The signature is
	# the root's own, no longer its signature: a trust anchor's own is
	# checked by neither lwnrss nor openssl verify (an anchor is trusted
	# as it is), and the leaves under it are made and signed by openssl.
	# A root of another shape is not copied, and the count below fails
	python3 -S - "$bundle" "$D/otherca.pem" "$D/roots" <<'PY'
import base64, hashlib, sys, time

def tlv(b, i):
    """the element at b[i]: its tag, where its value starts and ends"""
    n, j = b[i + 1], i + 2
    if n & 0x80:
        j += n & 0x7f
        n = int.from_bytes(b[i + 2:j], "big")
    return b[i], j, j + n

def kids(b):
    """the elements inside the constructed element b"""
    _, i, end = tlv(b, 0)
    out = []
    while i < end:
        e = tlv(b, i)[2]
        out.append(b[i:e])
        i = e
    return out

def enc(tag, v):
    if len(v) < 128:
        return bytes([tag, len(v)]) + v
    n = len(v).to_bytes((len(v).bit_length() + 7) // 8, "big")
    return bytes([tag, 0x80 | len(n)]) + n + v

def pems(path):
    der, b64 = [], None
    for l in open(path):
        if l.startswith("-----BEGIN CERTIFICATE-----"):
            b64 = []
        elif l.startswith("-----END CERTIFICATE-----"):
            der.append(base64.b64decode("".join(b64)))
            b64 = None
        elif b64 is not None:
            b64.append(l.strip())
    return der

spki = kids(kids(pems(sys.argv[2])[0])[0])[6]
_, i, end = tlv(kids(spki)[1], 0)
skid = enc(0x30, bytes.fromhex("0603551d0e") +
           enc(0x04, enc(0x04, hashlib.sha1(kids(spki)[1][i + 1:end]).digest())))
alg = bytes.fromhex("300a06082a8648ce3d040302")
now = time.time()
validity = enc(0x30, b"".join(enc(0x17, time.strftime("%y%m%d%H%M%SZ",
                                   time.gmtime(t)).encode()) for t in (now, now + 2 * 86400)))
with open(sys.argv[3] + "/copies.pem", "w") as all:
    for i, der in enumerate(pems(sys.argv[1]), 1):
        cert = kids(der)
        tbs = kids(cert[0])
        if len(tbs) != 8 or tbs[0][0] != 0xa0 or tbs[7][0] != 0xa3:
            continue
        exts = kids(kids(tbs[7])[0])
        if not any(kids(e)[0] == bytes.fromhex("0603551d0e") for e in exts):
            tbs[7] = enc(0xa3, enc(0x30, b"".join(exts) + skid))
        tbs[2], tbs[3], tbs[4], tbs[6] = alg, tbs[5], validity, spki
        b64 = base64.b64encode(enc(0x30, enc(0x30, b"".join(tbs)) + alg + cert[2])).decode()
        pem = "-----BEGIN CERTIFICATE-----\n%s-----END CERTIFICATE-----\n" % "".join(
            b64[j:j + 64] + "\n" for j in range(0, len(b64), 64))
        with open("%s/%03d.copy" % (sys.argv[3], i), "w") as f:
            f.write(pem)
        all.write(pem)
PY
	printf 'basicConstraints=critical,CA:FALSE\nkeyUsage=critical,digitalSignature\nextendedKeyUsage=serverAuth\nsubjectAltName=DNS:localhost\n' \
		> "$D/leaf.ext"
	made=0
	# openssl x509 reads the system's bundle at start, which signing never
	# uses: without it a call takes a third of the time.  leaf.csr is
	# mkcerts' request for key.pem
	for r in "$D"/roots/*.copy; do
		SSL_CERT_FILE=/dev/null openssl x509 -req -in "$D/leaf.csr" \
			-CA "$r" -CAkey "$D/otherca.key" -set_serial 1 -days 2 \
			-extfile "$D/leaf.ext" -out "${r%.copy}.leaf" 2>>"$D/openssl.log" &&
			made=$((made + 1))
	done
	n=$(grep -c 'BEGIN CERTIFICATE' "$bundle")
	check "a copy of each of the bundle's $n roots, and a leaf under it made with openssl" [ "$made" -eq "$n" ]
	# not -x509_strict, which refuses old roots browsers take: a basic
	# constraints extension not critical, no key usage
	openssl verify -purpose sslserver -verify_hostname localhost \
		-CAfile "$D/roots/copies.pem" "$D"/roots/*.leaf > "$D/roots.verify" 2>&1
	check "openssl verify accepts each leaf under the copies" \
		[ "$(grep -c ': OK$' "$D/roots.verify")" -eq "$n" ]
	"$XT" verify localhost "$bundle" > "$D/roots.out"
	check "every certificate of the system bundle loads as an anchor ($n)" \
		grep -qx "$bundle: $n anchors" "$D/roots.out"
	"$XT" verify localhost "$D/roots/copies.pem" "$D"/roots/*.leaf > "$D/roots.out"
	rc=$?
	bad=$(grep -v ': certificate accepted$' "$D/roots.out" | grep -v ' anchors$' | head -n 3)
	check "lwnrss accepts each leaf under the copies${bad:+: $bad}" \
		sh -c "[ $rc -eq 0 ] && [ $(grep -c ': certificate accepted$' "$D/roots.out") -eq $n ]"
fi

echo "$npass passed, $nfail failed"
