"""An opponent that is a program (``builtin:strong``, a shell command): a real judged game.

The judge plays the game in a thread of its own, exactly as ``arena play`` does: the
opponent under the sandbox, with its clock; the agent in an in-process seat
(agent_seat.py) without a clock. Whenever the agent is to move, the dialogue's
position becomes the episode's state (in Lucky Words that view holds stand-ins for the
opponent's hidden cells); when the game ends, the judge's record is replayed through
the rules, so the episode ends on the true position and the record's scores.
"""

from __future__ import annotations

import queue
import random
import threading

from ..games.replay import replay
from ..judge.record_types import Record, Setup
from ..refereeing.players import resolve_player
from ..refereeing.referee import play_game
from .agent_seat import AgentSeat

ABORT = object()  # the agent's action was refused here: stop the dialogue

DRAIN_WAIT_S = 60.0
"""How long an aborted game may take to end (the opponent finishing a move on its clock, then the
jury's or the judge's end): past it the game's daemon thread is left to end with the process."""


class _Aborted(Exception):
    pass


class JudgedOpponent:
    """Pickled, it keeps the game's setup, seed and the agent's actions so far; the copy starts
    its own judged game at its first use and replays those actions (the same game again for a
    program as repeatable as the built-in ones, which get the seed)."""

    def __init__(self, encoding, opponent: str, seat: int, setup: Setup, seed: int, time_scale: float) -> None:
        self.encoding, self.seat, self.setup, self.seed = encoding, seat, setup, seed
        self.time_scale = time_scale
        self.opponent = resolve_player(encoding.game, opponent)  # raises naming a bad PLAYER
        self.record: Record | None = None
        self.failed_before_moving = False  # the program's fault came before any move of its own
        self.played: list[int] = []  # the agent's actions, replayed by a pickled copy
        self._restart_pending = False
        self._threads()

    def _threads(self) -> None:
        self.events: queue.Queue = queue.Queue()  # ("decide", state) or ("end", record or error)
        self.actions: queue.Queue = queue.Queue()
        self._judge: threading.Thread | None = None
        self._ended = False  # its "end" taken: nothing more will come (the thread may still be returning)

    def __getstate__(self) -> dict:
        state = {key: value for key, value in self.__dict__.items()
                 if key not in ("events", "actions", "_judge", "_ended")}
        state["_restart_pending"] = self._judge is not None and not self._ended
        return state

    def __setstate__(self, state: dict) -> None:
        self.__dict__.update(state)
        self._threads()

    def _restart(self) -> None:
        """In a pickled copy: the judged game from the start, the agent's actions replayed."""
        self._restart_pending = False
        episode, played = self.episode, self.played
        episode.state, episode.moves, self.played = self.encoding.new_state(self.setup), [], []
        self.start(episode)
        for action in played:
            self.play_agent(action, full=True)

    def start(self, episode) -> None:
        self.episode = episode
        self._ended = False
        self._judge = threading.Thread(target=self._judge_game, daemon=True)
        self._judge.start()
        self._wait()

    def _judge_game(self) -> None:
        agent = resolve_player(self.encoding.game, "human")
        players = [self.opponent, agent] if self.seat == 0 else [agent, self.opponent]
        record: Record | Exception
        try:
            record = play_game(self.encoding.game, players, seed=self.seed, setup=self.setup,
                               time_scale=self.time_scale, human_seat=self._agent_seat)
        except Exception as error:  # noqa: BLE001 - handed to the environment's thread to raise there
            record = error
        self.events.put(("end", record))

    def _agent_seat(self, seat_name, match, view=None) -> AgentSeat:
        # the dialogue's own randomness (Turn Right writes a circuit from a random corner)
        return AgentSeat(self.encoding, self._decide, random.Random(self.seed))

    def _decide(self, state):
        """On the dialogue's thread: hand the position over, wait for the agent's action."""
        self.events.put(("decide", state.copy()))
        action = self.actions.get()
        if action is ABORT:
            raise _Aborted()
        return self.encoding.action_to_move(state, action)

    def _wait(self) -> None:
        kind, payload = self.events.get()
        if kind == "end":
            self._ended = True
        if kind == "decide":
            if self.episode.keep_before and payload is not self.episode.state:  # the opponent's reply is the last move
                self.episode.before_last = self.episode.state
            self.episode.state = payload
            return
        if isinstance(payload, Exception):
            raise payload
        self._finish(payload)

    def play_agent(self, action, full: bool = False) -> None:
        """``full``: an action of the full space (a replay), whatever the agent's space."""
        if self._restart_pending:
            self._restart()
        episode = self.episode  # judged here first: a refused action is the agent's fault
        played = episode.play_full_action(action) if full else episode.play_action(action)
        if episode.offender is not None:
            self.actions.put(ABORT)
            self._drain()
            return
        if played is None:
            return  # a compact space's first step: no move yet
        self.played.append(played)
        self.actions.put(played)
        self._wait()

    def _finish(self, record: Record) -> None:
        self.record = record
        episode = self.episode
        faulted = [seat for seat, verdict in enumerate(record["result"]["verdicts"]) if verdict != "ok"]
        if faulted:
            episode.offender, episode.fault = faulted[0], record["result"].get("reason", "a fault")
            # a program that could not start, or stopped before its first move, is no opponent
            self.failed_before_moving = faulted[0] == self.seat and not any(
                move.get("seat") == self.seat and not move.get("automatic") for move in record["moves"])
            return
        episode.state = replay(record)
        episode.moves = [move["text"] for move in record["moves"] if not move.get("automatic")]

    def _drain(self) -> None:
        """After the agent's fault, let the judged game end (its record says why)."""
        while not self._ended:
            try:
                kind, payload = self.events.get(timeout=DRAIN_WAIT_S)
            except queue.Empty:
                return  # a game that does not end: its daemon thread goes with the process
            if kind == "end":
                self._ended = True
                self.record = None if isinstance(payload, Exception) else payload
                return
            self.actions.put(ABORT)

    def close(self) -> None:
        # by its "end", not by the thread being alive: a game that just ended is still returning, and
        # waiting for an "end" already taken would wait for ever
        if self._judge is not None and not self._ended:
            self.actions.put(ABORT)
            self._drain()
