# See LICENSE file for copyright and license details.
# xlib.sh: sourced by the window tests after lib.sh: driving the test
# build (tests/config.test.h's flat colours) under an Xvfb and reading
# it back.  The test sets X (the binary), D (its directory), PIDS, SRV
# and C (the test CA's directory, for server).

# start args...: run the test build in the background; sets PID and W
start() {
	# a window started after another fetched its feed waits for the next
	# allowed time the cache keeps (tests/refresh.sh tests that); where the
	# tests want the first fetch at once, the test build's clock
	# ($LWNRSS_CLOCK, tests/config.test.h) moves a day on
	if [ -n "$LWNRSS_CLOCK" ]; then
		clockon 90000
	fi
	# an asynchronous command's stdin is /dev/null unless redirected
	exec 4<&0
	"$X" "$@" <&4 4<&- > "$D/out" 2> "$D/err" &
	exec 4<&-
	PID=$!
	PIDS="$PIDS $PID"
	W=
	i=0
	while [ "$i" -lt 50 ] && [ -z "$W" ]; do
		W=$(xdotool search --limit 1 --pid "$PID" 2> /dev/null)
		[ -n "$W" ] || sleep 0.1
		i=$((i + 1))
	done
	[ -n "$W" ] && xdotool windowfocus --sync "$W" 2> /dev/null
	sleep 0.1
}

# quick cmd...: cmd succeeds within 2.5 seconds (shorter than anything
# the tests make lwnrss wait for, so a pass means it did not wait)
quick() {
	tries 25 "$@"
}

prop() {
	xprop -id "$W" -notype "$1" 2> /dev/null | sed -n 's/^[^=]*= //p'
}

# hastitle s: both window names are s (one xprop: the tests poll this)
hastitle() {
	[ "$(xprop -id "$W" -notype WM_NAME _NET_WM_NAME 2> /dev/null)" = "WM_NAME = \"$1\"
_NET_WM_NAME = \"$1\"" ]
}

# shot: the window's pixels in $D/shot.png (tests/grab's PPM: ImageMagick
# goes by its first bytes)
shot() {
	tests/grab "$W" -1 "$D/shot.png" 2> /dev/null
}

# sig [x]: the colours down the pixel column x (3) of the window as
# runs, e.g. "B38 G90 R1 W90 R1 W200": B title bar, E failed title bar,
# W row, G selected row, R line between rows, Y newcolor (a new
# article's mark, a badge), ? any other; also in $D/sig.  tests/grab
# reads the column alone: a check polls it many times.  box and
# colourful want a shot first
sig() {
	tests/grab -s "$W" "${1:-3}" > "$D/sig" 2> /dev/null && read -r _s < "$D/sig" &&
		echo "$_s"
}

# sigis re [x]: the column matches the extended regular expression re
# (in $_tries tries, under lib.sh's tries)
sigis() {
	tests/grab -m "$1" "${_tries:-1}" "$W" "${2:-3}" > "$D/sig" 2> /dev/null
}

# rowsel k n: n full rows shown, the k-th (from 1) selected, then the
# rest; a row is ROW px high, or the j-th height ROWS lists, if any
rowsel() {
	_k=$1 _n=$2 re="B$BAR" j=1
	set -- $ROWS
	while [ "$j" -le "$_n" ]; do
		h=${1:-$ROW}
		[ $# -eq 0 ] || shift
		if [ "$j" -eq "$_k" ]; then re="$re G$h R1"; else re="$re W$h R1"; fi
		j=$((j + 1))
	done
	sigis "$re( W[0-9]+)?"
}

# box x y w h: bounding box "WxH+X+Y" of what is drawn in that area of
# the last shot, ignoring the area's background colour (its top left
# pixel's)
box() {
	tests/grab -b "$D/shot.png" "$1" "$2" "$3" "$4" 2> /dev/null
}

# below y: a checksum of the last shot's rows from y down, as cksum
# prints it
below() {
	tests/grab -c "$D/shot.png" 0 "$1" 65535 65535 2> /dev/null
}

# colourful x y w h: the last shot has a coloured (not grey) pixel there
colourful() {
	tests/grab -t "$D/shot.png" "$1" "$2" "$3" "$4" 2> /dev/null | awk '{
			r = $3; g = $4; b = $5
			d = r - g; if (d < 0) d = -d; if (d > 60) { f = 1; exit }
			d = g - b; if (d < 0) d = -d; if (d > 60) { f = 1; exit }
		} END { exit !f }'
}

key() {
	xdotool key --clearmodifiers "$@"
}

# spare keysyms...: each argument's keysyms (lower and upper case) on a
# keycode of their own, one that had none.  xdotool types a character
# the keyboard map lacks by remapping a key and undoing it after: a busy
# window can look the key up after the undo, and read another character
# or none.  In the map from the start, they are keys as any other
spare() {
	xmodmap -pke | awk 'NF == 3 && $2 > 8 { print $2 }' > "$D/keycodes"
	for _s in "$@"; do
		read -r _c || return 1
		echo "keycode $_c = $_s"
	done < "$D/keycodes" > "$D/xmodmap"
	xmodmap "$D/xmodmap"
}

between() {
	[ "$1" -ge "$2" ] && [ "$1" -le "$3" ]
}

# within s pid: the process is gone within s tenths of a second
within() {
	i=0
	while [ "$i" -lt "$1" ]; do
		gone "$2" && return 0
		sleep 0.1
		i=$((i + 1))
	done
	return 1
}

# opened link: the open command was run with link (a line of its log;
# read, not grep: the tests poll this)
opened() {
	{ while IFS= read -r _l || [ -n "$_l" ]; do
		[ "$_l" = "$1" ] && return 0
		_l=
	done < "$LWNRSS_OPENLOG"; } 2> /dev/null
	return 1
}

# server step...: start tests/x11srv.py; sets SRV and PORT
server() {
	[ -n "$SRV" ] && kill "$SRV" 2> /dev/null
	rm -f "$D/port"
	# -S: the standard library alone, no site packages to look through
	python3 -S tests/x11srv.py "$C" "$@" > "$D/port" &
	SRV=$!
	# python starts slowly on a loaded machine: up to 15 seconds
	retry test -s "$D/port" || retry test -s "$D/port" || retry test -s "$D/port"
	read -r PORT < "$D/port"
}

