"""``GET /api/organiser/similarity``: the pairs of contestants' latest sources that look alike
(competition/similarity.py compares them), for the organisers; the console lists them and shows
each pair's two sources side by side."""

from __future__ import annotations

from typing import TypedDict

from fastapi import APIRouter, Request

from ...similarity import similar_pairs
from ...store.database import Submission
from ..security.auth import api_user, organiser
from ..site_state import site_of

router = APIRouter(prefix="/api")


class PairView(TypedDict):
    """A pair of sources that look alike (similarity.py's SimilarPair), as the API gives it."""

    a: int  # submission ids
    b: int
    names: list[str]
    language: str
    score: float
    identical: bool
    starter: list[bool]  # each side: the starter unchanged


def pair_views(request: Request, chosen: list[Submission] | None = None) -> list[PairView]:
    """The pairs as the API gives them: of each contestant's latest submission, or of ``chosen``."""
    site = site_of(request)
    return [{"a": p.a, "b": p.b, "names": list(p.names), "language": p.language, "score": p.score,
             "identical": p.identical, "starter": list(p.starter)}
            for p in similar_pairs(site.store, site.folder, chosen)]


@router.get("/organiser/similarity")
def similarity(request: Request):
    """``{"pairs": [{"a", "b", "names", "language", "score", "identical", "starter"}]}``, most alike
    first: ``identical`` for copies (score 1.0), ``starter`` [a's, b's]: the starter unchanged."""
    organiser(api_user(request, changes=False))
    return {"pairs": pair_views(request)}
