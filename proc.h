/* See LICENSE file for copyright and license details. */
/*
 * proc: the children of the window.  A child gets a pipe to its parent,
 * which reads it without blocking from its event loop; an open command
 * runs detached, and reports through a close-on-exec pipe whether its
 * exec worked.  Include util.h first.
 */
#include <sys/types.h>

/*
 * proc_fork forks a child with a pipe to the parent.  In the child it
 * returns 0, with *fd the pipe's write end and no signal blocked, SIGTERM
 * and SIGINT as by default and SIGHUP ignored (a terminal's hangup
 * reaches the whole group, and a fetch or a write should end as it
 * began), and the parent's fd closed closed.  In the parent it
 * returns the child's pid, with *fd the read end (close-on-exec and
 * non-blocking); -1 when no pipe or process could be made (errno set).
 */
pid_t proc_fork(int *fd, int closed);

/*
 * proc_read takes what a child's pipe holds into b.  Returns 0 while more
 * may come, 1 at its end (EOF or an error), -1 when out of memory.
 */
int proc_read(int fd, Buf *b);

/*
 * proc_spawn runs argv detached: in a session of its own, standard input
 * from /dev/null, reaped at once, never waited for; closed is closed
 * in it.  Returns the read end of the pipe that proc_spawned
 * reads, or -1 when no pipe or process could be made (errno set).
 */
int proc_spawn(char *const argv[], int closed);

/* proc_spawned: what the exec behind fd did: -1 not known yet, 0 it ran
 * (fd then closed), else its errno (fd closed) */
int proc_spawned(int fd);
