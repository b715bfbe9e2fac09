"""The one :class:`Site` every route and page reads, and :func:`site_of` that finds it.

Its own module, apart from app.py (which makes the app and includes every router): the routers
import this, and app.py imports them, so neither imports the other back.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import jinja2
from fastapi import Request

from ...web.replay import ReplayCache
from ..folder import CompetitionFolder
from ..store.database import CompetitionStore


@dataclass
class Site:
    folder: CompetitionFolder
    store: CompetitionStore
    conductor: Any
    templates: jinja2.Environment
    replays: ReplayCache = field(default_factory=ReplayCache)
    analyses: Any = None  # the background analyses (analysis_routes.jobs_of makes them when first asked)

    @property
    def secret(self) -> str:
        return self.store.competition().secret

    def render(self, template: str, /, **context) -> str:
        return self.templates.get_template(template).render(**context)


def site_of(request: Request) -> Site:
    return request.app.state.site
