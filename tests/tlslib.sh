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
# and, for the certificate policy, chains NAME.pem (the leaf, then its
# intermediates) that the CA's policy must refuse, or accept, each with
# its reason (see POLICY below):
#
#	eku-client       the leaf's EKU is clientAuth only
#	eku-codesign     the leaf's EKU is codeSigning, emailProtection
#	inter-eku        an intermediate whose EKU is clientAuth only
#	nc-excluded      an intermediate excluding DNS:localhost, not critical
#	nc-excluded-crit the same, critical
#	nc-permitted     an intermediate permitting only DNS:localhost, critical
#	nc-other         an intermediate permitting only DNS:example.com, critical
#	nc-email         an intermediate with critical email constraints (the
#	                 leaf has no email address: they do not apply)
#	nc-email-used    the same, and the leaf has an email address
#	nc-dirname       an intermediate permitting only the directoryName
#	                 CN=localhost, critical (the leaf's subject: allowed)
#	nc-dirname-other the same for CN=elsewhere (the leaf is not within it)
#	caleaf           the leaf is a CA certificate (CA:TRUE, keyCertSign)
#	stray            chain.pem with a stray certificate between its two,
#	                 named as the intermediate, with an RSA key of 1024 bits
#	pathlen          intermediate (pathlen:0) > intermediate > leaf
#	nocertsign       an intermediate whose key usage lacks keyCertSign
#	notca            an intermediate with CA:FALSE
#	critical         the leaf has an unknown critical extension
#	nosan            the leaf names localhost in its CN only
#	sha1             the leaf is signed with SHA-1
#	md5              an RSA leaf signed with MD5 by rsaca.pem, an RSA CA
#	weakrsa          a leaf with an RSA key of 1024 bits
#	bigrsa           an intermediate with an RSA key of 4200 bits (BearSSL
#	                 takes 4096 at most)
#	inter-expired    an intermediate whose validity ended yesterday
#	inter-critical   an intermediate with an unknown critical extension
#	inter-policy     an intermediate with critical policyConstraints and
#	                 inhibitAnyPolicy (RFC 5280 has CAs mark them critical;
#	                 policies are not processed, so they restrict nothing)
#	root-nc          a leaf issued by ncroot.pem, a trust anchor whose own
#	                 critical name constraints exclude DNS:localhost
#	root-pathlen     plroot.pem (a trust anchor, pathlen:0) > intermediate
#	                 > leaf
#	pss              an RSA leaf signed with RSASSA-PSS by rsaca.pem
#
# The anchors ncroot.pem and plroot.pem are trusted with ca.pem and
# rsaca.pem in the policy tests.
#
# mkprofile DIR adds the chains of PROFILE, the same way: each breaks (or,
# with no message, comes near) one rule of RFC 5280's profile for the
# certificates a server sends, which lwnrss applies to all but the anchor:
#
#	akid-critical     the leaf marks authorityKeyIdentifier critical
#	skid-critical     the leaf marks subjectKeyIdentifier critical
#	noaki             the leaf has no authorityKeyIdentifier
#	nosubject         the leaf has an empty subject, its SAN not critical
#	nosubject-crit    the same with the SAN critical, as it must be
#	aia               the leaf has an authorityInfoAccess (OCSP, caIssuers)
#	aia-critical      the same, critical
#	aia-empty         an authorityInfoAccess that is an empty SEQUENCE
#	aia-bad           one whose AccessDescription has no accessLocation
#	certsign          the leaf's key usage has keyCertSign; it is no CA
#	dns-dot           a SAN dNSName with a leading dot (.example.com)
#	dns-underscore    a SAN dNSName with an underscore (a_b.example.com)
#	dns-empty         a SAN dNSName with an empty label (a..example.com)
#	cn-other          the subject's CN is not one of the SAN names
#	cn-ip             the CN is 127.0.0.1, which the SAN has as an address
#	inter-bc          an intermediate whose basicConstraints is not critical
#	inter-noski       an intermediate without subjectKeyIdentifier
#	inter-noaki       an intermediate without authorityKeyIdentifier
#	inter-nosubject   an intermediate with an empty subject
#	oldroot           a leaf issued by oldroot-ca.pem, a trust anchor with
#	                  neither key identifier and basicConstraints not
#	                  critical: an anchor is trusted as it is
#
# oldroot-ca.pem is trusted with the others in the policy tests.
#
# P-256 keys: quick to make, and BearSSL and OpenSSL both take them.

# dates from to: the validity of a certificate from one offset to
# another ("-3 days") as openssl ca's options, in $validity.  The
# certificates take a few offsets, found at once by one date (a process
# a time would cost a second a test)
{ read -r _m3; read -r _m1; read -r _p1; read -r _p3; read -r _p30; } <<EOF
$(printf '%s\n' '-3 days' '-1 day' '+1 day' '+3 days' '+30 days' | date -u -f - +%Y%m%d%H%M%SZ)
EOF
catime() {
	case $1 in
	'-3 days') _ct=$_m3 ;;
	'-1 day') _ct=$_m1 ;;
	'+1 day') _ct=$_p1 ;;
	'+3 days') _ct=$_p3 ;;
	'+30 days') _ct=$_p30 ;;
	*) _ct=$(date -u -d "$1" +%Y%m%d%H%M%SZ) ;;
	esac
}
dates() {
	catime "$1"
	validity="-startdate $_ct"
	catime "$2"
	validity="$validity -enddate $_ct"
}

# sign DIR/leaf.csr (DIR/$9.csr) with CA (a name in DIR) for SAN, from $3 to
# $4, into $5, with the extensions of section $7 (leaf) and the digest $8
# (sha256)
casign() {
	d=$1 ca=$2 out=$5 san=$6
	dates "$3" "$4"
	SAN=$san openssl ca -config "$d/ca.cnf" -batch -notext -name "$ca" \
		-in "$d/${9:-leaf}.csr" -out "$d/$out" -extensions "${7:-leaf}" -md "${8:-sha256}" \
		$validity 2>>"$d/openssl.log"
}

# mkinter DIR NAME EXT [ISSUER [FROM TO]]: an intermediate CA NAME (NAME.pem,
# NAME.key) issued by ISSUER (test) with the extensions of section EXT, valid
# from FROM to TO (-1 day, +30 days), and a section NAME in ca.cnf to issue
# certificates with; its key is a new P-256 one unless NAME.key exists (one
# openssl makes the key and the request: 24 ms a process)
mkinter() {
	d=$1 n=$2 ext=$3 iss=${4:-test} from=${5:--1 day} to=${6:-+30 days}
	if [ -f "$d/$n.key" ]; then
		openssl req -new -key "$d/$n.key" -subj "/CN=lwnrss test $n" -out "$d/$n.csr" \
			2>>"$d/openssl.log" || return 1
	else
		newreq "$d" "$n.key" "/CN=lwnrss test $n" "$n.csr" || return 1
	fi
	dates "$from" "$to"
	SAN=DNS:localhost openssl ca -config "$d/ca.cnf" -batch -notext -name "$iss" \
		-in "$d/$n.csr" -out "$d/$n.pem" -extensions "$ext" $validity \
		2>>"$d/openssl.log" || return 1
	casection "$d" "$n"
}

# newreq DIR KEY SUBJECT CSR [ALG]: a new key DIR/KEY (P-256, or ALG as
# openssl req -newkey takes it) and its request DIR/CSR for SUBJECT
newreq() {
	if [ -n "$5" ]; then
		openssl req -new -newkey "$5" -nodes -keyout "$1/$2" -subj "$3" -out "$1/$4" \
			2>>"$1/openssl.log"
	else
		openssl req -new -newkey ec -pkeyopt ec_paramgen_curve:P-256 -nodes \
			-keyout "$1/$2" -subj "$3" -out "$1/$4" 2>>"$1/openssl.log"
	fi
}

# casection DIR NAME [KEY]: a section NAME of ca.cnf that issues with
# NAME.pem and NAME.key (KEY.key); printf, not cat and a here-document:
# the tests write sixty
casection() {
	printf '[ %s ]
dir = %s
database = $dir/index.txt
new_certs_dir = $dir/newcerts
serial = $dir/serial
certificate = $dir/%s.pem
private_key = $dir/%s.key
default_md = sha256
policy = anything
unique_subject = no
' "$2" "$1" "$2" "${3:-$2}" >> "$1/ca.cnf"
}

# viainter DIR NAME INTER...: a leaf for localhost (key.pem) issued by the
# first INTER, and NAME.pem: the leaf, then every INTER
viainter() {
	d=$1 n=$2
	shift 2
	casign "$d" "$1" "-1 day" "+30 days" "$n-leaf.pem" DNS:localhost || return 1
	for i in "$@"; do
		set -- "$@" "$d/$i.pem"
		shift
	done
	cat "$d/$n-leaf.pem" "$@" > "$d/$n.pem"
}

# POLICY: each chain of the policy tests, the message lwnrss refuses it with
# ("" when it accepts it), and whether openssl verify -x509_strict -purpose
# sslserver -verify_hostname localhost accepts it (ok) or not, with the
# error it names first ("no 26": X509_V_ERR_INVALID_PURPOSE).  The
# two differ only where lwnrss is a browser, not OpenSSL: no Common Name
# for a host name, no CA certificate as the server's (Mozilla's
# CA_CERT_USED_AS_END_ENTITY), no critical constraints of a form it
# cannot evaluate when the leaf has a name of that form (RFC 5280
# 4.2.1.10 lets it refuse them instead), RSA signatures of PKCS #1 v1.5
# only (no RSASSA-PSS: no certificate of the web's has one), and RSA
# keys of 4096 bits at most (BearSSL's own limit).
POLICY='eku-client|certificate is not for TLS servers (extended key usage)|no 26
eku-codesign|certificate is not for TLS servers (extended key usage)|no 26
inter-eku|an issuer'"'"'s certificate is not for TLS servers (extended key usage)|no 26
nc-excluded|name not allowed by the name constraints of a CA above it|no 48
nc-excluded-crit|name not allowed by the name constraints of a CA above it|no 48
nc-permitted||ok
nc-other|name not allowed by the name constraints of a CA above it|no 47
nc-email||ok
nc-email-used|an issuer'"'"'s critical name constraints are of a type lwnrss cannot check|ok
nc-dirname||ok
nc-dirname-other|name not allowed by the name constraints of a CA above it|no 47
caleaf|certificate is a CA certificate, not a server'"'"'s|ok
pathlen|certificate chain is longer than an issuer'"'"'s path length constraint allows|no 25
nocertsign|certificate was issued by a CA whose key usage forbids signing certificates|no 79
notca|certificate was issued by a certificate that is no CA|no 79
critical|certificate has an unknown critical extension|no 34
nosan|certificate names no host (no DNS subject alternative name)|ok
sha1|certificate signed with SHA-1, which is no longer accepted|no 68
md5|certificate signed with MD5, which is no longer accepted|no 68
weakrsa|certificate has an RSA key shorter than 2048 bits|no 66
bigrsa|certificate has an RSA key longer than 4096 bits, which lwnrss cannot check|ok
stray||ok
inter-expired|an issuer'"'"'s certificate has expired|no 10
inter-critical|an issuer'"'"'s certificate has an unknown critical extension|no 34
inter-policy||ok
root-nc|name not allowed by the name constraints of a CA above it|no 48
root-pathlen|certificate chain is longer than an issuer'"'"'s path length constraint allows|no 25
pss|certificate signed with an unsupported algorithm|ok'

# PROFILE: as POLICY, for mkprofile's chains.  OpenSSL 3.0 takes a
# critical key identifier for an unhandled critical extension (34): it
# sets the flag behind its own errors for them (90, 91) only after that
# check, so they are never reached.  An intermediate's empty subject is
# first its leaf's empty issuer (83), then its own (84, checked in
# tls.sh).  OpenSSL verify -x509_strict checks the anchor too, which
# lwnrss does not (oldroot: 89 at depth 1, then 86).  Where OpenSSL accepts ("ok") what RFC
# 5280 or the CA/Browser Forum forbid, the CLI cannot express the case
# and lwnrss alone judges it: an empty or malformed authorityInfoAccess
# (OpenSSL does not parse it to verify), a dNSName that is no host name,
# a CN that is not in the SAN.
PROFILE='akid-critical|certificate marks a key identifier critical (RFC 5280 4.2.1.1, 4.2.1.2)|no 34
skid-critical|certificate marks a key identifier critical (RFC 5280 4.2.1.1, 4.2.1.2)|no 34
noaki|certificate has no authority key identifier (RFC 5280 4.2.1.1)|no 85
nosubject|certificate has an empty subject and a subject alternative name not marked critical (RFC 5280 4.2.1.6)|no 88
nosubject-crit||ok
aia||ok
aia-critical|certificate marks authority information access critical (RFC 5280 4.2.2.1)|no 34
aia-empty|certificate has an empty or malformed authority information access (RFC 5280 4.2.2.1)|ok
aia-bad|certificate has an empty or malformed authority information access (RFC 5280 4.2.2.1)|ok
certsign|certificate may sign certificates (keyCertSign) but is no CA (RFC 5280 4.2.1.3)|no 82
dns-dot|certificate has a DNS name that is no valid host name (RFC 5280 4.2.1.6)|ok
dns-underscore|certificate has a DNS name that is no valid host name (RFC 5280 4.2.1.6)|ok
dns-empty|certificate has a DNS name that is no valid host name (RFC 5280 4.2.1.6)|ok
cn-other|certificate'"'"'s Common Name is not one of its subject alternative names (CA/Browser Forum BR 7.1.4.3)|ok
cn-ip||ok
inter-bc|an issuer'"'"'s certificate does not mark basic constraints critical (RFC 5280 4.2.1.9)|no 89
inter-noski|an issuer'"'"'s certificate has no subject key identifier (RFC 5280 4.2.1.2)|no 86
inter-noaki|an issuer'"'"'s certificate has no authority key identifier (RFC 5280 4.2.1.1)|no 85
inter-nosubject|an issuer'"'"'s certificate has an empty subject (RFC 5280 4.1.2.6)|no 83
oldroot||no 89'

# profcert DIR NAME ISSUER SUBJECT KEY EXT...: NAME.pem for the key KEY with
# the subject SUBJECT ("/" for none), issued by ISSUER.pem (ISSUER.key) with
# the extension lines EXT, a later line replacing an earlier of its name;
# KEY "-" makes a key NAME.key; key.pem for /CN=localhost takes mkcerts'
# leaf.csr.  openssl x509 adds both key identifiers
# unless told "none"; it reads the system's CA bundle at start, which
# signing never uses, unless SSL_CERT_FILE names none (a third of its
# time).  Its variables are its own: sh has no local ones
profcert() {
	pd=$1 pn=$2 pi=$3 ps=$4 pk=$5
	shift 5
	printf '%s\n' "$@" > "$pd/$pn.ext"
	pr=$pn
	if [ "$pk" = - ]; then
		newreq "$pd" "$pn.key" "$ps" "$pn.csr" || return 1
	elif [ "$pk $ps" = "key.pem /CN=localhost" ]; then
		pr=leaf
	else
		openssl req -new -key "$pd/$pk" -subj "$ps" -out "$pd/$pn.csr" \
			2>>"$pd/openssl.log" || return 1
	fi
	SSL_CERT_FILE=/dev/null openssl x509 -req -in "$pd/$pr.csr" -CA "$pd/$pi.pem" \
		-CAkey "$pd/$pi.key" -CAcreateserial -days 30 -sha256 -extfile "$pd/$pn.ext" \
		-out "$pd/$pn.pem" 2>>"$pd/openssl.log"
}

# akid KEY: an authorityKeyIdentifier for what KEY (P-256) signs, for an
# issuer with no identifier to copy: the SHA-1 of its point, the last 65
# bytes of its DER, as RFC 5280 4.2.1.2 (1) computes one
akid() {
	echo "2.5.29.35=DER:30168014$(openssl pkey -in "$1" -pubout -outform DER |
		tail -c 65 | openssl sha1 -binary | od -An -tx1 | tr -d ' \n')"
}

# mkprofile DIR: the chains of PROFILE and oldroot-ca.pem, after mkcerts;
# each NAME.pem is NAME-leaf.pem (for key.pem), then its intermediate
mkprofile() {
	d=$1
	leaf='basicConstraints=critical,CA:FALSE
keyUsage=critical,digitalSignature
extendedKeyUsage=serverAuth
subjectAltName=DNS:localhost'
	ca='basicConstraints=critical,CA:TRUE
keyUsage=critical,keyCertSign,cRLSign'
	while IFS='|' read -r n subj ext; do
		profcert "$d" "$n-leaf" ca "$subj" key.pem "$leaf" $ext &&
			cp "$d/$n-leaf.pem" "$d/$n.pem" || return 1
	done <<EOF
akid-critical|/CN=localhost|authorityKeyIdentifier=critical,keyid
skid-critical|/CN=localhost|subjectKeyIdentifier=critical,hash
noaki|/CN=localhost|authorityKeyIdentifier=none
nosubject|/|
nosubject-crit|/|subjectAltName=critical,DNS:localhost
aia|/CN=localhost|authorityInfoAccess=OCSP;URI:http://localhost/ocsp,caIssuers;URI:http://localhost/ca.der
aia-critical|/CN=localhost|authorityInfoAccess=critical,caIssuers;URI:http://localhost/ca.der
aia-empty|/CN=localhost|1.3.6.1.5.5.7.1.1=DER:3000
aia-bad|/CN=localhost|1.3.6.1.5.5.7.1.1=DER:30053003060100
certsign|/CN=localhost|keyUsage=critical,digitalSignature,keyCertSign
dns-dot|/CN=localhost|subjectAltName=DNS:localhost,DNS:.example.com
dns-underscore|/CN=localhost|subjectAltName=DNS:localhost,DNS:a_b.example.com
dns-empty|/CN=localhost|subjectAltName=DNS:localhost,DNS:a..example.com
cn-other|/CN=lwnrss test server|
cn-ip|/CN=127.0.0.1|subjectAltName=DNS:localhost,IP:127.0.0.1
EOF
	while IFS='|' read -r n subj ext; do
		profcert "$d" "$n-ca" ca "$subj" - "$ca" $ext || return 1
	done <<EOF
inter-bc|/CN=lwnrss test inter-bc|basicConstraints=CA:TRUE
inter-noski|/CN=lwnrss test inter-noski|subjectKeyIdentifier=none
inter-noaki|/CN=lwnrss test inter-noaki|authorityKeyIdentifier=none
inter-nosubject|/|
EOF
	for n in inter-bc inter-noski inter-noaki inter-nosubject; do
		akid=
		[ "$n" = inter-noski ] && akid=$(akid "$d/$n-ca.key")
		profcert "$d" "$n-leaf" "$n-ca" /CN=localhost key.pem "$leaf" $akid &&
			cat "$d/$n-leaf.pem" "$d/$n-ca.pem" > "$d/$n.pem" || return 1
	done
	openssl req -new -x509 -newkey ec -pkeyopt ec_paramgen_curve:P-256 -nodes \
		-keyout "$d/oldroot-ca.key" -out "$d/oldroot-ca.pem" -days 30 \
		-subj "/CN=lwnrss test oldroot" -addext basicConstraints=CA:TRUE \
		-addext keyUsage=critical,keyCertSign,cRLSign \
		-addext subjectKeyIdentifier=none -addext authorityKeyIdentifier=none \
		2>>"$d/openssl.log" &&
	profcert "$d" oldroot-leaf oldroot-ca /CN=localhost key.pem "$leaf" \
		"$(akid "$d/oldroot-ca.key")" &&
		cp "$d/oldroot-leaf.pem" "$d/oldroot.pem"
}

# mkpolicy DIR: the chains of POLICY, after mkcerts (whose leaf.csr is for
# key.pem, and rsa.csr for rsakey.pem)
mkpolicy() {
	d=$1
	casign "$d" test "-1 day" "+30 days" eku-client.pem DNS:localhost leaf_client &&
	casign "$d" test "-1 day" "+30 days" eku-codesign.pem DNS:localhost leaf_codesign &&
	casign "$d" test "-1 day" "+30 days" critical.pem DNS:localhost leaf_critical &&
	casign "$d" test "-1 day" "+30 days" caleaf.pem DNS:localhost leaf_ca &&
	casign "$d" test "-1 day" "+30 days" nosan.pem DNS:localhost leaf_nosan &&
	casign "$d" test "-1 day" "+30 days" sha1.pem DNS:localhost leaf sha1 || return 1
	for c in inter-eku:inter_eku nc-excluded:inter_ncx nc-excluded-crit:inter_ncxc \
	    nc-permitted:inter_ncp nc-other:inter_ncpo nc-email:inter_ncemail \
	    nc-dirname:inter_ncdir nc-dirname-other:inter_ncdiro \
	    nocertsign:inter_nocertsign notca:inter_notca; do
		mkinter "$d" "${c%%:*}-ca" "${c#*:}" && viainter "$d" "${c%%:*}" "${c%%:*}-ca" ||
			return 1
	done
	casign "$d" nc-email-ca "-1 day" "+30 days" nc-email-used-leaf.pem \
		DNS:localhost,email:me@example.com &&
		cat "$d/nc-email-used-leaf.pem" "$d/nc-email-ca.pem" > "$d/nc-email-used.pem" ||
		return 1
	# inter has pathlen:0: one more intermediate below it is one too many
	mkinter "$d" pathlen-ca inter_plain inter && viainter "$d" pathlen pathlen-ca inter || return 1
	mkinter "$d" inter-expired-ca inter_plain test "-3 days" "-1 day" &&
		viainter "$d" inter-expired inter-expired-ca || return 1
	mkinter "$d" inter-critical-ca inter_critical && viainter "$d" inter-critical inter-critical-ca &&
	mkinter "$d" inter-policy-ca inter_policy && viainter "$d" inter-policy inter-policy-ca ||
		return 1
	# an RSA key of 4200 bits takes one to three seconds to make
	cp tests/fixtures/rsa4200.key "$d/bigrsa-ca.key" &&
		mkinter "$d" bigrsa-ca inter_plain && viainter "$d" bigrsa bigrsa-ca || return 1
	# anchors with constraints of their own
	mkroot "$d" ncroot "nameConstraints=critical,excluded;DNS:localhost" &&
		casign "$d" ncroot "-1 day" "+30 days" root-nc-leaf.pem DNS:localhost &&
		cp "$d/root-nc-leaf.pem" "$d/root-nc.pem" || return 1
	mkroot "$d" plroot basicConstraints=critical,CA:TRUE,pathlen:0 &&
		mkinter "$d" root-pathlen-ca inter_plain plroot &&
		viainter "$d" root-pathlen root-pathlen-ca || return 1
	newreq "$d" weakkey.pem /CN=localhost weak.csr rsa:1024 &&
	casign "$d" test "-1 day" "+30 days" weakrsa.pem DNS:localhost leaf sha256 weak ||
		return 1
	openssl req -new -x509 -key "$d/weakkey.pem" -out "$d/stray-ca.pem" -days 30 \
		-subj "/CN=lwnrss test intermediate" 2>>"$d/openssl.log" || return 1
	cp "$d/leaf-inter.pem" "$d/stray-leaf.pem"
	cat "$d/leaf-inter.pem" "$d/stray-ca.pem" "$d/inter.pem" > "$d/stray.pem"
	# MD5 needs RSA
	openssl req -new -x509 -newkey rsa:2048 -nodes -keyout "$d/rsaca.key" -out "$d/rsaca.pem" \
		-days 30 -subj "/CN=lwnrss test rsaca" \
		-addext basicConstraints=critical,CA:TRUE \
		-addext keyUsage=critical,keyCertSign,cRLSign 2>>"$d/openssl.log" || return 1
	casection "$d" rsaca
	casign "$d" rsaca "-1 day" "+30 days" md5.pem DNS:localhost leaf md5 rsa || return 1
	printf 'subjectAltName=DNS:localhost\nbasicConstraints=critical,CA:FALSE\nextendedKeyUsage=serverAuth\n' \
		> "$d/pss.ext"
	SSL_CERT_FILE=/dev/null openssl x509 -req -in "$d/rsa.csr" -CA "$d/rsaca.pem" \
		-CAkey "$d/rsaca.key" -CAcreateserial -days 30 -sha256 -sigopt rsa_padding_mode:pss \
		-extfile "$d/pss.ext" -out "$d/pss.pem" 2>>"$d/openssl.log"
}

# mkroot DIR NAME EXT: a self-signed trust anchor NAME (NAME.pem,
# NAME.key) with keyCertSign and the extension EXT, basicConstraints
# CA:TRUE unless EXT is another, and its section in ca.cnf
mkroot() {
	d=$1 n=$2 ext=$3 bc=basicConstraints=critical,CA:TRUE
	case $ext in
	basicConstraints=*) bc=$ext ext= ;;
	esac
	openssl req -new -x509 -newkey ec -pkeyopt ec_paramgen_curve:P-256 -nodes \
		-keyout "$d/$n.key" -out "$d/$n.pem" -days 30 -subj "/CN=lwnrss test $n" -addext "$bc" \
		-addext keyUsage=critical,keyCertSign,cRLSign ${ext:+-addext} ${ext:+"$ext"} \
		2>>"$d/openssl.log" || return 1
	casection "$d" "$n"
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
[ leaf_client ]
basicConstraints = critical,CA:FALSE
keyUsage = critical,digitalSignature
extendedKeyUsage = clientAuth
subjectAltName = \$ENV::SAN
[ leaf_codesign ]
basicConstraints = critical,CA:FALSE
keyUsage = critical,digitalSignature
extendedKeyUsage = codeSigning,emailProtection
subjectAltName = \$ENV::SAN
[ leaf_critical ]
basicConstraints = critical,CA:FALSE
keyUsage = critical,digitalSignature
extendedKeyUsage = serverAuth
subjectAltName = \$ENV::SAN
1.3.6.1.4.1.55555.1 = critical,ASN1:NULL
[ leaf_nosan ]
basicConstraints = critical,CA:FALSE
keyUsage = critical,digitalSignature
extendedKeyUsage = serverAuth
[ inter_plain ]
basicConstraints = critical,CA:TRUE
keyUsage = critical,keyCertSign,cRLSign
[ inter_eku ]
basicConstraints = critical,CA:TRUE
keyUsage = critical,keyCertSign,cRLSign
extendedKeyUsage = clientAuth
[ inter_ncx ]
basicConstraints = critical,CA:TRUE
keyUsage = critical,keyCertSign,cRLSign
nameConstraints = excluded;DNS:localhost
[ inter_ncxc ]
basicConstraints = critical,CA:TRUE
keyUsage = critical,keyCertSign,cRLSign
nameConstraints = critical,excluded;DNS:localhost
[ inter_ncp ]
basicConstraints = critical,CA:TRUE
keyUsage = critical,keyCertSign,cRLSign
nameConstraints = critical,permitted;DNS:localhost
[ inter_ncpo ]
basicConstraints = critical,CA:TRUE
keyUsage = critical,keyCertSign,cRLSign
nameConstraints = critical,permitted;DNS:example.com
[ inter_ncemail ]
basicConstraints = critical,CA:TRUE
keyUsage = critical,keyCertSign,cRLSign
nameConstraints = critical,permitted;email:example.com
[ inter_ncdir ]
basicConstraints = critical,CA:TRUE
keyUsage = critical,keyCertSign,cRLSign
nameConstraints = critical,permitted;dirName:ncdir
[ ncdir ]
CN = localhost
[ inter_ncdiro ]
basicConstraints = critical,CA:TRUE
keyUsage = critical,keyCertSign,cRLSign
nameConstraints = critical,permitted;dirName:ncdiro
[ ncdiro ]
CN = elsewhere
[ leaf_ca ]
basicConstraints = critical,CA:TRUE
keyUsage = critical,digitalSignature,keyCertSign
extendedKeyUsage = serverAuth
subjectAltName = \$ENV::SAN
[ inter_nocertsign ]
basicConstraints = critical,CA:TRUE
keyUsage = critical,digitalSignature,cRLSign
[ inter_critical ]
basicConstraints = critical,CA:TRUE
keyUsage = critical,keyCertSign,cRLSign
1.3.6.1.4.1.55555.2 = critical,ASN1:NULL
[ inter_policy ]
basicConstraints = critical,CA:TRUE
keyUsage = critical,keyCertSign,cRLSign
certificatePolicies = 2.23.140.1.2.1
policyConstraints = critical,requireExplicitPolicy:0
inhibitAnyPolicy = critical,0
[ inter_notca ]
basicConstraints = critical,CA:FALSE
keyUsage = critical,digitalSignature
CNF
	# each key made by the openssl that uses it first
	for k in ca otherca; do
		openssl req -new -x509 -newkey ec -pkeyopt ec_paramgen_curve:P-256 -nodes \
			-keyout "$d/$k.key" -out "$d/$k.pem" -days 30 \
			-subj "/CN=lwnrss test $k" \
			-addext basicConstraints=critical,CA:TRUE \
			-addext keyUsage=critical,keyCertSign,cRLSign \
			2>>"$d/openssl.log" || return 1
	done
	newreq "$d" inter.key "/CN=lwnrss test intermediate" inter.csr || return 1
	# ca.cnf names $ENV::SAN, so it must be set even where unused
	SAN=DNS:localhost openssl ca -config "$d/ca.cnf" -batch -notext -name test \
		-in "$d/inter.csr" -out "$d/inter.pem" -extensions intermediate -days 30 \
		2>>"$d/openssl.log" || return 1
	newreq "$d" rsakey.pem /CN=localhost rsa.csr rsa:2048 &&
		casign "$d" test "-1 day" "+30 days" rsa.pem DNS:localhost leaf sha256 rsa &&
		newreq "$d" key.pem /CN=localhost leaf.csr || return 1
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

# slurp FILE...: what $(cat FILE...) gives, in $got, without a process
# (read leaves a last line without its newline in _l)
slurp() {
	got=
	for _f; do
		_l=
		while IFS= read -r _l; do
			got="$got$_l
"
		done < "$_f"
		got=$got$_l
	done
	while :; do
		case $got in
		*"
") got=${got%?} ;;
		*) break ;;
		esac
	done
}

# sslverify OUT ARG...: openssl verify ARG..., its output in OUT; v is ok,
# or "no N" with N its first error (X509_V_ERR_...), and e the first line
# that starts with "error" ("" for none): no process but openssl
sslverify() {
	_o=$1
	shift
	openssl verify "$@" > "$_o" 2>&1
	verdictof "$_o" $?
}

# verdictof OUT STATUS: v and e as sslverify sets them, from the output
# OUT of an openssl verify that exited with STATUS
verdictof() {
	_o=$1
	v=ok e=
	[ "$2" -eq 0 ] && return
	v="no "
	while IFS= read -r _l; do
		case $_l in
		error*) e=${e:-$_l} ;;
		esac
		case $_l in
		"error "[0-9]*" at "*)
			_l=${_l#error }
			v="no ${_l%% at *}"
			break
			;;
		esac
	done < "$_o"
}

# counting: make ok and notok (from lib.sh) keep count in npass and nfail
counting() {
	npass=0
	nfail=0
	ok() { npass=$((npass + 1)); echo "ok - $*"; }
	notok() { nfail=$((nfail + 1)); echo "not ok - $*"; }
}

# startserver DIR [FEED]: start tests/server.py on loopback; it lives while
# this shell holds file descriptor 9 open, and port NAME prints a port.
# python3 -S: the standard library is all it takes, and the site packages
# cost each start 50 to 90 ms here
startserver() {
	rm -f "$1/ports" "$1/ctl"
	mkfifo "$1/ctl"
	python3 -S tests/server.py "$1" ${2:+"$2"} < "$1/ctl" > "$1/server.log" 2>&1 &
	SERVERPID=$!
	exec 9> "$1/ctl"
	SERVERDIR=$1
	i=0
	while [ ! -s "$1/ports" ] && [ $i -lt 100 ]; do
		sleep 0.05
		i=$((i + 1))
	done
	[ -s "$1/ports" ] || return 1
	# port reads them from here, without a process each
	PORTS=
	while read -r _n _p; do
		PORTS="$PORTS $_n=$_p "
	done < "$1/ports"
}

stopserver() {
	exec 9>&-
	[ -n "$SERVERPID" ] && kill "$SERVERPID" 2>/dev/null
	wait "$SERVERPID" 2>/dev/null
	SERVERPID=
}

# port NAME: the port of the listener NAME, or nothing
port() {
	case $PORTS in
	*" $1="*)
		_p=${PORTS#*" $1="}
		echo "${_p%% *}"
		;;
	esac
}
