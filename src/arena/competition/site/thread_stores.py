"""Each of the web's threads reads the database through a connection of its own, and what the pages
keep is dated by one watch over the database's commits.

The store the server opens is shared by the conductor, whose threads save games, builds and rounds
while the site serves: one connection behind one lock, so every page's queries (ten or so) waited for
that lock behind each write and its fsync (PRAGMA synchronous=FULL), and behind each other. In a
deadline's rush that wait was most of a page's time (issue 57's profile: 18 ms a query on average,
at most 30 requests a second). SQLite in WAL mode lets readers read while a writer writes, each on
its own connection: so each thread the pages run in opens its own (CompetitionStore: the same
pragmas, the schema already there), and no page waits for the conductor. A thread's connection is
closed with the thread (its thread-local store is dropped then).

A connection's own CompetitionStore.version() counts its own writes and others' commits, so it differs
from thread to thread: what the pages keep (kept_results.py) is dated instead by :meth:`version`,
``PRAGMA data_version`` of a connection that never writes, which changes with every commit of any
other connection (the conductor's, the web threads', an ``arena competition`` command's).
"""

from __future__ import annotations

import sqlite3
import threading

from ..store.database import CompetitionStore


class ThreadStores:
    def __init__(self, shared: CompetitionStore) -> None:
        self.shared = shared
        self._local = threading.local()
        self._watch = sqlite3.connect(shared.path, check_same_thread=False, isolation_level=None)
        self._watch_lock = threading.Lock()

    def store(self) -> CompetitionStore:
        """This thread's store, opened at its first use."""
        store = getattr(self._local, "store", None)
        if store is None:
            store = self._local.store = CompetitionStore(self.shared.path)
        return store

    def version(self) -> int:
        """What changes with every commit to the database, whoever makes it."""
        with self._watch_lock:
            return self._watch.execute("PRAGMA data_version").fetchone()[0]
