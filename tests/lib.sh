# See LICENSE file for copyright and license details.
# lib.sh: sourced by the shell tests.  Run from the top directory.

T=${T:-tests/tmp}
mkdir -p "$T"
# lwnrss keeps a cache: never the user's (~/.cache), one per test run;
# tests with a directory of their own point it there
XDG_CACHE_HOME=$(pwd)/$T/cache.$$
export XDG_CACHE_HOME

ok() { echo "ok - $*"; }
notok() { echo "not ok - $*"; }

# check what cmd...: ok when cmd succeeds
check() {
	what=$1
	shift
	if "$@"; then ok "$what"; else notok "$what"; fi
}
