#!/bin/sh
# See LICENSE file for copyright and license details.
# print.sh: `lwnrss -p -` end to end: output lines, exit status and the
# message on stderr for what is no feed.  Run from the top directory.
. tests/lib.sh
built lwnrss

L=./lwnrss
tab=$(printf '\t')

# run: feed stdin from file $1 into lwnrss -p -; out and err in $T, the
# exit status in prc.  The shell reads the few lines of err
run() {
	$L -p - < "$1" > "$T/print.out" 2> "$T/print.err"
	prc=$?
}
rc() { [ "$prc" = "$1" ]; }
errhas() { has "$1" "$T/print.err"; }
noerr() { [ ! -s "$T/print.err" ]; }
noout() { [ ! -s "$T/print.out" ]; }
oneline() {
	_n=0
	while IFS= read -r _l; do
		_n=$((_n + 1))
	done < "$T/print.err"
	[ "$_n" -eq 1 ]
}
# every output line is exactly two fields
twofields() { awk -F '\t' 'NF != 2 { bad = 1 } END { exit bad }' "$T/print.out"; }

# RSS 1.0, LWN-shaped
run tests/fixtures/lwn-rss10.rdf
cat > "$T/want" <<EOF
[\$] A tale of two schedulers${tab}https://lwn.net/Articles/1000001/
Security updates for Monday${tab}https://lwn.net/Articles/1000002/
Café & kernel: a long title${tab}https://lwn.net/Articles/1000003/
[\$] LWN.net Weekly Edition for December 3, 2026${tab}http://lwn.net/Articles/1000004/
EOF
check "rss 1.0: title<TAB>link per item, in order, /rss dropped" cmp -s "$T/print.out" "$T/want"
check "rss 1.0: exit 0 and nothing on stderr" eval 'rc 0 && noerr'

run tests/fixtures/lwn-rss20.xml
check "rss 2.0: three lines" test "$(wc -l < "$T/print.out")" -eq 3
check "rss 2.0: the guid permalink is printed" grep -q "^An item with only a permalink guid${tab}https://lwn.net/Articles/2000002/\$" "$T/print.out"

run tests/fixtures/atom.xml
check "atom: entries with their alternate links" grep -q "^Ampersands & tags${tab}https://example.org/posts/1?a=1&b=2\$" "$T/print.out"

# elements of other vocabularies never become a title or link
run tests/fixtures/ns-foreign.xml
# the second item's only title is a media:title: it is untitled, printed with its link
printf "The item's own title${tab}https://example.org/1\nhttps://example.org/2${tab}https://example.org/2\n" > "$T/want.ns"
check "namespaces: a media:title or ext:link is nobody's title or link" cmp -s "$T/print.out" "$T/want.ns"
run tests/fixtures/ns-scope.rdf
check "namespaces: declarations in any scope, three items" \
	eval 'test "$(wc -l < "$T/print.out")" -eq 3 && rc 0 && grep -q "^The RSS 1.0 title${tab}https://example.org/3\$" "$T/print.out"'

# Atom's html and xhtml titles print as text, its text titles literally
run tests/fixtures/atom-ns.xml
printf "A bold & escaped title${tab}https://example.org/1\nAn xhtml <title>${tab}https://example.org/2\nA <b> text title${tab}https://example.org/3\n" > "$T/want.atom"
check "atom: html, xhtml and text titles as the feed means them" cmp -s "$T/print.out" "$T/want.atom"

# control characters inside values never break a line in two
printf '<rss><channel><item><title>a&#9;b&#10;c&#13;d&#1;e&#127;f\001g</title><link>http://e/&#9;x&#10;y</link></item><item><title>two</title><link>http://e/2</link></item></channel></rss>' > "$T/ctl.xml"
run "$T/ctl.xml"
check "tabs, newlines and control bytes in values: two lines of two fields" \
	eval 'test "$(wc -l < "$T/print.out")" -eq 2 && twofields && rc 0'
check "... tabs and newlines print as one space, other control characters as nothing" \
	grep -q "^a b c defg${tab}http://e/ x y\$" "$T/print.out"

# what is no feed: exit 1, one line on stderr naming it, nothing on stdout
: > "$T/empty"
run "$T/empty"
check "empty input: exit 1, 'empty'" eval 'rc 1 && errhas "empty" && oneline && noout'
printf '  \n\t\n' > "$T/blank"
run "$T/blank"
check "white space only: exit 1, 'empty'" eval 'rc 1 && errhas "empty" && noout'

printf '<!DOCTYPE html>\n<html><head><title>LWN.net</title></head><body>Welcome</body></html>\n' > "$T/page.html"
run "$T/page.html"
check "an HTML page: exit 1, 'HTML page'" eval 'rc 1 && errhas "HTML page" && oneline && noout'

head -c 3000 /bin/sh > "$T/binary"
run "$T/binary"
check "binary input: exit 1, 'binary'" eval 'rc 1 && errhas "binary" && oneline && noout'

printf '{"version": "https://jsonfeed.org/version/1.1", "items": []}\n' > "$T/json"
run "$T/json"
check "no RSS, RDF or Atom root: exit 1" eval 'rc 1 && errhas "no RSS, RDF or Atom root" && noout'

# over the 8 MiB limit: refused before parsing
awk 'BEGIN {
	print "<rss><channel>"
	for (i = 0; i < 60000; i++)
		printf "<item><title>item %d</title><link>http://e/%d</link><description>%0100d%0100d</description></item>\n", i, i, 0, 0
	print "</channel></rss>"
}' > "$T/big.xml"
size=$(wc -c < "$T/big.xml")
run "$T/big.xml"
check "a feed over 8 MiB ($size bytes): exit 1, 'larger than'" \
	eval 'test "$size" -gt 8388608 && rc 1 && errhas "larger than" && oneline && noout'
awk '{ n += length($0) + 1; if (n > 8388000) exit; print }' "$T/big.xml" > "$T/under.xml"
items=$(($(wc -l < "$T/under.xml") - 1))
echo "</channel></rss>" >> "$T/under.xml"
size=$(wc -c < "$T/under.xml")
run "$T/under.xml"
check "a feed just under the limit ($size bytes, $items items) is read whole" \
	eval 'test "$size" -le 8388608 && rc 0 && noerr && test "$(wc -l < "$T/print.out")" -eq "$items"'

# cut off in the middle: the complete items, a warning, exit 0
# cut inside the third item
at=$(grep -b -o '<item ' tests/fixtures/lwn-rss10.rdf | awk -F: 'NR == 3 { print $1 }')
head -c $((at + 60)) tests/fixtures/lwn-rss10.rdf > "$T/cut.rdf"
run "$T/cut.rdf"
check "a truncated feed: exit 0 and a warning naming it" eval 'rc 0 && errhas "truncated" && oneline'
check "... and the items complete before the cut" \
	eval 'test "$(wc -l < "$T/print.out")" -eq 2 && head -n 2 "$T/want" | cmp -s - "$T/print.out"'

# flags
v=$(sed -n 's/^VERSION *= *//p' config.mk)
check "-v prints lwnrss-$v" test "$($L -v 2>&1)" = "lwnrss-$v"
$L -x > "$T/flag.out" 2> "$T/flag.err"
frc=$?
check "an unknown flag prints usage and exits 1" \
	eval 'test "$frc" = 1 && grep -q "^usage: lwnrss" "$T/flag.err" && test ! -s "$T/flag.out"'
$L -p - extra < tests/fixtures/atom.xml > /dev/null 2> "$T/flag.err"
frc=$?
check "a second operand prints usage and exits 1" \
	eval 'test "$frc" = 1 && grep -q "^usage: lwnrss" "$T/flag.err"'
$L - -p < tests/fixtures/atom.xml > "$T/flag.out" 2> "$T/flag.err"
check "options may follow the operand (tabbed appends its window id)" \
	eval 'test -s "$T/flag.out" && test ! -s "$T/flag.err"'
$L -pf - < tests/fixtures/atom.xml > "$T/flag.out" 2> "$T/flag.err"
check "-f with standard input changes nothing: -pf - prints what -p - prints" \
	eval '$L -p - < tests/fixtures/atom.xml | cmp -s - "$T/flag.out" && test ! -s "$T/flag.err"'

# an item without a title is listed by its link: no blank line in a menu
printf '<rss version="2.0"><channel><title>t</title><item><link>https://example.org/untitled</link></item><item><title>B</title><link>https://example.org/b</link></item></channel></rss>' > "$T/untitled.xml"
run "$T/untitled.xml"
check "an untitled item's title is its link" eval \
	'printf "https://example.org/untitled\thttps://example.org/untitled\nB\thttps://example.org/b\n" | cmp -s - "$T/print.out"'

# ---- links no browser is to open ---------------------------------------

# javascript:, file: and a relative link (standard input has no URL to
# resolve it against): the title and an empty link field, the link as the
# title of an untitled item; a title may pretend to end in a link
cat > "$T/links.xml" <<'XML'
<rss version="2.0"><channel><title>links</title>
<item><title>Script</title><link>javascript:alert(1)</link></item>
<item><title>Local</title><link>file:///etc/passwd</link></item>
<item><title>Relative</title><link>/Articles/1/</link></item>
<item><link>javascript:alert(2)</link></item>
<item><title>Pretend · file:///etc/shadow</title><link>javascript:alert(3)</link></item>
<item><title>Web</title><link>https://example.org/web</link></item>
</channel></rss>
XML
run "$T/links.xml"
printf 'Script\t\nLocal\t\nRelative\t\njavascript:alert(2)\t\nPretend · file:///etc/shadow\t\nWeb\thttps://example.org/web\n' > "$T/want.links"
check "javascript:, file: and relative links: the title and an empty link field" \
	eval 'cmp -s "$T/print.out" "$T/want.links" && rc 0 && noerr'

# a standard output that cannot take the lines: exit 1 and why
$L -p - < tests/fixtures/lwn-rss10.rdf > /dev/full 2> "$T/print.err"
prc=$?
check "standard output full: exit 1, said" \
	eval 'rc 1 && [ "$(cat "$T/print.err")" = "lwnrss: stdout: No space left on device" ]'

# the pipelines of the README and lwnrss.1, run as they are, each line
# picked in turn: lwnrss (the feed above), dmenu (it picks line $PICK) and
# xdg-open (it records its arguments) are stand-ins on PATH
P=$(pwd)/$T/pipe.$$
mkdir -p "$P/bin"
printf '#!/bin/sh\nexec "%s/lwnrss" "$@" - < "%s/links.xml"\n' "$(pwd)" "$(pwd)/$T" > "$P/bin/lwnrss"
printf '#!/bin/sh\nexec sed -n "${PICK}p"\n' > "$P/bin/dmenu"
printf '#!/bin/sh\nprintf "%%s\\n" "$@" >> "%s/opened"\n' "$P" > "$P/bin/xdg-open"
chmod +x "$P/bin/lwnrss" "$P/bin/dmenu" "$P/bin/xdg-open"
readme=$(sed -n 's/^\t\(lwnrss -p | .*dmenu.*\)$/\1/p' README | head -n 1)
man=$(sed -n '/^lwnrss -p | sed/,/xdg-open$/p' lwnrss.1 | sed 's/\\(pc/·/g; s/\\e/\\/g' | tr '\n' ' ')
# opens pipeline: what pipeline opens, each of the six lines picked
opens() {
	: > "$P/opened"
	for PICK in 1 2 3 4 5 6; do
		PATH="$P/bin:$PATH" PICK=$PICK sh -c "$1" > /dev/null 2>&1
	done
	cat "$P/opened"
}
printf "# README: %s\n# lwnrss.1: %s\n" "$readme" "$man"
check "README pipeline: of those six items only the web one opens" \
	eval '[ -n "$readme" ] && [ "$(opens "$readme")" = https://example.org/web ]'
check "lwnrss.1 pipeline: the same" \
	eval '[ -n "$man" ] && [ "$(opens "$man")" = https://example.org/web ]'
rm -rf "$P"
