"""Template filters: times and numbers as the pages show them."""

from __future__ import annotations

import time


def when(epoch: float | None) -> str:
    return "—" if epoch is None else time.strftime("%Y-%m-%d %H:%M:%S UTC", time.gmtime(epoch))


FILTERS = {"when": when}
