"""What the build tests share: a competition folder and a submission built in it."""

from __future__ import annotations

import os
import shutil
from dataclasses import dataclass, replace
from pathlib import Path

import pytest

from arena.competition.build.one_build import BuildJob, BuildOutcome, build_submission
from arena.competition.build.languages import write_default_table
from arena.judge.sandbox.bubblewrap import bwrap_path

BOTS = Path(__file__).parent / "bots"

needs_isolate = pytest.mark.skipif(bwrap_path() is None, reason="bubblewrap (bwrap) is not installed: "
                                   "builds run under --sandbox isolate")


def needs_tool(tool: str, package: str):
    """Skip, saying why, when a compiler is missing (make install-test installs it when root can)."""
    if shutil.which(tool, path="/usr/local/bin:/usr/bin:/bin") is None:
        pytest.skip(f"{tool} is not installed: install Debian's {package} (make install-test does, as root)")


@dataclass
class Competition:
    root: Path
    game: str = "flippo"
    count: int = 0

    @property
    def table(self) -> Path:
        return self.root / "languages.json"

    def upload(self, filename: str, content: str | bytes) -> str:
        """Save an upload as the server does, in DIR/uploads/ID/; its path."""
        self.count += 1
        folder = self.root / "uploads" / str(self.count)
        folder.mkdir(parents=True)
        path = folder / filename
        path.write_bytes(content.encode() if isinstance(content, str) else content)
        return str(path)

    def job(self, filename: str, content: str | bytes, language: str, **options) -> BuildJob:
        upload = self.upload(filename, content)
        job = BuildJob(submission_id=self.count, game=self.game, upload=upload,
                       build_folder=str(self.root / "builds" / str(self.count)), language=language,
                       table_path=str(self.table), hidden=(str(self.root),), admission_games=2)
        return replace(job, **options)

    def build(self, filename: str, content: str | bytes, language: str, **options) -> BuildOutcome:
        return build_submission(self.job(filename, content, language, **options))


def make_competition(path: Path, game: str = "flippo") -> Competition:
    path.mkdir(parents=True, exist_ok=True)
    os.chmod(path, 0o755)
    write_default_table(path / "languages.json")
    (path / "competition.db").write_text("the database: no program may read it")
    return Competition(path, game)
