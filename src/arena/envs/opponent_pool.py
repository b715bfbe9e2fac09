"""Several opponents, one drawn per episode: self-play against snapshots of the agent.

    pool = OpponentPool(["builtin:random", ("builtin:greedy", 2.0)], snapshots_kept=5)
    env = gym_env("turnright", action_space="compact", opponent=pool)
    ...
    pool.add_snapshot(numpy_policy_of_the_agent_now)   # the next resets may draw it

At each reset the environment draws one opponent, each with probability its weight over
the sum of the weights, from the environment's own generator (so a seeded reset draws the
same one again). The opponents given at the start stay; snapshots, added as training goes,
are kept ``snapshots_kept`` at most, the oldest dropped first. Each opponent is any the
environment takes: a PLAYER string or a policy callable (a loaded numpy policy).

In one process the environments share the pool object: a snapshot added is drawn by all
of them from their next reset. An environment in another process (SB3's SubprocVecEnv, a
Gymnasium AsyncVectorEnv) holds a copy: give it the pool again after adding
(``vec_env.env_method("set_opponent", pool)``).
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any, Iterable

if TYPE_CHECKING:  # numpy is not imported here: `import arena.envs` stays numpy-free for policy-bot's message
    import numpy as np


class OpponentPool:
    def __init__(self, opponents: Iterable[Any] = (), snapshots_kept: int | None = None) -> None:
        """``opponents``: each an opponent, or an (opponent, weight) pair (weight 1 when not given)."""
        if snapshots_kept is not None and (isinstance(snapshots_kept, bool) or not isinstance(snapshots_kept, int)
                                           or snapshots_kept < 1):
            raise ValueError(f"snapshots_kept must be a whole number of at least 1, or None, not {snapshots_kept!r}")
        self.snapshots_kept = snapshots_kept
        self._fixed: list[tuple[Any, float, str]] = []
        self._snapshots: list[tuple[Any, float, str]] = []
        self._snapshots_added = 0
        for entry in opponents:
            opponent, weight = entry if isinstance(entry, tuple) else (entry, 1.0)
            self._fixed.append((opponent, _weight(weight, opponent), _name(opponent)))

    def add(self, opponent: Any, weight: float = 1.0, name: str | None = None) -> None:
        """An opponent that stays in the pool, as those given at the start."""
        self._fixed.append((opponent, _weight(weight, opponent), name or _name(opponent)))

    def add_snapshot(self, policy: Any, weight: float = 1.0, name: str | None = None) -> str:
        """A snapshot of the agent (a policy callable); beyond ``snapshots_kept`` the oldest
        snapshot leaves. Returns its name ("snapshot N", N counting from 1, unless given)."""
        if not callable(policy):
            raise TypeError(f"a snapshot is a policy callable (a numpy policy), not {policy!r}")
        self._snapshots_added += 1
        label = name or f"snapshot {self._snapshots_added}"
        self._snapshots.append((policy, _weight(weight, policy), label))
        if self.snapshots_kept is not None and len(self._snapshots) > self.snapshots_kept:
            del self._snapshots[0]
        return label

    @property
    def entries(self) -> list[tuple[Any, float, str]]:
        """(opponent, weight, name) of every opponent the next draw may give."""
        return self._fixed + self._snapshots

    @property
    def opponents(self) -> list[Any]:
        return [opponent for opponent, _, _ in self.entries]

    def __len__(self) -> int:
        return len(self.entries)

    def draw(self, rng: "np.random.Generator") -> tuple[Any, str]:
        """(opponent, its name), drawn by weight."""
        entries = self.entries
        if not entries:
            raise ValueError("the opponent pool is empty: give it an opponent before the first reset")
        total = sum(weight for _, weight, _ in entries)
        chosen = int(rng.choice(len(entries), p=[weight / total for _, weight, _ in entries]))
        opponent, _, name = entries[chosen]
        return opponent, name

    def __repr__(self) -> str:
        listed = ", ".join(f"{name} ({weight:g})" for _, weight, name in self.entries)
        return f"OpponentPool([{listed}])"


def _weight(weight: Any, opponent: Any) -> float:
    if isinstance(weight, bool) or not isinstance(weight, (int, float)) or not math.isfinite(weight) or weight <= 0:
        raise ValueError(f"the weight of opponent {opponent!r} must be a number above 0, not {weight!r}")
    return float(weight)


def _name(opponent: Any) -> str:
    if isinstance(opponent, str):
        return opponent
    return getattr(opponent, "name", None) or getattr(opponent, "__name__", None) or repr(opponent)
