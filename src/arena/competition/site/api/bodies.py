"""Reading request bodies with messages that name what is wrong (never FastAPI's 422 or a 500)."""

from __future__ import annotations

import json
from typing import Any

from fastapi import Request

from ..security.body_limits import BodyTooLarge
from ..refusal import Refusal, found_inside

MISSING = object()


async def json_object(request: Request) -> dict[str, Any]:
    """The body as a JSON object; an empty body counts as ``{}``."""
    raw = await request.body()
    if not raw.strip():
        return {}
    try:
        data = json.loads(raw)
    except (UnicodeDecodeError, json.JSONDecodeError) as error:
        raise Refusal(400, f"the body is not valid JSON: {error}") from None
    except RecursionError:
        raise Refusal(400, "the body is JSON nested too deeply") from None
    if not isinstance(data, dict):
        raise Refusal(400, f"the body must be a JSON object, got {type(data).__name__}")
    return data


def field(data: dict[str, Any], name: str, kind: type | tuple[type, ...], default: Any = MISSING) -> Any:
    """``data[name]`` of that type; missing → the default or 400; wrong type → 400."""
    if name not in data or data[name] is None and default is not MISSING:
        if default is MISSING:
            raise Refusal(400, f"'{name}' is missing")
        return default
    value = data[name]
    kinds = kind if isinstance(kind, tuple) else (kind,)
    if isinstance(value, bool) and bool not in kinds or not isinstance(value, kinds):
        names = " or ".join(k.__name__ for k in kinds)
        raise Refusal(400, f"'{name}' must be {names}, got {type(value).__name__}")
    return value


async def form_data(request: Request):
    """A page's posted form (urlencoded or multipart), its parser's complaints as 400."""
    try:
        return await request.form(max_files=1, max_fields=20)
    except Refusal:
        raise
    except Exception as error:  # a malformed multipart body: the parser says what
        too_large = found_inside(error, BodyTooLarge)
        if too_large is not None:
            raise too_large from None
        raise Refusal(400, f"the form could not be read: {error}") from None


def text_field(form, name: str, required: bool = True, limit: int = 1000) -> str:
    value = form.get(name)
    if value is None or value == "":
        if required:
            raise Refusal(400, f"'{name}' is missing")
        return ""
    if not isinstance(value, str):
        raise Refusal(400, f"'{name}' must be text, not a file")
    if len(value) > limit:
        raise Refusal(400, f"'{name}' is longer than {limit} characters")
    return value
