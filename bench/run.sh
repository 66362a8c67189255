#!/bin/sh
# See LICENSE file for copyright and license details.
# run.sh: every benchmark, each writing its table to bench/NAME.txt.
#
#   bench/run.sh [name ...]     e.g. bench/run.sh parse fetch
cd "$(dirname "$0")/.." || exit 1
[ $# -gt 0 ] || set -- parse fetch window cache
status=0
for b in "$@"; do
	[ -x "bench/$b.sh" ] || continue
	echo "# bench/$b.sh -w"
	"bench/$b.sh" -w || status=1
done
exit $status
