"""Where a competition keeps everything: one folder, nothing elsewhere.

    DIR/competition.db      accounts, submissions, rounds, games (SQLite, WAL)
    DIR/languages.json      the compile and run command of each language (the organiser's to change)
    DIR/uploads/ID/         what submission ID uploaded, as it came
    DIR/builds/ID/          its build: the unpacked source and what the compiler made (the program's folder)
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path


@dataclass(frozen=True)
class CompetitionFolder:
    root: Path

    @property
    def database(self) -> Path:
        return self.root / "competition.db"

    @property
    def languages(self) -> Path:
        return self.root / "languages.json"

    def upload(self, submission_id: int) -> Path:
        return self.root / "uploads" / str(submission_id)

    def build(self, submission_id: int) -> Path:
        return self.root / "builds" / str(submission_id)
