"""arena's games as environments for learning agents (docs/envs.md).

- ``aec_env(GAME, **options)``: a PettingZoo AEC environment, both seats as agents;
- ``gym_env(GAME, opponent=PLAYER, **options)``: a Gymnasium environment, one agent
  against any player arena knows.

Needs the ``envs`` extra (``pip install 'arena[envs]'``: numpy, gymnasium, pettingzoo).
Nothing else in arena imports this package, so the judge and ``arena bot`` start without it.
"""

from __future__ import annotations

from typing import Any

from ..games import game_names
from .opponent_pool import OpponentPool
from . import registration
from .registration import TRAINABLE_VARIANTS, register_when_gymnasium_loads

__all__ = ["aec_env", "gym_env", "GAMES", "ENV_IDS", "TRAINABLE_VARIANTS", "OpponentPool"]

GAMES = tuple(game_names())
register_when_gymnasium_loads()  # gymnasium.make("arena/Flippo-v0"), ... (registration.py)


def __getattr__(name: str) -> Any:
    """ENV_IDS (registration.py), read from every game's declaration only when asked for:
    `arena policy-bot` imports this package under a game clock."""
    if name == "ENV_IDS":
        return registration.env_ids()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def aec_env(game: str, **options: Any) -> Any:
    """A PettingZoo ``AECEnv`` of ``game``, wrapped as PettingZoo's classic games are (calls
    out of order raise, saying so); options: ``reward`` ("margin" or "win"), ``render_mode``
    ("human", "ansi", "rgb_array" or "svg"), ``observation_shape`` ("flat", "planes" or
    "planes_chw"), ``action_space`` ("full" or "compact": Turn Right only)."""
    from pettingzoo.utils.wrappers import OrderEnforcingWrapper

    from .aec import ArenaAECEnv

    return OrderEnforcingWrapper(ArenaAECEnv(game, **options))


def gym_env(game: str, opponent: Any = "builtin:random", **options: Any) -> Any:
    """A Gymnasium ``Env`` of ``game`` against ``opponent`` (a PLAYER string or a policy callable);
    options: ``seat`` (0, 1, "random" or "alternate"), ``reward``, ``render_mode``,
    ``observation_shape``, ``time_scale``. ``gymnasium.make("arena/Flippo-v0", ...)`` makes the same."""
    from .gym_single import ArenaGymEnv

    return ArenaGymEnv(game, opponent=opponent, **options)
