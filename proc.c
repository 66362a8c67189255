/* See LICENSE file for copyright and license details. */
#include <sys/types.h>
#include <sys/wait.h>

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <unistd.h>

#include "util.h"
#include "proc.h"

static void
childsignals(const int *closed, size_t n)
{
	sigset_t none;
	size_t i;

	sigemptyset(&none);
	sigprocmask(SIG_SETMASK, &none, NULL);
	signal(SIGTERM, SIG_DFL);
	signal(SIGINT, SIG_DFL);
	signal(SIGHUP, SIG_IGN);
	for (i = 0; i < n; i++)
		if (closed[i] >= 0)
			close(closed[i]);
}

pid_t
proc_fork(int *fd, const int *closed, size_t n)
{
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
		childsignals(closed, n);
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
	ssize_t n;

	for (;;) {
		if (bufgrow(b, 65536) < 0)
			return -1;
		n = read(fd, b->p + b->len, b->cap - b->len - 1);
		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK))
			return 0;
		if (n <= 0)
			return 1;
		b->len += n;
		b->p[b->len] = '\0';
	}
}

/*
 * Two forks: the grandchild execs, the child exits at once and is reaped
 * at once, so the window never waits and leaves no zombie.  The
 * grandchild holds a close-on-exec pipe: EOF on it says the exec worked,
 * an errno that it failed.
 */
int
proc_spawn(char *const argv[], const int *closed, size_t n)
{
	pid_t pid;
	int fd, fds[2] = { -1, -1 }, e;

	if (pipe(fds) == 0) {
		fcntl(fds[0], F_SETFD, FD_CLOEXEC);
		fcntl(fds[1], F_SETFD, FD_CLOEXEC);
	}
	switch ((pid = fork())) {
	case -1:
		e = errno;
		if (fds[0] >= 0) {
			close(fds[0]);
			close(fds[1]);
		}
		errno = e;
		return -2;
	case 0:
		if (fork() == 0) {
			childsignals(closed, n);
			if (fds[0] >= 0)
				close(fds[0]);
			/* the command lives on its own, hangups included */
			signal(SIGHUP, SIG_DFL);
			/* not the feed's pipe when that is standard input */
			if ((fd = open("/dev/null", O_RDONLY)) >= 0 && fd != 0) {
				dup2(fd, 0);
				close(fd);
			}
			setsid();
			execvp(argv[0], argv);
			e = errno;
			if (fds[1] >= 0)
				writeall(fds[1], (char *)&e, sizeof(e));
			_exit(127);
		}
		_exit(0);
	}
	while (waitpid(pid, NULL, 0) < 0 && errno == EINTR)
		;
	if (fds[0] < 0)
		return -1;
	close(fds[1]);
	fcntl(fds[0], F_SETFL, fcntl(fds[0], F_GETFL) | O_NONBLOCK);
	return fds[0];
}

int
proc_spawned(int fd)
{
	ssize_t n;
	int e;

	while ((n = read(fd, &e, sizeof(e))) < 0 && errno == EINTR)
		;
	if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK))
		return -1;
	close(fd);
	return n == sizeof(e) ? (e > 0 ? e : EIO) : 0;
}
