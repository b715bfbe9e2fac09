"""A request refused, with the status and a message naming what is wrong (a page or ``{"error"}``)."""

from __future__ import annotations


class Refusal(Exception):
    def __init__(self, status: int, message: str, headers: dict[str, str] | None = None) -> None:
        super().__init__(message)
        self.status = status
        self.message = message
        self.headers = headers
