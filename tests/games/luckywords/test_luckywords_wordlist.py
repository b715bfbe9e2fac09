"""The shipped word list: real words only, the common ones kept, the facts docs/games/luckywords.md states."""

from arena.games.luckywords.dictionary import DEFAULT_WORDS, MAX_LENGTH, MIN_LENGTH, load_words, parse_words
from arena.games.luckywords.scoring import grid_points

EXAMPLE = "ABALONE XIBIULA IQIPTIC SNOBWAY ELSAONM SHEBRAA WESYKYD".replace(" ", "")

# Hand-picked: no player accepts these. The old list (built from wamerican) held the
# abbreviations CC, DD, QT, HWY, OBJ, AMT, LB, MPH, ETC, IBID, PL, ED, KG, BLVD, ...
ABBREVIATIONS = set(
    "CC DD QT HWY OBJ AMT LB MPH RPM KB MB KCAL TANH CSC MS PS TS ETC IBID ASAP LTD INC MISC"
    " VIZ ESP OZ PL ED CM MM KG BLVD DEPT GOVT".split()
)
PROPER_NAMES = set("PARIS LONDON MARY TEXAS NASA EDEN JAMES EUROPE AMERICA".split())
CONTRACTIONS = set("DONT ISNT DIDNT WOULDNT IM IVE YOURE THEYRE".split())

# Hand-picked common words of every length, both spellings where American and British differ.
COMMON = {
    2: "AN AT BE DO GO HE IF IN IS IT ME NO OF ON OR SO TO UP US WE AX",
    3: "AND CAT DOG THE RUN SUN AXE BOX FIX JAM ZIP",
    4: "WORD GAME PLAY LOVE TREE QUIZ JAZZ GRID",
    5: "LUCKY WORDS SCORE ZEBRA QUEEN COLOR",
    6: "LETTER PLAYER CASTLE SQUARE ANSWER FOREST JIGSAW COLOUR CENTER CENTRE",
    7: "EXAMPLE NOTABLE STRANGE WINNING LETTERS PUZZLES",
}

# docs/games/luckywords.md's table: words per length in the shipped list
WORDS_PER_LENGTH = {2: 79, 3: 798, 4: 3246, 5: 6671, 6: 11167, 7: 15932}
IN_OFFICIAL_PER_LENGTH = {2: 70, 3: 735, 4: 3044, 5: 6262, 6: 10530, 7: 15001}


def test_no_abbreviation_proper_name_or_contraction():
    words = load_words()
    assert not (ABBREVIATIONS | PROPER_NAMES | CONTRACTIONS) & words


def test_every_line_is_a_word_the_game_reads_unchanged():
    text = DEFAULT_WORDS.read_text(encoding="ascii")
    lines = text.split("\n")
    assert lines[-1] == "" and "\r" not in text  # LF after every word
    lines = lines[:-1]
    assert all(MIN_LENGTH <= len(w) <= MAX_LENGTH and w.isascii() and w.isalpha() and w.isupper() for w in lines)
    assert lines == sorted(set(lines))
    assert parse_words(text) == set(lines)  # dictionary.py drops nothing


def test_common_words_of_every_length_are_kept():
    words = load_words()
    for length, common in COMMON.items():
        chosen = common.split()
        assert all(len(word) == length for word in chosen)
        assert [word for word in chosen if word not in words] == [], length


def test_the_figures_the_docs_give():
    words = load_words()
    assert {n: sum(len(w) == n for w in words) for n in WORDS_PER_LENGTH} == WORDS_PER_LENGTH
    assert len(words) == 37_893
    assert grid_points(EXAMPLE, words) == 68


def test_the_share_of_the_official_list_the_docs_give(official_words):
    official, words = load_words(str(official_words)), load_words()
    both = {n: sum(len(w) == n for w in words & official) for n in IN_OFFICIAL_PER_LENGTH}
    assert both == IN_OFFICIAL_PER_LENGTH
