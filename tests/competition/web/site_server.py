"""A real competition (folder, SQLite store, accounts) served by a real uvicorn on 127.0.0.1, its
conductor the test double of fake_conductor.py."""

from __future__ import annotations

from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Iterator

from arena.competition import languages
from arena.competition.accounts import hash_password
from arena.competition.folder import CompetitionFolder
from arena.competition.store import CompetitionStore
from arena.competition.web.app import create_app
from arena.web.server import BackgroundServer

from .fake_conductor import FakeConductor

PASSWORD = "correct horse"


@dataclass
class Competition:
    folder: CompetitionFolder
    store: CompetitionStore
    conductor: FakeConductor
    server: BackgroundServer

    @property
    def url(self) -> str:
        return self.server.url


@contextmanager
def running_competition(root: Path, play_rounds: bool = True) -> Iterator[Competition]:
    """A domineering competition in ``root`` with the accounts org (organiser), alice and bob, all with
    PASSWORD, served on 127.0.0.1 until the block ends."""
    folder = CompetitionFolder(root)
    folder.root.mkdir()
    store = CompetitionStore(folder.database, must_exist=False)
    store.create("domineering", "Test Cup")
    languages.write_default_table(folder.languages)
    password_hash = hash_password(PASSWORD)  # argon2 is slow on purpose: hashed once for all three
    store.add_user("org", password_hash, "organiser")
    store.add_user("alice", password_hash, "contestant")
    store.add_user("bob", password_hash, "contestant")
    conductor = FakeConductor(folder, store, play_rounds)
    try:
        with BackgroundServer(create_app(folder, store, conductor)) as server:
            yield Competition(folder, store, conductor, server)
    finally:
        store.close()
