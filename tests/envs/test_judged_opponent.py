"""gym_env against programs: the judge plays a real game, the agent in an in-process seat."""

import sys

import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

from arena.envs import gym_env

from .helpers import masked_random_action, rules_scores


def program(game: str, name: str = "greedy") -> str:
    """A built-in player given as a shell command, so it runs as a program through the judge."""
    return f"{sys.executable} -m arena.toolkit.builtin_player {game} {name}"


def play_out(env, seed: int):
    observation, info = env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    total, terminated = 0.0, False
    while not terminated:
        assert env.observation_space.contains(observation)
        observation, reward, terminated, _, info = env.step(masked_random_action(info["action_mask"], rng))
        total += reward
    return total, info


@pytest.mark.parametrize("seat", [0, 1])
def test_a_judged_game_ends_on_the_records_scores(game_name, seat):
    env = gym_env(game_name, opponent=program(game_name), seat=seat)
    total, info = play_out(env, seed=6)
    record = env.opponent.record
    assert record["result"]["verdicts"] == ["ok", "ok"], record["result"].get("reason")
    assert list(info["scores"]) == record["result"]["scores"]
    assert info["scores"] == rules_scores(game_name, record["setup"], info["moves"])
    assert total == info["scores"][seat] - info["scores"][1 - seat]


def test_an_illegal_action_in_a_judged_game_is_the_agents_loss():
    env = gym_env("domineering", opponent=program("domineering"), seat=0, reward="win")
    _, info = env.reset(seed=1)
    _, reward, terminated, _, info = env.step(int(np.flatnonzero(info["action_mask"] == 0)[0]))
    assert terminated and reward == -1 and info["fault"].startswith("agent")
    assert env.opponent.record["result"]["verdicts"][0] != "ok"  # the judge saw the agent's seat stop


def test_check_env_against_a_program():
    # check_env replays a seed and expects the same steps: a program is only as repeatable as
    # its own choices, so this one is told a seed of its own
    env = gym_env("domineering", opponent=program("domineering") + " --seed 5")
    check_env(env, skip_render_check=True)
    env.close()


def test_builtin_strong_plays_through_the_judge():
    env = gym_env("luckywords", opponent="builtin:strong", seat=1, time_scale=0.2)
    _, info = play_out(env, seed=2)
    assert "fault" not in info and "strong" in str(env.opponent.record["players"][0])


def test_the_svg_marks_a_program_opponents_reply(game_name):
    """The judge's game gives the position after the program's reply; the drawing marks that
    reply against the position the agent's move left (the episode lists its moves at the end)."""
    from arena.games import get_svg

    from .test_render import replayed

    env = gym_env(game_name, opponent=program(game_name), seat=0, render_mode="svg")
    try:
        _, info = env.reset(seed=2)
        env.step(int(np.flatnonzero(info["action_mask"])[0]))
        after_agent = replayed(env, env.episode.moves)  # the agent's one move
        expected = get_svg(game_name).board(env.episode.state, before=after_agent)
        assert env.render() == expected
        assert 'class="last-move"' in expected or 'class="last-placed"' in expected
    finally:
        env.close()


def test_closing_right_after_the_game_ended_does_not_wait_for_an_end_already_taken(monkeypatch):
    """The judge's thread puts the game's end, then returns: closed in between (the thread still
    alive, its end taken by the last step), the environment once waited for a second end for ever."""
    import threading
    import time

    from arena.envs import judged_opponent

    ended = threading.Event()
    real_game = judged_opponent.JudgedOpponent._judge_game

    def slow_to_return(self):
        real_game(self)
        time.sleep(1.0)  # the end is put: the thread is alive a while more
        ended.set()

    monkeypatch.setattr(judged_opponent.JudgedOpponent, "_judge_game", slow_to_return)
    env = gym_env("domineering", opponent=program("domineering"), seat=0)
    closed = threading.Event()

    def play_and_close():
        play_out(env, seed=3)  # its last step takes the end and closes the environment
        env.close()
        closed.set()

    threading.Thread(target=play_and_close, daemon=True).start()
    assert closed.wait(30), "closing waited for an end that had come already"
    assert not ended.is_set(), "the close came while the judge's thread was still returning"
    assert env.opponent.record["result"]["verdicts"] == ["ok", "ok"]
