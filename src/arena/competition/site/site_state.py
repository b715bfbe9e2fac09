"""The site's state, which every route reads: :class:`Site` and :func:`site_of`; and
:class:`SiteConductor`, what the site asks of the conductor.

Apart from site_app.py, which builds the application and includes the routes, so that a route
module imports this module and never the app's.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Protocol

import jinja2
from fastapi import Request

from ...web_common.replay_boards import ReplayCache
from ..folder import CompetitionFolder
from ..store.database import CompetitionStore
from .kept_results import KeptResults
from .thread_stores import ThreadStores

if TYPE_CHECKING:
    from ...analysis.jobs import AnalysisJobs


class SiteConductor(Protocol):
    """Exactly the conductor's methods the site calls (conductor/conductor.py's Conductor has them,
    and so does the tests' FakeConductor). The slow ones are called in a worker thread."""

    def submission_added(self, submission_id: int) -> None:
        """A new upload waits for its build."""

    def start_round(self, kind: str = "test", started_by: int | None = None) -> int:
        """A round among the entrants; its id (CompetitionError when one cannot start now)."""

    def request_unrated(self, user_id: int, opponent_user_id: int) -> int:
        """A few unrated games of the user's entrant against the opponent's; the round's id."""

    def start_final(self, builtins: bool = False, games_per_pair: int | None = None,
                    swiss_rounds: int | None = None) -> int:
        """Freeze submissions and begin the final (built-in players only if ``builtins``; each pair
        of its robin ``games_per_pair`` games; ``swiss_rounds`` first); its round's id."""

    def void_game(self, game_id: int, reason: str, voided_by: int | None = None) -> int:
        """Void a played game and replay it in its round; the replay's id (CompetitionError for a
        game not played yet or voided already, LookupError for none)."""

    def add_builtin(self, bot_name: str) -> int:
        """The game's built-in player as an entrant; its submission's id."""

    def status(self) -> dict:
        """What the conductor is doing, for the organisers."""

    def next_scheduled_round(self) -> dict | None:
        """``{"at", "every_s"}``: when the next scheduled test round comes at the earliest; None when
        none is scheduled."""

    def build_queue(self) -> dict:
        """``{"building", "waiting", "at_once"}``: the builds under way, the uploads waiting, and how
        many are built at once (the home page shows them)."""


@dataclass
class Site:
    """What every route reads: the competition's folder and database, its conductor, the templates."""

    folder: CompetitionFolder
    shared_store: CompetitionStore  # the conductor's; the routes read through their thread's own (store)
    conductor: SiteConductor
    templates: jinja2.Environment
    replays: ReplayCache = field(default_factory=ReplayCache)
    analyses: AnalysisJobs | None = None  # the background analyses (analysis_routes.jobs_of makes them when first asked)
    stores: ThreadStores = field(init=False)
    kept: KeptResults = field(init=False)  # rankings computed once (finished), or once per change (playing)

    def __post_init__(self) -> None:
        self.stores = ThreadStores(self.shared_store)
        self.kept = KeptResults(self.stores.version)

    @property
    def store(self) -> CompetitionStore:
        """The database, through this thread's own connection (thread_stores.py: no page waits for the
        conductor's writes)."""
        return self.stores.store()

    @property
    def secret(self) -> str:
        return self.store.competition().secret

    def render(self, template: str, /, **context) -> str:
        return self.templates.get_template(template).render(**context)


def site_of(request: Request) -> Site:
    return request.app.state.site
