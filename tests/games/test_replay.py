"""A record is complete: replaying its moves from its setup gives the judged result."""

import pytest

from arena.games import game_names
from arena.refereeing.players import resolve_player
from arena.judge.record import read_record, write_record
from arena.refereeing.referee import play_game
from arena.games.replay import replay, replay_positions


@pytest.mark.parametrize("game_name", game_names())
def test_replaying_a_record_reaches_the_judged_scores(game_name, tmp_path):
    players = [resolve_player(game_name, "builtin:random"), resolve_player(game_name, "builtin:greedy")]
    record = play_game(game_name, players, seed=3)
    assert record["result"]["verdicts"] == ["ok", "ok"]
    path = tmp_path / "record.json"
    write_record(record, path)
    final = replay(read_record(path))
    assert final.is_over()
    # the rules score the board; where the result ranks by other figures (Turn Right's
    # match points) the board's own points are recorded as "points"
    result = record["result"]
    assert list(final.scores()) == result.get("points", result["scores"])


def test_replay_positions_start_from_the_setup_and_follow_each_move():
    players = [resolve_player("blackhole", "builtin:random")] * 2
    record = play_game("blackhole", players, seed=5, setup={"brown": ["E4", "F2", "A5", "A7", "C1"]})
    positions = list(replay_positions(record))
    assert len(positions) == 31
    assert len(positions[0].legal_moves()) == 31 * 15  # 36 tiles less 5 brown, 15 stones
    assert positions[1].turns == 1 and positions[-1].turns == 30
