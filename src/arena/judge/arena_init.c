/* arena-init: pid 1 of one program's namespaces (PID, mount, IPC, host name; a user namespace too
   when the judge is not root). pid_namespace.py is the judge's end of it.

   The judge's clone child has made the namespaces, mounted the program's own /proc and private
   folders (private_mounts.h), and execs this with every signal blocked, the descriptors below
   open, and the program's environment as its own:

     arena-init REPORT CONTROL ACK FD0 FD1 FD2 UID NO_NEW_PRIVS REFUSE_SHARED MEMORY_KB TALLY OWN_USERNS
                NLIMITS [RESOURCE VALUE]... NJOINS [CGROUP_FILE]... -- PROGRAM [ARGUMENT]...

   It starts the program as its child (confine.h's arena_child), then, until the program's main
   process ends:
   - answers the judge first, before any reaping: 'S' stops every other process of the namespace
     with one kill(-1, SIGSTOP), which the kernel makes atomic against a concurrent fork, and says
     'A'; 'C' continues them all; 'T' answers the program's CPU time so far (8 bytes, ns);
   - reaps every process that comes to it (every orphan of the namespace does), at most 64 between
     two looks at the judge's words, so that no crowd of orphans keeps it from answering;
   - where no cgroup counts for it (TALLY), counts the CPU time of every process of the namespace
     from its /proc while the program runs (every 5 ms, or less often when there are many), so that
     a process that ends unwaited for (SIGCHLD ignored) is counted up to its last look;
   - where no cgroup holds its memory (MEMORY_KB > 0), adds up what every process holds (its
     anonymous and shared resident memory) at the same looks, and ends the program past the limit.
   At the end it writes its report (the main process's status, the peak memory, the CPU time, why
   it ended, what was left free of its /tmp: the tmpfs of its home, whose end is near) and ends: the kernel kills whatever is left in the namespace. So does the judge's
   death: its parent-death signal (the judge's thread), and the end of its control pipe. */

#define _GNU_SOURCE
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <sys/statvfs.h>
#include "confine.h"

#define MAX_LIMITS 16
#define MAX_JOINS 16
#define LOOK_NS 5000000LL    /* between two looks at its processes while it runs */
#define REAPS_PER_ROUND 64
#define SEEN_SLOTS 8192      /* processes whose CPU time it remembers (a power of two) */

enum { ENDED_BY_PROGRAM = 0, ENDED_BY_MEMORY = 1 };

struct arena_ended {  /* the init's last report; the judge reads it once the init has ended */
    long long status;        /* the main process's wait status */
    long long peak_kb;       /* the most memory its processes held together (or the largest one's) */
    long long cpu_ns;        /* its CPU time, where the init counted it (TALLY) */
    long long reason;        /* ENDED_BY_PROGRAM, ENDED_BY_MEMORY */
    long long tmp_free_kb;   /* what its /tmp had left (its private tmpfs under limits: a write past it failed) */
};

struct seen { int pid; long long start; long long ns; int round; int zombie; };
static struct seen seen[SEEN_SLOTS];
static long long departed_ns;  /* the last count of every process gone since */
static int round_number;
static long long tick_ns;
static int control_fd, ack_fd, running = 1, pending_counts, watching;
static long long cpu_ns;  /* the last count */

/* where ``pid`` is in the table, or the empty slot where it would go (-1: neither, the table full there) */
static int seen_slot(int pid) {
    unsigned slot = (unsigned)pid * 2654435761u & (SEEN_SLOTS - 1);
    for (int probe = 0; probe < 64; probe++, slot = (slot + 1) & (SEEN_SLOTS - 1))
        if (seen[slot].pid == 0 || seen[slot].pid == pid) return (int)slot;
    return -1;
}

static int wrong(const char *why) {
    /* only the judge starts it; its stderr is the program's, where a person running it by hand looks */
    ssize_t ignored = write(2, why, strlen(why));
    (void)ignored;
    return ARENA_NO_NAMESPACE;
}

static int number(const char *text, long long *value) {
    char *end;
    errno = 0;
    *value = strtoll(text, &end, 10);
    return errno == 0 && end != text && *end == 0;
}

static long long now_ns(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec * 1000000000LL + t.tv_nsec;
}

static ssize_t read_file(const char *path, char *buffer, size_t size) {
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0) return -1;
    ssize_t n = read(fd, buffer, size - 1);
    close(fd);
    if (n >= 0) buffer[n] = 0;
    return n;
}

/* one process's CPU time: its stat's utime and stime (every thread, ended ones too, in ticks), or
   its one thread's schedstat (ns) when that says more; and when it started, to tell pids apart */
static long long process_ns(const char *pid, long long *start, int *zombie) {
    char path[64], text[1024];
    snprintf(path, sizeof path, "/proc/%s/stat", pid);
    if (read_file(path, text, sizeof text) <= 0) return -1;
    char *field = strrchr(text, ')');
    if (!field) return -1;
    /* after the name: the state (field 3), then numbers from field 4 on, values[i] field i + 4 */
    long long values[19] = {0};
    field += 2;
    *zombie = *field == 'Z';
    while (*field && *field != ' ') field++;
    for (int i = 0; i < 19 && *field; i++) values[i] = strtoll(field, &field, 10);
    *start = values[18];                                   /* starttime, field 22 */
    long long ns = (values[10] + values[11]) * tick_ns;    /* utime and stime, fields 14 and 15 */
    if (values[16] == 1) {  /* num_threads, field 20: one thread, whose schedstat (ns) is the finer count */
        snprintf(path, sizeof path, "/proc/%s/schedstat", pid);
        if (read_file(path, text, sizeof text) > 0) {
            long long exact = strtoll(text, NULL, 10);
            if (exact > ns) ns = exact;
        }
    }
    return ns;
}

/* what one process holds that no other owner would give back: anonymous and shared memory (KB) */
static long long process_kb(const char *pid) {
    char path[64], text[4096];
    snprintf(path, sizeof path, "/proc/%s/status", pid);
    if (read_file(path, text, sizeof text) <= 0) return 0;
    long long kb = 0;
    const char *names[] = {"\nRssAnon:", "\nRssShmem:"};
    for (int i = 0; i < 2; i++) {
        char *at = strstr(text, names[i]);
        if (at) kb += strtoll(at + strlen(names[i]), NULL, 10);
    }
    return kb;
}

/* The judge's words waiting on the control pipe, answered at once ('S', 'C'); a count asked for
   ('T') is answered after the look in progress (``in_look``), else now. 0, or -1: the judge is gone. */
static long long look(int tally, int memory, long long *held_kb);
static int serve_words(int in_look, int tally) {
    struct pollfd control = {control_fd, POLLIN, 0};
    while (poll(&control, 1, 0) > 0) {
        char words[64];
        ssize_t n = read(control_fd, words, sizeof words);
        if (n == 0 || (n < 0 && errno != EINTR && errno != EAGAIN)) return -1;
        for (ssize_t i = 0; i < n; i++) {
            if (words[i] == 'S') {
                kill(-1, SIGSTOP);
                running = 0;
                ssize_t ignored = write(ack_fd, "A", 1);
                (void)ignored;
            } else if (words[i] == 'C') {
                kill(-1, SIGCONT);
                running = 1;
            } else if (words[i] == 'T') {
                pending_counts++;
            }
        }
    }
    if (!in_look && pending_counts > 0) {
        long long held_kb;
        if (tally) cpu_ns = look(1, 0, &held_kb);
        for (; pending_counts > 0; pending_counts--) {
            ssize_t ignored = write(ack_fd, &cpu_ns, sizeof cpu_ns);
            (void)ignored;
        }
    }
    return 0;
}

/* One look at every process of the namespace (its own /proc lists those only): their CPU time
   (``tally``), and the memory they hold together (``memory``, else not read). */
static long long look(int tally, int memory, long long *held_kb) {
    DIR *proc = opendir("/proc");
    long long live_ns = 0;
    *held_kb = 0;
    round_number++;
    if (!proc) return departed_ns;
    struct dirent *entry;
    for (int counted = 1; (entry = readdir(proc)) != NULL; counted++) {
        const char *name = entry->d_name;
        /* a look through thousands of processes takes milliseconds: the judge's stop waits for none */
        if (counted % 32 == 0 && serve_words(1, tally) != 0) break;
        if (name[0] < '0' || name[0] > '9' || strcmp(name, "1") == 0) continue;  /* not the init */
        int pid = atoi(name), zombie, slot = seen_slot(pid);
        if (slot >= 0 && seen[slot].pid == pid && seen[slot].zombie && seen[slot].round != -1) {
            seen[slot].round = round_number;  /* a zombie uses nothing more and holds no memory: not read again */
            continue;
        }
        if (memory) *held_kb += process_kb(name);
        if (!tally) continue;
        long long start, ns = process_ns(name, &start, &zombie);
        if (ns < 0) continue;  /* gone meanwhile: its last count stays in the table */
        if (slot >= 0 && seen[slot].pid == 0) seen[slot] = (struct seen){pid, start, 0, 0, 0};
        if (slot >= 0) {
            seen[slot].zombie = zombie;
            if (seen[slot].start != start) {  /* the pid of one that ended, reused */
                departed_ns += seen[slot].ns;
                seen[slot].start = start;
                seen[slot].ns = 0;
            }
            if (ns > seen[slot].ns) seen[slot].ns = ns;
            seen[slot].round = round_number;
        } else {
            live_ns += ns;  /* the table is full: counted while it lives */
        }
    }
    closedir(proc);
    int emptied = 0;
    for (int slot = 0; tally && slot < SEEN_SLOTS; slot++) {
        if (seen[slot].pid == 0) continue;
        if (seen[slot].round != round_number) {  /* gone since the last look (or reaped, exactly counted) */
            departed_ns += seen[slot].ns;
            seen[slot].pid = 0;
            emptied = 1;
        } else {
            live_ns += seen[slot].ns;
        }
    }
    /* an emptied slot may break another's probe chain: put the table back in order */
    for (int slot = 0; tally && emptied && slot < SEEN_SLOTS; slot++) {
        if (seen[slot].pid == 0) continue;
        struct seen kept = seen[slot];
        seen[slot].pid = 0;
        unsigned home = (unsigned)kept.pid * 2654435761u & (SEEN_SLOTS - 1);
        while (seen[home].pid != 0) home = (home + 1) & (SEEN_SLOTS - 1);
        seen[home] = kept;
    }
    return departed_ns + live_ns;
}

/* the judge's other descriptors (the opponent's pipes above all) stay open in it no longer */
static void close_all_but(int a, int b, int c) {
    int keep[3] = {a, b, c}, from = 0;
    for (int i = 0; i < 3; i++)
        for (int j = i + 1; j < 3; j++)
            if (keep[j] < keep[i]) { int t = keep[i]; keep[i] = keep[j]; keep[j] = t; }
    for (int i = 0; i <= 3; i++) {
        unsigned last = i < 3 ? (unsigned)keep[i] - 1 : ~0U;
        if (i < 3 && keep[i] <= from) { from = keep[i] + 1; continue; }
        if (syscall(SYS_close_range, from, last, 0) != 0)
            for (int fd = from; fd <= (int)(i < 3 ? last : 4095); fd++) close(fd);
        if (i < 3) from = keep[i] + 1;
    }
}

static void report_end(int report_fd, int status, long long peak_kb, long long cpu_ns, int reason) {
    struct rusage usage;
    getrusage(RUSAGE_CHILDREN, &usage);
    if (usage.ru_maxrss > peak_kb) peak_kb = usage.ru_maxrss;
    struct statvfs tmp;
    long long tmp_free_kb = statvfs("/tmp", &tmp) == 0 ? (long long)(tmp.f_bavail * tmp.f_frsize / 1024) : -1;
    struct arena_ended ended = {status, peak_kb, cpu_ns, reason, tmp_free_kb};
    ssize_t ignored = write(report_fd, &ended, sizeof ended);
    (void)ignored;
}

/* A process of the init's that has ended, counted exactly before it is reaped: a zombie's stat
   holds all it used, and it leaves the table of those it looks at. */
static void count_departure(pid_t pid, int tally) {
    if (!tally) return;
    char name[16];
    snprintf(name, sizeof name, "%d", (int)pid);
    int zombie, slot = seen_slot(pid);
    long long start, ns = process_ns(name, &start, &zombie);
    if (slot >= 0 && seen[slot].pid == pid) {
        if (ns < seen[slot].ns) ns = seen[slot].ns;
        seen[slot].round = -1;  /* kept until the next look, which adds its count once: now the exact one */
        seen[slot].ns = ns;
        return;
    }
    if (ns > 0) departed_ns += ns;  /* never looked at: its whole life between two looks */
}

static int run(char *const argv[], char *const joins[], int njoins, const int resources[],
               const unsigned long values[], int nlimits, int no_new_privs, int refuse_shared, long uid,
               long long memory_kb, int tally, int own_userns, int fd0, int fd1, int fd2, int report_fd,
               const sigset_t *mask) {
    if (prctl(PR_SET_PDEATHSIG, SIGKILL) != 0) { arena_report(report_fd, 2); return ARENA_NO_NAMESPACE; }
    /* the judge's SIGCHLD disposition, should it ignore it, would have the kernel reap the program
       unseen: the init waits for its children itself (blocked, read from a signalfd). SA_NOCLDSTOP:
       the stops and continues of every move raise no SIGCHLD to wake it for nothing */
    struct sigaction default_action;
    default_action.sa_handler = SIG_DFL;
    default_action.sa_flags = SA_NOCLDSTOP;
    sigemptyset(&default_action.sa_mask);
    sigaction(SIGCHLD, &default_action, NULL);
    prctl(PR_SET_DUMPABLE, 0, 0, 0, 0);  /* nothing of the program may trace it */
    tick_ns = 1000000000LL / sysconf(_SC_CLK_TCK);
    int started[2];  /* closed by the program's exec: the init reports only once it has run */
    if (pipe2(started, O_CLOEXEC) != 0) { arena_report(report_fd, 11); return ARENA_NO_NAMESPACE; }
    /* a fork, not a vfork: the program's child may make a user namespace of its own, which the
       kernel refuses to a process sharing its memory; the init is a few pages to copy */
    pid_t program = fork();
    if (program == 0) {
        close(started[0]);
        _exit(arena_child(argv, NULL, joins, njoins, resources, values, nlimits, 0, no_new_privs,
                          refuse_shared, uid, 0, own_userns, fd0, fd1, fd2, report_fd, mask));
    }
    if (program < 0) { arena_report(report_fd, 11); return ARENA_NO_NAMESPACE; }
    close(started[1]);
    char byte;
    while (read(started[0], &byte, 1) < 0 && errno == EINTR) {}
    close(started[0]);
    int ready[2] = {-1, 0};  /* the judge finds the program's pid under the init's (its /proc's numbers) */
    ssize_t ignored = write(report_fd, ready, sizeof ready);
    (void)ignored;
    close_all_but(report_fd, control_fd, ack_fd);
    sigset_t children;
    sigemptyset(&children);
    sigaddset(&children, SIGCHLD);  /* blocked, as every signal is since the judge's clone */
    int child_fd = signalfd(-1, &children, SFD_CLOEXEC | SFD_NONBLOCK);
    struct pollfd watched[2] = {{control_fd, POLLIN, 0}, {child_fd, POLLIN, 0}};
    int backlog = 0;
    watching = tally || memory_kb > 0;
    long long next_look = now_ns(), peak_kb = 0, held_kb = 0;
    for (;;) {
        int timeout = -1;
        if (backlog || pending_counts > 0) {  /* a count asked for during a look: answered now */
            timeout = 0;
        } else if (running && watching) {
            long long left = next_look - now_ns();
            timeout = left <= 0 ? 0 : (int)(left / 1000000) + 1;
        }
        if (poll(watched, child_fd >= 0 ? 2 : 1, child_fd >= 0 ? timeout : 10) < 0 && errno != EINTR) return 1;
        if (serve_words(0, tally) != 0) return 1;  /* the judge is gone */
        if (child_fd >= 0 && watched[1].revents) {
            struct signalfd_siginfo info[16];
            ignored = read(child_fd, info, sizeof info);
        }
        backlog = 0;
        for (int reaped = 0;; reaped++) {
            if (reaped == REAPS_PER_ROUND) { backlog = 1; break; }  /* the judge's words first, then more */
            siginfo_t info;
            info.si_pid = 0;
            if (waitid(P_ALL, 0, &info, WEXITED | WNOHANG | WNOWAIT) != 0 || info.si_pid == 0) break;
            count_departure(info.si_pid, tally);
            int status;
            if (waitpid(info.si_pid, &status, 0) != info.si_pid) break;
            if (info.si_pid == program) {
                if (tally) cpu_ns = look(1, 0, &held_kb);
                report_end(report_fd, status, peak_kb, cpu_ns, ENDED_BY_PROGRAM);
                return 0;  /* and the kernel kills everything left in the namespace */
            }
        }
        if (running && watching && now_ns() >= next_look) {
            long long began = now_ns();
            cpu_ns = look(tally, memory_kb > 0, &held_kb);
            if (held_kb > peak_kb) peak_kb = held_kb;
            if (memory_kb > 0 && held_kb > memory_kb) {
                kill(-1, SIGKILL);
                report_end(report_fd, SIGKILL, peak_kb, cpu_ns, ENDED_BY_MEMORY);
                return 0;
            }
            /* many processes make a look long: at most a fifth of the init's time goes to looking */
            long long spent = now_ns() - began;
            next_look = now_ns() + (spent * 4 > LOOK_NS ? spent * 4 : LOOK_NS);
        }
    }
}

int main(int argc, char **argv) {
    long long fields[13];
    int at = 1;
    if (argc < 16) return wrong("arena-init: started by arena's judge only\n");
    for (int i = 0; i < 13; i++, at++)
        if (!number(argv[at], &fields[i])) return wrong("arena-init: a number expected\n");
    long long nlimits = fields[12];
    if (nlimits < 0 || nlimits > MAX_LIMITS || at + 2 * nlimits >= argc) return wrong("arena-init: bad limits\n");
    int resources[MAX_LIMITS];
    unsigned long values[MAX_LIMITS];
    for (long long i = 0; i < nlimits; i++) {
        long long resource, value;
        if (!number(argv[at++], &resource) || !number(argv[at++], &value)) return wrong("arena-init: bad limit\n");
        resources[i] = (int)resource;
        values[i] = (unsigned long)value;
    }
    long long njoins;
    if (!number(argv[at++], &njoins) || njoins < 0 || njoins > MAX_JOINS || at + njoins >= argc)
        return wrong("arena-init: bad cgroup files\n");
    char *joins[MAX_JOINS + 1];
    for (long long i = 0; i < njoins; i++) joins[i] = argv[at++];
    joins[njoins] = NULL;
    if (strcmp(argv[at++], "--") != 0 || at >= argc) return wrong("arena-init: no program\n");
    sigset_t none;
    sigemptyset(&none);  /* the program's own mask: nothing blocked */
    control_fd = (int)fields[1];
    ack_fd = (int)fields[2];
    return run(argv + at, joins, (int)njoins, resources, values, (int)nlimits, (int)fields[7], (int)fields[8],
               (long)fields[6], fields[9], (int)fields[10], (int)fields[11], (int)fields[3], (int)fields[4],
               (int)fields[5], (int)fields[0], &none);
}
