"""A person at the terminal, for every game: HumanPlayer driven by a scripted ``read``."""

import io
import re
from types import SimpleNamespace

import pytest

from arena.games.flippo.rules import FlippoState
from arena.games.human_view import HumanView
from arena.refereeing import referee
from arena.refereeing.human import HumanPlayer
from arena.refereeing.players import resolve_player
from arena.refereeing.referee import play_game


def play_as_human(monkeypatch, game: str, answer, opponent="builtin:random", seed=1, human_seat=0):
    """Play ``game`` with a person in ``human_seat`` who types ``answer(prompt, state, seat)``.

    Returns the record and everything the person was shown (prompts included).
    """
    out = io.StringIO()

    def make_human(seat, match, view):
        def read(prompt):
            out.write(prompt + "\n")
            return answer(prompt, match.state, human.seat)
        human = HumanPlayer(seat, match, read=read, out=out, view=view)
        return human

    monkeypatch.setattr(referee, "HumanPlayer", make_human)
    players = [resolve_player(game, opponent)] * 2
    players[human_seat] = resolve_player(game, "human")
    record = play_game(game, players, seed=seed)
    return record, out.getvalue()


def first_legal(prompt, state, seat):
    return state.format_move(state.legal_moves()[0])


def typed_first(*lines):
    """Type these lines first, then the first legal move each time."""
    queue = list(lines)
    return lambda prompt, state, seat: queue.pop(0) if queue else first_legal(prompt, state, seat)


def resign(prompt, state, seat):
    raise EOFError


def test_flippo_marks_the_last_move(monkeypatch):
    record, shown = play_as_human(monkeypatch, "flippo", typed_first("A1"))
    assert record["result"]["verdicts"] == ["ok", "ok"] and len(record["moves"]) == 60
    assert "refused: A1 does not touch any piece" in shown
    black_first = record["moves"][1]["text"]
    assert f"last move: {black_first} by Black" in shown
    assert re.search(r"\(B\)", shown)  # the piece just placed, in parentheses


def test_flippo_takes_a_square_in_lower_case_and_sends_it_in_upper_case(monkeypatch):
    asked_at = []

    def lower(prompt, state, seat):
        if asked_at and asked_at[-1] == state.moves_played:
            raise EOFError  # asked again for the same move: refused; resign rather than loop
        asked_at.append(state.moves_played)
        return first_legal(prompt, state, seat).lower()

    record, shown = play_as_human(monkeypatch, "flippo", lower)
    assert record["result"]["verdicts"] == ["ok", "ok"] and len(record["moves"]) == 60
    assert "refused" not in shown
    assert all(move["text"].isupper() for move in record["moves"])  # the protocol's notation


def test_black_hole_shows_both_sides_stones_left_and_the_last_stone(monkeypatch):
    record, shown = play_as_human(monkeypatch, "blackhole", typed_first("A1=0"), human_seat=1)
    assert record["result"]["verdicts"] == ["ok", "ok"] and len(record["moves"]) == 30
    assert "refused: 'A1=0'" in shown
    red_first = record["moves"][0]["text"]
    assert f"last move: {red_first} by Red (starred)" in shown
    assert f"R:{red_first.split('=')[1]}*" in shown
    used = int(red_first.split("=")[1])
    left = re.search(r"Red stones left: ([\d ]+)", shown)[1].split()
    assert str(used) not in left and len(left) == 14
    assert "Blue stones left: " + " ".join(map(str, range(1, 16))) in shown


def test_turn_right_places_then_turns_circuits(monkeypatch):
    record, shown = play_as_human(monkeypatch, "turnright", typed_first("c3-c4"), human_seat=1)
    assert record["result"]["verdicts"] == ["ok", "ok"]
    assert "refused: 'c3-c4': the placement phase expects one free square" in shown
    assert "Black, a free square (e.g. c3): " in shown and "Black, your circuit: " in shown
    assert "your circuit 1 of 13: " in shown and "at most 4 of them" in shown
    assert "(in lower case)" in shown


def test_domineering_lists_legal_moves_by_row_and_answers_ready(monkeypatch):
    record, shown = play_as_human(monkeypatch, "domineering", typed_first("MOVE 8 1"), human_seat=1)
    assert record["result"]["verdicts"] == ["ok", "ok"]
    assert "[Second] answered for you: OK" in shown and "READY" not in shown.split("answered")[1]
    assert "refused: a vertical domino at (8, 1) would leave the board" in shown
    assert re.search(r"\n  row 1: columns [\d ]+\n", shown) and "or MOVE -1 -1 to pass" in shown


def lucky_words_person(seat_typos: list[str]):
    """Types each typo once, then calls E (for a letter) or the first empty cell (for a cell)."""
    def answer(prompt, state, seat):
        if seat_typos:
            return seat_typos.pop(0)
        if "the letter you call" in prompt:
            return "e"
        return str(state.empty_cells(seat)[0])
    return answer


@pytest.mark.parametrize("human_seat", [0, 1])
def test_a_whole_lucky_words_game_letter_then_cell(monkeypatch, human_seat):
    typos = ["ab", "7", "E", "24", "x"] if human_seat == 0 else ["24", "e"]
    record, shown = play_as_human(monkeypatch, "luckywords", lucky_words_person(typos),
                                  opponent="builtin:greedy", human_seat=human_seat)
    result = record["result"]
    assert result["verdicts"] == ["ok", "ok"] and len(record["moves"]) == 96
    assert "." not in result["grids"][human_seat]
    letter = result["letter"]
    if human_seat == 0:
        assert "First, the letter you call (A-Z): " in shown
        assert "refused: 'ab' is not a letter" in shown and "refused: '7' is not a letter" in shown
        assert f"refused: cell 24 already holds the letter {letter}" in shown
        assert "First, the cell for your E (0-48): " in shown and "refused: 'x' is not a cell" in shown
        assert record["moves"][0]["text"] == "E 0"
    else:
        called = record["moves"][0]["text"].split()[0]
        assert f"Second, the cell for the letter {called} (0-48): " in shown
        assert f"refused: cell 24 already holds the letter {letter}" in shown
        assert "refused: 'e' is not a cell" in shown
    assert " 48\n" in shown and "[E]" in shown  # cell numbers, and the last letter placed
    assert record["result"]["claimed_totals"][human_seat] is None  # a person is not asked for a total


@pytest.mark.parametrize("game", ["flippo", "blackhole", "turnright", "luckywords", "domineering"])
def test_end_of_input_is_a_resignation(monkeypatch, game):
    record, shown = play_as_human(monkeypatch, game, resign)
    assert record["result"]["verdicts"][0] == "exit"
    assert record["result"]["faults"][0] == "resigned (end of input)"
    assert record["result"]["winner"] == 1


class QuotingView(HumanView):
    """A view whose refusal quotes the typed line as it is (a game's own view might)."""

    def refusal(self, state, written, text):
        return f"not a move: {text}" if text != "C4" else None


def test_a_person_sees_no_raw_control_character_from_the_judge_or_a_refusal():
    out = io.StringIO()
    typed = iter(["\x1b[A", "C4"])  # an arrow key, then a move
    match = SimpleNamespace(state=FlippoState(), moves=[], seats=[])
    human = HumanPlayer("White", match, read=lambda prompt: next(typed), out=out, view=QuotingView())
    match.seats.append(SimpleNamespace(player=human))
    human.send("\x1b]0;title\x07")
    assert human.read_line(1.0) == "C4"
    shown = out.getvalue()
    assert "\x1b" not in shown and "\x07" not in shown
    assert "judge says: \\x1b]0;title\\x07" in shown and "refused: not a move: \\x1b[A" in shown
