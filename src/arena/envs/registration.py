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

from ..games import game_names, get_game

ENV_IDS = {
    # each game's own id, named in its declaration (GameInfo.env_name; games/contract.py)
    name: f"arena/{get_game(name).env_name}-v0" for name in game_names() if get_game(name).env_name is not None
}
ENTRY_POINT = "arena.envs.gym_single:ArenaGymEnv"


def register_games() -> None:
    """Each game's id, made as ``gym_env(GAME)`` (keyword arguments of ``gymnasium.make`` are
    ``gym_env``'s options: ``opponent``, ``seat``, ``reward``, ``render_mode``, ...)."""
    import gymnasium

    for game, env_id in ENV_IDS.items():
        if env_id not in gymnasium.registry:
            gymnasium.register(env_id, entry_point=ENTRY_POINT, kwargs={"game": game})


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

        # ignore: a method replaced on purpose, on this spec's own loader, made by find_spec just now
        spec.loader.exec_module = exec_module  # type: ignore[method-assign]
        return spec


def register_when_gymnasium_loads() -> None:
    if "gymnasium" in sys.modules:
        register_games()
    elif not any(isinstance(finder, _RegisterAfterGymnasium) for finder in sys.meta_path):
        sys.meta_path.insert(0, _RegisterAfterGymnasium())
