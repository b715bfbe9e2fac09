"""Render modes: PettingZoo's render_test on every game, the rgb_array picture, RecordVideo."""

import sys
import types

import numpy as np
import pytest
from pettingzoo.test import render_test

from arena.envs import aec_env, gym_env


def test_pettingzoo_render_test_passes(game_name, capsys):
    render_test(lambda render_mode=None: aec_env(game_name, render_mode=render_mode))
    assert capsys.readouterr().out  # human mode printed the board


@pytest.mark.parametrize("make", [lambda game, mode: aec_env(game, render_mode=mode),
                                  lambda game, mode: gym_env(game, render_mode=mode)])
def test_every_mode_gives_what_it_says(game_name, make, capsys):
    shown = {}
    for mode in ("human", "ansi", "rgb_array", "svg"):
        env = make(game_name, mode)
        env.reset(seed=3)
        shown[mode] = env.render()
    assert shown["human"] is None and shown["ansi"] in capsys.readouterr().out
    picture = shown["rgb_array"]
    assert picture.dtype == np.uint8 and picture.ndim == 3 and picture.shape[2] == 3
    assert len(np.unique(picture.reshape(-1, 3), axis=0)) >= 3  # a board (lines, cells), not a blank
    assert "<svg" in shown["svg"]


def test_the_picture_follows_the_game():
    env = gym_env("flippo", render_mode="rgb_array", seat=0)
    _, info = env.reset(seed=1)
    before = env.render()
    env.step(int(np.flatnonzero(info["action_mask"])[0]))
    assert env.render().shape == before.shape and not np.array_equal(env.render(), before)


def test_an_unknown_render_mode_is_refused():
    with pytest.raises(ValueError, match="render_mode must be one of"):
        aec_env("flippo", render_mode="rgb")


class FakeClip:
    """moviepy's ImageSequenceClip as RecordVideo uses it: the frames, then one file written."""
    written: list = []

    def __init__(self, frames, fps):
        self.frames, self.fps = list(frames), fps

    def write_videofile(self, path, logger=None):
        FakeClip.written.append((path, self.frames))


@pytest.fixture
def fake_moviepy(monkeypatch):
    """RecordVideo needs moviepy (gymnasium[other]) to write the file: here a stand-in takes
    the frames, so the test checks what RecordVideo hands over without moviepy or ffmpeg."""
    clip_module = types.ModuleType("moviepy.video.io.ImageSequenceClip")
    clip_module.ImageSequenceClip = FakeClip
    for name in ("moviepy", "moviepy.video", "moviepy.video.io"):
        monkeypatch.setitem(sys.modules, name, types.ModuleType(name))
    monkeypatch.setitem(sys.modules, "moviepy.video.io.ImageSequenceClip", clip_module)
    FakeClip.written = []
    return FakeClip


@pytest.mark.parametrize("game", ["blackhole", "luckywords"])
def test_record_video_takes_the_gym_env(tmp_path, fake_moviepy, game):
    from gymnasium.wrappers import RecordVideo

    env = RecordVideo(gym_env(game, render_mode="rgb_array"), str(tmp_path / "videos"), episode_trigger=lambda e: True)
    _, info = env.reset(seed=2)
    rng, done, steps = np.random.default_rng(0), False, 0
    while not done:
        _, _, done, _, info = env.step(int(rng.choice(np.flatnonzero(info["action_mask"]))))
        steps += 1
    env.close()
    (path, frames), = fake_moviepy.written
    assert path.endswith(".mp4") and len(frames) == steps + 1
    assert all(frame.shape == frames[0].shape and frame.dtype == np.uint8 for frame in frames)


def replayed(env, moves):
    state = env.encoding.new_state(env.episode.setup)
    for text in moves:
        state.play(state.parse_move(text))
    return state


@pytest.mark.parametrize("seat", [0, 1])
def test_the_gym_envs_svg_marks_the_last_move_on_the_board(game_name, seat):
    """After a step the board shows the opponent's reply as the last move (the viewer's drawing of
    the position with the one before it), and at reset the opponent's opening move when it begins."""
    from arena.games import get_svg

    env = gym_env(game_name, render_mode="svg", seat=seat)
    _, info = env.reset(seed=4)
    rng, marked = np.random.default_rng(0), 0
    for _ in range(4):
        moves = env.episode.moves
        if moves:
            expected = get_svg(game_name).board(replayed(env, moves), before=replayed(env, moves[:-1]))
            assert env.render() == expected
            marked += 'class="last-move"' in expected or 'class="last-placed"' in expected
        _, _, done, _, info = env.step(int(rng.choice(np.flatnonzero(info["action_mask"]))))
        if done:
            break
    assert marked >= 3  # a drawing with the last move marked, not one that marks nothing
