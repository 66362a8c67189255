#!/bin/sh
# See LICENSE file for copyright and license details.
# parse.sh: make large LWN-shaped RSS 1.0 feeds of two shapes (plain
# descriptions, and descriptions dense with escaped HTML) and measure on
# each, side by side, `lwnrss -p -`, sfeed and `xmllint --stream
# --noout`: instructions per input byte under callgrind, wall time (best
# of three) and peak memory.  Run from anywhere; writes the table to stdout and, with -w, to
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

# feed SHAPE BYTES: an LWN-shaped feed on stdout, [$] titles, dc:date,
# dc:creator, /rss links, descriptions padded with white space as LWN's
# are.  Two shapes of description:
#   plain    mostly words, now and then a link (href in plain quotes),
#            a bold word, an &nbsp; or an &mdash;
#   escaped  dense escaped HTML, as LWN's own but denser still: every
#            paragraph in &lt;p&gt;, a link (&quot; round its href), a
#            bold or tt word, &nbsp; or a numeric reference in nearly
#            every other word: 8 references per 100 bytes, three times
#            as many as LWN.net's feed of 2023
feed() {
	awk -v shape="$1" -v target="$2" 'BEGIN {
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
			if (shape == "escaped")
				d = d "&lt;p&gt;"
			else if (p)
				d = d "\n&lt;p&gt;\n"
			bq = rand() < 0.3
			if (bq)
				d = d "&lt;blockquote class=\"bq\"&gt;\n\t"
			nl = 2 + int(rand() * 5)
			for (l = 0; l < nl; l++) {
				for (i = 0; i < 10; i++) {
					r = rand()
					x = w[int(rand() * nw) + 1]
					if (shape == "escaped") {
						if (r < 0.20)
							d = d "&lt;a href=&quot;https://lwn.net/Articles/" int(rand() * 999999) "/&quot;&gt;" x "&lt;/a&gt; "
						else if (r < 0.30)
							d = d "&lt;b&gt;" x "&lt;/b&gt; "
						else if (r < 0.38)
							d = d "&lt;tt&gt;" x "()&lt;/tt&gt; "
						else if (r < 0.46)
							d = d x "&amp;nbsp;"
						else if (r < 0.54)
							d = d x "&#8217;s "
						else if (r < 0.58)
							d = d "&#8212; "
						else if (r < 0.64)
							d = d "&quot;" x "&quot; "
						else
							d = d x " "
					} else if (r < 0.04)
						d = d "&lt;a href=\"https://lwn.net/Articles/" int(rand() * 999999) "/\"&gt;" x "&lt;/a&gt; "
					else if (r < 0.06)
						d = d "&lt;b&gt;" x "&lt;/b&gt; "
					else if (r < 0.08)
						d = d x "&amp;nbsp;"
					else if (r < 0.09)
						d = d "&amp;mdash; "
					else
						d = d x " "
				}
				d = d "\n"
			}
			if (bq)
				d = d "&lt;/blockquote&gt;"
			if (shape == "escaped")
				d = d "&lt;/p&gt;\n"
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
	}'
}
feed plain $((mb * 1000 * 1000)) > "$tmp/plain.rdf"
feed escaped $((mb * 1000 * 1000)) > "$tmp/escaped.rdf"

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
		n=$(( $(wc -c < "$tmp/plain.rdf") / $(wc -c < "$tmp/items") + 1 ))
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
		printf "# sfeed / lwnrss instructions: %.1fx (target >= 2x)\n", b / a
		printf "# lwnrss peak memory: %.2fx the feed (target <= 1.5x)\n", kib * 1024 / bytes
	}'
}

{
	echo "# bench/parse.sh $mb: $(date -u +%Y-%m-%d), $(uname -m), $(nproc) cores"
	echo "# baseline: lwnrss -p - on a one-item feed peaks at $(echo '<rss><channel><item><title>x</title></item></channel></rss>' |
		/usr/bin/time -f %M "$lwnrss" -p - 2>&1 >/dev/null) KiB (its shared libraries)"
	table "$tmp/plain.rdf" "generated LWN-shaped RSS 1.0, plain descriptions (mostly words)"
	echo
	table "$tmp/escaped.rdf" "generated LWN-shaped RSS 1.0, descriptions dense with escaped HTML"
	if [ -n "$real" ]; then
		echo
		table "$real" "LWN's feed of 2023-07-07 (shared corpus), its 15 items repeated"
	fi
} > "$tmp/table"

cat "$tmp/table"
if [ "$write" -eq 1 ]; then
	{
		echo "Parser benchmark: lwnrss -p -, sfeed and xmllint --stream on feeds of each shape."
		echo "Command (from the top directory): bench/parse.sh -w $mb"
		echo "Instructions: valgrind --tool=callgrind, total Ir.  Wall: best of three."
		echo "Peak: /usr/bin/time -f %M (maximum resident set).  peak/in: peak over feed size."
		echo
		cat "$tmp/table"
	} > bench/parse.txt
fi
