/* See LICENSE file for copyright and license details. */
#include <sys/types.h>
#include <sys/wait.h>

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdint.h>
#include <unistd.h>

#include "util.h"
#include "proc.h"

pid_t
proc_fork(int *fd, int closed)
{
	sigset_t none;
	int fds[2], e;
	pid_t pid;

	if (pipe(fds) < 0)
		return -1;
	switch ((pid = fork())) {
	case -1:
		e = errno;
		close(fds[0]);
		close(fds[1]);
		errno = e;
		return -1;
	case 0:
		/* the window's handlers go before its signals are let in: a
		 * SIGTERM in between would only set the window's flag here */
		signal(SIGTERM, SIG_DFL);
		signal(SIGINT, SIG_DFL);
		signal(SIGHUP, SIG_IGN);
		sigemptyset(&none);
		sigprocmask(SIG_SETMASK, &none, NULL);
		close(closed);
		close(fds[0]);
		*fd = fds[1];
		return 0;
	}
	close(fds[1]);
	*fd = fds[0];
	fcntl(*fd, F_SETFD, FD_CLOEXEC);
	fcntl(*fd, F_SETFL, fcntl(*fd, F_GETFL) | O_NONBLOCK);
	return pid;
}

int
proc_read(int fd, Buf *b)
{
	/* the child's pipe never ends on its own */
	if (readfd(fd, b, SIZE_MAX / 2) == 0)
		return 1;
	if (errno == ENOMEM)
		return -1;
	return errno != EAGAIN && errno != EWOULDBLOCK;
}

/*
 * Two forks: the grandchild execs, the child exits at once and is reaped
 * at once, so the window never waits and leaves no zombie.  The
 * grandchild holds the pipe, close-on-exec: EOF on it says the exec
 * worked, an errno that it failed.
 */
int
proc_spawn(char *const argv[], int closed)
{
	pid_t pid;
	int fd, e;

	if ((pid = proc_fork(&fd, closed)) < 0)
		return -1;
	if (pid == 0) {
		fcntl(fd, F_SETFD, FD_CLOEXEC);
		if (fork() == 0) {
			/* the command lives on its own, hangups included */
			signal(SIGHUP, SIG_DFL);
			/* not the feed's pipe when that is standard input:
			 * the lowest free fd, 0, is /dev/null's */
			close(0);
			open("/dev/null", O_RDONLY);
			setsid();
			execvp(argv[0], argv);
			e = errno;
			writeall(fd, (char *)&e, sizeof(e));
			_exit(127);
		}
		_exit(0);
	}
	while (waitpid(pid, NULL, 0) < 0 && errno == EINTR)
		;
	return fd;
}
int
proc_spawned(int fd)
{
	ssize_t n;
	int e;

	/* non-blocking: no signal can interrupt it */
	n = read(fd, &e, sizeof(e));
	if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK))
		return -1;
	close(fd);
	return n == sizeof(e) ? (e > 0 ? e : EIO) : 0;
}
