#!/usr/bin/env python3
# See LICENSE file for copyright and license details.
"""midwrite.py pid dir key...: kill -9 a window in the middle of its own write.

tests/reader.sh starts the window (pid) with its read state in dir and
runs this: the keys go to the window (xdotool, as it would send them),
then it is killed the moment a file of dir other than read.lock has
bytes it did not have when the window was last seen with no child: a
file the window itself writes, after the writer it forked for an earlier
mark is gone.  Whatever the write path (a new file renamed into place,
or the file rewritten where it is), the kill lands inside the write.
A look each millisecond: a shell spends longer on one look than a small
state takes to write.  Exit status 0 when the kill was sent, 1 when the
window ended first.
"""
import os
import signal
import subprocess
import sys
import time

pid, where = int(sys.argv[1]), sys.argv[2]


def files():
    """each file's inode, size and modification time"""
    seen = {}
    for name in os.listdir(where):
        if name != "read.lock":
            try:
                st = os.stat(os.path.join(where, name))
            except FileNotFoundError:
                continue
            seen[name] = (st.st_ino, st.st_size, st.st_mtime_ns)
    return seen


def alive():
    try:
        with open("/proc/%d/stat" % pid) as f:
            return f.read().rsplit(")", 1)[1].split()[0] != "Z"
    except FileNotFoundError:
        return False


def children():
    try:
        with open("/proc/%d/task/%d/children" % (pid, pid)) as f:
            return f.read().split()
    except FileNotFoundError:
        return []


subprocess.run(["xdotool", "key"] + sys.argv[3:], check=True)
base = None
for _ in range(60000):
    if not alive():
        sys.exit(1)
    if children():
        base = None
    elif base is None:
        base = files()
    else:
        for name, (ino, size, mtime) in files().items():
            if size and (ino, size, mtime) != base.get(name):
                os.kill(pid, signal.SIGKILL)
                sys.exit(0)
    time.sleep(0.001)
sys.exit(1)
