"""What the viewer (arena.viewer) and the competition's site (arena.competition.site) share.

Python: the security headers every answer carries (security_headers.py), a record's checks
(record_check.py), the replay view (replay_boards.py) and its board drawings (drawing.py), the analysis
under a replay (replay_analysis.py), and uvicorn in a thread for tests and benches (server.py).

Templates (:data:`TEMPLATES`, found through :func:`template_loader`): ``skeleton.html``, the
page both apps' ``base.html`` extend (the head, the shared style and script, the blocks), and
the shared pages: ``replay.html`` and the ``_analysis.html`` it includes. Each app supplies its
own ``base.html`` (its header and links) in its own templates folder, searched first; the
shared pages extend it.

Static files (:data:`STATIC`): the shared style and scripts (style.css, common.js, replay.js,
analysis.js), which each app mounts at ``/static``; each app's own files are mounted under it
(``/static/viewer``, ``/static/site``).

Nothing here imports the viewer or the competition.
"""

from __future__ import annotations

from pathlib import Path

import jinja2

HERE = Path(__file__).parent
TEMPLATES = HERE / "templates"
STATIC = HERE / "static"


def template_loader(own_templates: Path) -> jinja2.BaseLoader:
    """An app's templates (``own_templates``, with its base.html) first, then the shared ones."""
    return jinja2.ChoiceLoader([jinja2.FileSystemLoader(own_templates), jinja2.FileSystemLoader(TEMPLATES)])
