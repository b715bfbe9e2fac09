"""A policy's actions as the moves of the seat to move: for ``arena policy-bot``, and for a
policy opponent in the Gymnasium environment (opponents.py), so both speak alike.

The policy sees what it saw in training: a policy may say it was trained with
``action_space="compact"`` or ``observation_shape="planes"`` by attributes of those names
(a numpy policy file's do; a function may be given them: ``act.action_space = "compact"``),
and gets the environments' observation and mask of that kind. A policy that says nothing
gets the defaults its caller gives: ``arena policy-bot`` the environments' own defaults
(flat, full), an environment its own options. A compact circuit is then two calls, the
first digit then the second, each with its own mask, as in the environments.
"""

from __future__ import annotations

import sys
from typing import Any, Callable

import numpy as np

from ..games.env_encoding import GameEncoding
from .episode import ACTION_SPACES, OBSERVATION_SHAPES, check_option, compact_codec, shaped

ILLEGAL_ACTION_STATUS = 3  # a fault the judge records, not a crash


class IllegalPolicyAction(ValueError):
    """The policy chose an action its mask does not allow (the chooser's caller decides what
    that costs: ``arena policy-bot`` exits with ILLEGAL_ACTION_STATUS, an environment ends
    the episode as the policy's fault)."""


def declared_encoding(policy: Any, action_space: str = "full", observation_shape: str = "flat") -> tuple[str, str]:
    """(action_space, observation_shape) the policy says it was trained on, else the defaults given."""
    declared_space = getattr(policy, "action_space", action_space)
    declared_shape = getattr(policy, "observation_shape", observation_shape)
    check_option("the policy's action_space", declared_space, ACTION_SPACES)
    check_option("the policy's observation_shape", declared_shape, OBSERVATION_SHAPES)
    return declared_space, declared_shape


class PolicyMoves:
    """``choose(state) -> move`` for the seat to move, through ``policy(observation, mask)``
    (a class, not a closure, so that an environment pickles with its policy opponent).

    Raises IllegalPolicyAction when the policy's action is outside its mask."""

    def __init__(self, encoding: GameEncoding, policy: Callable[..., Any], action_space: str = "full",
                 observation_shape: str = "flat") -> None:
        self.encoding, self.policy = encoding, policy
        self.action_space, self.observation_shape = declared_encoding(policy, action_space, observation_shape)
        self.codec = compact_codec(encoding, self.action_space)

    def ask(self, state: Any, mask: np.ndarray, pending_features: np.ndarray | None = None) -> int:
        encoding = self.encoding
        observation = encoding.observe(state, state.to_move)
        if pending_features is not None:
            observation = np.concatenate([observation, pending_features])
        action = self.policy(shaped(encoding, observation, self.observation_shape), mask)
        try:
            number = int(action)
        except (TypeError, ValueError):
            number = -1
        if not (0 <= number < len(mask) and mask[number]):
            raise IllegalPolicyAction(f"the policy chose action {action!r}, which the mask does not allow here")
        return number

    def __call__(self, state: Any) -> Any:
        codec = self.codec
        if codec is None:
            return self.encoding.action_to_move(state, self.ask(state, self.encoding.action_mask(state)))
        pending: int | None = None
        full: int | None = None
        while full is None:  # the compact space's first digit plays nothing: ask again for the second
            action = self.ask(state, codec.action_mask(state, pending), codec.features(pending))
            pending, full, fault = codec.full_action(state, pending, action)
            if fault is not None:  # the mask allowed it, so this is arena's bug, not the policy's
                raise RuntimeError(fault)
        return self.encoding.action_to_move(state, full)


def policy_chooser(encoding: GameEncoding, policy: Callable[..., Any]) -> Callable[[Any], Any]:
    """``choose(state) -> move`` for ``arena policy-bot``: an action outside the mask is said on
    stderr and ends the program with status ILLEGAL_ACTION_STATUS (the judge records a fault)."""
    moves = PolicyMoves(encoding, policy)

    def choose(state: Any) -> Any:
        try:
            return moves(state)
        except IllegalPolicyAction as refused:
            print(f"{refused}; stopping", file=sys.stderr, flush=True)
            raise SystemExit(ILLEGAL_ACTION_STATUS) from None
    return choose


def check_fits(encoding: GameEncoding, policy: Any) -> None:
    """A numpy policy file knows its game and its sizes: raise ValueError, saying what
    differs, before the first move rather than at it."""
    fits = getattr(policy, "fits", None)
    if fits is None:
        return
    if policy.game != encoding.game:
        raise ValueError(f"the policy was made for {policy.game}, not {encoding.game}")
    codec = compact_codec(encoding, policy.action_space)
    input_shape = getattr(policy, "input_shape", None)  # a convolution's: the planes in their layout
    if input_shape is not None and policy.observation_shape != "flat":
        expected = board_dimensions(encoding, codec, policy.observation_shape)
        if tuple(input_shape) != expected:
            raise ValueError(f"the network takes {tuple(input_shape)} planes; {encoding.game} with observation_shape="
                             f"{policy.observation_shape!r} observes {expected}")
    fits(observation_size(encoding, codec, policy.observation_shape), (codec or encoding).action_count)


def board_dimensions(encoding: GameEncoding, codec: Any, shape: str) -> tuple[int, int, int]:
    """The board observation's shape: (rows, columns, channels) for "planes", channels first
    for "planes_chw"; a compact action space adds its features as channels."""
    rows, columns, channels = encoding.board_shape
    channels += 0 if codec is None else len(codec.feature_names)
    return (rows, columns, channels) if shape == "planes" else (channels, rows, columns)


def observation_size(encoding: GameEncoding, codec: Any, shape: str) -> int:
    """How many values the policy's observation holds: the flat vector, or the board's planes
    (each feature a plane of its own); a compact action space adds its features."""
    extra = 0 if codec is None else len(codec.feature_names)
    if shape == "flat":
        return encoding.observation_size + extra
    rows, columns, channels = encoding.board_shape
    return rows * columns * (channels + extra)
