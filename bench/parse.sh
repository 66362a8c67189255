#!/bin/sh
# See LICENSE file for copyright and license details.
# parse.sh: make a large LWN-shaped RSS 1.0 feed and measure, side by side,
# `lwnrss -p -`, sfeed and `xmllint --stream --noout` on it: instructions
# per input byte under callgrind, wall time (best of three) and peak
# memory.  Run from anywhere; writes the table to stdout and, with -w, to
# bench/parse.txt.
#
#   bench/parse.sh [-w] [megabytes]
#
# lwnrss refuses feeds over config.h's maxfeed (8 MiB by default), so the
# feed is parsed by a copy of lwnrss built in the temporary directory with
# a larger limit and otherwise the same sources and flags.
set -e
cd "$(dirname "$0")/.."
top=$(pwd)

write=0
if [ "$1" = "-w" ]; then
	write=1
	shift
fi
mb=${1:-12}

for tool in valgrind sfeed xmllint /usr/bin/time awk make; do
	command -v "$tool" >/dev/null 2>&1 || {
		echo "parse.sh: $tool is missing (make deps installs it)" >&2
		exit 1
	}
done

tmp=$(mktemp -d "${TMPDIR:-/tmp}/lwnrss-bench.XXXXXX")
trap 'rm -rf "$tmp"' EXIT INT TERM

# lwnrss with a feed limit large enough for the benchmark feed
mkdir "$tmp/src"
cp ./*.c ./*.h config.mk Makefile "$tmp/src/"
rm -f "$tmp/src/config.h"
sed 's/maxfeed = [^;]*;/maxfeed = 1024UL << 20;/' config.def.h > "$tmp/src/config.h"
make -s -C "$tmp/src" lwnrss >/dev/null
lwnrss="$tmp/src/lwnrss"

# an LWN-shaped feed: [$] titles, dc:date, dc:creator, /rss links and
# escaped HTML descriptions with links, &nbsp;, blockquotes, padded
# with white space as LWN's are
awk -v target=$((mb * 1000 * 1000)) 'BEGIN {
	srand(7)
	nw = split("kernel memory scheduler patch developers release filesystem " \
	    "security maintainers Linux community project support driver " \
	    "performance the of and to a in that is for with was this by on " \
	    "subsystem discussion proposal change workqueue folio BPF Rust " \
	    "distribution Debian Fedora tools interface upstream code", w, " ")
	nu = split("corbet jake jzb daroc joe", who, " ")
	print "<?xml version=\"1.0\" encoding=\"utf-8\"?>"
	print "<rdf:RDF"
	print "  xmlns:rdf=\"http://www.w3.org/1999/02/22-rdf-syntax-ns#\""
	print "  xmlns=\"http://purl.org/rss/1.0/\""
	print "  xmlns:dc=\"http://purl.org/dc/elements/1.1/\""
	print "  xmlns:syn=\"http://purl.org/rss/1.0/modules/syndication/\">"
	print "  <channel rdf:about=\"https://lwn.net\">"
	print "    <title>LWN.net</title>"
	print "    <link>https://lwn.net</link>"
	print "    <description>A benchmark feed shaped like LWN.net'"'"'s</description>"
	print "    <syn:updatePeriod>hourly</syn:updatePeriod>"
	print "    <syn:updateFrequency>2</syn:updateFrequency>"
	print "  </channel>"
	size = 600
	for (n = 0; size < target; n++) {
		id = 900000 + n
		t = (rand() < 0.4 ? "[$] " : "")
		for (i = 0; i < 6; i++)
			t = t w[int(rand() * nw) + 1] " "
		d = ""
		np = 1 + int(rand() * 3)
		for (p = 0; p < np; p++) {
			if (p)
				d = d "\n&lt;p&gt;\n"
			bq = rand() < 0.3
			if (bq)
				d = d "&lt;blockquote class=\"bq\"&gt;\n\t"
			nl = 2 + int(rand() * 5)
			for (l = 0; l < nl; l++) {
				for (i = 0; i < 10; i++) {
					r = rand()
					if (r < 0.04)
						d = d "&lt;a href=\"https://lwn.net/Articles/" int(rand() * 999999) "/\"&gt;" w[int(rand() * nw) + 1] "&lt;/a&gt; "
					else if (r < 0.06)
						d = d "&lt;b&gt;" w[int(rand() * nw) + 1] "&lt;/b&gt; "
					else if (r < 0.08)
						d = d w[int(rand() * nw) + 1] "&amp;nbsp;"
					else if (r < 0.09)
						d = d "&amp;mdash; "
					else
						d = d w[int(rand() * nw) + 1] " "
				}
				d = d "\n"
			}
			if (bq)
				d = d "&lt;/blockquote&gt;"
		}
		item = sprintf("  <item rdf:about=\"https://lwn.net/Articles/%d/rss\">\n" \
		    "    <title>%s</title>\n" \
		    "    <link>https://lwn.net/Articles/%d/rss</link>\n" \
		    "    <description>\n      %s\n      \n      \n    </description>\n" \
		    "    <dc:date>2026-%02d-%02dT%02d:%02d:%02d+00:00</dc:date>\n" \
		    "    <dc:creator>%s</dc:creator>\n  </item>", id, t, id, d,
		    1 + n % 12, 1 + n % 28, n % 24, n % 60, (n * 7) % 60, who[1 + n % nu])
		print item
		size += length(item) + 1
	}
	print "</rdf:RDF>"
}' > "$tmp/feed.rdf"

# LWN's own feed from the shared corpus, when there is one, its items
# repeated to the same size: real text, never kept in the project
real=
for c in ../shared/corpus /work/shared/corpus; do
	f=$c/lwn/feedendum-lwn.rdf
	[ -f "$f" ] || continue
	first=$(grep -n '<item ' "$f" | head -n 1 | cut -d: -f1)
	last=$(grep -n '</item>' "$f" | tail -n 1 | cut -d: -f1)
	{
		sed -n "1,$((first - 1))p" "$f"
		sed -n "${first},${last}p" "$f" > "$tmp/items"
		n=$(( $(wc -c < "$tmp/feed.rdf") / $(wc -c < "$tmp/items") + 1 ))
		while [ "$n" -gt 0 ]; do
			cat "$tmp/items"
			n=$((n - 1))
		done
		sed -n "$((last + 1)),\$p" "$f"
	} > "$tmp/lwn.rdf"
	real="$tmp/lwn.rdf"
	break
done

# instructions per byte: callgrind's total Ir over the feed's size
irs() {
	valgrind --tool=callgrind --callgrind-out-file="$tmp/cg.out" "$@" \
		< "$feed" > /dev/null 2> "$tmp/cg.err"
	awk '/^(summary|totals):/ { print $2; exit }' "$tmp/cg.out"
}

# best wall time of three and the peak resident set, in KiB
timed() {
	best=
	for run in 1 2 3; do
		/usr/bin/time -f '%e %M' -o "$tmp/time" "$@" < "$feed" > /dev/null
		read -r secs kib < "$tmp/time"
		if [ -z "$best" ] || awk "BEGIN { exit !($secs < $best) }"; then
			best=$secs
		fi
		peak=$kib
	done
	echo "$best $peak"
}

row() {
	name=$1
	shift
	ir=$(irs "$@")
	set -- $(timed "$@")
	awk -v name="$name" -v ir="$ir" -v bytes="$bytes" -v secs="$1" -v kib="$2" 'BEGIN {
		printf "%-26s %14.0f %9.2f %8.3f %9.1f %7.2f\n", name, ir, ir / bytes,
		    secs, kib / 1024, kib * 1024 / bytes
	}'
	echo "$ir" > "$tmp/ir.$name"
	echo "$2" > "$tmp/kib.$name"
}

# table FEED WHAT: one row per tool
table() {
	feed=$1
	bytes=$(wc -c < "$feed")
	items=$(grep -c '<item ' "$feed")
	got=$("$lwnrss" -p - < "$feed" | wc -l)
	sf=$(sfeed < "$feed" | wc -l)
	if [ "$got" -ne "$items" ] || [ "$sf" -ne "$items" ]; then
		echo "parse.sh: $items items, but lwnrss printed $got and sfeed $sf" >&2
		exit 1
	fi
	echo "# $2: $bytes bytes, $items items"
	printf "%-26s %14s %9s %8s %9s %7s\n" "tool" "instructions" "instr/B" "wall s" "peak MiB" "peak/in"
	row "lwnrss -p -" "$lwnrss" -p -
	row "sfeed" sfeed
	row "xmllint --stream --noout" xmllint --stream --noout -
	awk -v a="$(cat "$tmp/ir.lwnrss -p -")" -v b="$(cat "$tmp/ir.sfeed")" \
	    -v kib="$(cat "$tmp/kib.lwnrss -p -")" -v bytes="$bytes" 'BEGIN {
		printf "# sfeed / lwnrss instructions: %.1fx (target >= 10x)\n", b / a
		printf "# lwnrss peak memory: %.2fx the feed (target <= 2x)\n", kib * 1024 / bytes
	}'
}

{
	echo "# bench/parse.sh $mb: $(date -u +%Y-%m-%d), $(uname -m), $(nproc) cores"
	echo "# baseline: lwnrss -p - on a one-item feed peaks at $(echo '<rss><channel><item><title>x</title></item></channel></rss>' |
		/usr/bin/time -f %M "$lwnrss" -p - 2>&1 >/dev/null) KiB (its shared libraries)"
	table "$tmp/feed.rdf" "generated LWN-shaped RSS 1.0 (escaped HTML descriptions)"
	if [ -n "$real" ]; then
		echo
		table "$real" "LWN's feed of 2023-07-07 (shared corpus), its 15 items repeated"
	fi
} > "$tmp/table"

cat "$tmp/table"
if [ "$write" -eq 1 ]; then
	{
		echo "Parser benchmark: lwnrss -p -, sfeed and xmllint --stream on one feed."
		echo "Command (from the top directory): bench/parse.sh -w $mb"
		echo "Instructions: valgrind --tool=callgrind, total Ir.  Wall: best of three."
		echo "Peak: /usr/bin/time -f %M (maximum resident set).  peak/in: peak over feed size."
		echo
		cat "$tmp/table"
	} > bench/parse.txt
fi
