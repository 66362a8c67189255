# See LICENSE file for copyright and license details.
# proc.sh: sourced by tests/lib.sh and bench/lib.sh.  Processes are read
# from /proc, not with ps or pgrep: procps is not in a minimal Debian.

# /proc/PID/stat's fields after the command name (which may hold spaces
# and parentheses): "state ppid ...", into $stat; 1 when there is no such
# process
procstat() {
	case $1 in
	''|*[!0-9]*|0) return 1 ;;
	esac
	{ read -r stat < "/proc/$1/stat"; } 2> /dev/null || return 1
	stat=${stat##*) }
}

# children pid: the pids whose parent is pid, one a line.  The kernel's
# list of each of its threads' children when it keeps one (a zombie is
# still there): the tests poll this, and reading every process's stat
# took tens of milliseconds of processor time a look
children() {
	case $1 in
	''|*[!0-9]*|0) return 0 ;;
	esac
	if [ -e "/proc/$1/task/$1/children" ]; then
		for _f in "/proc/$1/task"/*/children; do
			_c=
			# no newline ends the list: read fails, which must not end
			# a shell under set -e (the benchmarks')
			{ read -r _c < "$_f" || :; } 2> /dev/null
			for _p in $_c; do
				echo "$_p"
			done
		done
		return 0
	fi
	for _f in /proc/[0-9]*/stat; do
		_p=${_f#/proc/}
		_p=${_p%/stat}
		procstat "$_p" || continue
		set -- "$1" $stat
		[ "$3" = "$1" ] && echo "$_p"
	done
	return 0
}

# gone pid: the process has exited (a zombie counts); an empty or
# malformed pid is no process of ours, and never counts as gone
gone() {
	case $1 in
	''|*[!0-9]*|0) return 1 ;;
	esac
	procstat "$1" || return 0
	case $stat in
	Z*) return 0 ;;
	esac
	return 1
}

# runs path: the pids of the processes running the program at path, one a
# line (a child forked from it and orphaned by a kill -9 among them).
# test's -ef compares the files themselves, with no process per process
runs() {
	for _e in /proc/[0-9]*/exe; do
		[ "$_e" -ef "$1" ] || continue
		_p=${_e#/proc/}
		echo "${_p%/exe}"
	done
	return 0
}
