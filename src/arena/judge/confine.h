/* What starts a program confined, shared by the judge's spawner (spawn.pyx) and the init of a
   program's PID namespace (arena_init.c, the arena-init executable): the steps from a vfork to the
   program's exec, and the init's loop. Only system calls, between a vfork and an exec. */

#ifndef ARENA_CONFINE_H
#define ARENA_CONFINE_H

#include <errno.h>
#include <fcntl.h>
#include <sched.h>
#include <signal.h>
#include <poll.h>
#include <sys/signalfd.h>
#include <sys/wait.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>

#define ARENA_CANNOT_CONFINE 125  /* the exit code of a child that could not be confined */

#if defined(__x86_64__)
#include <stddef.h>
#include <sys/mman.h>
#include <linux/audit.h>
#include <linux/filter.h>
#include <linux/seccomp.h>
/* Where no cgroup limits its memory, RLIMIT_DATA does, which counts no shared memory: a shared
   anonymous mapping, System V shared memory, a memfd would each hold memory past the limit
   (RLIMIT_AS would count them, but also the address space a JVM or Go reserves and never
   uses). So those are refused, as the kernel refuses memory it has not got; and the 32-bit
   system calls, through which the same could be asked by other numbers. Kept across fork
   and exec; no process can remove it. */
static int arena_refuse_shared_memory(void) {
    struct sock_filter filter[] = {
        BPF_STMT(BPF_LD | BPF_W | BPF_ABS, offsetof(struct seccomp_data, arch)),
        BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, AUDIT_ARCH_X86_64, 1, 0),
        BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ERRNO | ENOSYS),
        BPF_STMT(BPF_LD | BPF_W | BPF_ABS, offsetof(struct seccomp_data, nr)),
        BPF_JUMP(BPF_JMP | BPF_JGE | BPF_K, 0x40000000, 0, 1),  /* the x32 numbers */
        BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ERRNO | ENOSYS),
        BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, __NR_shmget, 0, 1),
        BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ERRNO | ENOMEM),
        BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, __NR_memfd_create, 0, 1),
        BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ERRNO | ENOMEM),
        BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, __NR_mmap, 1, 0),
        BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ALLOW),
        BPF_STMT(BPF_LD | BPF_W | BPF_ABS, offsetof(struct seccomp_data, args[3])),  /* its flags */
        BPF_STMT(BPF_ALU | BPF_AND | BPF_K, MAP_SHARED | MAP_ANONYMOUS),  /* MAP_SHARED_VALIDATE too */
        BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, MAP_SHARED | MAP_ANONYMOUS, 0, 1),
        BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ERRNO | ENOMEM),
        BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ALLOW),
    };
    struct sock_fprog program = {sizeof filter / sizeof filter[0], filter};
    return prctl(PR_SET_SECCOMP, SECCOMP_MODE_FILTER, &program, 0, 0);
}
#else
static int arena_refuse_shared_memory(void) { return 0; }  /* x86-64 only, for now */
#endif

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
                       int die_with_parent, int no_new_privs, int refuse_shared, long uid,
                       pid_t parent, int in_namespace,
                       int fd0, int fd1, int fd2, int report_fd, const sigset_t *mask) {
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
    if (!in_namespace) prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0);
    if (dup2(fd0, 0) < 0 || dup2(fd1, 1) < 0 || dup2(fd2, 2) < 0) { arena_report(report_fd, 3); return ARENA_CANNOT_CONFINE; }
    for (int i = 0; i < njoins; i++) {
        if (arena_join(joins[i]) != 0) { arena_report(report_fd, 4); return ARENA_CANNOT_CONFINE; }
    }
    for (int i = 0; i < nlimits; i++) {
        struct rlimit limit = {values[i], values[i]};
        if (resources[i] == RLIMIT_NPROC) continue;  /* once it is its own user: below */
        if (setrlimit(resources[i], &limit) != 0) { arena_report(report_fd, 5); return ARENA_CANNOT_CONFINE; }
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
    /* without no_new_privs (a setuid bwrap's) the kernel gives an unprivileged process no filter:
       there it is best effort */
    if (refuse_shared && arena_refuse_shared_memory() != 0 && no_new_privs) {
        arena_report(report_fd, 12); return ARENA_CANNOT_CONFINE;
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


/* ---- the init: pid 1 of the program's own PID namespace ----------------------------------

   A small program of its own (arena-init, arena_init.c), which the judge's clone(CLONE_NEWPID |
   CLONE_VM | CLONE_VFORK) child execs at once: a fork of the judge would copy its page tables,
   about 1.8 ms on these machines for every program started, where the exec costs about 0.4.
   It starts the program as its child (vfork, arena_child), reaps every process that comes to
   it (every orphan of the namespace does), and at the judge's word on its control pipe stops
   ('S', acknowledged with 'A' once sent) or continues ('C') every other process of the
   namespace with kill(-1): one system call, which the kernel makes atomic
   against a concurrent fork, where a walk of /proc can be outrun. When the program's main
   process ends it writes its status, and the peak size of what it reaped, on the report pipe,
   and ends: the kernel then kills whatever is left in the namespace. So does the judge's
   death: its parent-death signal (the judge's thread), and the end of its control pipe
   (the judge's whole process, however it died). */

#define ARENA_NO_NAMESPACE 126

struct arena_ended {  /* the init's last report; the judge reads it once the init has ended */
    long long status;        /* the main process's wait status */
    long long maxrss_kb;     /* getrusage(RUSAGE_CHILDREN): the largest of every process it reaped */
};

static int arena_write_file(const char *path, const char *text) {
    int fd = open(path, O_WRONLY | O_CLOEXEC);
    if (fd < 0) return -1;
    size_t length = 0;
    while (text[length]) length++;
    ssize_t written = write(fd, text, length);
    close(fd);
    return written == (ssize_t)length ? 0 : -1;
}

/* every file descriptor but the three it keeps (the judge's copies: the other program's pipes
   above all, which would otherwise stay open in it for the whole game) */
static void arena_close_except(int a, int b, int c) {
    int keep[3] = {a, b, c};
    for (int i = 0; i < 3; i++)
        for (int j = i + 1; j < 3; j++)
            if (keep[j] < keep[i]) { int t = keep[i]; keep[i] = keep[j]; keep[j] = t; }
    int from = 0;
    for (int i = 0; i < 3; i++) {
        if (keep[i] > from) {
#ifdef SYS_close_range
            if (syscall(SYS_close_range, from, keep[i] - 1, 0) != 0)
#endif
                for (int fd = from; fd < keep[i]; fd++) close(fd);
        }
        from = keep[i] + 1;
    }
#ifdef SYS_close_range
    if (syscall(SYS_close_range, from, ~0U, 0) == 0) return;
#endif
    for (int fd = from; fd < 65536; fd++) close(fd);
}

/* the program's pid as the judge sees it: the first child in the init's own /proc entry (the
   judge's /proc, whose numbers are the judge's namespace's), a zombie there until reaped */
static long arena_first_child_outside(void) {
    char self[32], path[96];
    ssize_t n = readlink("/proc/self", self, sizeof self - 1);
    if (n <= 0) return 0;
    self[n] = 0;
    const char *parts[] = {"/proc/", self, "/task/", self, "/children"};
    size_t at = 0;
    for (int i = 0; i < 5; i++)
        for (const char *c = parts[i]; *c && at < sizeof path - 1; c++) path[at++] = *c;
    path[at] = 0;
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0) return 0;
    char text[32];
    n = read(fd, text, sizeof text - 1);
    close(fd);
    long pid = 0;
    for (ssize_t i = 0; i < n && text[i] >= '0' && text[i] <= '9'; i++) pid = pid * 10 + (text[i] - '0');
    return pid;
}

/* The init's life, in arena-init (arena_init.c), pid 1 of the program's namespace: it starts the
   program, then reaps, stops and continues until the program's main process ends. */
static int arena_init_run(char *const argv[], char *const joins[], int njoins,
                          const int resources[], const unsigned long values[], int nlimits, int no_new_privs,
                          int refuse_shared, long uid, int fd0, int fd1, int fd2, int report_fd, int control_fd,
                          int ack_fd, const sigset_t *mask) {
    if (prctl(PR_SET_PDEATHSIG, SIGKILL) != 0) { arena_report(report_fd, 2); return ARENA_NO_NAMESPACE; }
    /* the judge's SIGCHLD disposition, should it ignore it, would have the kernel reap the
       program unseen: the init waits for its children itself (blocked, read from a signalfd) */
    struct sigaction default_action;
    default_action.sa_handler = SIG_DFL;
    /* SA_NOCLDSTOP: a child's stop and continue (the judge's SIGSTOP and SIGCONT of the program,
       twice a move) raise no SIGCHLD, which would wake the init for nothing at every move */
    default_action.sa_flags = SA_NOCLDSTOP;
    sigemptyset(&default_action.sa_mask);
    sigaction(SIGCHLD, &default_action, NULL);
    /* nothing of the program may trace it (a program run as the judge's own user could) */
    prctl(PR_SET_DUMPABLE, 0, 0, 0, 0);
    /* no session of its own: it leads no process group, so that no pid the judge may take for the
       program's group (should it learn none, below) is the init's. A terminal's signals to the
       judge's group stay pending: every one is blocked. */
    pid_t program = vfork();
    if (program == 0) {
        _exit(arena_child(argv, NULL, joins, njoins, resources, values, nlimits, 0, no_new_privs,
                          refuse_shared, uid, 0, 1, fd0, fd1, fd2, report_fd, mask));
    }
    if (program < 0) { arena_report(report_fd, 11); return ARENA_NO_NAMESPACE; }
    int started[2] = {-1, (int)arena_first_child_outside()};
    ssize_t ignored = write(report_fd, started, sizeof started);
    arena_close_except(report_fd, control_fd, ack_fd);
    sigset_t children;
    sigemptyset(&children);
    sigaddset(&children, SIGCHLD);  /* blocked, as every signal is since the judge's clone */
    int child_fd = signalfd(-1, &children, SFD_CLOEXEC | SFD_NONBLOCK);
    struct pollfd watched[2] = {{control_fd, POLLIN, 0}, {child_fd, POLLIN, 0}};
    for (;;) {
        int status;
        pid_t pid;
        while ((pid = waitpid(-1, &status, WNOHANG)) > 0) {
            if (pid == program) {
                struct rusage usage;
                getrusage(RUSAGE_CHILDREN, &usage);
                struct arena_ended ended = {status, usage.ru_maxrss};
                ignored = write(report_fd, &ended, sizeof ended);
                (void)ignored;
                return 0;  /* and the kernel kills everything left in the namespace */
            }
        }
        if (poll(watched, child_fd >= 0 ? 2 : 1, child_fd >= 0 ? -1 : 10) < 0 && errno != EINTR) return 1;
        if (watched[0].revents) {
            char words[64];
            ssize_t n = read(control_fd, words, sizeof words);
            if (n == 0 || (n < 0 && errno != EINTR && errno != EAGAIN)) return 1;  /* the judge is gone */
            for (ssize_t i = 0; i < n; i++) {
                if (words[i] == 'S') {
                    kill(-1, SIGSTOP);
                    ignored = write(ack_fd, "A", 1);
                } else if (words[i] == 'C') {
                    kill(-1, SIGCONT);
                }
            }
        }
        if (child_fd >= 0 && watched[1].revents) {
            struct signalfd_siginfo info[16];
            ignored = read(child_fd, info, sizeof info);
        }
    }
}

#endif
