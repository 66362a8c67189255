#!/bin/sh
# See LICENSE file for copyright and license details.
# run.sh seconds target...: run each libFuzzer target in turn for that
# many seconds, from the top directory, on one core.  The corpus grows in
# tests/tmp/fuzz/target/corpus, seeded from tests/fuzz/corpus/target,
# which is only read.  libFuzzer's output goes to log.PID there, and a
# crash, hang or leak leaves its input beside it.  Prints "ok - ..." or
# "not ok - ..." per target with libFuzzer's final counts, and fails if
# any target did.
cd "$(dirname "$0")/../.." || exit 1
secs=$1
shift
fail=0
for t in "$@"; do
	case $t in
	rdf|pem|x509) maxlen=16384 ;;
	text) maxlen=4096 ;;
	*) maxlen=8192 ;;
	esac
	dir=tests/tmp/fuzz/$t
	mkdir -p "$dir/corpus"
	dict=
	[ -f "tests/fuzz/$t.dict" ] && dict=-dict=tests/fuzz/$t.dict
	log=$dir/log.$$
	set -- -max_total_time="$secs" -timeout=10 -max_len="$maxlen" \
		-rss_limit_mb=1024 -print_final_stats=1 -artifact_prefix="$dir/" \
		$dict "$dir/corpus" "tests/fuzz/corpus/$t"
	echo "# ./tests/fuzz/$t-fuzz $*"
	"./tests/fuzz/$t-fuzz" "$@" > "$log" 2>&1
	rc=$?
	runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log")
	cov=$(grep -o 'cov: [0-9]* ft: [0-9]*' "$log" | tail -n 1)
	if [ "$rc" -eq 0 ]; then
		echo "ok - fuzz $t: ${runs:-?} runs in ${secs} s, $cov"
	else
		grep -A 20 '^==[0-9]*==\|^SUMMARY\|Test unit written' "$log" | head -n 40
		echo "not ok - fuzz $t: exit $rc after ${runs:-?} runs (see $log)"
		fail=1
	fi
done
exit "$fail"
