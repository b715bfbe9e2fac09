"""What a self-play recipe prints as it trains: how the last games went against each opponent drawn
(shared by tools/selfplay_cnn/train.py and tools/turnright_selfplay/train.py)."""

from __future__ import annotations

import collections


def results_by_opponent(model) -> str:
    """The share of the last games won against each opponent drawn (a MaskablePPO's episode buffer;
    every snapshot of the pool counted together)."""
    games: dict[str, list[float]] = collections.defaultdict(list)
    for episode in model.ep_info_buffer:
        name = episode.get("opponent", "?")
        games["snapshots" if name.startswith("snapshot") else name].append(episode["r"])
    return "  ".join(f"{name}: {sum(r > 0 for r in rewards) / len(rewards):.2f} won of {len(rewards)}"
                     for name, rewards in sorted(games.items()))
