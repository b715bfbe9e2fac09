"""A freshly played record is what its types (judge/record_types.py) say, key for key, in the
order docs/record.md gives; it survives being written and read; what its type marks private is
what the competition strips."""

import json

import pytest

from arena.competition.privacy import PRIVATE_RECORD_KEYS, public_record, without_private
from arena.games import game_names
from arena.judge.record import read_record, write_record
from arena.judge.record_types import Move, PlayerEntry, Record, Result, SandboxUsed, SeatTimes
from arena.refereeing.players import resolve_player
from arena.refereeing.referee import play_game

from ..record_fields import documented_order, fields, private_marks, problems


@pytest.fixture(scope="module")
def records() -> dict[str, Record]:
    """One game of each kind between random players, seed 3 (each well under a second)."""
    return {game: play_game(game, [resolve_player(game, "builtin:random")] * 2, seed=3) for game in game_names()}


@pytest.mark.parametrize("game", game_names())
def test_a_played_record_fits_its_types_and_has_every_key_of_the_record(records, game):
    record = records[game]
    assert problems(record, Record) == []
    assert set(record) == set(fields(Record))  # a fresh record has its private keys too


@pytest.mark.parametrize("game", game_names())
def test_a_played_records_keys_come_in_the_documented_order(records, game):
    record = records[game]

    def in_order(keys, typed_dict):
        order = documented_order(typed_dict)
        return sorted(keys, key=order.index) == list(keys)

    assert in_order(record, Record)
    assert all(in_order(player, PlayerEntry) for player in record["players"])
    assert in_order(record["sandbox"], SandboxUsed)
    assert all(in_order(move, Move) for move in record["moves"])
    assert all(in_order(times, SeatTimes) for times in record["times"])
    assert in_order(record["result"], Result)


def test_the_checker_names_what_does_not_fit(records):
    """problems() is what the tests above rely on: it must see a wrong type, a key too many, one missing."""
    record = json.loads(json.dumps(records["flippo"]))
    record["moves"][0]["seat"] = "0"
    record["result"]["verdicts"][0] = "asleep"
    record["times"][1]["extra"] = 1
    del record["sandbox"]["memory"]
    found = problems(record, Record)
    assert "record.moves[0].seat: '0' is not int" in found
    assert any(problem.startswith("record.result.verdicts[0]: 'asleep'") for problem in found)
    assert "record.times[1]: extra is not in SeatTimes" in found
    assert "record.sandbox: no memory" in found


@pytest.mark.parametrize("game", game_names())
def test_a_record_written_and_read_again_is_the_same_byte_for_byte(records, game, tmp_path):
    record = records[game]
    write_record(record, tmp_path / "game.json")
    again = read_record(tmp_path / "game.json")
    assert again == record
    assert list(again) == list(record)
    write_record(again, tmp_path / "again.json")
    assert (tmp_path / "again.json").read_bytes() == (tmp_path / "game.json").read_bytes()


def test_only_the_records_own_keys_are_marked_private():
    """competition/privacy.py strips the marked keys of the record itself, no deeper: a mark deeper would not
    be honoured."""
    assert private_marks(Record) == ["record.stderr"]
    assert PRIVATE_RECORD_KEYS == ("stderr",)


def test_the_public_record_loses_what_is_marked_private_and_nothing_else(records):
    record = records["blackhole"]
    public = without_private(record)
    assert list(public) == [key for key in record if key not in PRIVATE_RECORD_KEYS]
    assert problems(public, Record) == []  # still a record: its private keys are optional
    named = public_record(record, ("ann", "bob"), (4, 5))
    assert "stderr" not in named
    assert [player["command"] for player in named["players"]] == ["submission 4", "submission 5"]
