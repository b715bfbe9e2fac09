"""Lucky Words through the real judge: full games, faults, the original protocol, --words."""

import hashlib
from pathlib import Path

import pytest
from click.testing import CliRunner

from arena.cli.command_group import cli
from arena.games.luckywords.dictionary import load_words
from arena.games.luckywords.scoring import grid_points
from arena.refereeing.referee import play_game

# A Lucky Words program written from the CodeCup 2004 protocol alone (no arena imports):
# it always calls the letter A and fills its grid from cell 0 on; at the end it writes
# the total given on its command line (or nothing), to test the optional last line.
ORIGINAL = """
    import sys
    grid = [None] * 49
    grid[24] = sys.stdin.readline().strip()
    claim = sys.argv[1] if len(sys.argv) > 1 else None

    def out(text):
        sys.stdout.write(str(text) + "\\n")
        sys.stdout.flush()

    def place(letter):
        cell = grid.index(None)
        grid[cell] = letter
        out(cell)

    line = sys.stdin.readline().strip()
    if line != "start":
        place(line)
    while None in grid:
        out("a")  # lower case is accepted
        place("A")
        if None in grid:
            place(sys.stdin.readline().strip())
    if claim:
        out(claim)
"""


def test_random_against_greedy_plays_a_complete_game(builtin):
    record = play_game("luckywords", [builtin("random"), builtin("greedy")], seed=7)
    res = record["result"]
    assert res["verdicts"] == ["ok", "ok"]
    assert record["setup"]["letter"] == res["letter"]
    assert all("." not in grid and grid[24] == res["letter"] for grid in res["grids"])
    words = load_words()
    assert res["word_points"] == [grid_points(grid, words) for grid in res["grids"]]
    assert res["scores"] == res["word_points"]
    assert res["claimed_totals"] == res["word_points"] and res["claims_correct"] == [True, True]
    assert res["word_points"][1] > res["word_points"][0]  # greedy builds words, random does not
    assert len(record["moves"]) == 96
    assert record["transcripts"][0][:2] == [["in", res["letter"]], ["in", "start"]]
    shipped = Path(__file__).resolve().parents[3] / "src" / "arena" / "games" / "luckywords" / "words.txt"
    assert res["word_list"] == {"file": "words.txt", "sha256": hashlib.sha256(shipped.read_bytes()).hexdigest()}


def test_a_record_names_the_word_list_given_with_words(builtin, tmp_path):
    words = tmp_path / "mine.dat"
    words.write_text("AB\r\nCAT\r\n")
    record = play_game("luckywords", [builtin("random"), builtin("random")], seed=3,
                       setup={"letter": "Q", "words": str(words)})
    assert record["result"]["word_list"] == {
        "file": "mine.dat", "sha256": hashlib.sha256(b"AB\r\nCAT\r\n").hexdigest()}


def test_a_program_of_the_original_protocol_plays_unchanged(script, official_words):
    first = script(ORIGINAL)
    second = script(ORIGINAL)
    second = type(second)(second.text, second.command + " 12345")  # claims a wrong total
    setup = {"letter": "K", "words": str(official_words)}
    record = play_game("luckywords", [first, second], seed=1, setup=setup)
    res = record["result"]
    assert res["verdicts"] == ["ok", "ok"], res
    assert res["grids"][0] == res["grids"][1] == "A" * 24 + "K" + "A" * 24
    words = load_words(str(official_words))
    assert res["word_points"][0] == grid_points(res["grids"][0], words)
    assert res["claimed_totals"] == [None, 12345] and res["claims_correct"] == [None, False]
    second_in = [line for kind, line in record["transcripts"][1] if kind == "in"]
    assert second_in[:2] == ["K", "A"]  # the opponent's first letter, upper-cased
    assert res["winner"] is None  # identical grids: a draw


def test_the_word_list_in_the_setup_is_the_one_that_scores(script, tmp_path):
    path = tmp_path / "tiny.dat"
    path.write_text("aa\r\naaa\r\n")
    record = play_game("luckywords", [script(ORIGINAL), script(ORIGINAL)], seed=1,
                       setup={"letter": "K", "words": str(path)})
    # Every row and column is AAAAAAA (AAA+AA+AA = 4) or AAAKAAA (AAA+AAA = 4): 14 × 4.
    # With the default list the same grids would score differently (AA is no word there).
    assert record["result"]["word_points"] == [56, 56]


FAULTS = {
    "illegal": ('out("E"); out("24")', "already holds"),
    "format": ('out("E"); out("twelve")', "not a cell"),
    "crash": ("sys.exit(3)", "exited with code 3"),
    "exit": ("sys.exit(0)", "before the game ended"),
    "timeout": ("time.sleep(3)", "no reply within"),
}


@pytest.mark.parametrize("verdict", FAULTS)
def test_every_fault_verdict_loses(verdict, script, builtin):
    action, words = FAULTS[verdict]
    faulty = script(f"""
        import sys, time
        def out(text):
            print(text, flush=True)
        sys.stdin.readline(); sys.stdin.readline()
        {action}
        time.sleep(3)
    """)
    record = play_game("luckywords", [faulty, builtin("random")], seed=5, time_scale=0.01)
    res = record["result"]
    assert res["verdicts"] == [verdict, "ok"]
    assert words in res["faults"][0]
    assert res["winner"] == 1 and res["scores"][0] == 0
    assert "claimed_totals" not in res


def test_a_bad_letter_is_a_format_fault(script, builtin):
    faulty = script("""
        import sys
        sys.stdin.readline(); sys.stdin.readline()
        print("7", flush=True)
        sys.stdin.readline()
    """)
    record = play_game("luckywords", [faulty, builtin("random")], seed=5)
    assert record["result"]["verdicts"] == ["format", "ok"]
    assert "not a letter" in record["result"]["faults"][0]


def test_a_cell_beyond_48_is_an_illegal_move_not_a_judge_error(script, builtin):
    faulty = script("""
        import sys
        sys.stdin.readline(); sys.stdin.readline()
        print("E", flush=True)
        print("49", flush=True)
        sys.stdin.readline()
    """)
    record = play_game("luckywords", [faulty, builtin("random")], seed=5)
    assert record["result"]["verdicts"] == ["illegal", "ok"]
    assert "no cell 49" in record["result"]["faults"][0]
    assert record["result"]["winner"] == 1


def test_the_words_option_of_arena_play(tmp_path):
    runner = CliRunner()
    missing = runner.invoke(cli, ["play", "luckywords", "builtin:random", "builtin:random",
                                  "--words", str(tmp_path / "none.dat")])
    assert missing.exit_code == 2 and "cannot read the word list" in missing.output
    (tmp_path / "empty.dat").write_text("")
    empty = runner.invoke(cli, ["play", "luckywords", "builtin:random", "builtin:random",
                                "--words", str(tmp_path / "empty.dat")])
    assert empty.exit_code == 2 and "holds no word" in empty.output
    (tmp_path / "ok.dat").write_text("AB\n")
    other = runner.invoke(cli, ["play", "turnright", "builtin:random", "builtin:random",
                                "--words", str(tmp_path / "ok.dat")])
    assert other.exit_code == 2 and "only luckywords" in other.output
    record = tmp_path / "game.json"
    played = runner.invoke(cli, ["play", "luckywords", "builtin:random", "builtin:random", "--seed", "2",
                                 "--setup", "q", "--words", str(tmp_path / "ok.dat"), "--record", str(record)])
    assert played.exit_code == 0, played.output
    assert '"words": "' + str((tmp_path / "ok.dat").resolve()) in record.read_text()
    assert '"letter": "Q"' in record.read_text()
