# See LICENSE file for copyright and license details.
"""hangup.py PIDFILE CMD...: a terminal's hangup, for real.

Runs CMD in the background of a shell that leads the session of a new
pseudo-terminal, as a terminal emulator runs a shell; that shell writes
CMD's pid ($!) to PIDFILE.  When standard input closes, the terminal goes
away: its master side is closed, the kernel hangs up the shell, and since
the shell was the controlling process it then sends SIGHUP to the
terminal's foreground process group, CMD and CMD's children with it.
Nothing here signals a process itself.
"""
import os
import pty
import select
import sys

pidfile = sys.argv[1]
pid, master = pty.fork()
if pid == 0:
    # no job control in a non-interactive sh: "&" keeps CMD in the
    # foreground process group, as a command a terminal's shell runs is
    os.execvp("sh", ["sh", "-c", '"$@" < /dev/null & echo $! > "$0"; wait',
                     pidfile] + sys.argv[2:])

# drain the terminal until told to hang up, so nothing blocks writing to it
while True:
    r, _, _ = select.select([0, master], [], [])
    if master in r:
        try:
            os.read(master, 4096)
        except OSError:
            break
    if 0 in r and not os.read(0, 4096):
        break
os.close(master)
os.waitpid(pid, 0)
