#!/bin/sh
# See LICENSE file for copyright and license details.
# dns.sh: the name lookup ends by the fetch's deadline.  Each case runs
# in namespaces of its own (unshare: mounts and network, in a user
# namespace unless run as root), where /etc/resolv.conf names a name server on the
# namespace's loopback that reads queries and never answers, with
# timeouts and search domains that would hold getaddrinfo for three
# minutes; /etc/nsswitch.conf asks files then dns, and /etc/hosts knows
# only localhost.  lwnrss -p, built with fetchtimeout = 3, must end with
# "name lookup timed out", long before that, its lookup child gone.
cd "$(dirname "$0")/.." || exit 1
. tests/lib.sh
. tests/tlslib.sh
counting

need unshare mount python3 timeout make cc
D=$(mktemp -d "$T/dns.XXXXXX") && D=$(cd "$D" && pwd) || exit 1
trap '[ "$nfail" -eq 0 ] && rm -rf "$D"' EXIT
HOME=$D XDG_CACHE_HOME=$D/cache XDG_STATE_HOME=$D/state XDG_CONFIG_HOME=$D/config
XDG_DATA_HOME=$D/data
export HOME XDG_CACHE_HOME XDG_STATE_HOME XDG_CONFIG_HOME XDG_DATA_HOME
unset https_proxy HTTPS_PROXY http_proxy all_proxy ALL_PROXY no_proxy NO_PROXY

# lwnrss with a deadline of 3 s, built apart: the sources and the objects
# just built, so that the build compiles lwnrss.c alone (cp -p keeps them
# newer than their sources, and config.h newer than all)
built lwnrss
mkdir "$D/src"
cp -p ./*.c ./*.h ./*.o config.mk Makefile "$D/src/"
rm -f "$D/src/config.h"
sed 's/fetchtimeout = [0-9]*;/fetchtimeout = 3;/' config.def.h > "$D/src/config.h"
if grep -q 'fetchtimeout = 3;' "$D/src/config.h" &&
    make -C "$D/src" lwnrss > "$D/build.log" 2>&1; then
	ok "lwnrss built with fetchtimeout = 3"
else
	cat "$D/build.log"
	notok "lwnrss built with fetchtimeout = 3"
	exit 1
fi
L=$D/src/lwnrss

# glibc tries the name as given, then with each search domain, each
# twice, 30 s a try: 3 minutes
cat > "$D/resolv.conf" <<EOF
nameserver 127.0.0.1
search a.example b.example
options timeout:30 attempts:2
EOF
printf 'hosts: files dns\n' > "$D/nsswitch.conf"
printf '127.0.0.1 localhost\n::1 localhost\n' > "$D/hosts"

# the name server: the new network namespace's loopback up (SIOCGIFFLAGS,
# SIOCSIFFLAGS), then every query's name logged, none answered
cat > "$D/ns.py" <<'EOF'
import fcntl, socket, struct, sys
s = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
f = struct.unpack("16sh", fcntl.ioctl(s, 0x8913, struct.pack("16sh", b"lo", 0)))[1]
fcntl.ioctl(s, 0x8914, struct.pack("16sh", b"lo", f | 1))
s.bind(("127.0.0.1", 53))
log = open(sys.argv[1], "w", buffering=1)
log.write("ready\n")
while True:
    q = s.recv(512)
    i, name = 12, []
    while i < len(q) and q[i]:
        name.append(q[i + 1:i + 1 + q[i]].decode("ascii", "replace"))
        i += 1 + q[i]
    log.write("query " + ".".join(name) + "\n")
EOF

# inns cmd...: cmd in the namespaces with the files above and the name
# server, its stderr in $D/err, its status in $rc (125: no namespace).
# root needs no user namespace, and in a chroot cannot make one.  The
# name server is ready when the first line of its log says so (read, not
# a grep a poll); python3 -S: the site packages cost a start 50 to 90 ms
U=-r
[ "$(id -u)" -eq 0 ] && U=
inns() {
	rm -f "$D/queries"
	unshare $U -mn sh -c '
		d=$1
		shift
		mount --bind "$d/resolv.conf" /etc/resolv.conf &&
			mount --bind "$d/nsswitch.conf" /etc/nsswitch.conf &&
			mount --bind "$d/hosts" /etc/hosts || exit 125
		python3 -S "$d/ns.py" "$d/queries" &
		ns=$!
		ready() { r=; read -r r 2> /dev/null < "$d/queries"; [ "$r" = ready ]; }
		i=0
		while ! ready && [ $i -lt 100 ]; do
			sleep 0.05
			i=$((i + 1))
		done
		ready || { kill $ns; exit 125; }
		"$@"
		rc=$?
		kill $ns
		exit $rc' sh "$D" "$@" > "$D/out" 2> "$D/err"
	rc=$?
	if [ "$rc" -eq 125 ]; then
		cat "$D/err"
		notok "unshare $U -mn makes namespaces with our resolv.conf and a name server"
		exit 1
	fi
}

# errline want: lwnrss exited 1 with the line want on stderr, and no
# process runs its binary any more (the lookup child was killed)
errline() {
	slurp "$D/err"
	[ "$rc" -eq 1 ] && [ "$got" = "lwnrss: $1" ] && [ -z "$(runs "$L")" ]
}
asked() { grep -qx "query $1" "$D/queries"; }

# timeout ends a lwnrss that would wait for the resolver with status 124
inns timeout 30 "$L" -p https://feed.invalid.example/
check "a dead name server: lwnrss -p ends with exit 1 and \"name lookup timed out\"" \
	errline "feed.invalid.example: name lookup timed out"
check "... the name server was asked (our resolv.conf, not /etc/hosts)" \
	asked feed.invalid.example
[ "$rc" -eq 1 ] || echo "# exit $rc: $(cat "$D/err")"

# the proxy's name is looked up too, under the same deadline
inns env http_proxy=http://proxy.invalid.example:3128 timeout 30 "$L" -p \
	http://127.0.0.1:1/feed
check "a proxy's name: ends with exit 1 and \"name lookup timed out\"" \
	errline "127.0.0.1: cannot reach proxy proxy.invalid.example:3128: name lookup timed out"
check "... the name server was asked for the proxy" asked proxy.invalid.example

# what needs no name server still works beside the dead one: /etc/hosts
# through the lookup child, and addresses without one
inns timeout 30 "$L" -p http://localhost:1/
check "localhost from /etc/hosts: looked up, then refused" \
	errline "localhost: connection refused"
check "... the name server was not asked" eval '! grep -q "^query" "$D/queries"'
inns timeout 30 "$L" -p http://127.0.0.1:1/
check "an IPv4 address: no lookup, refused" errline "127.0.0.1: connection refused"

# the sanitizer build of the driver, for the lookup's memory
GET=tests/http_test-san
built "$GET"
if [ -x "$GET" ]; then
	inns timeout 30 "$GET" get -t 1500 http://feed.invalid.example/
	check "http_get -t 1500 (sanitizers): \"name lookup timed out\"" \
		eval 'slurp "$D/out" "$D/err"; [ "$rc" -eq 1 ] && [ "$got" = "feed.invalid.example: name lookup timed out" ]'
else
	notok "$GET is built"
fi

echo "# $npass passed, $nfail failed"
[ "$nfail" -eq 0 ]
