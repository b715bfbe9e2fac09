"""Every way a program can misbehave gets its own verdict, 0 points, and a finished game."""

import pytest

from arena.refereeing.referee import play_game

FAULTS = {
    "illegal": ('print("A1", flush=True); continue', "illegal", "does not touch any piece"),
    "format": ('print("hello", flush=True); continue', "format", "not a square"),
    "hang": ("time.sleep(60)", "timeout", "wrote no reply within"),
    "late": ("time.sleep(1.2)", "timeout", "ms after its time ran out"),
    "crash": ("os._exit(3)", "crash", "exited with code 3"),
    "segfault": ("os.kill(os.getpid(), 11)", "crash", "killed by SIGSEGV"),
    "exit": ("sys.exit(0)", "exit", "before the game ended"),
    "close": ("os.close(1); time.sleep(60)", "exit", "closed its output"),
    "flood": ('sys.stdout.write("x" * 200000); sys.stdout.flush(); time.sleep(60)', "format", "without a newline"),
}


@pytest.mark.parametrize("kind", list(FAULTS))
@pytest.mark.parametrize("seat", [0, 1])
def test_a_fault_gets_its_verdict_zero_points_and_the_opponent_a_finished_game(script, builtin, flippo_faulty, kind, seat):
    fault, verdict, fragment = FAULTS[kind]
    bad = script(flippo_faulty(4, fault))
    players = [bad, builtin("greedy")] if seat == 0 else [builtin("greedy"), bad]
    # A clock of 1 s: ample for starting and three moves even on a loaded machine,
    # while "late" sleeps 1.2 s (within the judge's slack, so the overrun is measured).
    record = play_game("flippo", players, seed=11, time_scale=0.2)
    result = record["result"]
    assert result["verdicts"][seat] == verdict
    assert fragment in result["faults"][seat]
    assert result["verdicts"][1 - seat] == "ok"
    assert result["scores"][seat] == 0
    assert len(record["moves"]) == 60
    # the jury took over exactly from the faulty move on
    own = [m for m in record["moves"] if m["seat"] == seat]
    assert [("jury" in m) for m in own] == [False] * 3 + [True] * 27
    # the opponent keeps the points of the finished board
    assert result["scores"][1 - seat] == result["board_scores"][1 - seat]
    assert sum(result["board_scores"]) == 60
    assert result["winner"] == (1 - seat if result["scores"][1 - seat] > 0 else None)
    # the offender was told Quit unless it was already gone
    if kind in ("illegal", "format"):
        assert record["transcripts"][seat][-1] == ["in", "Quit"]


def test_a_program_that_cannot_start_is_a_crash(builtin):
    from arena.refereeing.players import resolve_player

    record = play_game("flippo", [builtin("random"), resolve_player("flippo", "no-such-program-xyz")], seed=1)
    assert record["result"]["verdicts"] == ["ok", "crash"]
    assert "127" in record["result"]["faults"][1]
    assert "not found" in record["stderr"][1]


def test_both_seats_can_fault(script, flippo_faulty):
    bad = script(flippo_faulty(1, 'print("Q", flush=True); continue'))
    record = play_game("flippo", [bad, bad], seed=2)
    assert record["result"]["verdicts"] == ["format", "format"]
    assert record["result"]["scores"] == [0, 0]
    assert record["result"]["winner"] is None
    assert len(record["moves"]) == 60
