"""A competition in a temporary folder, contestants whose programs are "built" by a fake build
(a Python bot written into the build folder), and a conductor that is always stopped."""

from __future__ import annotations

import sys
import time
from pathlib import Path

import pytest

from arena.competition.folder import CompetitionFolder
from arena.competition.store.database import CompetitionStore
from arena.toolkit.starter import template_source

from arena.competition.build.one_build import BuildOutcome

GAME = "domineering"
FAST = {"time_scale": 0.2, "tick_s": 0.2}

CRASHING_BOT = "import sys\nsys.stdin.readline()\nraise SystemExit('I always crash')\n"


def random_bot() -> str:
    return template_source(GAME, "python")


@pytest.fixture
def competition(tmp_path):
    folder = CompetitionFolder(tmp_path / "competition")
    folder.root.mkdir(mode=0o700)
    store = CompetitionStore(folder.database, must_exist=False)
    store.create(GAME, "test competition")
    yield folder, store
    store.close()


def write_bot(folder: CompetitionFolder, submission_id: int, source: str) -> str:
    """Put a Python bot in the submission's build folder; its PLAYER."""
    build = folder.build(submission_id)
    build.mkdir(parents=True, exist_ok=True)
    (build / "bot.py").write_text(source)
    return f"{sys.executable} {build / 'bot.py'}"


def contestant(store: CompetitionStore, folder: CompetitionFolder, name: str, source: str | None = None,
               command: str | None = None) -> int:
    """An account with an admitted submission: a Python bot in its build folder, or ``command``."""
    user = store.add_user(name, None, "contestant")
    submission = store.add_submission(user, "python", "bot.py", status="admitted", command=command)
    if command is None:
        store.update_submission(submission, command=write_bot(folder, submission, source or random_bot()))
    return submission


class FakeBuild:
    """build_submission's stand-in: the upload is a Python bot, admitted unless it says REJECT."""

    def __init__(self, store: CompetitionStore) -> None:
        self.store = store
        self.jobs: list = []
        self.status_when_checking: list[str] = []

    def __call__(self, job, on_checking=lambda: None):
        self.jobs.append(job)
        source = Path(job.upload).read_text()
        Path(job.build_folder).mkdir(parents=True, exist_ok=True)
        (Path(job.build_folder) / "bot.py").write_text(source)
        on_checking()
        self.status_when_checking.append(self.store.submission(job.submission_id).status)
        if "REJECT" in source:
            return BuildOutcome("rejected", "compiled", "it crashed", None)
        return BuildOutcome("admitted", "compiled", "clean", f"{sys.executable} {job.build_folder}/bot.py")


def upload(store: CompetitionStore, folder: CompetitionFolder, name: str, source: str) -> int:
    """A contestant's upload, waiting for its build."""
    user = store.user_named(name)
    user_id = user.id if user else store.add_user(name, None, "contestant")
    submission = store.add_submission(user_id, "python", "bot.py")
    folder.upload(submission).mkdir(parents=True)
    (folder.upload(submission) / "bot.py").write_text(source)
    return submission


def wait_for(condition, timeout_s: float = 120, what: str = "the condition"):
    deadline = time.monotonic() + timeout_s
    while time.monotonic() < deadline:
        value = condition()
        if value:
            return value
        time.sleep(0.1)
    raise AssertionError(f"timed out waiting for {what}")


@pytest.fixture
def conductors():
    """Make conductors with conductors(Conductor(...)); each is stopped after the test."""
    made = []

    def keep(conductor):
        made.append(conductor)
        return conductor

    yield keep
    for conductor in made:
        conductor.stop()
