"""The opponent of a single-agent environment: a built-in player in-process, or a policy.

An opponent plays its moves straight into the episode's rules state. The built-in
``random`` and ``greedy`` players run in this process (the bots' own Python choices,
as ``arena bot`` runs them, seeing only what their seat may know); any other PLAYER
(``builtin:strong``, a shell command) plays through the judge (judged_opponent.py).
A Python callable ``policy(observation, action_mask) -> action`` is an opponent too,
which is how an agent plays against a frozen copy of itself.
"""

from __future__ import annotations

import random
from typing import Callable

from ..games.env_encoding import GameEncoding
from .episode import Episode

BUILTIN_PREFIX = "builtin:"


class InProcessOpponent:
    """``choose(state) -> move`` for the seat it plays; it never sees the agent's hidden state
    beyond what ``choose`` reads (the encodings' players read only their own seat)."""

    def __init__(self, choose: Callable, seat: int) -> None:
        self.choose = choose
        self.seat = seat

    def start(self, episode: Episode) -> None:
        self.episode = episode
        self.reply()

    def play_agent(self, action: int) -> None:
        self.episode.play_action(action)
        self.reply()

    def reply(self) -> None:
        """Play the opponent's moves until the agent is to move or the game is over."""
        episode = self.episode
        while not episode.over and episode.state.to_move == self.seat:
            episode.play_move(self.choose(episode.state))

    def close(self) -> None:
        pass


class PolicyChoice:
    """``choose(state) -> move`` through ``policy(observation, action_mask)`` for ``seat``
    (a class, not a closure, so that an environment pickles with its opponent)."""

    def __init__(self, encoding: GameEncoding, policy: Callable, seat: int) -> None:
        self.encoding, self.policy, self.seat = encoding, policy, seat

    def __call__(self, state):
        encoding = self.encoding
        action = self.policy(encoding.observe(state, self.seat), encoding.action_mask(state))
        return encoding.action_to_move(state, int(action))


def make_opponent(encoding: GameEncoding, opponent, seat: int, rng: random.Random, setup: dict,
                  seed: int, time_scale: float = 1.0):
    """The opponent for one episode in ``seat``; ``rng`` seeds its random choices."""
    if callable(opponent):
        return InProcessOpponent(PolicyChoice(encoding, opponent, seat), seat)
    if not isinstance(opponent, str):
        raise TypeError(f"opponent must be a PLAYER string or a policy callable, not {opponent!r}")
    if opponent.startswith(BUILTIN_PREFIX):
        choose = encoding.in_process_player(opponent[len(BUILTIN_PREFIX):], seat, rng)
        if choose is not None:
            return InProcessOpponent(choose, seat)
    from .judged_opponent import JudgedOpponent  # starts the judge: only for programs

    return JudgedOpponent(encoding, opponent, seat, setup, seed, time_scale)
