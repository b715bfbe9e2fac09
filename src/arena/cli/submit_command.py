"""``arena submit URL GAME_FILE``: upload a program to a competition from a terminal, wait for its
build and admission, print the build log and the admission report; exit 0 only when admitted."""

from __future__ import annotations

import os
import sys
import time
from pathlib import Path

import click

from ..refereeing.terminal_text import visible, visible_log

UNFINISHED = ("building", "checking")


def _say(text: str = "", err: bool = False) -> None:
    click.echo(text, err=err)
    (sys.stderr if err else sys.stdout).flush()  # production runs buffered: show progress as it comes


def _server_text(text) -> str:
    """A word the server sent (a status, an id), with its control and format characters written
    out: it reaches a terminal."""
    return visible(str(text), keep_newlines=True)


def _server_log(text) -> str:
    """A build log or admission report the server sent (the compiler's output of a source, a
    program's stderr), as stored: its lines and tabs as they are, every other control and format
    character and the backslash written out (visible_log): a stack trace reads as written, an escape
    sequence cannot reach the terminal, and a literal ``\x1b`` cannot pass for a written-out one."""
    return visible_log(str(text))


def _fail(message: str) -> None:
    _say(f"arena submit: {visible(message)}", err=True)
    raise SystemExit(1)


def _credentials(user: str | None, password_file: str | None) -> tuple[str, str]:
    name = user or os.environ.get("ARENA_USER") or click.prompt("Account name")
    if password_file is not None:
        lines = Path(password_file).read_text(errors="replace").splitlines()
        password = lines[0].strip() if lines else ""
    else:
        password = os.environ.get("ARENA_PASSWORD") or click.prompt(f"Password of {name}", hide_input=True)
    return name, password


def _wait(api, submission_id: int, timeout_s: float, poll_s: float) -> dict:
    """The submission once its build and admission are done, printing each change of status."""
    from ..competition.client.http import ClientError

    deadline = time.monotonic() + timeout_s
    shown = None
    while True:
        try:
            submission = api.call("GET", f"/api/submissions/{submission_id}")
        except ClientError as error:
            if error.status is not None or time.monotonic() > deadline:
                raise
            submission = {"status": shown}  # the server is away for a moment: keep waiting
        status = submission.get("status")
        if status != shown and status is not None:
            _say(f"status: {_server_text(status)}")
            shown = status
        if status is not None and status not in UNFINISHED:
            return submission
        if time.monotonic() > deadline:
            _fail(f"submission {submission_id} is still {_server_text(status)} after {timeout_s:g} s; "
                  f"see {api.url}/submissions/{submission_id}")
        time.sleep(poll_s)


@click.command()
@click.argument("url")
@click.argument("game_file", type=click.Path(exists=True, dir_okay=False))
@click.option("--language", default=None, help="The program's language (default: from the file's extension).")
@click.option("--user", default=None, help="Your account name (else $ARENA_USER, else asked).")
@click.option("--password-file", type=click.Path(exists=True, dir_okay=False), default=None,
              help="Read the password from this file's first line (else $ARENA_PASSWORD, else asked).")
@click.option("--timeout", "timeout_s", type=click.FloatRange(min=1), default=900, show_default=True,
              help="Seconds to wait for the build and admission.")
@click.option("--poll", "poll_s", type=click.FloatRange(min=0.05), default=1.0, hidden=True)
def submit(url, game_file, language, user, password_file, timeout_s, poll_s) -> None:
    """Upload GAME_FILE to the competition at URL and wait for its build and admission.

    Prints the build log and the admission report; exits 0 only when the program is admitted.
    """
    if not url.startswith(("http://", "https://")):
        raise click.BadParameter(f"give the competition's address, http://... or https://..., got {url!r}",
                                 param_hint="URL")
    from ..competition.client.http import ApiClient, ClientError  # here: every other arena command starts without urllib

    name, password = _credentials(user, password_file)
    content = Path(game_file).read_bytes()
    api = ApiClient(url)
    try:
        api.token = api.call("POST", "/api/login", {"name": name, "password": password})["token"]
        fields = {"language": language} if language else {}
        submission_id = api.upload("/api/submissions", fields, {"file": (Path(game_file).name, content)})["id"]
        shown_id = _server_text(submission_id)
        _say(f"submission {shown_id} uploaded: {api.url}/submissions/{shown_id}")
        submission = _wait(api, submission_id, timeout_s, poll_s)
    except ClientError as error:
        _fail(str(error))
    except (KeyError, TypeError):
        _fail(f"{url} answered in a shape arena does not know: is it an arena competition?")
    _say("\n== build log ==")
    _say(_server_log(submission.get("build_log") or "(empty)"))
    _say("\n== admission report ==")
    _say(_server_log(submission.get("admission") or "(none)"))
    status = submission["status"]
    _say(f"\nsubmission {_server_text(submission_id)}: {_server_text(status)}")
    raise SystemExit(0 if status == "admitted" else 1)
