"""``gymnasium.make("arena/Flippo-v0")``: the games in Gymnasium's registry.

``import arena.envs`` registers them, without importing gymnasium itself: ``arena policy-bot``
(in this package, on a game clock) loads numpy only. If gymnasium is not loaded yet, the
registration waits for it: a one-time import hook registers the games as soon as gymnasium
has been imported, in whichever order the two imports come.
"""

from __future__ import annotations

import importlib.abc
import importlib.util
import sys
from typing import Any

from ..games import game_names, get_game

ENTRY_POINT = "arena.envs.gym_single:ArenaGymEnv"


def env_ids() -> dict[str, str]:
    """``ENV_IDS``: each game's own id, named in its declaration (GameInfo.env_name;
    games/contract.py), with its default spaces."""
    declared = {name: get_game(name).env_name for name in game_names()}
    return {name: f"arena/{env_name}-v0" for name, env_name in declared.items() if env_name is not None}


TRAINABLE_VARIANTS: dict[str, tuple[str, dict[str, str]]] = {
    "arena/TurnRight-compact-v0": ("turnright", {"action_space": "compact"}),
    "arena/TurnRight-compact-planes-v0": ("turnright", {"action_space": "compact", "observation_shape": "planes_chw"}),
    "arena/Flippo-planes-v0": ("flippo", {"observation_shape": "planes_chw"}),
    "arena/BlackHole-planes-v0": ("blackhole", {"observation_shape": "planes_chw"}),
    "arena/LuckyWords-planes-v0": ("luckywords", {"observation_shape": "planes_chw"}),
    "arena/Domineering-planes-v0": ("domineering", {"observation_shape": "planes_chw"}),
}
"""Ids beside ENV_IDS (one per game, its default spaces) for the spaces a network trains on:
Turn Right's compact actions (Discrete(2048), not 1.2 million), and each game's board as
channels-first planes (``observation_shape="planes_chw"``, for a convolutional network).
Their keyword arguments are gym_env's defaults changed; ``make``'s own override them."""


def __getattr__(name: str) -> Any:
    """ENV_IDS, made when read: it reads every game's declaration, which ``arena policy-bot``
    (importing this package under a game clock, for one game) need not."""
    if name == "ENV_IDS":
        return env_ids()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def register_games() -> None:
    """Each game's id, made as ``gym_env(GAME)`` (keyword arguments of ``gymnasium.make`` are
    ``gym_env``'s options: ``opponent``, ``seat``, ``reward``, ``render_mode``, ...)."""
    import gymnasium

    for game, env_id in env_ids().items():
        if env_id not in gymnasium.registry:
            gymnasium.register(env_id, entry_point=ENTRY_POINT, kwargs={"game": game})
    for env_id, (game, options) in TRAINABLE_VARIANTS.items():
        if env_id not in gymnasium.registry:
            gymnasium.register(env_id, entry_point=ENTRY_POINT, kwargs={"game": game, **options})


class _RegisterAfterGymnasium(importlib.abc.MetaPathFinder):
    """Finds nothing itself: when gymnasium is first imported, it lets the usual finders find
    it and registers the games once gymnasium's own module has run."""

    def find_spec(self, name, path=None, target=None):
        if name != "gymnasium":
            return None
        sys.meta_path.remove(self)
        spec = importlib.util.find_spec(name)
        if spec is None or spec.loader is None or not hasattr(spec.loader, "exec_module"):
            return spec
        run_module = spec.loader.exec_module

        def exec_module(module) -> None:
            run_module(module)
            register_games()

        setattr(spec.loader, "exec_module", exec_module)  # this spec's own loader, made by find_spec just now
        return spec


def register_when_gymnasium_loads() -> None:
    if "gymnasium" in sys.modules:
        register_games()
    elif not any(isinstance(finder, _RegisterAfterGymnasium) for finder in sys.meta_path):
        sys.meta_path.insert(0, _RegisterAfterGymnasium())
