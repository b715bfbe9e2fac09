"""The competition API from a contestant's terminal: JSON and multipart over urllib (stdlib only:
``arena submit`` adds no dependency). Every failure is a :class:`ClientError` saying what happened."""

from __future__ import annotations

import json
import secrets
import urllib.error
import urllib.request
from typing import Any

TIMEOUT_S = 60


class ClientError(Exception):
    """The server could not be reached, or refused; ``status`` is the HTTP status (None: no answer)."""

    def __init__(self, message: str, status: int | None = None) -> None:
        super().__init__(message)
        self.status = status


def multipart_body(fields: dict[str, str], files: dict[str, tuple[str, bytes]]) -> tuple[bytes, str]:
    """A multipart/form-data body and its Content-Type. The boundary is random and checked not to
    occur in any part (a file could hold any bytes); quotes and line breaks cannot be in a name."""
    parts = [value.encode() for value in fields.values()] + [content for _, content in files.values()]
    while True:
        boundary = "arena-" + secrets.token_hex(16)
        if not any(boundary.encode() in part for part in parts):
            break
    lines: list[bytes] = []
    for name, value in fields.items():
        lines += [f"--{boundary}".encode(), _disposition(name), b"", value.encode()]
    for name, (filename, content) in files.items():
        lines += [f"--{boundary}".encode(), _disposition(name, filename),
                  b"Content-Type: application/octet-stream", b"", content]
    lines += [f"--{boundary}--".encode(), b""]
    return b"\r\n".join(lines), f"multipart/form-data; boundary={boundary}"


def _disposition(name: str, filename: str | None = None) -> bytes:
    for text in (name, filename or ""):
        if any(c in text for c in '"\r\n\\'):
            raise ClientError(f"a form name or file name cannot hold quotes, backslashes or line breaks: {text!r}")
    header = f'Content-Disposition: form-data; name="{name}"'
    if filename is not None:
        header += f'; filename="{filename}"'
    return header.encode()


class ApiClient:
    def __init__(self, url: str, token: str | None = None, timeout_s: float = TIMEOUT_S) -> None:
        self.url = url.rstrip("/")
        self.token = token
        self.timeout_s = timeout_s

    def request(self, method: str, path: str, body: bytes | None = None,
                content_type: str | None = None) -> tuple[int, dict[str, str], bytes]:
        """(status, headers, body) of any answer, errors included; ClientError only when none came."""
        request = urllib.request.Request(self.url + path, data=body, method=method)
        if content_type:
            request.add_header("Content-Type", content_type)
        if self.token:
            request.add_header("Authorization", f"Bearer {self.token}")
        request.add_header("Accept", "application/json")
        try:
            with urllib.request.urlopen(request, timeout=self.timeout_s) as answer:
                return answer.status, dict(answer.headers), answer.read()
        except urllib.error.HTTPError as error:
            with error:
                return error.code, dict(error.headers), error.read()
        except (urllib.error.URLError, OSError) as error:
            reason = getattr(error, "reason", error)
            raise ClientError(f"cannot reach {self.url}: {reason}") from None

    def call(self, method: str, path: str, data: Any = None) -> Any:
        """A JSON call; its JSON answer, or ClientError with the server's message."""
        body = None if data is None else json.dumps(data).encode()
        return self._answer(*self.request(method, path, body, "application/json" if body is not None else None))

    def upload(self, path: str, fields: dict[str, str], files: dict[str, tuple[str, bytes]]) -> Any:
        body, content_type = multipart_body(fields, files)
        try:
            answer = self.request("POST", path, body, content_type)
        except ClientError as error:
            # a server refuses an upload over its limit from the headers and closes the connection
            # while the rest is still being sent: the cause is then most likely the size
            raise ClientError(f"{error} (while sending {len(body) // 1024} KB: the upload is probably larger than "
                              "the server takes)") from None
        return self._answer(*answer)

    def _answer(self, status: int, headers: dict[str, str], body: bytes) -> Any:
        try:
            data = json.loads(body) if body else None
        except (UnicodeDecodeError, json.JSONDecodeError):
            data = None
        if 200 <= status < 300:
            if data is None:
                raise ClientError(f"{self.url} answered {status} without JSON: is it an arena competition?", status)
            return data
        message = data.get("error") if isinstance(data, dict) else body[:200].decode(errors="replace")
        raise ClientError(f"the server refused ({status}): {message}", status)
