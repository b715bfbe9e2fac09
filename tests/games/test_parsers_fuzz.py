"""Random and adversarial text against every game's move and setup parsers.

Whatever a program writes, a move parser raises MoveFormatError or IllegalMoveError
(the judge's ``format`` and ``illegal``) and playing what it parsed raises only
IllegalMoveError; a setup parser raises only SetupError. Anything else would
escape the judge's fault handling and stop the game without a verdict.
"""

import random
import tempfile
from pathlib import Path

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from arena.games import game_names, get_game
from arena.games.base import IllegalMoveError, MoveError, SetupError
from arena.games.luckywords.rules import parse_cell, parse_letter

SETTINGS = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])

# what a move looks like in any of the five games, so that near-misses are common
MOVE_ALPHABET = "ABCDEFGHabcdefMOVEQuitx0123456789=-+ \t\r\x00\x0b\x85\u00a0\u2028²٣"

# the edges a hand-written parser forgets: huge numbers (int() refuses over 4300 digits),
# signs, leading zeros, unicode digits and spaces, control characters, very long lines
ADVERSARIAL = [
    "", " ", "\r", "\x00", "\t\t", "A", "A3 ", " A3", "a3", "A0", "A9", "I1", "A10", "A3\x00",
    "A3=0", "A3=06", "A3=16", "A3=+6", "A3=-6", "A3==6", "A3=6=6", "A3=٦", "A3=²", "H2=1", "A3=" + "9" * 5000,
    "a1-a4-d4-d1", "a1-a4-d4-d1-", "-a1", "a1--a4", "a1-a4-d4-d1-a1", "a1-a1-a1-a1", "a1-" * 20_000,
    "MOVE", "MOVE 1", "MOVE 1 2 3", "MOVE -1 -1", "MOVE -1 2", "MOVE +1 +2", "MOVE 0 0", "MOVE 9 9",
    "MOVE 00000000001 1", "MOVE " + "1" * 5000 + " 1", "MOVE 1 -" + "0" * 4999 + "7", "move 1 2", "MOVE\t1\t2",
    "E 35", "E 49", "E 0049", "e 3", "EE 3", "E", "35", "-1", "+3", "٣", "²", "0" * 5000 + "7", "9" * 70_000,
    "Quit", "Start", "x", "OK", "\ufeffA3", "A3\u200b", "ß 3", "ǅ 3",
]


def random_state(game_name: str, seed: int, moves: int):
    """The game's position after ``moves`` uniformly random legal moves (fewer if it ends)."""
    game = get_game(game_name)
    rng = random.Random(seed)
    state = game.new_state(game.make_setup(rng))
    for _ in range(moves):
        legal = state.legal_moves()
        if not legal:
            break
        state.play(rng.choice(legal))
    return state


def only_move_errors(state, text: str) -> None:
    """Parse ``text``, then play what it parsed on a copy: nothing but the documented errors."""
    try:
        move = state.parse_move(text)
    except MoveError:
        return
    try:
        state.copy().play(move)
    except IllegalMoveError:
        pass


texts = st.one_of(
    st.text(max_size=40),
    st.text(alphabet=MOVE_ALPHABET, max_size=40),
    st.sampled_from(ADVERSARIAL),
    st.binary(max_size=40).map(lambda data: data.decode("latin-1")),
)

# fresh, early, mid-game and late positions; Turn Right's circuits start after 35 placements
depths = st.sampled_from([0, 1, 5, 20, 34, 35, 36, 45, 59])


@pytest.mark.parametrize("game_name", game_names())
@SETTINGS
@given(seed=st.integers(0, 2**31), depth=depths, text=texts)
def test_a_move_parser_raises_only_move_errors(game_name, seed, depth, text):
    only_move_errors(random_state(game_name, seed, depth), text)


@pytest.mark.parametrize("game_name", game_names())
@pytest.mark.parametrize("depth", [0, 36])
def test_every_adversarial_line_is_a_move_error_or_a_move(game_name, depth):
    state = random_state(game_name, 7, depth)
    for text in ADVERSARIAL:
        only_move_errors(state, text)


@pytest.mark.parametrize("game_name", game_names())
@SETTINGS
@given(seed=st.integers(0, 2**31), depth=depths, data=st.data())
def test_a_legal_move_with_one_character_changed_is_still_judged(game_name, seed, depth, data):
    """Near-misses of real moves: one character replaced, inserted or dropped."""
    state = random_state(game_name, seed, depth)
    legal = state.legal_moves()
    if not legal:
        return
    text = state.format_move(data.draw(st.sampled_from(legal)))
    at = data.draw(st.integers(0, len(text)))
    char = data.draw(st.sampled_from(MOVE_ALPHABET))
    edit = data.draw(st.sampled_from(["replace", "insert", "drop"]))
    text = {"replace": text[:at] + char + text[at + 1:], "insert": text[:at] + char + text[at:],
            "drop": text[:at] + text[at + 1:]}[edit]
    only_move_errors(state, text)


@SETTINGS
@given(text=st.one_of(texts, st.from_regex(r"\s*[0-9]{1,6000}\s*", fullmatch=True)))
@example("0" * 5000 + "48")
@example("1" * 5000)
def test_lucky_words_letter_and_cell_lines_raise_only_move_errors(text):
    """The Lucky Words judge reads a call's two lines with these two parsers, not parse_move."""
    for parse in (parse_letter, parse_cell):
        try:
            parse(text)
        except MoveError:
            pass


def test_huge_numbers_are_refused_with_the_right_verdict_not_an_exception():
    assert parse_cell("0" * 5000 + "48") == 48  # leading zeros are still harmless
    with pytest.raises(IllegalMoveError, match="no cell"):
        parse_cell("1" * 5000)
    blackhole = random_state("blackhole", 1, 0)
    with pytest.raises(MoveError, match="no stone"):
        blackhole.parse_move("A3=" + "7" * 5000)
    domineering = random_state("domineering", 1, 0)
    assert domineering.parse_move("MOVE 0000000000002 1") == (2, 1)
    with pytest.raises(IllegalMoveError):
        domineering.parse_move("MOVE " + "1" * 5000 + " 1")


# -- setups -------------------------------------------------------------------

TEXT_SETUP_GAMES = [name for name in game_names() if name != "domineering" and get_game(name).parse_setup]


@pytest.mark.parametrize("game_name", TEXT_SETUP_GAMES)
@SETTINGS
@given(text=st.one_of(
    st.text(max_size=60),
    st.text(alphabet="ABCDEFGHabcdefgh12345678, \t\x00ß", max_size=30),
    st.lists(st.sampled_from(["A1", "H1", "E4", "a5", "I1", "A9", " B2", "", "A1=3"]), max_size=7).map(",".join),
    st.sampled_from(ADVERSARIAL),
))
def test_a_setup_parser_raises_only_setup_errors(game_name, text):
    game = get_game(game_name)
    try:
        setup = game.parse_setup(text)
    except SetupError:
        return
    game.new_state(setup)  # what it accepted is a setup the rules can start from


VALUE_LINES = st.lists(
    st.one_of(
        st.lists(st.integers(-2, 5), min_size=0, max_size=10).map(lambda row: " ".join(map(str, row))),
        st.text(alphabet="0123\t -+x²\r", max_size=20),
        st.sampled_from(["1" * 5000, "0 " * 8, "00000000000000000003 1 1 1 1 1 1 1"]),
    ),
    max_size=11,
).map("\n".join)


@SETTINGS
@given(content=st.one_of(st.binary(max_size=300), VALUE_LINES.map(str.encode)))
def test_the_domineering_values_file_raises_only_setup_errors(content):
    game = get_game("domineering")
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "values.txt"
        path.write_bytes(content)
        try:
            setup = game.parse_setup(str(path))
        except SetupError:
            return
    assert len(setup["values"]) == 8 and all(0 <= v <= 3 for row in setup["values"] for v in row)
    game.new_state(setup)


@pytest.mark.parametrize("path", ["", ".", "/", "no-such-file.txt", "bad\x00name", "x" * 5000])
def test_a_values_path_that_names_no_file_is_a_setup_error(path):
    with pytest.raises(SetupError):
        get_game("domineering").parse_setup(path)

