/* What a program's mount namespace shows it, set up by the judge's clone child (spawn.pyx) as pid 1
   of the program's new namespaces, before it execs arena-init: the kernel's own confinement, no
   emulation. The plan is a list of words the judge computes (judge/sandbox/private_mounts.py):

     "P"        a /proc of its own PID namespace: its own processes only, nobody else's
                oom_score_adj, command line or environment (arena-init counts them there too);
     "T<bytes>" one tmpfs of that size on /tmp, bound again on /var/tmp, /dev/shm and /run/lock:
                every folder the host lets everybody write is private, one budget (--disk) for
                them all (its home too), and whatever the program leaves there goes with its
                namespace; what it needs there is shown again, as under a cover;
     "C<path>"  a cover: a small tmpfs (root's, 0711: passed through, not listed) over a folder
                a root judge's box uid may not pass through (/root, 0700, on the way to pyenv's
                Python): what it holds is gone but what the program is shown there again;
     "S<path>"  a path it needs under /tmp or a cover (its command's files, this Python, arena, the
                PATH folders), shown again at the same place, read-only: a copy of its mount taken
                before anything covered it (open_tree), its folders on the way made (0711);
     "W<path>"  the same, writable: its own folder where it may write there (a judge not root's
                program, a build step);
     "I<fd><path>"  its own folder (a root judge's), read-only, through the idmapping of the user
                namespace <fd>, which maps the folder's owner to the program's uid: what its owner
                may read, the program may (a 0700 folder, 0600 files), and never write, however
                many entries it holds; shown at its place, under a cover or not;
     "U<path>"  its home (HOME, TMPDIR): an empty folder made on the private /tmp, the program's own
                (its uid's, 0700): on the same tmpfs, in the same budget, and gone with it;
     "D<path>"  an empty folder made on the private /tmp or a cover: the working folder, so that a
                program (pyenv's shims) that goes back to it by name still can, and finds nothing;
     "H<path>"  hidden: an empty read-only tmpfs over a folder, /dev/null over a file (the database,
                the record, the other player's folder, where the program would still see them);
     "G<path>"  its working folder, entered last: through what the program is shown, not through
                the folder the judge had entered before anything covered it.

   Only system calls: the child runs in the judge's memory until its exec (CLONE_VM). */

#ifndef ARENA_PRIVATE_MOUNTS_H
#define ARENA_PRIVATE_MOUNTS_H

#include <sys/mount.h>
#include <sys/stat.h>
#include "confine.h"

#define ARENA_MAX_SHOWN 64

#ifndef SYS_open_tree
#define SYS_open_tree 428
#define SYS_move_mount 429
#endif
#ifndef SYS_mount_setattr
#define SYS_mount_setattr 442
#endif
#define ARENA_OPEN_TREE_CLONE 1
#define ARENA_AT_RECURSIVE 0x8000
#define ARENA_MOVE_MOUNT_F_EMPTY_PATH 0x4
#define ARENA_MOUNT_ATTR_RDONLY 0x1
#define ARENA_MOUNT_ATTR_NOSUID 0x2
#define ARENA_MOUNT_ATTR_NODEV 0x4
#define ARENA_MOUNT_ATTR_IDMAP 0x100000

struct arena_mount_attr { unsigned long long set, clear, propagation, userns_fd; };  /* struct mount_attr */

/* every folder on the way to path (not path itself), made where missing: the judge's, 0711 (passed
   through, not listed: what else lies there is nobody's business) */
static int arena_make_parents(const char *path, char *scratch) {
    int at = 0;
    for (; path[at] && at < 4095; at++) {
        scratch[at] = path[at];
        if (path[at] == '/' && at > 0) {
            scratch[at] = 0;
            if (mkdir(scratch, 0711) != 0 && errno != EEXIST) return -1;
            scratch[at] = '/';
        }
    }
    return 0;
}

/* the path of a word, and for "I" the descriptor written before it */
static const char *arena_word_path(const char *word, int *fd) {
    const char *path = word + 1;
    *fd = -1;
    if (word[0] == 'I') {
        *fd = 0;
        for (; *path >= '0' && *path <= '9'; path++) *fd = *fd * 10 + (*path - '0');
    }
    return path;
}

static int arena_is_shown(const char *word) { return word[0] == 'S' || word[0] == 'W' || word[0] == 'I'; }

/* A detached copy of what a word shows, read-only but "W", and through its idmapping for "I" (a
   file system that takes none: the copy without it, which shows what everybody may read). */
static int arena_copy(const char *word) {
    int userns;
    const char *path = arena_word_path(word, &userns);
    int fd = (int)syscall(SYS_open_tree, AT_FDCWD, path, ARENA_OPEN_TREE_CLONE | O_CLOEXEC | ARENA_AT_RECURSIVE);
    if (fd < 0 || word[0] == 'W') return fd;
    struct arena_mount_attr attr = {ARENA_MOUNT_ATTR_RDONLY, 0, 0, 0};
    if (word[0] == 'I') {
        struct arena_mount_attr mapped = {ARENA_MOUNT_ATTR_RDONLY | ARENA_MOUNT_ATTR_NOSUID | ARENA_MOUNT_ATTR_NODEV
                                          | ARENA_MOUNT_ATTR_IDMAP, 0, 0, (unsigned long long)userns};
        if (syscall(SYS_mount_setattr, fd, "", AT_EMPTY_PATH | ARENA_AT_RECURSIVE, &mapped, sizeof mapped) == 0)
            return fd;
    }
    if (syscall(SYS_mount_setattr, fd, "", AT_EMPTY_PATH | ARENA_AT_RECURSIVE, &attr, sizeof attr) != 0) {
        close(fd);
        return -1;
    }
    return fd;
}

/* a detached copy attached at path, a folder or a file made there first where missing */
static int arena_attach(int fd, const char *path, char *scratch) {
    struct stat kind, there;
    if (fstat(fd, &kind) != 0 || arena_make_parents(path, scratch) != 0) return -1;
    if (lstat(path, &there) != 0) {
        if (S_ISDIR(kind.st_mode)) {
            if (mkdir(path, 0755) != 0) return -1;
        } else {
            int made = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0644);
            if (made < 0) return -1;
            close(made);
        }
    }
    return (int)syscall(SYS_move_mount, fd, "", AT_FDCWD, path, ARENA_MOVE_MOUNT_F_EMPTY_PATH);
}

static int arena_hide(const char *path) {
    struct stat kind;
    if (stat(path, &kind) != 0) return errno == ENOENT ? 0 : -1;
    if (S_ISDIR(kind.st_mode))
        return mount("tmpfs", path, "tmpfs", MS_RDONLY | MS_NOSUID | MS_NODEV | MS_NOEXEC, "mode=0555,size=4k");
    if (mount("/dev/null", path, NULL, MS_BIND, NULL) != 0) return -1;
    return mount(NULL, path, NULL, MS_REMOUNT | MS_BIND | MS_RDONLY | MS_NOSUID | MS_NODEV | MS_NOEXEC, NULL);
}

/* Carries out the plan (``owner``: the uid its home is given to, -1: the maker's own); 0, or the
   failed step (spawn.pyx's STEPS) with errno set. */
static int arena_private_mounts(char *const plan[], long owner) {
    int shown[ARENA_MAX_SHOWN];
    int nshown = 0, step = 0;
    char scratch[4096];
    /* nothing mounted here reaches the host's namespace (as root, the copy would share its mounts) */
    if (mount(NULL, "/", NULL, MS_REC | MS_PRIVATE, NULL) != 0) return 15;
    for (int i = 0; plan[i]; i++) {  /* copies of what it is shown, before anything covers them */
        if (!arena_is_shown(plan[i])) continue;
        if (nshown == ARENA_MAX_SHOWN) { errno = E2BIG; step = 16; goto out; }
        shown[nshown] = arena_copy(plan[i]);
        if (shown[nshown++] < 0) { step = 16; goto out; }
    }
    for (int i = 0; plan[i]; i++) {
        const char *word = plan[i];
        if (word[0] == 'P') {
            if (mount("proc", "/proc", "proc", MS_NOSUID | MS_NODEV | MS_NOEXEC, NULL) != 0) { step = 14; goto out; }
        } else if (word[0] == 'T') {
            const char *prefix = "mode=1777,size=";
            char options[64];
            int at = 0;
            while (prefix[at]) { options[at] = prefix[at]; at++; }
            for (const char *c = word + 1; *c && at < 62; c++) options[at++] = *c;
            options[at] = 0;
            if (mount("tmpfs", "/tmp", "tmpfs", MS_NOSUID | MS_NODEV, options) != 0) { step = 15; goto out; }
            /* the same tmpfs again on the others, before what is shown there is attached */
            const char *aliases[] = {"/var/tmp", "/dev/shm", "/run/lock"};
            for (int j = 0; j < 3; j++) {
                struct stat kind;
                if (lstat(aliases[j], &kind) != 0 || !S_ISDIR(kind.st_mode)) continue;  /* a link leads to one of these */
                if (mount("/tmp", aliases[j], NULL, MS_BIND, NULL) != 0) { step = 15; goto out; }
            }
        } else if (word[0] == 'C') {
            if (mount("tmpfs", word + 1, "tmpfs", MS_NOSUID | MS_NODEV, "mode=0711,size=1m,nr_inodes=4096") != 0) {
                step = 17; goto out;
            }
        }
    }
    for (int i = 0, next = 0; plan[i]; i++) {
        int unused;
        if (!arena_is_shown(plan[i])) continue;
        if (arena_attach(shown[next++], arena_word_path(plan[i], &unused), scratch) != 0) { step = 16; goto out; }
    }
    for (int i = 0; plan[i]; i++) {
        const char *path = plan[i] + 1;
        if (plan[i][0] == 'D'
            && (arena_make_parents(path, scratch) != 0 || (mkdir(path, 0755) != 0 && errno != EEXIST))) {
            step = 16; goto out;
        }
        if (plan[i][0] == 'H' && arena_hide(path) != 0) { step = 18; goto out; }
        /* its home: made where nothing was (the plan's name is new), then its mode whatever the umask */
        if (plan[i][0] == 'U' && (mkdir(path, 0700) != 0 || chmod(path, 0700) != 0
                                  || (owner >= 0 && chown(path, (uid_t)owner, (gid_t)owner) != 0))) {
            step = 19; goto out;
        }
    }
    for (int i = 0; plan[i]; i++)
        if (plan[i][0] == 'G' && chdir(plan[i] + 1) != 0) { step = 16; goto out; }
out:
    {
        int saved = errno;
        for (int i = 0; i < nshown; i++) if (shown[i] >= 0) close(shown[i]);
        errno = saved;
    }
    return step;
}

/* A user namespace whose only mapping is uid_map and gid_map ("OWNER UID 1"), for an idmapped copy of
   a program's own folder: its descriptor, or -1. Made by a child that holds it until its maps are
   written and the namespace is opened (a fork, once per box uid and folder owner: the judge keeps it). */
static int arena_idmap_userns(const char *uid_map, const char *gid_map) {
    int fds[2];
    if (pipe2(fds, O_CLOEXEC) != 0) return -1;
    sigset_t all, old;
    sigfillset(&all);
    pthread_sigmask(SIG_SETMASK, &all, &old);
    pid_t pid = (pid_t)syscall(SYS_clone, CLONE_NEWUSER | SIGCHLD, 0, NULL, NULL, 0);
    if (pid == 0) {
        char byte;
        close(fds[1]);
        ssize_t ignored = read(fds[0], &byte, 1);  /* until the judge has what it needs */
        (void)ignored;
        _exit(0);
    }
    int saved = errno;
    pthread_sigmask(SIG_SETMASK, &old, NULL);
    close(fds[0]);
    int fd = -1;
    if (pid > 0) {
        char path[64], number[16];
        int n = 0, at = 0;
        for (long v = pid; n == 0 || v > 0; v /= 10) number[n++] = (char)('0' + v % 10);
        const char *prefix = "/proc/";
        while (prefix[at]) { path[at] = prefix[at]; at++; }
        while (n > 0) path[at++] = number[--n];
        int end = at;
        const char *uid_file = "/uid_map", *gid_file = "/gid_map", *ns_file = "/ns/user";
        int ok = 1;
        for (int k = 0; uid_file[k]; k++) path[end + k] = uid_file[k];
        path[end + 8] = 0;
        ok = ok && arena_write_file(path, uid_map) == 0;
        for (int k = 0; gid_file[k]; k++) path[end + k] = gid_file[k];
        ok = ok && arena_write_file(path, gid_map) == 0;
        for (int k = 0; ns_file[k]; k++) path[end + k] = ns_file[k];
        if (ok) fd = open(path, O_RDONLY | O_CLOEXEC);
        saved = errno;
        close(fds[1]);
        while (waitpid(pid, NULL, 0) < 0 && errno == EINTR) {}
    } else {
        close(fds[1]);
    }
    errno = saved;
    return fd;
}

#endif
