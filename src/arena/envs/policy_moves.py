"""A policy's actions as the moves of the seat to move, for ``arena policy-bot``.

The policy sees what it saw in training: a policy may say it was trained with
``action_space="compact"`` or ``observation_shape="planes"`` by attributes of those names
(a numpy policy file's do; a function may be given them: ``act.action_space = "compact"``),
and gets the environments' observation and mask of that kind. A compact circuit is then
two calls, the first digit then the second, each with its own mask, as in the environments.
"""

from __future__ import annotations

import sys
from typing import Callable

import numpy as np

from .episode import ACTION_SPACES, OBSERVATION_SHAPES, check_option, compact_codec

ILLEGAL_ACTION_STATUS = 3  # a fault the judge records, not a crash


def policy_chooser(encoding, policy: Callable) -> Callable:
    """``choose(state) -> move`` for the seat to move, through the policy."""
    action_space = getattr(policy, "action_space", "full")
    shape = getattr(policy, "observation_shape", "flat")
    check_option("the policy's action_space", action_space, ACTION_SPACES)
    check_option("the policy's observation_shape", shape, OBSERVATION_SHAPES)
    codec = compact_codec(encoding, action_space)

    def ask(state, mask, pending_features=None) -> int:
        observation = encoding.observe(state, state.to_move)
        if pending_features is not None:
            observation = np.concatenate([observation, pending_features])
        if shape == "planes":
            observation = encoding.as_board(observation)
        action = policy(observation, mask)
        try:
            number = int(action)
        except (TypeError, ValueError):
            number = -1
        if not (0 <= number < len(mask) and mask[number]):
            _refuse(action)
        return number

    def choose(state):
        if codec is None:
            return encoding.action_to_move(state, ask(state, encoding.action_mask(state)))
        pending, full = None, None
        while full is None:  # the compact space's first digit plays nothing: ask again for the second
            action = ask(state, codec.action_mask(state, pending), codec.features(pending))
            pending, full, fault = codec.full_action(state, pending, action)
            if fault is not None:  # the mask allowed it, so this is arena's bug, not the policy's
                raise RuntimeError(fault)
        return encoding.action_to_move(state, full)
    return choose


def check_fits(encoding, policy) -> None:
    """A numpy policy file knows its game and its sizes: raise ValueError, saying what
    differs, before the first move rather than at it."""
    fits = getattr(policy, "fits", None)
    if fits is None:
        return
    if policy.game != encoding.game:
        raise ValueError(f"the policy was made for {policy.game}, not {encoding.game}")
    codec = compact_codec(encoding, policy.action_space)
    fits(observation_size(encoding, codec, policy.observation_shape), (codec or encoding).action_count)


def observation_size(encoding, codec, shape: str) -> int:
    """How many values the policy's observation holds: the flat vector, or the board's planes
    (each feature a plane of its own); a compact action space adds its features."""
    extra = 0 if codec is None else len(codec.feature_names)
    if shape == "flat":
        return encoding.observation_size + extra
    rows, columns, channels = encoding.board_shape
    return rows * columns * (channels + extra)


def _refuse(action) -> None:
    print(f"the policy chose action {action!r}, which the mask does not allow here; stopping",
          file=sys.stderr, flush=True)
    raise SystemExit(ILLEGAL_ACTION_STATUS)
