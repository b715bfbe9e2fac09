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
#ifdef __NR_memfd_secret
#define ARENA_NR_MEMFD_SECRET __NR_memfd_secret
#else
#define ARENA_NR_MEMFD_SECRET 447  /* x86-64's number, where the headers are older than the call */
#endif
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
        /* memory taken out of the kernel's direct map: no process's resident size shows it */
        BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, ARENA_NR_MEMFD_SECRET, 0, 1),
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

static int arena_write_file(const char *path, const char *text) {
    int fd = open(path, O_WRONLY | O_CLOEXEC);
    if (fd < 0) return -1;
    size_t length = 0;
    while (text[length]) length++;
    ssize_t written = write(fd, text, length);
    close(fd);
    return written == (ssize_t)length ? 0 : -1;
}

/* The child, from vfork to exec. Returns only if it must end (its exit code). */
static int arena_child(char *const argv[], char *const envp[], char *const joins[], int njoins,
                       const int resources[], const unsigned long values[], int nlimits,
                       int die_with_parent, int no_new_privs, int refuse_shared, long uid,
                       pid_t parent, int own_userns,
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
    /* A user namespace of its own, where it is the same uid (a root judge's box uid): the user
       keyring it finds there is the namespace's, gone with it, so no key it adds reaches the next
       program of that uid; and RLIMIT_NPROC, below, counts this namespace's processes only. After
       the change of user: made by the box uid, the namespace is the box uid's, never root's. */
    if (own_userns) {
        char map[64];
        int at = 0;
        char digits[24];
        int n = 0;
        for (long v = uid; n == 0 || v > 0; v /= 10) digits[n++] = (char)('0' + v % 10);
        for (int round = 0; round < 2; round++) {  /* "UID UID 1" */
            for (int i = n - 1; i >= 0; i--) map[at++] = digits[i];
            map[at++] = ' ';
        }
        map[at++] = '1';
        map[at] = 0;
        /* the change of user made it undumpable, which leaves its /proc files root's: its own again,
           as its exec would make it anyway, so that it may write its maps */
        prctl(PR_SET_DUMPABLE, 1, 0, 0, 0);
        if (unshare(CLONE_NEWUSER) != 0 || (arena_write_file("/proc/self/setgroups", "deny") != 0 && errno != ENOENT)
            || arena_write_file("/proc/self/uid_map", map) != 0 || arena_write_file("/proc/self/gid_map", map) != 0) {
            arena_report(report_fd, 13); return ARENA_CANNOT_CONFINE;
        }
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


/* ---- what the judge's clone child and arena-init share ------------------------------------- */

#define ARENA_NO_NAMESPACE 126  /* the exit code of an init that could not set up or start the program */

#endif
