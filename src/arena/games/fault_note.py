"""A phrase the games' result explanations (``summary.py``) share: a faulting seat's 0."""

from __future__ import annotations

from ..judge.record_types import Record


def fault_note(record: Record, seat: int) -> str:
    """``"; 0 for its fault (timeout)"`` when the seat faulted, else nothing."""
    verdict = record["result"]["verdicts"][seat]
    return "" if verdict == "ok" else f"; {record['result']['scores'][seat]:g} for its fault ({verdict})"
