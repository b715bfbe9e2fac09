"""``GET /api/organiser/sources.zip``: the contestants' sources to grade, for the organisers.

By default each contestant's last admitted upload as ``NAME.EXT`` (``bot.cpp`` of alice: ``alice.cpp``;
an archive keeps its own extension, ``alice.tar.gz``); ``?all=1``: every submission of every contestant
as ``NAME/ID.EXT``. Both hold ``index.csv``: one line a file (name, submission, language, status, when it
was sent, its file in the zip, and the similarity check's flags: identical copies, the starter
unchanged, pairs at least half alike). The bytes are the uploads' own, as they came."""

from __future__ import annotations

import csv
import io
import time
import zipfile

from fastapi import APIRouter, Request
from fastapi.responses import Response
from starlette.concurrency import run_in_threadpool

from ...build.upload_checks import is_archive
from ...store.database import Submission
from ..refusal import Refusal
from ..security.auth import api_user, organiser
from ..site_state import site_of
from .exports import _cell
from .similar_sources import PairView, pair_views

router = APIRouter(prefix="/api")

INDEX_COLUMNS = ("name", "submission", "language", "status", "sent_at", "file", "similarity")
FLAGGED = 0.5  # a pair at least this alike is named in the index


def _extension(filename: str) -> str:
    if is_archive(filename):
        for ending in (".tar.gz", ".tgz", ".tar", ".zip"):
            if filename.lower().endswith(ending):
                return ending
    dot = filename.rfind(".")
    return filename[dot:] if dot > 0 else ""


def _safe(name: str) -> str:
    """An account name as a zip member's name: names are letters, digits, '_', '-' and '.', so only a
    leading dot ('..', a hidden file) is changed."""
    return "_" + name if name.startswith(".") else name


def _flags(pairs: list[PairView]) -> dict[int, list[str]]:
    flags: dict[int, list[str]] = {}
    for pair in pairs:
        for side, (me, them) in enumerate(((pair["a"], pair["b"]), (pair["b"], pair["a"]))):
            other = pair["names"][1 - side]
            if pair["starter"][side] and "the starter unchanged" not in flags.get(me, []):
                flags.setdefault(me, []).insert(0, "the starter unchanged")
            if pair["identical"]:
                flags.setdefault(me, []).append(f"identical to {other} (submission {them})")
            elif pair["score"] >= FLAGGED:
                flags.setdefault(me, []).append(f"{round(pair['score'] * 100)}% like {other} (submission {them})")
    return flags


def _chosen(request: Request, every: bool) -> list[Submission]:
    store = site_of(request).store
    contestants = {u.id for u in store.users() if u.role == "contestant"}
    submissions = [s for s in store.submissions() if s.user_id in contestants]  # newest first
    if every:
        return sorted(submissions, key=lambda s: (s.user_name, s.id))
    latest: dict[int, Submission] = {}
    for submission in submissions:
        if submission.status == "admitted" and submission.user_id not in latest:
            latest[submission.user_id] = submission
    return sorted(latest.values(), key=lambda s: s.user_name)


def sources_zip(request: Request, every: bool) -> bytes:
    folder = site_of(request).folder
    chosen = _chosen(request, every)
    # the flags of the files zipped: each one's last admitted source against the others' (with ?all=1,
    # each contestant's latest, as the similarity check compares them)
    flags = _flags(pair_views(request, None if every else chosen))
    index = io.StringIO()
    writer = csv.writer(index, lineterminator="\r\n")
    writer.writerow(INDEX_COLUMNS)
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        for submission in chosen:
            path = folder.upload(submission.id) / submission.filename
            ext = _extension(submission.filename)
            member = (f"{_safe(submission.user_name)}/{submission.id}{ext}" if every
                      else f"{_safe(submission.user_name)}{ext}")
            if path.is_file():
                archive.writestr(member, path.read_bytes())
            else:
                member = ""  # its upload is gone (a folder restored without it): listed, not in the zip
            sent = time.strftime("%Y-%m-%d %H:%M:%S UTC", time.gmtime(submission.created))
            writer.writerow([_cell(v) for v in (submission.user_name, submission.id, submission.language,
                                                submission.status, sent, member,
                                                "; ".join(flags.get(submission.id, [])))])
        archive.writestr("index.csv", index.getvalue())
    return buffer.getvalue()


@router.get("/organiser/sources.zip")
async def sources(request: Request, all: str | None = None):
    """The sources as a zip (organisers; 403 for anyone else): ``?all=1`` for every submission."""
    organiser(api_user(request, changes=False))
    if all not in (None, "", "0", "1"):
        raise Refusal(400, f"all is 1 (every submission) or 0 (each contestant's last admitted one), got {all[:20]!r}")
    every = all == "1"
    body = await run_in_threadpool(sources_zip, request, every)
    name = "sources-all.zip" if every else "sources.zip"
    return Response(body, media_type="application/zip",
                    headers={"Content-Disposition": f'attachment; filename="{name}"'})
