#!/bin/sh
# See LICENSE file for copyright and license details.
# fuzz.sh: build the libFuzzer targets and run each for FUZZTIME seconds
# (30 by default), so that a parser regression fails the tests.
cd "$(dirname "$0")/.." || exit 1
command -v clang > /dev/null || { echo "not ok - clang is installed (make deps installs it)"; exit 1; }
out=$(make fuzz FUZZTIME="${FUZZTIME:-30}" 2>&1)
rc=$?
echo "$out"
if [ "$rc" -ne 0 ] && ! echo "$out" | grep -q '^not ok'; then
	echo "not ok - make fuzz failed"
fi
exit "$rc"
