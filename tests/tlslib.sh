# See LICENSE file for copyright and license details.
# tlslib.sh: sourced by the HTTP and TLS tests and the fetch benchmark.
#
# mkcerts DIR makes a test CA and leaf certificates for "localhost" with
# the openssl CLI:
#
#	ca.pem           the test CA (the trust anchor)
#	good.pem         valid for localhost, issued by the CA
#	expired.pem      validity ended yesterday
#	notyet.pem       validity starts tomorrow
#	wrongname.pem    valid, but for wrong.example
#	selfsigned.pem   localhost, signed by its own key
#	unknownca.pem    localhost, issued by a CA nobody trusts
#	chain.pem        localhost, issued by an intermediate CA that the CA
#	                 issued, followed by the intermediate (as servers send)
#	rsa.pem          localhost, an RSA key (rsakey.pem), issued by the CA
#	key.pem          the key of every other leaf
#
# P-256 keys: quick to make, and BearSSL and OpenSSL both take them.

# a time offset by $1 (e.g. "-3 days") in openssl ca's format
catime() {
	date -u -d "$1" +%Y%m%d%H%M%SZ
}

# sign DIR/leaf.csr with CA (a name in DIR) for SAN, from $3 to $4, into $5
casign() {
	d=$1 ca=$2 from=$3 to=$4 out=$5 san=$6
	SAN=$san openssl ca -config "$d/ca.cnf" -batch -notext -name "$ca" \
		-in "$d/leaf.csr" -out "$d/$out" -extensions leaf \
		-startdate "$(catime "$from")" -enddate "$(catime "$to")" \
		2>>"$d/openssl.log"
}

mkcerts() {
	d=$1
	mkdir -p "$d/newcerts"
	: > "$d/index.txt"
	echo 01 > "$d/serial"
	echo "unique_subject = no" > "$d/index.txt.attr"
	cat > "$d/ca.cnf" <<CNF
[ test ]
dir = $d
database = \$dir/index.txt
new_certs_dir = \$dir/newcerts
serial = \$dir/serial
certificate = \$dir/ca.pem
private_key = \$dir/ca.key
default_md = sha256
policy = anything
unique_subject = no
[ other ]
dir = $d
database = \$dir/index.txt
new_certs_dir = \$dir/newcerts
serial = \$dir/serial
certificate = \$dir/otherca.pem
private_key = \$dir/otherca.key
default_md = sha256
policy = anything
unique_subject = no
[ inter ]
dir = $d
database = \$dir/index.txt
new_certs_dir = \$dir/newcerts
serial = \$dir/serial
certificate = \$dir/inter.pem
private_key = \$dir/inter.key
default_md = sha256
policy = anything
unique_subject = no
[ anything ]
commonName = supplied
[ intermediate ]
basicConstraints = critical,CA:TRUE,pathlen:0
keyUsage = critical,keyCertSign,cRLSign
[ leaf ]
basicConstraints = critical,CA:FALSE
keyUsage = critical,digitalSignature
extendedKeyUsage = serverAuth
subjectAltName = \$ENV::SAN
CNF
	for k in ca otherca inter key; do
		openssl genpkey -algorithm EC -pkeyopt ec_paramgen_curve:P-256 \
			-out "$d/$k.key" 2>>"$d/openssl.log" || return 1
	done
	mv "$d/key.key" "$d/key.pem"
	for k in ca otherca; do
		openssl req -new -x509 -key "$d/$k.key" -out "$d/$k.pem" -days 30 \
			-subj "/CN=lwnrss test $k" \
			-addext basicConstraints=critical,CA:TRUE \
			-addext keyUsage=critical,keyCertSign,cRLSign \
			2>>"$d/openssl.log" || return 1
	done
	openssl req -new -key "$d/inter.key" -subj "/CN=lwnrss test intermediate" \
		-out "$d/inter.csr" 2>>"$d/openssl.log" || return 1
	# ca.cnf names $ENV::SAN, so it must be set even where unused
	SAN=DNS:localhost openssl ca -config "$d/ca.cnf" -batch -notext -name test \
		-in "$d/inter.csr" -out "$d/inter.pem" -extensions intermediate -days 30 \
		2>>"$d/openssl.log" || return 1
	openssl genpkey -algorithm RSA -pkeyopt rsa_keygen_bits:2048 \
		-out "$d/rsakey.pem" 2>>"$d/openssl.log" || return 1
	openssl req -new -key "$d/rsakey.pem" -subj /CN=localhost -out "$d/leaf.csr" \
		2>>"$d/openssl.log" || return 1
	casign "$d" test "-1 day" "+30 days" rsa.pem DNS:localhost || return 1
	openssl req -new -key "$d/key.pem" -subj /CN=localhost -out "$d/leaf.csr" \
		2>>"$d/openssl.log" || return 1
	casign "$d" inter "-1 day" "+30 days" leaf-inter.pem DNS:localhost || return 1
	cat "$d/leaf-inter.pem" "$d/inter.pem" > "$d/chain.pem"
	casign "$d" test "-1 day" "+30 days" good.pem DNS:localhost &&
	casign "$d" test "-3 days" "-1 day" expired.pem DNS:localhost &&
	casign "$d" test "+1 day" "+3 days" notyet.pem DNS:localhost &&
	casign "$d" test "-1 day" "+30 days" wrongname.pem DNS:wrong.example &&
	casign "$d" other "-1 day" "+30 days" unknownca.pem DNS:localhost &&
	openssl req -new -x509 -key "$d/key.pem" -out "$d/selfsigned.pem" -days 30 \
		-subj /CN=localhost -addext subjectAltName=DNS:localhost \
		-addext basicConstraints=critical,CA:FALSE 2>>"$d/openssl.log"
}

# counting: make ok and notok (from lib.sh) keep count in npass and nfail
counting() {
	npass=0
	nfail=0
	ok() { npass=$((npass + 1)); echo "ok - $*"; }
	notok() { nfail=$((nfail + 1)); echo "not ok - $*"; }
}

# startserver DIR [FEED]: start tests/server.py on loopback; it lives while
# this shell holds file descriptor 9 open, and port NAME prints a port
startserver() {
	rm -f "$1/ports" "$1/ctl"
	mkfifo "$1/ctl"
	python3 tests/server.py "$1" ${2:+"$2"} < "$1/ctl" > "$1/server.log" 2>&1 &
	SERVERPID=$!
	exec 9> "$1/ctl"
	SERVERDIR=$1
	i=0
	while [ ! -s "$1/ports" ] && [ $i -lt 100 ]; do
		sleep 0.05
		i=$((i + 1))
	done
	[ -s "$1/ports" ]
}

stopserver() {
	exec 9>&-
	[ -n "$SERVERPID" ] && kill "$SERVERPID" 2>/dev/null
	wait "$SERVERPID" 2>/dev/null
	SERVERPID=
}

port() {
	awk -v n="$1" '$1 == n { print $2 }' "$SERVERDIR/ports"
}
