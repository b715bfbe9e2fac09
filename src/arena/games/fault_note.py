"""A phrase the games' result explanations (``summary.py``) share: a faulting seat's 0."""

from __future__ import annotations


def fault_note(record: dict, seat: int) -> str:
    """``"; 0 for its fault (timeout)"`` when the seat faulted, else nothing."""
    verdict = record["result"]["verdicts"][seat]
    return "" if verdict == "ok" else f"; {record['result']['scores'][seat]:g} for its fault ({verdict})"
