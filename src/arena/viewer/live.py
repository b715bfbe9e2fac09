"""Live tournaments: server-sent events whenever a game is saved.

The tournament runs in another process and writes the SQLite database; the
server polls the database's change stamp (games saved, last slot) twice a
second per open page and sends an event when it moves. The page then fetches
the new standings or games from the API: no reload. Once every scheduled
game is saved, the stream says ``finished`` and ends (the page then closes
it rather than reconnect); the page of a finished tournament opens none.
"""

from __future__ import annotations

import asyncio
import json

from fastapi import APIRouter, Request
from fastapi.responses import StreamingResponse

from .viewer_state import viewer_of

router = APIRouter()

POLL_S = 0.5
KEEPALIVE_S = 15  # a comment line now and then keeps proxies and browsers from closing the stream


@router.get("/api/t/{index}/events")
async def events(request: Request, index: int):
    tournament = viewer_of(request).library.tournament(index)

    async def stream():
        last = None
        quiet = 0.0
        yield "retry: 1000\n\n"
        while not await request.is_disconnected():
            stamp = await asyncio.to_thread(tournament.stamp)
            if stamp != last:
                last = stamp
                quiet = 0.0
                yield f"event: games\ndata: {json.dumps({'played': stamp[0], 'last_slot': stamp[1]})}\n\n"
                if await asyncio.to_thread(tournament.is_over, stamp):
                    yield "event: finished\ndata: {}\n\n"
                    return
            elif quiet >= KEEPALIVE_S:
                quiet = 0.0
                yield ": still here\n\n"
            await asyncio.sleep(POLL_S)
            quiet += POLL_S

    return StreamingResponse(stream(), media_type="text/event-stream",
                             headers={"Cache-Control": "no-cache", "X-Accel-Buffering": "no"})
