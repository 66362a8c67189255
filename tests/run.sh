#!/bin/sh
# See LICENSE file for copyright and license details.
# run.sh: run every test from the top directory and count.  A test is a
# program printing "ok - what" or "not ok - what" lines; one that exits
# non-zero without saying why, or reports nothing, counts as one failure.
# SKIP: the tests not to run, as paths from the top ("tests/fuzz.sh").
# JOBS: how many tests run at once (1).  Each test has a directory, an X
# display and ports of its own; its lines are shown whole, in order.  The
# scripts come first, largest first: they run longest, and so the last
# to start is a short one.
cd "$(dirname "$0")/.." || exit 1
# HOME and the XDG directories of this run's own, for the unit tests too
. tests/lib.sh
JOBS=${JOBS:-1}
case $JOBS in
''|*[!0-9]*|0) echo "run.sh: JOBS must be a number of tests, not '$JOBS'" >&2; exit 1 ;;
esac
pass=0
fail=0
tests=
for t in $(ls -S tests/*.sh) tests/rdf_test tests/rdf_test-san tests/http_test \
    tests/http_test-san tests/x509_test tests/x509_test-san tests/refresh_test \
    tests/refresh_test-san tests/rules_test tests/rules_test-san tests/store_test \
    tests/store_test-san; do
	case "$t" in
	tests/run.sh|tests/deps.sh|tests/lib.sh|tests/proc.sh|tests/tlslib.sh) continue ;;
	esac
	case " $SKIP " in
	*" $t "*) continue ;;
	esac
	[ -x "$t" ] || continue
	tests="$tests $t"
	rm -f "$T/${t##*/}.rc"
done

# one t: run the test, its output in its log, then the seconds it took
# and the processor time it used (times: this shell's, then its
# children's), then its exit status in its .rc file (written last, as the
# sign that it is done).  They say which test bounds a run's time
one() {
	_l=$T/${1##*/}
	_s=$(date +%s)
	"$1" > "$_l.log" 2>&1
	_rc=$?
	times > "$_l.times"
	{ read -r _ _; read -r _u _y; } < "$_l.times"
	echo "# $1: $(($(date +%s) - _s)) s, user $_u, sys $_y" >> "$_l.log"
	echo $_rc > "$_l.rc.tmp" && mv "$_l.rc.tmp" "$_l.rc"
}

# report [all]: show and count the tests done from the first not yet
# shown on, in order, up to one still running; $shown is how many are
# shown.  With all, every test has ended: one without a status failed
shown=0
report() {
	_n=0
	for _t in $tests; do
		_n=$((_n + 1))
		[ "$_n" -gt "$shown" ] || continue
		_l=$T/${_t##*/}
		rc=255
		if [ -s "$_l.rc" ]; then
			read -r rc < "$_l.rc"
		elif [ "$1" != all ]; then
			return 0
		fi
		echo "# $_t"
		cat "$_l.log"
		p=$(grep -c '^ok ' "$_l.log" 2>/dev/null) || p=0
		f=$(grep -c '^not ok ' "$_l.log" 2>/dev/null) || f=0
		if [ "$rc" -ne 0 ] && [ "$f" -eq 0 ]; then
			echo "not ok - $_t exited with status $rc"
			f=1
		elif [ "$p" -eq 0 ] && [ "$f" -eq 0 ]; then
			echo "not ok - $_t reported no result"
			f=1
		fi
		pass=$((pass + p))
		fail=$((fail + f))
		shown=$_n
	done
}

# a token a free place: a test takes one to start and gives it back when
# done, through a pipe of this shell's on a descriptor the tests do not get
mkfifo "$T/jobs.$$" || exit 1
exec 3<> "$T/jobs.$$"
rm -f "$T/jobs.$$"
i=0
while [ "$i" -lt "$JOBS" ]; do
	echo >&3
	i=$((i + 1))
done
for t in $tests; do
	read -r _ <&3
	report
	{ one "$t" 3>&-; echo >&3; } &
done
wait
exec 3>&-
report all
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ] && [ "$pass" -gt 0 ]
