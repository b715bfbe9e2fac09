"""Turn Right through the real judge: full games, every fault verdict, the original protocol."""

import pytest

from arena.refereeing.referee import play_game

# A Turn Right program written from the CodeCup 2006 protocol alone (no arena imports):
# it places on the first free square and turns the rectangle a1-a2-b2-b1, written from
# a2 so that the judge has to rewrite it for the opponent.
ORIGINAL = """
    import sys
    taken = set()
    placed = 0
    circuits = 0
    names = [f + r for f in "abcdef" for r in "123456"]

    def out(text):
        sys.stdout.write(text + "\\n")
        sys.stdout.flush()

    def move():
        global placed, circuits
        if placed < 35:
            square = next(n for n in names if n not in taken)
            taken.add(square)
            placed += 1
            if placed == 35:
                placed += 1  # Black's last piece goes on the last square by itself
            out(square)
        else:
            circuits += 1
            out("a2-b2-b1-a1")

    for line in sys.stdin:
        line = line.strip()
        if line == "x":
            break
        if line != "Start":
            if "-" in line:
                circuits += 1
            else:
                taken.add(line)
                placed += 1
                if placed == 35:
                    placed += 1
        if circuits >= 26:
            break
        move()
        if circuits >= 26:
            break
"""


def result(record):
    return record["result"]


def test_random_against_greedy_plays_a_complete_game(builtin):
    record = play_game("turnright", [builtin("random"), builtin("greedy")], seed=11)
    res = result(record)
    assert res["verdicts"] == ["ok", "ok"]
    assert res["ending"] in ("circuits", "3x3")
    assert len(res["game_points"]) == 2 and sum(res["game_points"]) in (2, 3)
    assert res["points"][0] >= 5
    automatic = [m for m in record["moves"] if m.get("automatic")]
    assert len(automatic) == 1 and automatic[0]["seat"] == 1
    placements = [m for m in record["moves"] if "-" not in m["text"]]
    assert len(placements) == 36
    black_in = [line for kind, line in record["transcripts"][1] if kind == "in"]
    assert automatic[0]["text"] not in black_in  # sent to nobody
    assert record["transcripts"][0][0] == ["in", "Start"]


def test_greedy_against_greedy_ends_by_the_rules(builtin):
    record = play_game("turnright", [builtin("greedy"), builtin("greedy")], seed=4)
    res = result(record)
    assert res["verdicts"] == ["ok", "ok"]
    circuits = [m for m in record["moves"] if "-" in m["text"]]
    if res["ending"] == "circuits":
        assert len(circuits) == 26
        assert sorted(res["scores"]) == sorted([res["scores"][0], 100 - res["scores"][0]])
    else:
        assert res["game_points"][res["winner"]] == 3


def test_a_program_of_the_original_protocol_plays_unchanged(script):
    record = play_game("turnright", [script(ORIGINAL), script(ORIGINAL)], seed=1)
    res = result(record)
    assert res["verdicts"] == ["ok", "ok"], res
    white_in = [line for kind, line in record["transcripts"][0] if kind == "in"]
    black_out = [line for kind, line in record["transcripts"][1] if kind == "out"]
    assert black_out[17] == "a2-b2-b1-a1"  # Black's 18th line is already a circuit
    assert "a1-a2-b2-b1" in white_in and "a2-b2-b1-a1" not in white_in  # forwarded canonically


FAULTS = {
    "illegal": ('print("c3", flush=True); sys.stdin.readline(); print("c3", flush=True)', "occupied"),
    "format": ('print("z9", flush=True)', "not a square"),
    "crash": ("sys.exit(3)", "exited with code 3"),
    "exit": ("sys.exit(0)", "before the game ended"),
    "timeout": ("time.sleep(3)", "no reply within"),
}


@pytest.mark.parametrize("verdict", FAULTS)
def test_every_fault_verdict_ends_the_game_with_x_to_both(verdict, script, builtin):
    action, words = FAULTS[verdict]
    faulty = script(f"""
        import sys, time
        sys.stdin.readline()
        {action}
        sys.stdin.readline()
        time.sleep(3)
    """)
    record = play_game("turnright", [faulty, builtin("random")], seed=5, time_scale=0.01)
    res = result(record)
    assert res["verdicts"] == [verdict, "ok"]
    assert words in res["faults"][0]
    assert res["ending"] == "fault"
    assert res["game_points"] == [0, 3] and res["winner"] == 1
    assert res["scores"] == [0, 95]  # Black, 0 points to White's free 5: 50 - 5 + the 50 bonus
    assert ["in", "x"] in record["transcripts"][1]


def test_a_fault_by_black_while_ahead(script, builtin):
    faulty = script("""
        import sys
        for line in sys.stdin:
            print("a1-a2-b2-b1-b9", flush=True)
    """)
    record = play_game("turnright", [builtin("random"), faulty], seed=5)
    res = result(record)
    assert res["verdicts"] == ["ok", "format"]
    assert res["scores"] == [105, 0]  # White: its 5 free points ahead of Black's 0, plus 50
    assert ["in", "x"] in record["transcripts"][0]


def test_extra_lines_and_exiting_after_the_game_are_not_penalised(script):
    chatty = ORIGINAL + """
    print("good game", flush=True)
    print("bye", flush=True)
    """
    record = play_game("turnright", [script(chatty), script(ORIGINAL)], seed=2)
    assert result(record)["verdicts"] == ["ok", "ok"]
