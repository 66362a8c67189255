#!/bin/sh
# See LICENSE file for copyright and license details.
# memcheck.sh: print mode under valgrind's memcheck over every feed the
# tests have (and the shared corpus, when it is beside the checkout): no
# error, no definite leak, and the same output as without valgrind.
cd "$(dirname "$0")/.." || exit 1
. tests/lib.sh

need valgrind
built lwnrss
D=$T/memcheck
rm -rf "$D"
mkdir -p "$D"

n=0
for f in tests/fixtures/* tests/x11-feed.rdf ../shared/corpus/*/*.rdf \
    ../shared/corpus/*/*.xml ../shared/corpus/*/derived/*.rdf \
    ../shared/corpus/*/derived/*.xml; do
	[ -f "$f" ] || continue
	n=$((n + 1))
	./lwnrss -p - < "$f" > "$D/want" 2>/dev/null
	want=$?
	valgrind -q --error-exitcode=99 --leak-check=full \
		--errors-for-leak-kinds=definite --log-file="$D/vg" \
		./lwnrss -p - < "$f" > "$D/got" 2>/dev/null
	got=$?
	if [ "$got" -eq "$want" ] && [ ! -s "$D/vg" ] && cmp -s "$D/want" "$D/got"; then
		ok "memcheck: $f"
	else
		head -n 20 "$D/vg"
		notok "memcheck: $f (status $got, plain $want)"
	fi
done
[ "$n" -gt 0 ] || notok "memcheck: no feed found"
