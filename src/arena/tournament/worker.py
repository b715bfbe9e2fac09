"""How a local pool's worker process behaves when the tournament stops.

A worker runs one game at a time, with two programs as its children in their
own process groups. Whatever stops the tournament, those programs must not be
left behind (a suspended one would sit there forever), so every way of ending
a worker goes through ``SystemExit``, which unwinds the game and kills them.
"""

from __future__ import annotations

import ctypes
import signal
import sys

PR_SET_PDEATHSIG = 1  # from <linux/prctl.h>


def _exit_on_term(signum: int, frame: object) -> None:
    raise SystemExit(128 + signum)


def init_worker() -> None:
    # Ctrl-C is the parent's to handle: it stops the pool and tells the user how to resume.
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, _exit_on_term)
    if sys.platform.startswith("linux"):
        # If the parent dies (kill -9), the kernel sends us SIGTERM rather than orphaning us.
        try:
            ctypes.CDLL(None, use_errno=True).prctl(PR_SET_PDEATHSIG, signal.SIGTERM)
        except (OSError, AttributeError):
            pass  # best effort: without it an orphaned worker just waits for its next game
