"""The sandbox: what a program arena runs may do, and everything that holds it to that.

Every program is hostile (a contestant's, an uploaded one, a built-in one alike). The
promises, per ``--sandbox`` mode (docs/sandbox.md says them for users, with the attacks
the tests play):

- ``none``: a clean environment; ``no_new_privs`` (no setuid file raises its privileges);
  namespaces of its own wherever the kernel allows them (pid_namespace.py): it sees, signals
  and traces nothing outside (a /proc of its own), is suspended whole between its turns, and
  nothing of it outlives its game, even a judge killed with ``kill -9`` (its init's death).
- ``limits`` (the default): that, and nowhere but in namespaces (refused where the kernel
  allows none): its own IPC namespace (no System V object or POSIX queue outlives it), one
  tmpfs of ``disk_mb`` on /tmp, /var/tmp, /dev/shm and /run/lock, its home a folder of its own
  there (private_mounts.py); a memory
  limit on all its processes together (its own cgroup, else its init's sum); at most 256
  processes and threads (RLIMIT_NPROC in its own user namespace, and its cgroup's pids limit);
  files of 64 MB, 256 open files. Under a root judge it runs as an unprivileged uid of its own
  in a user namespace of that uid's (a keyring of its own), which reaches exactly what its
  command needs and cannot signal, trace or read the other program, the judge, the database
  or the record; its own folder bound read-only (nothing it
  writes outlives its run). Its own folder is decided from its command as given, never from a
  link it planted; an interpreter's or a tool's installation is never its own (refused); it
  reads nothing of a private folder on its way (``/root``) but what its command needs. A build
  step alone writes a folder: a fresh one, out of which only folders and regular files are
  taken (tree_copy.py).
- ``isolate``: ``limits`` under bubblewrap: no network, no Unix socket of the host (``/run``,
  ``/var`` empty), everything read-only but its home, its /tmp and (under a judge not root) its
  own folder, the database, record and other players' folders hidden; under a judge not root,
  the user's home hidden but what it needs, read-only.

Where each part lives:

- ``settings.py``: the modes and their limits (:class:`Sandbox`) and the launch of one
  program under them; ``errors.py``: a sandbox that cannot be had here.
- ``confined_process.py``: one program's process from its start to its reaping: its
  sandbox, its cgroup, its uid, its guardian.
- ``cgroups/``: a cgroup per program (made, pooled, read, killed; v1 and v2).
- ``uid_box/``: the per-uid layer of a root judge: the box (uid, home, environment), the
  pool of box uids, the paths a command needs and its own folder, the clean environment.
- ``private_mounts.py``: what a program's mount namespace shows it (its /proc, its /tmp,
  /var/tmp, /dev/shm and /run/lock with its home; for a root judge's box uid, covers over the private folders
  on its way, what it needs shown again there, its own folder read-only and idmapped, the hidden
  paths covered), carried out by the judge's clone child (``judge/private_mounts.h``).
- ``bubblewrap.py``: the ``isolate`` command line.
- ``tree_removal.py``: the one remover of trees programs made (iterative, by descriptors,
  bounded); ``tree_copy.py``: what a build step made taken out, folders and regular files only.
- ``guardian_daemon.py`` and ``guardian_client.py``: the two ends of the guardian, a small
  process that cleans up after a dead judge (cgroups, process groups).

The process, clock, match and record layer (``arena.judge``'s top) uses this package; nothing
here knows a game.
"""
