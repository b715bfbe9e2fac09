/* What a program's mount namespace shows it, set up by the judge's clone child (spawn.pyx) as pid 1
   of the program's new namespaces, before it execs arena-init: the kernel's own confinement, no
   emulation. The plan is a list of words the judge computes (judge/sandbox/private_mounts.py):

     "P"        a /proc of its own PID namespace: its own processes only, nobody else's
                oom_score_adj, command line or environment (arena-init counts them there too);
     "T<bytes>" one tmpfs of that size on /tmp, bound again on /var/tmp, /dev/shm and /run/lock:
                every folder the host lets everybody write is private, one budget (--disk) for
                them all, and whatever the program leaves there goes with its namespace;
     "S<path>"  a path under /tmp it needs (its command's files, this Python, arena), shown again
                at the same place on the private /tmp, read-only;
     "W<path>"  the same, writable: its home, and its own folder where it may write there (a judge
                not root's program, a build step);
     "D<path>"  an empty folder made on the private /tmp: the working folder, so that a program
                (pyenv's shims) that goes back to it by name still can, and finds nothing there;
     "R<path>"  a folder bound read-only onto itself: its own folder, where nothing it writes
                may outlive its run, however its entries' modes read.

   Only system calls: the child runs in the judge's memory until its exec (CLONE_VM). */

#ifndef ARENA_PRIVATE_MOUNTS_H
#define ARENA_PRIVATE_MOUNTS_H

#include <sys/mount.h>
#include <sys/stat.h>
#include <sys/statvfs.h>
#include "confine.h"

#define ARENA_MAX_SHOWN 64

/* "/proc/self/fd/" and the descriptor's number: a bind mount's source opened before /tmp was covered */
static void arena_fd_path(char *out, int fd) {
    const char *prefix = "/proc/self/fd/";
    int at = 0;
    while (prefix[at]) { out[at] = prefix[at]; at++; }
    char digits[12];
    int n = 0;
    do { digits[n++] = (char)('0' + fd % 10); fd /= 10; } while (fd > 0);
    while (n > 0) out[at++] = digits[--n];
    out[at] = 0;
}

/* every folder on the way to path (not path itself), made where missing: mode 0755, root's */
static int arena_make_parents(const char *path, char *scratch) {
    int at = 0;
    for (; path[at] && at < 4095; at++) {
        scratch[at] = path[at];
        if (path[at] == '/' && at > 0) {
            scratch[at] = 0;
            if (mkdir(scratch, 0755) != 0 && errno != EEXIST) return -1;
            scratch[at] = '/';
        }
    }
    return 0;
}

static unsigned long arena_kept_flags(const char *path) {
    /* a bind's remount must repeat the flags its mount has: in a user namespace the kernel
       refuses to drop a nosuid, nodev or noexec it inherited */
    struct statvfs info;
    unsigned long flags = 0;
    if (statvfs(path, &info) != 0) return 0;
    if (info.f_flag & ST_NOSUID) flags |= MS_NOSUID;
    if (info.f_flag & ST_NODEV) flags |= MS_NODEV;
    if (info.f_flag & ST_NOEXEC) flags |= MS_NOEXEC;
    if (info.f_flag & ST_NOATIME) flags |= MS_NOATIME;
    if (info.f_flag & ST_NODIRATIME) flags |= MS_NODIRATIME;
    if (info.f_flag & ST_RELATIME) flags |= MS_RELATIME;
    return flags;
}

/* Carries out the plan; 0, or the failed step (spawn.pyx's STEPS) with errno set. */
static int arena_private_mounts(char *const plan[]) {
    int shown[ARENA_MAX_SHOWN];
    int nshown = 0;
    char scratch[4096], source[40];
    /* nothing mounted here reaches the host's namespace (as root, the copy would share its mounts) */
    if (mount(NULL, "/", NULL, MS_REC | MS_PRIVATE, NULL) != 0) return 15;
    for (int i = 0; plan[i]; i++) {
        if (plan[i][0] != 'S' && plan[i][0] != 'W') continue;
        if (nshown == ARENA_MAX_SHOWN) { errno = E2BIG; return 16; }
        shown[nshown] = open(plan[i] + 1, O_PATH | O_CLOEXEC);  /* before the tmpfs covers it */
        if (shown[nshown++] < 0) return 16;
    }
    for (int i = 0; plan[i]; i++) {
        const char *word = plan[i];
        if (word[0] == 'P') {
            if (mount("proc", "/proc", "proc", MS_NOSUID | MS_NODEV | MS_NOEXEC, NULL) != 0) return 14;
        } else if (word[0] == 'T') {
            const char *prefix = "mode=1777,size=";
            char options[64];
            int at = 0;
            while (prefix[at]) { options[at] = prefix[at]; at++; }
            for (const char *c = word + 1; *c && at < 62; c++) options[at++] = *c;
            options[at] = 0;
            if (mount("tmpfs", "/tmp", "tmpfs", MS_NOSUID | MS_NODEV, options) != 0) return 15;
            int next = 0;
            for (int j = 0; plan[j]; j++) {
                if (plan[j][0] != 'S' && plan[j][0] != 'W') continue;
                const char *path = plan[j] + 1;
                struct stat kind;
                int fd = shown[next++];
                if (fstat(fd, &kind) != 0 || arena_make_parents(path, scratch) != 0) return 16;
                if (S_ISDIR(kind.st_mode)) {
                    if (mkdir(path, 0755) != 0 && errno != EEXIST) return 16;
                } else {
                    int made = open(path, O_WRONLY | O_CREAT | O_CLOEXEC, 0644);
                    if (made < 0) return 16;
                    close(made);
                }
                arena_fd_path(source, fd);
                if (mount(source, path, NULL, MS_BIND | MS_REC, NULL) != 0) return 16;
                if (plan[j][0] == 'S'
                    && mount(NULL, path, NULL, MS_REMOUNT | MS_BIND | MS_RDONLY | arena_kept_flags(path), NULL) != 0)
                    return 16;
            }
            for (int j = 0; plan[j]; j++) {
                if (plan[j][0] != 'D') continue;
                if (arena_make_parents(plan[j] + 1, scratch) != 0 || (mkdir(plan[j] + 1, 0755) != 0 && errno != EEXIST))
                    return 16;
            }
            const char *aliases[] = {"/var/tmp", "/dev/shm", "/run/lock"};
            for (int j = 0; j < 3; j++) {
                struct stat kind;
                if (lstat(aliases[j], &kind) != 0 || !S_ISDIR(kind.st_mode)) continue;  /* a link leads to one of these */
                if (mount("/tmp", aliases[j], NULL, MS_BIND, NULL) != 0) return 15;
            }
        } else if (word[0] == 'R') {
            const char *path = word + 1;
            if (mount(path, path, NULL, MS_BIND | MS_REC, NULL) != 0
                || mount(NULL, path, NULL, MS_REMOUNT | MS_BIND | MS_RDONLY | arena_kept_flags(path), NULL) != 0)
                return 17;
        }
    }
    for (int i = 0; i < nshown; i++) close(shown[i]);
    return 0;
}

#endif
