#!/bin/sh
# See LICENSE file for copyright and license details.
# window.sh: from start to the first complete paint of a 25-item LWN-shaped
# feed and quit, lwnrss (fetching it over HTTPS from a local server) against
# `dmenu -l 25` showing the same 25 titles, in one run under an Xvfb of its
# own: instructions under callgrind (every process: lwnrss's fetch child
# too) and peak memory.  Writes the table to stdout and, with -w, to
# bench/window.txt.  KEEP=1 keeps the temporary directory (callgrind's
# files, the feed) for a closer look.
#
#   bench/window.sh [-w]
#
# Each program is told to quit from outside once its first paint is done,
# so the product carries no benchmark hook: lwnrss gets q once its window
# title has become the feed's (the title and the painted rows leave in the
# same flush), dmenu gets Escape once its window exists (dmenu draws
# before it reads any event, so the key is handled after the paint).
set -e
cd "$(dirname "$0")/.."

write=0
if [ "$1" = "-w" ]; then
	write=1
	shift
fi

for tool in valgrind dmenu Xvfb xdotool xprop xdpyinfo xrdb openssl python3 \
    /usr/bin/time awk make; do
	command -v "$tool" >/dev/null 2>&1 || {
		echo "window.sh: $tool is missing (make deps installs it)" >&2
		exit 1
	}
done

tmp=$(mktemp -d "${TMPDIR:-/tmp}/lwnrss-bench.XXXXXX")
pids=
cleanup() {
	for p in $pids; do kill "$p" 2>/dev/null || :; done
	wait 2>/dev/null || :
	[ -n "$KEEP" ] || rm -rf "$tmp"
}
trap cleanup EXIT
trap 'exit 1' INT TERM HUP

# the same locale for both: dmenu opens an input method, whose compose
# table depends on it
LC_ALL=C.UTF-8
export LC_ALL

retry() {
	i=0
	while [ "$i" -lt 600 ]; do
		"$@" && return 0
		sleep 0.05
		i=$((i + 1))
	done
	echo "window.sh: timed out waiting for: $*" >&2
	return 1
}

# no cache: with one, lwnrss would send validators and get a 304, or paint
# from it, and these figures are of the fetch itself
unset XDG_CACHE_HOME HOME

. bench/lib.sh
buildlwnrss
readstate

lwnfeed > "$tmp/feed.rdf"
"$tmp/std/lwnrss" -p - < "$tmp/feed.rdf" | cut -f1 > "$tmp/titles"
[ "$(wc -l < "$tmp/titles")" -eq 25 ] || {
	echo "window.sh: the feed does not have 25 items" >&2
	exit 1
}

startx

# an HTTPS server on loopback with a test CA
mkcerts
python3 tests/x11srv.py "$tmp/tls" "$tmp/feed.rdf" > "$tmp/port" &
pids="$pids $!"
retry test -s "$tmp/port"
url="https://localhost:$(cat "$tmp/port")/headlines/newrss"
# the system bundle plus the test CA: trust anchors cost what they cost
cat /etc/ssl/certs/ca-certificates.crt "$tmp/tls/ca.pem" > "$tmp/cafile.pem"
SSL_CERT_FILE=$tmp/cafile.pem
export SSL_CERT_FILE

# lwnrss bin wrapper...: run, q once the feed's rows are painted, wait
runlwnrss() {
	bin=$1
	shift
	"$@" "$bin" "$url" > /dev/null 2> "$tmp/err" &
	p=$!
	retry sh -c 'xdotool search --class lwnrss > "$0"' "$tmp/win"
	win=$(head -n 1 "$tmp/win")
	retry sh -c 'xprop -id "$0" WM_NAME | grep -q "\"LWN.net\""' "$win"
	xdotool windowfocus --sync "$win" key q
	wait "$p"
}

# dmenu wrapper...: run on the 25 titles, Escape once mapped, wait
rundmenu() {
	"$@" dmenu -l 25 < "$tmp/titles" > /dev/null 2>> "$tmp/err" &
	p=$!
	retry sh -c 'xdotool search --onlyvisible --class dmenu > "$0"' "$tmp/win"
	xdotool key Escape
	wait "$p" || :
}

# instructions: callgrind's total Ir over every process of a run.  A
# forked child inherits callgrind's counters, so callgrind dumps and zeroes
# them just before fork: the parent's files (cg.PID, cg.PID.N) and the
# child's (cg.PID) then add up to what was run, each instruction once
irs() {
	rm -f "$tmp"/cg.*
	"$@" valgrind --tool=callgrind --dump-before='*fork' \
		--callgrind-out-file="$tmp/cg.%p" 2>/dev/null
	n=$(ls "$tmp"/cg.* | grep -c '/cg\.[0-9]*$')
	# a child is a process that never dumped before a fork of its own
	child=0
	for f in "$tmp"/cg.*; do
		case ${f##*/} in cg.*.*) continue ;; esac
		[ -e "$f.1" ] && continue
		[ "$n" -gt 1 ] && child=$((child + $(awk '/^totals:/ { print $2 }' "$f")))
	done
	cat "$tmp"/cg.* | awk -v n="$n" -v c="$child" '/^totals:/ { s += $2 } END { print s, n, c }'
}

# peak resident set in KiB: the largest of three runs' maxima (GNU time
# reports the largest of the process and its reaped children)
peak() {
	best=0
	for run in 1 2 3; do
		"$@" /usr/bin/time -f '%M' -o "$tmp/time"
		kib=$(tail -n 1 "$tmp/time")
		[ "$kib" -gt "$best" ] && best=$kib
	done
	echo "$best"
}

row() {
	name=$1
	shift
	set -- $(irs "$@") $(peak "$@")
	echo "$name|$1|$2|$4|$3" >> "$tmp/rows"
}

: > "$tmp/rows"
row "dmenu -l 25" rundmenu
row "dmenu -l 25, LC_ALL=C" rundmenu env LC_ALL=C
row "lwnrss, 640x2340: 25 rows" runlwnrss "$tmp/tall/lwnrss"
row "lwnrss, 640x720: 7 of 25 rows" runlwnrss "$tmp/std/lwnrss"

{
	echo "# bench/window.sh: $(date -u +%Y-%m-%d), $(uname -m), $(nproc) cores, Xvfb at Xft.dpi 96, LC_ALL=$LC_ALL"
	echo "# feed: $(wc -c < "$tmp/feed.rdf") bytes, 25 items, over HTTPS (TLS 1.2, RSA 2048) from loopback"
	awk -F'|' 'NR == 1 { bi = $2; bm = $4 }
	{
		printf "%-31s %12.0f %6.2fx %5d %11.0f %9.1f %6.2fx\n", $1, $2, $2 / bi,
		    $3, $5, $4 / 1024, $4 / bm
	}
	BEGIN {
		printf "%-31s %12s %7s %5s %11s %9s %7s\n", "program", "instructions",
		    "ratio", "procs", "in children", "peak MiB", "ratio"
	}' "$tmp/rows"
} > "$tmp/table"

cat "$tmp/table"
if [ "$write" -eq 1 ]; then
	{
		echo "Window benchmark: start, first complete paint of 25 headlines, quit."
		echo "Command (from the top directory): bench/window.sh -w"
		echo "Instructions: valgrind --tool=callgrind, total Ir of every process"
		echo "(lwnrss: the window and its fetch child, whose share, the whole HTTPS"
		echo "fetch with the system's CA bundle, is \"in children\").  Peak: /usr/bin/time -f %M,"
		echo "the largest resident set of three runs.  Target: lwnrss at most 1.1x"
		echo "dmenu's instructions and 1.2x its peak memory, the TLS fetch included."
		echo "Ratios are against the first row.  About 50 million of dmenu's"
		echo "instructions in a UTF-8 locale are XOpenIM reading the compose table;"
		echo "lwnrss opens its input method only when the filter line first opens,"
		echo "so not here; the second row, where that table is small, is the fairer"
		echo "yardstick for drawing.  lwnrss reads its read state before the paint:"
		echo "2,000 links here, about three months of LWN's articles (bench/lib.sh)."
		echo
		cat "$tmp/table"
	} > bench/window.txt
fi
