"""Taking an upload: who may, its size and name, its language, then the file saved under
DIR/uploads/ID/ and the conductor told (it builds and admits it)."""

from __future__ import annotations

import re
import secrets
import shutil
import time

from fastapi import Request
from starlette.concurrency import run_in_threadpool
from starlette.datastructures import UploadFile

from ..rounds.stage import OVER, OVER_MESSAGE, competition_state
from ..store.database import User
from .site_state import site_of
from .language_choice import upload_language
from .security.auth import DISABLED
from .security.body_limits import UPLOAD_LIMIT
from .refusal import Refusal

SAFE_NAME = re.compile(r"[A-Za-z0-9_][A-Za-z0-9_.+-]{0,99}")


def safe_filename(name: str | None) -> str:
    """The upload's own name if it is a plain file name; 400 naming the rule otherwise (it becomes
    a path on the server: no folders, no '..', no hidden files, nothing a shell reads specially)."""
    if not name:
        raise Refusal(400, "the upload has no file name")
    if not SAFE_NAME.fullmatch(name) or ".." in name:
        raise Refusal(400, f"the file name {name[:120]!r} may hold only letters, digits, '_', '+', '-' and "
                      "single dots, begin with a letter, digit or '_', and be at most 100 characters")
    return name


def submissions_open(request: Request, user: User) -> None:
    competition = site_of(request).store.competition()
    if user.disabled:  # the login refuses it already; an upload checks again, as it is what matters
        raise Refusal(403, DISABLED)
    if competition_state(site_of(request).store) == OVER:  # for organisers too: nothing is built any more
        raise Refusal(409, OVER_MESSAGE)
    if user.is_organiser:
        return  # an organiser may still test the server's builds
    if competition.frozen:
        raise Refusal(403, "submissions are frozen: the organiser has closed them")
    if competition.deadline is not None and time.time() > competition.deadline:
        closed = time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime(competition.deadline))
        raise Refusal(403, f"submissions closed at the deadline, {closed}")


async def take_upload(request: Request, user: User, upload: object, requested: str | None) -> int:
    """Save an upload as a new submission of ``user``; its id."""
    if competition_state(site_of(request).store) == OVER:  # whatever was sent: nothing is built any more
        raise Refusal(409, OVER_MESSAGE)
    if not isinstance(upload, UploadFile):
        raise Refusal(400, "'file' is missing: send the program as the multipart field 'file'")
    submissions_open(request, user)
    filename = safe_filename(upload.filename)
    content = await upload.read(UPLOAD_LIMIT + 1)
    if len(content) > UPLOAD_LIMIT:
        raise Refusal(413, f"the file is larger than {UPLOAD_LIMIT // 1024} KB")
    if not content:
        raise Refusal(400, f"{filename} is empty")
    if requested is not None and not requested.strip():
        requested = None
    site = site_of(request)
    # saved first under a name no submission has, since an archive's language is read from inside it;
    # it becomes DIR/uploads/ID once the submission has its id
    incoming = site.folder.root / "uploads" / f".incoming-{secrets.token_hex(8)}"
    try:
        incoming.mkdir(parents=True)
        (incoming / filename).write_bytes(content)
    except OSError as error:
        shutil.rmtree(incoming, ignore_errors=True)
        raise Refusal(507, f"the server could not save the upload: {error.strerror}") from None
    try:
        language = await run_in_threadpool(upload_language, site.folder, incoming / filename, requested)
        submission_id = site.store.add_submission(user.id, language, filename)
    except BaseException:
        shutil.rmtree(incoming, ignore_errors=True)
        raise
    try:
        incoming.rename(site.folder.upload(submission_id))
    except OSError as error:
        site.store.update_submission(submission_id, status="build-failed",
                                     build_log=f"the server could not keep the upload: {error.strerror}")
        raise Refusal(507, f"the server could not keep the upload: {error.strerror}") from None
    site.conductor.submission_added(submission_id)
    return submission_id
