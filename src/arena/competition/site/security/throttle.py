"""Slowed login: after a few failures for one account name from one address, or from one address
whatever the names, each further attempt from there must wait twice as long as the one before
(1 s, 2 s, 4 s ... at most 15 minutes), answered 429 with Retry-After.

Failures are never counted per name alone: anyone could then keep any account locked out by
failing its name on purpose, while its owner, from an address that has not failed, always gets
in with the right password. A success clears the count of that name from that address only,
never the address's own (an attacker who logs into an account of their own must not reset
what their failures against other names earned)."""

from __future__ import annotations

import math
import time

from ...store.account_rows import AccountRows
from ..refusal import Refusal

FREE_FAILURES = 3
MAX_DELAY_S = 15 * 60


def login_keys(name: str, address: str | None) -> list[str]:
    """The counts an attempt is checked against and adds to: this name from this address, and this
    address; the first is the one a success clears (see :func:`succeeded`)."""
    address = address or "unknown"
    return [f"name:{name}@address:{address}", f"address:{address}"]


def delay_after(failures: int) -> float:
    if failures < FREE_FAILURES:
        return 0.0
    return float(min(2 ** (failures - FREE_FAILURES), MAX_DELAY_S))


def check_allowed(store: AccountRows, keys: list[str], now: float | None = None) -> None:
    now = time.time() if now is None else now
    wait = 0.0
    for key in keys:
        failures, last = store.login_failures(key)
        wait = max(wait, last + delay_after(failures) - now)
    if wait > 0:
        seconds = math.ceil(wait)
        raise Refusal(429, f"too many failed logins: try again in {seconds} s", {"Retry-After": str(seconds)})


def failed(store: AccountRows, keys: list[str]) -> None:
    for key in keys:
        store.login_failed(key)


def succeeded(store: AccountRows, keys: list[str]) -> None:
    store.login_succeeded(keys[0])  # the name from this address; the address's count stays
