"""The viewer's state, which every route reads: :class:`Viewer` and :func:`viewer_of`.

Apart from viewer_app.py, which builds the application and includes the routes, so that a route
module imports this module and never the app's.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import jinja2
from fastapi import Request

from ..games import game_names
from ..web_common.drawing import svg_module
from ..web_common.record_check import BadRecord
from ..web_common.replay_boards import Replay, ReplayCache
from .library import Library, NotFound
from .play_manager import PlayManager

if TYPE_CHECKING:
    from ..analysis.jobs import AnalysisJobs


@dataclass
class Viewer:
    """What every route reads: the library, the browser games and the templates."""

    library: Library
    plays: PlayManager
    templates: jinja2.Environment
    home: str  # where / leads
    replays: ReplayCache = field(default_factory=ReplayCache)
    analyses: AnalysisJobs | None = None  # background analyses (analysis_routes.jobs_of makes them when first asked)
    analysis_seconds: float | None = None  # the search time per ply (None: each game's default)

    def tournament_replay(self, index: int, slot: int) -> tuple[Any, Replay]:
        """A tournament game's summary and replay (a saved game never changes)."""
        summary, record = self.library.tournament(index).game(slot)
        return summary, self.replays.get(("game", self.library.tournament(index).path, slot), lambda: record,
                                         f"game {slot}")

    def record_replay(self, name: str) -> Replay:
        return self.replays.get(self.library.record_version(name), lambda: self.library.record(name), name)

    def render(self, name: str, **context) -> str:
        return self.templates.get_template(name).render(**context)

    def warm_up(self) -> None:
        """Read every database and compile every template now, so that no visitor waits for it."""
        for name in self.templates.list_templates():
            self.templates.get_template(name)
        for game in game_names():
            svg_module(game)  # the drawings' imports
        for tournament in self.library.tournaments:
            try:
                tournament.snapshot()
            except (NotFound, BadRecord):
                pass  # said on its pages


def viewer_of(request: Request) -> Viewer:
    return request.app.state.viewer
