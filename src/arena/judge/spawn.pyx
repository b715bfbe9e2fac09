# cython: language_level=3
"""Start a program confined, in one step: vfork, join its cgroups, set its limits, drop to its user, exec.

A shell used to do the joining and the limits before it ran the program: an exec
of its own, half a millisecond or more on a virtual machine, on the way to every
program's first reply. A Python ``preexec_fn`` could do it without the shell, but
is unsafe in a judge that runs games in threads (the web viewer does) and rules
out vfork. Between vfork and exec the child here runs only the C below, which
makes nothing but system calls: it writes to no memory the judge reads, blocks
every signal until the judge's handlers are gone, and reports a failure through
a pipe that closes by itself when the exec succeeds.
"""

from libc.errno cimport errno
from libc.stdlib cimport free, malloc

cdef extern from *:
    """
    #include <errno.h>
    #include <fcntl.h>
    #include <sched.h>
    #include <signal.h>
    #include <sys/mount.h>
    #include <sys/prctl.h>
    #include <sys/resource.h>
    #include <sys/syscall.h>
    #include <unistd.h>

    #define ARENA_CANNOT_CONFINE 125  /* the exit code of a child that could not be confined */

    static void arena_report(int fd, int step) {
        int report[2] = {step, errno};
        ssize_t ignored = write(fd, report, sizeof report);
        (void)ignored;
    }

    static int arena_join(const char *path) {
        int fd = open(path, O_WRONLY | O_CLOEXEC);
        if (fd < 0) return -1;
        ssize_t written = write(fd, "0", 1);  /* "0": the writing thread (tasks) or process (cgroup.procs) */
        close(fd);
        return written == 1 ? 0 : -1;
    }

    /* The child, from vfork to exec. Returns only if it must end (its exit code). */
    static int arena_child(char *const argv[], char *const envp[], char *const joins[], int njoins,
                           const int resources[], const unsigned long values[], int nlimits,
                           int die_with_parent, int no_new_privs, long uid, const char *bind_from,
                           const char *bind_to, pid_t parent, int fd0, int fd1,
                           int fd2, int report_fd, const sigset_t *mask) {
        struct sigaction action;
        for (int sig = 1; sig < NSIG; sig++) {
            /* no handler of the judge may run in the child, which shares its memory */
            if (sig == SIGKILL || sig == SIGSTOP || sigaction(sig, NULL, &action) != 0) continue;
            if (action.sa_handler != SIG_DFL && (action.sa_handler != SIG_IGN || sig == SIGPIPE || sig == SIGXFSZ)) {
                action.sa_handler = SIG_DFL;  /* the judge ignores SIGPIPE and SIGXFSZ; a program must not */
                action.sa_flags = 0;
                sigaction(sig, &action, NULL);
            }
        }
        if (setsid() < 0) { arena_report(report_fd, 1); return ARENA_CANNOT_CONFINE; }
        /* the program's orphans come to it, not to init: they stay in its tree, where the judge
           finds them without a cgroup (process_tree.py). Kept across exec; best effort. */
        prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0);
        if (dup2(fd0, 0) < 0 || dup2(fd1, 1) < 0 || dup2(fd2, 2) < 0) { arena_report(report_fd, 3); return ARENA_CANNOT_CONFINE; }
        for (int i = 0; i < njoins; i++) {
            if (arena_join(joins[i]) != 0) { arena_report(report_fd, 4); return ARENA_CANNOT_CONFINE; }
        }
        for (int i = 0; i < nlimits; i++) {
            struct rlimit limit = {values[i], values[i]};
            if (resources[i] == RLIMIT_NPROC) continue;  /* once it is its own user: below */
            if (setrlimit(resources[i], &limit) != 0) { arena_report(report_fd, 5); return ARENA_CANNOT_CONFINE; }
        }
        /* Its own folder as the judge prepared it (uid_box/folder_overlay.py), in a mount namespace
           of its own: only it sees the overlay there. Slave, so that nothing it mounts reaches the
           host, while what the host mounts still reaches it. Root's to do: before the change of user. */
        if (bind_from && (unshare(CLONE_NEWNS) != 0 || mount(NULL, "/", NULL, MS_REC | MS_SLAVE, NULL) != 0
                          || mount(bind_from, bind_to, NULL, MS_BIND, NULL) != 0)) {
            arena_report(report_fd, 9); return ARENA_CANNOT_CONFINE;
        }
        /* Its own unprivileged user, after the cgroup is joined (only root may write there) and
           for good. Raw system calls: glibc's setuid() would make every thread of the judge,
           whose memory this vfork child shares, change its credentials too. */
        if (uid >= 0 && (syscall(SYS_setgroups, 0, NULL) != 0 || syscall(SYS_setresgid, uid, uid, uid) != 0
                         || syscall(SYS_setresuid, uid, uid, uid) != 0)) {
            arena_report(report_fd, 7); return ARENA_CANNOT_CONFINE;
        }
        /* RLIMIT_NPROC after the change of user (lowering one's own limit needs no privilege): set
           before, a uid that still counts processes of its last program (zombies init has not
           reaped yet) would make the exec itself fail (EAGAIN); set now, it only holds back forks */
        for (int i = 0; i < nlimits; i++) {
            struct rlimit limit = {values[i], values[i]};
            if (resources[i] == RLIMIT_NPROC && setrlimit(RLIMIT_NPROC, &limit) != 0) {
                arena_report(report_fd, 5); return ARENA_CANNOT_CONFINE;
            }
        }
        /* no exec may raise its privileges again: a setuid file another program planted in a
           shared folder (/var/tmp, /dev/shm), or a file capability, gives it nothing. Kept
           across fork and exec, and no process can clear it. */
        if (no_new_privs && prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != 0) {
            arena_report(report_fd, 8); return ARENA_CANNOT_CONFINE;
        }
        /* after the change of user, which clears a parent-death signal */
        /* die_with_parent: the signal it gets when the judge's thread ends (0: none) */
        if (die_with_parent && (prctl(PR_SET_PDEATHSIG, die_with_parent) != 0 || getppid() != parent)) {
            arena_report(report_fd, 2); return ARENA_CANNOT_CONFINE;
        }
    #ifdef SYS_close_range
        syscall(SYS_close_range, 3, ~0U, 4 /* CLOSE_RANGE_CLOEXEC */);  /* none of the judge's files leak */
    #endif
        sigprocmask(SIG_SETMASK, mask, NULL);
        if (envp) execvpe(argv[0], argv, envp); else execvp(argv[0], argv);
        arena_report(report_fd, 6);
        return 127;
    }

    static pid_t arena_spawn(char *const argv[], char *const envp[], char *const joins[], int njoins,
                             const int resources[], const unsigned long values[], int nlimits,
                             int die_with_parent, int no_new_privs, long uid, const char *bind_from,
                             const char *bind_to, int fd0, int fd1, int fd2, int report_fd) {
        sigset_t all, old;
        sigfillset(&all);
        pthread_sigmask(SIG_SETMASK, &all, &old);
        pid_t parent = getpid();
        pid_t pid = vfork();
        if (pid == 0) {
            _exit(arena_child(argv, envp, joins, njoins, resources, values, nlimits, die_with_parent,
                              no_new_privs, uid, bind_from, bind_to, parent, fd0, fd1, fd2, report_fd, &old));
        }
        int saved = errno;
        pthread_sigmask(SIG_SETMASK, &old, NULL);
        errno = saved;
        return pid;
    }
    """
    int arena_spawn(char **argv, char **envp, char **joins, int njoins, const int *resources,
                    const unsigned long *values, int nlimits, int die_with_parent, int no_new_privs,
                    long uid, const char *bind_from, const char *bind_to, int fd0, int fd1, int fd2,
                    int report_fd) nogil


STEPS = {1: "start a session", 2: "tie its life to the judge's", 3: "connect its standard streams",
         4: "join its cgroup", 5: "set its limits", 6: "exec", 7: "take its own user",
         8: "forbid it new privileges", 9: "see its own folder"}
"""The child's steps, as its failure report numbers them."""

CANNOT_CONFINE = 125
"""The exit code of a child that could not be confined (it never ran the program)."""


cdef char **c_strings(list items):
    cdef char **array = <char **>malloc((len(items) + 1) * sizeof(char *))
    if array == NULL:
        raise MemoryError()
    for i, item in enumerate(items):
        array[i] = <char *>item
    array[len(items)] = NULL
    return array


def spawn(list argv, object env, list joins, list limits, int die_with_parent, long uid,
          int fd0, int fd1, int fd2, int report_fd, bint no_new_privs=False, object bind=None) -> int:
    """Start ``argv`` (bytes) with ``env`` (a list of b"NAME=value", or None: the judge's),
    stdin/stdout/stderr on ``fd0``/``fd1``/``fd2``, in a new session, after writing "0" to every
    cgroup file in ``joins`` (Cgroup.join_files), with ``die_with_parent`` (a signal, 0: none) as its
    parent-death signal, setting every (resource, value) in ``limits``
    and, when ``uid`` is not -1, becoming that user and group with no supplementary groups;
    ``no_new_privs``: with PR_SET_NO_NEW_PRIVS, so that no setuid file or file capability
    it runs raises its privileges; ``bind``: (source, target) bytes, the folder ``source`` bound
    over ``target`` in a mount namespace of the program's own (a root judge's folder overlay).

    Returns the child's pid. A step that fails writes (step, errno) to ``report_fd``,
    which the child holds open, close-on-exec, until its exec.
    """
    cdef char **c_argv = c_strings(argv)
    cdef char **c_env = NULL
    cdef char **c_joins = NULL
    cdef int *resources = <int *>malloc((len(limits) + 1) * sizeof(int))
    cdef unsigned long *values = <unsigned long *>malloc((len(limits) + 1) * sizeof(unsigned long))
    cdef int pid, njoins = len(joins), nlimits = len(limits)
    cdef bytes bind_from = bind[0] if bind is not None else None
    cdef bytes bind_to = bind[1] if bind is not None else None
    cdef const char *c_bind_from = NULL
    cdef const char *c_bind_to = NULL
    if bind is not None:
        c_bind_from = bind_from
        c_bind_to = bind_to
    try:
        if resources == NULL or values == NULL:
            raise MemoryError()
        if env is not None:
            c_env = c_strings(env)
        c_joins = c_strings(joins)
        for i, (resource, value) in enumerate(limits):
            resources[i], values[i] = resource, value
        with nogil:
            pid = arena_spawn(c_argv, c_env, c_joins, njoins, resources, values, nlimits,
                              die_with_parent, no_new_privs, uid, c_bind_from, c_bind_to, fd0, fd1, fd2,
                              report_fd)
        if pid < 0:
            raise OSError(errno, "vfork failed")
        return pid
    finally:
        free(c_argv)
        free(c_env)
        free(c_joins)
        free(resources)
        free(values)
