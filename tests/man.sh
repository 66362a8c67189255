#!/bin/sh
# See LICENSE file for copyright and license details.
# man.sh: lwnrss.1 is clean mdoc and names every setting of config.def.h,
# every flag of the usage line and every environment variable lwnrss reads.
cd "$(dirname "$0")/.." || exit 1
. tests/lib.sh
need mandoc

out=$(mandoc -T lint -W warning lwnrss.1 2>&1)
check "mandoc -T lint finds nothing in lwnrss.1" [ -z "$out" ] || echo "$out"

# the settings: "static const TYPE *name[...] =" or "static TYPE name[] ="
for v in $(sed -n 's/^static [^=(]*[ *]\([a-z][a-z0-9]*\)\(\[[^]]*\]\)* *=.*/\1/p' config.def.h); do
	check "lwnrss.1 describes the setting $v" grep -q "^\.It .*Va $v\( \|\$\)" lwnrss.1
done
for f in $(sed -n 's/.*usage: lwnrss \[-\([a-z]*\)\].*/\1/p' lwnrss.c | sed 's/./& /g') w; do
	check "lwnrss.1 describes -$f" grep -q "^\.It Fl $f\( \|\$\)" lwnrss.1
done
for e in $( (grep -ho 'getenv("[A-Za-z_]*")' ./*.c; grep -ho '"XDG_[A-Z_]*"' ./*.c) | sed 's/.*"\(.*\)".*/\1/' | sort -u); do
	check "lwnrss.1 describes the environment variable $e" grep -q "^\.It .*Ev $e\( \|\$\)" lwnrss.1
done
