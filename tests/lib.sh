# See LICENSE file for copyright and license details.
# lib.sh: sourced by the shell tests.  Run from the top directory.

T=${T:-tests/tmp}
mkdir -p "$T"
# lwnrss keeps a cache and a read state: never the user's, a home of
# this run's own for everything; tests with a directory of their own
# point XDG_CACHE_HOME or XDG_STATE_HOME there
HOME=$(pwd)/$T/home.$$
XDG_CACHE_HOME=$HOME/.cache
XDG_STATE_HOME=$HOME/.local/state
XDG_CONFIG_HOME=$HOME/.config
XDG_DATA_HOME=$HOME/.local/share
XDG_RUNTIME_DIR=$HOME/run
mkdir -p "$XDG_RUNTIME_DIR" && chmod 700 "$HOME" "$XDG_RUNTIME_DIR"
export HOME XDG_CACHE_HOME XDG_STATE_HOME XDG_CONFIG_HOME XDG_DATA_HOME XDG_RUNTIME_DIR
unset XDG_CONFIG_DIRS XDG_DATA_DIRS

# nginx is in /usr/sbin, which a user's PATH on Debian leaves out
case :$PATH: in
*:/usr/sbin:*) ;;
*) PATH=$PATH:/usr/sbin ;;
esac

# the window tests' open command, tests/bin/lwnrss-test-open; once, so
# that a test can take it off PATH again when run.sh has put it there
case :$PATH: in
*:$(pwd)/tests/bin:*) ;;
*) PATH=$(pwd)/tests/bin:$PATH ;;
esac

# python3 a script, a version manager's shim (pyenv's): it takes half a
# second of processor time to pick the interpreter at each call, and the
# tests make hundreds.  The interpreter's own directory first on PATH,
# found once (run.sh exports PATH to the tests)
_py=$(command -v python3)
if [ -n "$_py" ] && read -r _l < "$_py" 2> /dev/null && [ "${_l#\#!}" != "$_l" ]; then
	_py=$(python3 -c 'import sys; print(sys.executable)' 2> /dev/null)
	case $_py in
	/*) PATH=${_py%/*}:$PATH ;;
	esac
fi

ok() { echo "ok - $*"; }
notok() { echo "not ok - $*"; }

# check what cmd...: ok when cmd succeeds
check() {
	what=$1
	shift
	if "$@"; then ok "$what"; else notok "$what"; fi
}

# built target...: make what the test runs, so that it runs alone in a
# fresh checkout; tests/lwnrss-test only when X11BIN names no other
# build.  A "not ok" line and exit when make fails or X11BIN is none
built() {
	_t=
	for _b in "$@"; do
		if [ "$_b" = tests/lwnrss-test ] && [ -n "$X11BIN" ]; then
			[ -x "$X11BIN" ] || { notok "$X11BIN is built"; exit 1; }
		else
			_t="$_t $_b"
		fi
	done
	make -s $_t > "$T/make.$$" 2>&1 || { cat "$T/make.$$"; notok "make$_t"; exit 1; }
	rm -f "$T/make.$$"
}

# need cmd...: every command is installed, or a "not ok" line saying
# which is not, and exit
need() {
	for _c in "$@"; do
		command -v "$_c" > /dev/null 2>&1 && continue
		echo "not ok - $_c is installed (make deps installs it)"
		exit 1
	done
}

# has s file: a line of file holds s (the shell reads it: no grep, where
# a test asks often)
has() {
	while IFS= read -r _l || [ -n "$_l" ]; do
		case $_l in
		*"$1"*) return 0 ;;
		esac
	done < "$2"
	return 1
}

# retry cmd...: cmd succeeds within 5 seconds
retry() {
	tries 50 "$@"
}

# tries n cmd...: cmd succeeds in n tries a tenth of a second apart.
# tests/xlib.sh's sigis and rowsel, and the helpers $SIGPOLL names that
# are one sigis, try in tests/grab itself ($_tries): one process a poll
# of the window, not three
tries() {
	_tn=$1
	shift
	case " sigis rowsel $SIGPOLL " in
	*" $1 "*)
		_tries=$_tn
		"$@"
		set -- $?
		_tries=1
		return "$1"
		;;
	esac
	i=0
	while [ "$i" -lt "$_tn" ]; do
		"$@" && return 0
		sleep 0.1
		i=$((i + 1))
	done
	return 1
}

# clockon n: the test build's clock ($LWNRSS_CLOCK, tests/config.test.h)
# n seconds further on.  The file is replaced, never rewritten in place:
# a window or server reading it meanwhile never finds it empty (and so
# its clock days behind).  read, not cat: tests/refresh.sh moves it on
# a hundred times
clockon() {
	_c=
	read -r _c 2> /dev/null < "$LWNRSS_CLOCK"
	echo $((${_c:-0} + $1)) > "$LWNRSS_CLOCK.new" && mv "$LWNRSS_CLOCK.new" "$LWNRSS_CLOCK"
}

# startx dir: an Xvfb of our own at 96 dpi, its log in dir; sets XVFB
# and exports DISPLAY.  -displayfd lets it pick a free display number, so
# that runs beside ours do not clash
startx() {
	Xvfb -displayfd 5 -screen 0 1024x768x24 -dpi 96 -nolisten tcp -noreset \
		5> "$1/display" > "$1/xvfb.log" 2>&1 &
	XVFB=$!
	retry displayed "$1/display"
	[ -n "$n" ] && xdpyinfo -display ":$n" > /dev/null 2>&1 || return 1
	DISPLAY=":$n"
	export DISPLAY
	echo 'Xft.dpi: 96' | xrdb -nocpp -merge
}

# displayed file: Xvfb wrote its display number there; in $n
displayed() {
	n=
	{ read -r n || :; } 2> /dev/null < "$1"
	case $n in
	[0-9]*) ;;
	*) return 1 ;;
	esac
}

# testca dir name: a test CA (ca.pem) and a certificate for localhost
# (cert.pem, key.pem) that it issued, in dir; P-256 keys are quick to make
testca() {
	openssl req -x509 -newkey ec -pkeyopt ec_paramgen_curve:prime256v1 -nodes \
		-keyout "$1/ca.key" -out "$1/ca.pem" -days 2 -subj /CN=lwnrss-$2-ca \
		-addext basicConstraints=critical,CA:TRUE \
		-addext keyUsage=critical,keyCertSign > /dev/null 2>&1
	openssl req -newkey ec -pkeyopt ec_paramgen_curve:prime256v1 -nodes \
		-keyout "$1/key.pem" -out "$1/srv.csr" -subj /CN=localhost > /dev/null 2>&1
	printf 'subjectAltName=DNS:localhost\n' > "$1/ext"
	# openssl x509 reads the system's CA bundle, which signing never uses
	SSL_CERT_FILE=/dev/null openssl x509 -req -in "$1/srv.csr" -CA "$1/ca.pem" \
		-CAkey "$1/ca.key" -CAcreateserial -out "$1/cert.pem" -days 2 -extfile "$1/ext" \
		> /dev/null 2>&1
}

# children and gone, from /proc
. tests/proc.sh
