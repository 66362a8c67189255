#!/bin/sh
# See LICENSE file for copyright and license details.
# san.sh: the end-to-end tests again, with lwnrss and the window's test
# build compiled with AddressSanitizer and UndefinedBehaviorSanitizer.
# They run in a copy of the tree, so the plain binaries stay as they are;
# every sanitizer report goes to a file, since many tests expect exit 1
# and a report must not pass for an expected failure.
cd "$(dirname "$0")/.." || exit 1
. tests/lib.sh

S=$(pwd)/$T/san
rm -rf "$S"
mkdir -p "$S/tree" "$S/log"
cp -R Makefile README config.mk config.def.h lwnrss.1 "$S/tree"
# the sources, but not config.h: the build makes it from config.def.h
for f in ./*.c ./*.h; do
	[ "$f" = ./config.h ] || cp "$f" "$S/tree"
done
mkdir -p "$S/tree/tests"
for f in tests/*; do
	case "$f" in
	tests/tmp|tests/fuzz|tests/*_test|tests/*-san|tests/lwnrss-test|tests/wmdelete|tests/selgone|tests/xembed) ;;
	*) cp -R "$f" "$S/tree/tests/" ;;
	esac
done

SANFLAGS="-fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer -g -O1"
if ! make -C "$S/tree" CFLAGS="$SANFLAGS" LDFLAGS="$SANFLAGS" \
    lwnrss tests/lwnrss-test tests/wmdelete tests/selgone tests/xembed tests/http_test-san > "$S/build.log" 2>&1; then
	cat "$S/build.log"
	notok "san: build lwnrss with the sanitizers"
	exit 1
fi

for b in lwnrss tests/lwnrss-test; do
	check "san: $b is built with ASan and UBSan" \
		sh -c 'ldd "$0" | grep -q libasan && ldd "$0" | grep -q libubsan' "$S/tree/$b"
done

# Xlib and fontconfig keep memory until exit on purpose: leaks are checked
# where nothing but lwnrss allocates, in print mode (tests/memcheck.sh)
ASAN_OPTIONS="log_path=$S/log/asan:detect_leaks=0:abort_on_error=0"
# UBSan in a build with ASan writes to stderr whatever log_path says
# (gcc 12): its own exit status keeps a report from passing for an
# expected failure's exit 1
UBSAN_OPTIONS="log_path=$S/log/ubsan:print_stacktrace=1:halt_on_error=1:exitcode=86"
export ASAN_OPTIONS UBSAN_OPTIONS

# CFLAGS and LDFLAGS for the builds a test makes itself (reexec.sh's)
for t in print http tls proxy x11 reader window rows summary cache refresh reexec; do
	(cd "$S/tree" && T=tests/tmp CFLAGS="$SANFLAGS" LDFLAGS="$SANFLAGS" \
	    "tests/$t.sh") > "$S/$t.log" 2>&1
	rc=$?
	p=$(grep -c '^ok ' "$S/$t.log")
	f=$(grep -c '^not ok ' "$S/$t.log")
	grep '^not ok ' "$S/$t.log" | sed 's/^not ok - /not ok - san: /'
	if [ "$rc" -ne 0 ] && [ "$f" -eq 0 ]; then
		notok "san: tests/$t.sh exited with status $rc"
	elif [ "$p" -gt 0 ] && [ "$f" -eq 0 ]; then
		ok "san: tests/$t.sh, $p checks, sanitized"
	elif [ "$p" -eq 0 ] && [ "$f" -eq 0 ]; then
		notok "san: tests/$t.sh reported no result"
	fi
	reports=$(ls "$S/log")
	if [ -n "$reports" ]; then
		for r in $reports; do
			head -n 30 "$S/log/$r"
		done
		notok "san: tests/$t.sh: sanitizer reports: $(echo $reports)"
		mkdir -p "$S/log.$t" && mv "$S/log"/* "$S/log.$t/"
	else
		ok "san: tests/$t.sh: no sanitizer report"
	fi
done
