"""The opponent of a single-agent environment: a built-in player in-process, a policy, or a
program through the judge; and the check of an opponent before any episode.

An opponent plays its moves straight into the episode's rules state. The built-in
``random`` and ``greedy`` players run in this process (the bots' own Python choices,
as ``arena bot`` runs them, seeing only what their seat may know); any other PLAYER
(``builtin:strong``, a shell command) plays through the judge (judged_opponent.py).
A Python callable ``policy(observation, action_mask) -> action`` (a numpy policy loaded
from a ``.npz`` is one) is an opponent too, which is how an agent plays against a frozen
copy of itself: it gets the observation and the mask in the encoding it declares
(``action_space``/``observation_shape`` attributes), or else the environment's own,
through policy_moves.py as ``arena policy-bot`` does. An OpponentPool (opponent_pool.py)
names one of these per episode.
"""

from __future__ import annotations

import random
from typing import Any, Callable

from ..games import get_game
from ..games.env_encoding import GameEncoding
from ..judge.record_types import Setup
from ..refereeing.players import PlayerSpecError, resolve_player
from .episode import Episode
from .opponent_pool import OpponentPool
from .policy_moves import IllegalPolicyAction, PolicyMoves, check_fits

BUILTIN_PREFIX = "builtin:"


class OpponentError(ValueError):
    """An opponent the environment cannot play against, and why (a policy made for another
    game or encoding, an unknown built-in player, a program that cannot start)."""


class InProcessOpponent:
    """``choose(state) -> move`` for the seat it plays; it never sees the agent's hidden state
    beyond what ``choose`` reads (the encodings' players read only their own seat)."""

    failed_before_moving = False  # a policy's action outside its mask is a fault in the game, never a failure

    def __init__(self, choose: Callable[[Any], Any], seat: int) -> None:
        self.choose = choose
        self.seat = seat
        self.episode: Episode | None = None

    def start(self, episode: Episode) -> None:
        self.episode = episode
        self.reply()

    def play_agent(self, action: Any) -> None:
        assert self.episode is not None, "start() comes first"
        self.episode.play_action(action)
        self.reply()

    def reply(self) -> None:
        """Play the opponent's moves until the agent is to move or the game is over; a policy's
        action outside its mask ends the game as the opponent's fault, as the agent's would."""
        episode = self.episode
        assert episode is not None, "start() comes first"
        while not episode.over and episode.state.to_move == self.seat:
            try:
                move = self.choose(episode.state)
            except IllegalPolicyAction as refused:
                episode.offender, episode.fault = self.seat, str(refused)
                return
            episode.play_move(move)

    def close(self) -> None:
        pass


def policy_moves(encoding: GameEncoding, policy: Callable[..., Any], action_space: str,
                 observation_shape: str) -> PolicyMoves:
    """The policy's chooser, in the encoding it declares or else the environment's; raises
    OpponentError naming both when the policy does not fit the game."""
    try:
        moves = PolicyMoves(encoding, policy, action_space, observation_shape)
        check_fits(encoding, policy)
    except ValueError as error:
        raise OpponentError(f"the opponent policy {policy!r} does not fit this environment "
                            f"({encoding.game}, action_space={action_space!r}, "
                            f"observation_shape={observation_shape!r}): {error}") from None
    return moves


def check_opponent(encoding: GameEncoding, opponent: Any, action_space: str = "full",
                   observation_shape: str = "flat") -> None:
    """Raise OpponentError (or TypeError) now for an opponent that could never play, rather
    than at the first reset: every entry of a pool, each policy against the game's sizes,
    each built-in name. A program is only checked when it starts (at reset)."""
    if isinstance(opponent, OpponentPool):
        for entry in opponent.opponents:
            check_opponent(encoding, entry, action_space, observation_shape)
    elif callable(opponent):
        policy_moves(encoding, opponent, action_space, observation_shape)
    elif isinstance(opponent, str):
        try:
            resolve_player(get_game(encoding.game), opponent)
        except PlayerSpecError as error:
            raise OpponentError(f"opponent {opponent!r}: {error}") from None
        if opponent.strip() == "human":
            raise OpponentError("opponent 'human': an environment's opponent plays without a person; "
                                "give builtin:NAME, a command, a policy or an OpponentPool")
    else:
        raise TypeError(f"opponent must be a PLAYER string, a policy callable or an OpponentPool, "
                        f"not {opponent!r}")


def make_opponent(encoding: GameEncoding, opponent: Any, seat: int, rng: random.Random, setup: Setup,
                  seed: int, time_scale: float = 1.0, action_space: str = "full",
                  observation_shape: str = "flat") -> Any:
    """The opponent for one episode in ``seat``; ``rng`` seeds its random choices. ``opponent``
    is checked (check_opponent) and is not a pool: the environment draws from a pool first."""
    if callable(opponent):
        return InProcessOpponent(policy_moves(encoding, opponent, action_space, observation_shape), seat)
    if not isinstance(opponent, str):
        raise TypeError(f"opponent must be a PLAYER string or a policy callable, not {opponent!r}")
    if opponent.startswith(BUILTIN_PREFIX):
        choose = encoding.in_process_player(opponent[len(BUILTIN_PREFIX):], seat, rng)
        if choose is not None:
            return InProcessOpponent(choose, seat)
    from .judged_opponent import JudgedOpponent  # starts the judge: only for programs

    return JudgedOpponent(encoding, opponent, seat, setup, seed, time_scale)
