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

Wherever the kernel allows it, the program is started one step further down: the judge
clones (CLONE_VM | CLONE_VFORK, as a vfork) a child that is pid 1 of a PID namespace of its
own (and of a user namespace, for a judge not root) and execs arena-init (arena_init.c,
confine.h), the program's init, which vforks the program (pid_namespace.py is the judge's
end of it). Not a fork of the judge: it would copy the judge's page tables at every start.
"""

import os

from libc.errno cimport errno
from libc.stdlib cimport free, malloc

cdef extern from *:
    """
    #include <stdlib.h>
    #include "confine.h"
    #include "private_mounts.h"

    struct arena_init_exec {  /* what the clone child needs to become the init */
        const char *path;            /* arena-init */
        char *const *argv;           /* its arguments (arena_init.c): the program's confinement and command */
        char *const *envp;           /* the program's environment; NULL: the judge's */
        const char *uid_map, *gid_map;
        char *const *plan;           /* its mount namespace (private_mounts.h) */
        long owner;                  /* its uid, whose home the plan makes (-1: the judge's own) */
        int keep[6];                 /* the descriptors it passes on (the judge's are close-on-exec) */
        int report_fd;
    };

    /* The clone child: pid 1 of the new namespace, in the judge's memory until its exec (CLONE_VM,
       CLONE_VFORK: the judge's thread waits meanwhile), so only system calls. */
    static int arena_become_init(void *argument) {
        const struct arena_init_exec *init = argument;
        /* a judge not root made a user namespace with it (so that it may make the PID namespace):
           there it is the judge's own user and group, nothing more. Before the exec, which drops
           the capabilities in the namespace that writing the maps needs. */
        if (init->uid_map && ((arena_write_file("/proc/self/setgroups", "deny") != 0 && errno != ENOENT)
                              || arena_write_file("/proc/self/uid_map", init->uid_map) != 0
                              || arena_write_file("/proc/self/gid_map", init->gid_map) != 0)) {
            arena_report(init->report_fd, 10); _exit(ARENA_NO_NAMESPACE);
        }
        int step = arena_private_mounts(init->plan, init->owner);
        if (step != 0) { arena_report(init->report_fd, step); _exit(ARENA_NO_NAMESPACE); }
        /* kept across the exec: the judge's thread that started it ends, and so does it */
        if (prctl(PR_SET_PDEATHSIG, SIGKILL) != 0) { arena_report(init->report_fd, 2); _exit(ARENA_NO_NAMESPACE); }
        for (int i = 0; i < 6; i++) fcntl(init->keep[i], F_SETFD, 0);  /* its own table: the judge's keeps its flags */
        if (init->envp) execve(init->path, init->argv, init->envp); else execv(init->path, init->argv);
        arena_report(init->report_fd, 10);
        _exit(ARENA_NO_NAMESPACE);
    }

    static pid_t arena_spawn_init(const char *path, char *const argv[], char *const envp[], const char *uid_map,
                                  const char *gid_map, char *const plan[], long owner, int fd0, int fd1, int fd2,
                                  int report_fd, int control_fd, int ack_fd) {
        struct arena_init_exec init = {path, argv, envp, uid_map, gid_map, plan, owner,
                                       {fd0, fd1, fd2, report_fd, control_fd, ack_fd}, report_fd};
        size_t size = 64 * 1024;  /* the child's stack until its exec: a few frames of system calls */
        char *stack = malloc(size);
        if (stack == NULL) { errno = ENOMEM; return -1; }
        sigset_t all, old;
        sigfillset(&all);
        pthread_sigmask(SIG_SETMASK, &all, &old);  /* no handler of the judge runs in the child; kept by the init */
        /* its own PID, mount, IPC (System V objects, POSIX queues) and host-name namespaces */
        unsigned long flags = CLONE_VM | CLONE_VFORK | CLONE_NEWPID | CLONE_NEWNS | CLONE_NEWIPC | CLONE_NEWUTS
                              | SIGCHLD | (uid_map ? CLONE_NEWUSER : 0);
        pid_t pid = clone(arena_become_init, stack + size, (int)flags, &init);
        int saved = errno;
        pthread_sigmask(SIG_SETMASK, &old, NULL);
        free(stack);  /* the child has exec'd or ended: CLONE_VFORK */
        errno = saved;
        return pid;
    }

    /* can this judge hold a program in namespaces of its own (PID, mount with a /proc of its own, IPC,
       host name; with a user namespace, when uid_map is given)? 0, or why not */
    static int arena_probe_namespace(const char *uid_map, const char *gid_map) {
        int fds[2];
        if (pipe2(fds, O_CLOEXEC) != 0) return errno;
        sigset_t all, old;
        sigfillset(&all);
        pthread_sigmask(SIG_SETMASK, &all, &old);
        unsigned long flags = CLONE_NEWPID | CLONE_NEWNS | CLONE_NEWIPC | CLONE_NEWUTS | SIGCHLD
                              | (uid_map ? CLONE_NEWUSER : 0);
        pid_t pid = syscall(SYS_clone, flags, 0, NULL, NULL, 0);
        if (pid == 0) {
            char *proc_only[] = {"P", NULL};
            int ok = (!uid_map || ((arena_write_file("/proc/self/setgroups", "deny") == 0 || errno == ENOENT)
                                   && arena_write_file("/proc/self/uid_map", uid_map) == 0
                                   && arena_write_file("/proc/self/gid_map", gid_map) == 0))
                     && arena_private_mounts(proc_only, -1) == 0;
            int error = ok ? 0 : errno;
            ssize_t ignored = write(fds[1], &error, sizeof error);
            (void)ignored;
            _exit(0);
        }
        int saved = errno;
        pthread_sigmask(SIG_SETMASK, &old, NULL);
        close(fds[1]);
        int error = saved;
        if (pid > 0) {
            error = EPERM;
            ssize_t got = read(fds[0], &error, sizeof error);
            if (got != sizeof error) error = EPERM;
            int status;
            while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {}
        }
        close(fds[0]);
        return error;
    }

    static pid_t arena_spawn(char *const argv[], char *const envp[], char *const joins[], int njoins,
                             const int resources[], const unsigned long values[], int nlimits,
                             int die_with_parent, int no_new_privs, int refuse_shared, long uid,
                             int fd0, int fd1, int fd2, int report_fd) {
        sigset_t all, old;
        sigfillset(&all);
        pthread_sigmask(SIG_SETMASK, &all, &old);
        pid_t parent = getpid();
        pid_t pid = vfork();
        if (pid == 0) {
            _exit(arena_child(argv, envp, joins, njoins, resources, values, nlimits, die_with_parent,
                              no_new_privs, refuse_shared, uid, parent, 0, fd0, fd1, fd2,
                              report_fd, &old));
        }
        int saved = errno;
        pthread_sigmask(SIG_SETMASK, &old, NULL);
        errno = saved;
        return pid;
    }
    """
    int arena_spawn(char **argv, char **envp, char **joins, int njoins, const int *resources,
                    const unsigned long *values, int nlimits, int die_with_parent, int no_new_privs,
                    int refuse_shared, long uid, int fd0, int fd1, int fd2,
                    int report_fd) nogil
    int arena_spawn_init(const char *path, char **argv, char **envp, const char *uid_map, const char *gid_map,
                         char **plan, long owner, int fd0, int fd1, int fd2, int report_fd, int control_fd,
                         int ack_fd) nogil
    int arena_probe_namespace(const char *uid_map, const char *gid_map) nogil
    int arena_idmap_userns(const char *uid_map, const char *gid_map) nogil


STEPS = {1: "start a session", 2: "tie its life to the judge's", 3: "connect its standard streams",
         4: "join its cgroup", 5: "set its limits", 6: "exec", 7: "take its own user",
         8: "forbid it new privileges", 10: "enter a namespace of its own",
         11: "start it in its namespace", 12: "refuse it shared memory",
         13: "enter a user namespace of its own", 14: "mount its own /proc", 15: "mount its private /tmp",
         16: "show it what it needs", 17: "cover a folder its user may not pass through", 18: "hide a path",
         19: "make its home"}
"""The child's steps, as its failure report numbers them."""

CANNOT_CONFINE = 125
"""The exit code of a child that could not be confined (it never ran the program)."""

NO_NAMESPACE = 126
"""The exit code of an init that could not set up its namespace or start the program in it."""

INIT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "arena-init")
"""The init of a program's PID namespace (arena_init.c), built beside this module at install."""


cdef char **c_strings(list items):
    cdef char **array = <char **>malloc((len(items) + 1) * sizeof(char *))
    if array == NULL:
        raise MemoryError()
    for i, item in enumerate(items):
        array[i] = <char *>item
    array[len(items)] = NULL
    return array


def spawn(list argv, object env, list joins, list limits, int die_with_parent, long uid,
          int fd0, int fd1, int fd2, int report_fd, bint no_new_privs=False,
          object namespace=None, bint refuse_shared_memory=False) -> int:
    """Start ``argv`` (bytes) with ``env`` (a list of b"NAME=value", or None: the judge's),
    stdin/stdout/stderr on ``fd0``/``fd1``/``fd2``, in a new session, after writing "0" to every
    cgroup file in ``joins`` (Cgroup.join_files), with ``die_with_parent`` (a signal, 0: none) as its
    parent-death signal, setting every (resource, value) in ``limits``
    and, when ``uid`` is not -1, becoming that user and group with no supplementary groups;
    ``no_new_privs``: with PR_SET_NO_NEW_PRIVS, so that no setuid file or file capability
    it runs raises its privileges.

    Returns the child's pid. A step that fails writes (step, errno) to ``report_fd``,
    which the child holds open, close-on-exec, until its exec.

    ``refuse_shared_memory``: a seccomp filter refuses it shared anonymous mappings, System V
    shared memory and memfds (which RLIMIT_DATA does not count), and 32-bit system calls.

    ``namespace``: (id_maps, control_fd, ack_fd, plan, memory_kb, tally, own_userns) to start it in
    namespaces of its own (PID, mount, IPC, host name), under arena-init (INIT; ``die_with_parent`` is
    then the init's: SIGKILL); ``id_maps`` is None as root, else (uid_map, gid_map) bytes for the user
    namespace a judge not root makes with it; ``plan``, the words of its mount namespace
    (private_mounts.h, a list of bytes); ``memory_kb``, the memory its init holds all its processes
    to together (0: a cgroup does); ``tally``, whether its init counts its CPU time (no cgroup does);
    ``own_userns``, a user namespace of the program's own, made by its uid (a root judge's box).
    The pid returned is then the init's; the init writes (-1, 0) to ``report_fd`` once the program
    has exec'd, and its last report (pid_namespace.ENDED) when the program's main process ends.
    """
    cdef bytes init_path = os.fsencode(INIT)
    cdef const char *c_init_path = init_path
    if namespace is not None:
        # the init's arguments (arena_init.c): the confinement it gives the program, then its command
        argv = [init_path, *(b"%d" % number for number in (report_fd, namespace[1], namespace[2], fd0, fd1, fd2, uid,
                                                             no_new_privs, refuse_shared_memory, namespace[4],
                                                             namespace[5], namespace[6], len(limits))),
                *(b"%d" % number for pair in limits for number in pair), b"%d" % len(joins), *joins, b"--", *argv]
    cdef char **c_argv = c_strings(argv)
    cdef char **c_env = NULL
    cdef char **c_joins = NULL
    cdef char **c_plan = NULL
    cdef list plan = []
    cdef int *resources = <int *>malloc((len(limits) + 1) * sizeof(int))
    cdef unsigned long *values = <unsigned long *>malloc((len(limits) + 1) * sizeof(unsigned long))
    cdef int pid, njoins = len(joins), nlimits = len(limits)
    cdef bytes uid_map = None, gid_map = None
    cdef const char *c_uid_map = NULL
    cdef const char *c_gid_map = NULL
    cdef int control_fd = -1, ack_fd = -1
    cdef bint in_namespace = namespace is not None
    if in_namespace:
        id_maps, control_fd, ack_fd, plan = namespace[:4]
        if id_maps is not None:
            uid_map, gid_map = id_maps
            c_uid_map = uid_map
            c_gid_map = gid_map
    try:
        if resources == NULL or values == NULL:
            raise MemoryError()
        if env is not None:
            c_env = c_strings(env)
        c_joins = c_strings(joins)
        c_plan = c_strings(plan)
        for i, (resource, value) in enumerate(limits):
            resources[i], values[i] = resource, value
        with nogil:
            if in_namespace:
                pid = arena_spawn_init(c_init_path, c_argv, c_env, c_uid_map, c_gid_map, c_plan, uid,
                                       fd0, fd1, fd2, report_fd, control_fd, ack_fd)
            else:
                pid = arena_spawn(c_argv, c_env, c_joins, njoins, resources, values, nlimits,
                                  die_with_parent, no_new_privs, refuse_shared_memory, uid,
                                  fd0, fd1, fd2, report_fd)
        if pid < 0:
            raise OSError(errno, "clone failed" if in_namespace else "vfork failed")
        return pid
    finally:
        free(c_argv)
        free(c_env)
        free(c_joins)
        free(c_plan)
        free(resources)
        free(values)


def idmap_userns(bytes uid_map, bytes gid_map) -> int:
    """A user namespace mapping only ``uid_map`` and ``gid_map`` (b"OWNER UID 1"), for the idmapped copy
    of a program's own folder (private_mounts.h's "I"): its descriptor, close-on-exec."""
    cdef const char *c_uid_map = uid_map
    cdef const char *c_gid_map = gid_map
    cdef int fd
    with nogil:
        fd = arena_idmap_userns(c_uid_map, c_gid_map)
    if fd < 0:
        raise OSError(errno, "cannot make a user namespace for an idmapped folder")
    return fd


def probe_namespace(object id_maps) -> int:
    """0 if this judge can start a program in a PID namespace of its own (inside a user namespace
    with ``id_maps``, (uid_map, gid_map) bytes, unless None), else the errno that says why not."""
    cdef bytes uid_map = None, gid_map = None
    cdef const char *c_uid_map = NULL
    cdef const char *c_gid_map = NULL
    cdef int error
    if id_maps is not None:
        uid_map, gid_map = id_maps
        c_uid_map = uid_map
        c_gid_map = gid_map
    with nogil:
        error = arena_probe_namespace(c_uid_map, c_gid_map)
    return error
