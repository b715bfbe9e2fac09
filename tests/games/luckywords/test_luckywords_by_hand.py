"""A Lucky Words grid with 6- and 7-letter words, scored by hand with the shipped word list.

Points by length: 2 → 1, 3 → 2, 4 → 3, 5 → 5, 6 → 8, 7 → 13. Every line scores
its best set of non-overlapping words. The words each line holds in the shipped
``words.txt`` were looked up one by one (SCORING and NOT_WORDS below are checked
against the list, so the hand count stands on facts about the list, not on the
scorer), and the best choice per line was worked out by hand in the comments.
"""

from arena.games.luckywords.dictionary import load_words
from arena.games.luckywords.rules import CENTRE, LuckyWordsState
from arena.games.luckywords.scoring import grid_points, line_points, line_words

ROWS = [
    "STRANGE",
    "TACEDEN",
    "RANGESJ",
    "AJJJJJJ",  # the starting letter J stands at cell 24, the middle of this row
    "NOTABLE",
    "GJJJJJJ",
    "EXAMPLE",
]
GRID = "".join(ROWS)
COLUMNS = ["".join(row[col] for row in ROWS) for col in range(7)]

# Every letter string of 2-7 letters inside some line that is in the shipped list.
SCORING = {
    "STRANGE", "RAN", "RANG", "RANGE", "AN",             # row 0 and column 0
    "TA", "TACE", "ACE", "ACED", "CEDE", "DE", "DEN", "EN",  # row 1 (TA, DE, EN in columns too)
    "RANGES", "ES",                                       # row 2 (and ES in column 5)
    "NO", "NOT", "NOTABLE", "TAB", "TABLE", "ABLE",       # row 4
    "EX", "EXAM", "EXAMPLE", "AM", "AMP", "AMPLE",        # row 6
    "JO", "JA",                                           # columns 1, 2 and 3
}
# Strings in the lines that look like words but are not in the shipped list.
# (ED and PL are abbreviations; the list built from scowl leaves them out.)
NOT_WORDS = {
    "TACEDEN", "STRANG", "TRANGE", "ANGE", "CEDEN", "EDEN", "NGES", "GES", "AMPL", "PL", "ED", "AA", "AE", "EJE",
}

# line -> (its points, the words that give them), worked out by hand
BY_HAND = {
    # STRANGE alone is 13; RANGE (5) + nothing else fits beside it, RAN + ... at most 5.
    "STRANGE": (13, ["STRANGE"]),
    # TACE (3, an armour plate) + DEN (2) = 5 beats ACE (2) + DEN = 4, ACED (3) + EN (1) = 4,
    # TA (1) + CEDE (3) = 4 and TACE + DE or EN = 4; ACED and CEDE overlap DEN.
    "TACEDEN": (5, ["TACE", "DEN"]),
    # RANGES is 8; RANGE (5) and ES (1) overlap at E, RAN (2) + ES (1) = 3.
    "RANGESJ": (8, ["RANGES"]),
    "AJJJJJJ": (0, []),
    # NOTABLE 13; NO (1) + TABLE (5) = 6, NOT (2) + ABLE (3) = 5.
    "NOTABLE": (13, ["NOTABLE"]),
    "GJJJJJJ": (0, []),
    # EXAMPLE 13; EX (1) + AMPLE (5) = 6, EXAM (3) alone (PLE is no word).
    "EXAMPLE": (13, ["EXAMPLE"]),
    # the columns: column 0 is STRANGE again (13, a cell serves a row word and a column word);
    # the others have a J between most letters, so only two-letter words: TA (rows 0-1) and
    # JO (rows 3-4) in column 1 (AA is no word), JA in column 2 (rows 5-6) and column 3
    # (rows 3-4; AE and AEG are not in the list), DE in column 4 (rows 1-2), ES in column 5
    # (rows 1-2, crossing DEN), EN in column 6 (rows 0-1, crossing STRANGE and DEN; EJE is no word).
    "TAAJOJX": (2, ["TA", "JO"]),
    "RCNJTJA": (1, ["JA"]),
    "AEGJAJM": (1, ["JA"]),
    "NDEJBJP": (1, ["DE"]),
    "GESJLJL": (1, ["ES"]),
    "ENJJEJE": (1, ["EN"]),
}
# rows 13 + 5 + 8 + 0 + 13 + 0 + 13 = 52, columns 13 + 2 + 1 + 1 + 1 + 1 + 1 = 20
GRID_POINTS = 72


def test_the_hand_count_rests_on_what_the_shipped_list_holds():
    words = load_words()
    inside = {line[start:end] for line in ROWS + COLUMNS for start in range(7) for end in range(start + 2, 8)}
    assert inside & words == SCORING  # these, and no other piece of a line, are words
    assert NOT_WORDS <= inside and not NOT_WORDS & words
    assert COLUMNS[0] == "STRANGE" and set(ROWS + COLUMNS) == set(BY_HAND)  # every line is counted below


def test_every_line_scores_what_was_worked_out_by_hand():
    words = load_words()
    for line, (points, chosen) in BY_HAND.items():
        assert line_points(line, words) == points, line
        assert [word for _, word in line_words(line, words)] == chosen, line


def test_the_grid_scores_72():
    assert grid_points(GRID, load_words()) == GRID_POINTS


def test_a_game_that_fills_both_grids_so_scores_72_each_by_the_rules():
    """Every call puts its letter in the same cell of both grids, so both end as GRID."""
    state = LuckyWordsState(GRID[CENTRE])
    for cell in (cell for cell in range(49) if cell != CENTRE):
        state.play((GRID[cell], cell))  # the caller's call: the letter and its own cell
        state.play(cell)  # the other player puts it in the same cell, then calls next
    assert state.is_over() and state.grid_text(0) == state.grid_text(1) == GRID
    assert state.scores() == (GRID_POINTS, GRID_POINTS)
