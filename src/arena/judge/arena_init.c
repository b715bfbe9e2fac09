/* arena-init: pid 1 of one program's PID namespace (confine.h says what it does).

   The judge's spawner (spawn.pyx) starts it with its clone child's exec, inside the new namespace,
   every signal blocked, the descriptors below open, and the program's environment as its own:

     arena-init REPORT CONTROL ACK FD0 FD1 FD2 UID NO_NEW_PRIVS REFUSE_SHARED
                NLIMITS [RESOURCE VALUE]... NJOINS [CGROUP_FILE]... -- PROGRAM [ARGUMENT]...

   A separate program, not a fork of the judge: a fork copies the judge's page tables (about
   1.8 ms for a 21 MB judge on these machines) at every program's start; this exec costs about
   0.4 ms, and its memory is a few pages of its own instead of a copy of the judge's. */

#define _GNU_SOURCE
#include <stdlib.h>
#include <string.h>
#include "confine.h"

#define MAX_LIMITS 16
#define MAX_JOINS 16

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

int main(int argc, char **argv) {
    long long fields[10];
    int at = 1;
    if (argc < 13) return wrong("arena-init: started by arena's judge only\n");
    for (int i = 0; i < 10; i++, at++)
        if (!number(argv[at], &fields[i])) return wrong("arena-init: a number expected\n");
    long long nlimits = fields[9];
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
    return arena_init_run(argv + at, joins, (int)njoins, resources, values, (int)nlimits, (int)fields[7],
                          (int)fields[8], (long)fields[6], (int)fields[3], (int)fields[4], (int)fields[5],
                          (int)fields[0], (int)fields[1], (int)fields[2], &none);
}
