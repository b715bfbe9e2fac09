"""The games being played in the browser: who may start one, and how many run at once.

Each game runs a program and holds a thread, so the server has a few places
(MAX_GAMES_AT_ONCE). A game frees its place the moment it ends: finished,
resigned, or left (the person's idle time, browser_seat.IDLE_AFTER_S, ends it
as that seat's time-out). No visitor may hold every place: a visitor (a
browser, known by its cookie) plays at most MAX_GAMES_PER_VISITOR games at
once, and one address at most MAX_GAMES_PER_ADDRESS, so a client that drops
its cookie gains nothing, and a few addresses cannot take every place.

A game's id is its address (/play/ID): anyone who knows it may watch, so it
is an unguessable token, and only the visitor who started the game may move,
click or resign in it.
"""

from __future__ import annotations

import secrets
import threading
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

from ..judge.sandbox.settings import Sandbox
from ..refereeing.terminal_text import visible
from ..refereeing.players import PlayerSpecError, resolve_player
from ..refereeing.referee import new_seed
from .browser_seat import IDLE_AFTER_S, duration_words
from .play import PlayError, PlaySession

MAX_GAMES_AT_ONCE = 16
MAX_GAMES_PER_VISITOR = 2
MAX_GAMES_PER_ADDRESS = 2  # so that it takes 8 addresses, not 2, to fill every place
FINISHED_KEPT = 32
"""Finished games still shown at their address (their result and record link); older ones are let go."""
GAME_ID_BYTES = 16
"""128 random bits: 22 URL-safe characters nobody can guess or count through to find others' games."""


class PlayBusy(PlayError):
    """No place for this game now (the server's, or this visitor's share); the message says which."""


class NotYourGame(PlayError):
    """A move, click or resignation from anyone but the visitor who started the game."""


@dataclass(frozen=True)
class Visitor:
    """Who asks for a game: the browser's cookie and the address it comes from."""

    cookie: str
    address: str


class PlayManager:
    """The games being played in the browser, by id.

    ``sandbox`` confines the opponents (default: ``limits``). An opponent is a built-in player
    (``builtin:NAME``) or one of ``opponents``, NAME -> COMMAND as ``arena serve --opponent``
    named them, each with its own folder as ``--folder NAME=DIR`` named it (``opponent_folders``), or
    else as the one rule decides it: nothing a request carries ever becomes a command (a viewer on
    127.0.0.1 is reachable by every local user, and a page by every site the visitor opens).
    ``idle_s`` is how long a person may leave their move before the game ends.
    """

    def __init__(self, records_dir: Path, sandbox: Sandbox | None = None, opponents: dict[str, str] | None = None,
                 idle_s: float = IDLE_AFTER_S, opponent_folders: dict[str, str] | None = None) -> None:
        self.records_dir = records_dir
        self.sandbox = sandbox
        self.opponents = dict(opponents or {})
        self.opponent_folders = dict(opponent_folders or {})
        self.idle_s = idle_s
        self.sessions: dict[str, PlaySession] = {}
        self._players: dict[str, Visitor] = {}  # session id: who started it
        self._lock = threading.Lock()

    def start(self, game: str, opponent: str, seat: int, seed: int | None, time_scale: float,
              visitor: Visitor) -> PlaySession:
        if seat not in (0, 1):
            raise PlayError(f"the seat is 0 or 1, not {seat!r}")
        if not 0 < time_scale <= 100:
            raise PlayError(f"the time scale must be above 0 and at most 100, not {time_scale!r}")
        try:
            specs = [resolve_player(game, self._opponent_player(opponent), self.opponent_folders.get(opponent)),
                     resolve_player(game, "human")]
        except (PlayerSpecError, ValueError) as error:
            raise PlayError(str(error)) from None
        if seat == 0:
            specs.reverse()
        with self._lock:
            self._make_room(visitor)
            session_id = new_game_id()
            session = PlaySession(session_id, game, specs, new_seed() if seed is None else seed, time_scale,
                                  self.records_dir, self.sandbox, self.idle_s)
            self.sessions[session_id] = session
            self._players[session_id] = visitor
        session.start()
        return session

    def _opponent_player(self, opponent: str) -> str:
        """The PLAYER an opponent's name stands for: a built-in player as it is, a name given to
        ``arena serve --opponent`` as its command; anything else is refused, never run."""
        name = opponent.strip() if isinstance(opponent, str) else ""
        if name.startswith("builtin:"):
            return name
        if name in self.opponents:
            return self.opponents[name]
        offered = ", ".join(sorted(self.opponents)) or "none"
        raise PlayError("the opponent is a built-in player (builtin:NAME) or one this viewer was started "
                        f"with (arena serve --opponent NAME=COMMAND; here: {offered}); "
                        f"{visible(name[:60])!r} is neither, and no command is taken from a request")

    def get(self, session_id: str) -> PlaySession | None:
        return self.sessions.get(session_id)

    def check_player(self, session_id: str, visitor: Visitor) -> None:
        """Refuse anyone but the visitor who started the game (by cookie: an address may change, or be shared)."""
        starter = self._players.get(session_id)
        # compare_digest: how long the comparison takes tells nothing about the starter's cookie
        if starter is None or not secrets.compare_digest(starter.cookie, visitor.cookie):
            raise NotYourGame("this game is someone else's: you may watch it, not play it")

    def running(self) -> list[PlaySession]:
        return [session for session in self.sessions.values() if not session.finished.is_set()]

    def _make_room(self, visitor: Visitor) -> None:
        """Refuse the game if there is no place for it; let the oldest finished games go (under the lock)."""
        running = self.running()
        by_cookie = Counter(self._players[s.id].cookie for s in running)
        by_address = Counter(self._players[s.id].address for s in running)
        if len(running) >= MAX_GAMES_AT_ONCE:
            raise PlayBusy(f"{len(running)} games are being played here already, the most at once: "
                           f"try again when one ends (a game nobody plays ends after {duration_words(self.idle_s)})")
        if by_cookie[visitor.cookie] >= MAX_GAMES_PER_VISITOR:
            raise PlayBusy(f"you are playing {by_cookie[visitor.cookie]} games here already, the most one "
                           f"visitor may: finish or resign one first")
        if by_address[visitor.address] >= MAX_GAMES_PER_ADDRESS:
            raise PlayBusy(f"{by_address[visitor.address]} games are being played from your address already, "
                           f"the most one address may: finish or resign one first")
        finished = [key for key, session in self.sessions.items() if session.finished.is_set()]
        for gone in finished[:-FINISHED_KEPT]:  # the oldest (the dict keeps the order they started in)
            del self.sessions[gone], self._players[gone]


def new_game_id() -> str:
    """A new game's id: random, URL-safe, and no kin to any other game's (no counter in it)."""
    return secrets.token_urlsafe(GAME_ID_BYTES)
