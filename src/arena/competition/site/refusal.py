"""A request refused, with the status and a message naming what is wrong (a page or ``{"error"}``)."""

from __future__ import annotations


class Refusal(Exception):
    def __init__(self, status: int, message: str, headers: dict[str, str] | None = None) -> None:
        super().__init__(message)
        self.status = status
        self.message = message
        self.headers = headers


def found_inside(error: BaseException, kind: type | tuple[type, ...]) -> BaseException | None:
    """``error``, or one it groups, of that kind (Starlette reads bodies inside task groups, which
    wrap what was raised in an ExceptionGroup)."""
    if isinstance(error, kind):
        return error
    for inner in getattr(error, "exceptions", ()):
        found = found_inside(inner, kind)
        if found is not None:
            return found
    return None
