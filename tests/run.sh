#!/bin/sh
# See LICENSE file for copyright and license details.
# run.sh: run every test from the top directory and count.  A test is a
# program printing "ok - what" or "not ok - what" lines; one that exits
# non-zero without saying why, or reports nothing, counts as one failure.
# SKIP: the tests not to run, as paths from the top ("tests/fuzz.sh").
cd "$(dirname "$0")/.." || exit 1
# HOME and the XDG directories of this run's own, for the unit tests too
. tests/lib.sh
pass=0
fail=0
for t in tests/rdf_test tests/rdf_test-san tests/http_test tests/http_test-san \
    tests/x509_test tests/x509_test-san tests/refresh_test tests/refresh_test-san \
    tests/rules_test tests/rules_test-san tests/store_test tests/store_test-san \
    tests/*.sh; do
	case "$t" in
	tests/run.sh|tests/deps.sh|tests/lib.sh|tests/proc.sh|tests/tlslib.sh) continue ;;
	esac
	case " $SKIP " in
	*" $t "*) continue ;;
	esac
	[ -x "$t" ] || continue
	log=tests/tmp/$(basename "$t").log
	echo "# $t"
	"$t" > "$log" 2>&1
	rc=$?
	cat "$log"
	p=$(grep -c '^ok ' "$log" 2>/dev/null) || p=0
	f=$(grep -c '^not ok ' "$log" 2>/dev/null) || f=0
	if [ "$rc" -ne 0 ] && [ "$f" -eq 0 ]; then
		echo "not ok - $t exited with status $rc"
		f=1
	elif [ "$p" -eq 0 ] && [ "$f" -eq 0 ]; then
		echo "not ok - $t reported no result"
		f=1
	fi
	pass=$((pass + p))
	fail=$((fail + f))
done
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ] && [ "$pass" -gt 0 ]
