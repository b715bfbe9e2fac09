"""A real competition (folder, SQLite store, accounts) served by a real uvicorn on 127.0.0.1, its
conductor the test double of fake_conductor.py, or the real one (real builds, real games)."""

from __future__ import annotations

from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Iterator

from arena.competition.build import languages
from arena.competition.passwords import hash_password
from arena.competition.folder import CompetitionFolder
from arena.competition.store.database import CompetitionStore
from arena.competition.site.site_app import create_app
from arena.web_common.server import BackgroundServer

from .fake_conductor import FakeConductor

PASSWORD = "correct horse"


@dataclass
class Competition:
    folder: CompetitionFolder
    store: CompetitionStore
    conductor: Any  # FakeConductor, or the real Conductor
    server: BackgroundServer

    @property
    def url(self) -> str:
        return self.server.url


@contextmanager
def running_competition(root: Path, play_rounds: bool = True, real: bool = False,
                        game: str = "domineering") -> Iterator[Competition]:
    """A competition of ``game`` (domineering) in ``root`` with the accounts org (organiser), alice and
    bob, all with PASSWORD, served on 127.0.0.1 until the block ends. ``real``: the real conductor,
    started, its games at 0.3 of the game's clock."""
    folder = CompetitionFolder(root)
    folder.root.mkdir(mode=0o700)
    store = CompetitionStore(folder.database, must_exist=False)
    store.create(game, "Test Cup")
    languages.write_default_table(folder.languages)
    password_hash = hash_password(PASSWORD)  # argon2 is slow on purpose: hashed once for all three
    store.add_user("org", password_hash, "organiser")
    store.add_user("alice", password_hash, "contestant")
    store.add_user("bob", password_hash, "contestant")
    if real:
        from arena.competition.conductor.conductor import Conductor

        conductor = Conductor(folder, store, jobs=2, time_scale=0.3, tick_s=0.2)
    else:
        conductor = FakeConductor(folder, store, play_rounds)
    try:
        with BackgroundServer(create_app(folder, store, conductor)) as server:
            if real:
                conductor.start()
            yield Competition(folder, store, conductor, server)
    finally:
        if real:
            conductor.stop()
        store.close()
