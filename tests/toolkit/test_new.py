"""``arena new``: every game's starter bot, in each of its languages, plays clean games through the judge.

Each bot is written by ``arena new``'s own function (write_starter; the command itself is tested
below) into a fresh folder, built with its own Makefile, and played as real child processes
against ``builtin:random`` in both seats by the admission test ``arena check`` runs (run_check).
"""

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from arena.games import game_names, get_game
from arena.toolkit.admission_games import run_check
from arena.toolkit.admission_report import render
from arena.toolkit.starter import COMPILES, template_languages, write_starter
from arena.refereeing.players import resolve_player
from arena.refereeing.referee import play_game

ARENA = str(Path(sys.executable).parent / "arena")
HAVE_GXX = shutil.which("g++") is not None and shutil.which("make") is not None
COMPILERS = {"c": "gcc", "cpp": "g++", "java": "javac", "go": "go", "rust": "rustc"}
STARTERS = [(game, lang) for game in game_names() for lang in template_languages(game)]


def arena(*args):
    return subprocess.run([ARENA, *args], capture_output=True, text=True, timeout=120)


@pytest.fixture(scope="module")
def starter_bot(tmp_path_factory):
    """``starter_bot(game, lang)``: the PLAYER of a freshly written (and built) starter bot, once per module."""
    built = {}

    def get(game: str, lang: str) -> str:
        if lang in COMPILERS and (shutil.which(COMPILERS[lang]) is None or shutil.which("make") is None):
            pytest.skip(f"{COMPILERS[lang]} or make is not installed")
        if (game, lang) not in built:
            built[game, lang] = new_bot(game, lang, tmp_path_factory.mktemp(f"{game}-{lang}") / "mybot")
        return built[game, lang]

    return get


def new_bot(game: str, lang: str, directory: Path) -> str:
    """Write the starter bot as ``arena new`` does (and build it with its Makefile); return its PLAYER."""
    write_starter(game, get_game(game).title, directory, lang)
    if lang in COMPILES:
        built = subprocess.run(["make", "-C", str(directory)], capture_output=True, text=True, timeout=300)
        assert built.returncode == 0, built.stdout + built.stderr
        assert "warning" not in built.stderr, built.stderr  # the C family builds with -Wall -Wextra
    bot = directory / "bot"
    assert os.access(bot, os.X_OK)
    return str(bot)


def test_every_game_has_a_starter_in_all_six_languages():
    assert all(template_languages(game) == ["python", "cpp", "c", "java", "go", "rust"] for game in game_names())


def run_alone(command: list[str], given: str) -> list[str]:
    """Give a program all its input at once, input left open; return what it wrote once it exited by itself."""
    process = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                               stderr=subprocess.DEVNULL, text=True)
    try:
        process.stdin.write(given)
        process.stdin.flush()  # and left open: the end of the game, not of the input, must stop it
        assert process.wait(timeout=20) == 0
        return process.stdout.read().splitlines()
    finally:
        process.kill()
        process.stdin.close()
        process.stdout.close()


@pytest.mark.compilers
@pytest.mark.parametrize("game, lang", STARTERS)
def test_the_starter_bot_plays_clean_games_in_both_seats_and_stops_by_itself(starter_bot, game, lang):
    """The admission test, both seats of a seed, passes; given each of those games' whole input at
    once, the bot plays the same moves (same seed) and exits 0 by itself; and without a seed, as
    ``arena check GAME DIR/bot`` starts it, it plays a clean game too.

    One set of games for both checks: the admission test's records are the games replayed."""
    bot = starter_bot(game, lang)
    seeded = run_check(game, f"{bot} 7", games=2, seed=3)
    assert seeded.clean, render(seeded)
    assert sorted(checked.seat for checked in seeded.games) == [0, 1]
    for checked in seeded.games:
        transcript = checked.record["transcripts"][checked.seat]
        wrote = [line for way, line in transcript if way == "out"]
        assert len(wrote) > 5
        given = "".join(line + "\n" for way, line in transcript if way == "in")
        assert run_alone([bot, "7"], given) == wrote
    unseeded = run_check(game, bot, games=1, seed=1)
    assert unseeded.clean, render(unseeded)


def test_new_writes_the_files_and_says_what_to_do_next(tmp_path):
    target = tmp_path / "mybot"
    out = arena("new", "flippo", str(target), "--lang", "cpp")
    assert out.returncode == 0, out.stderr
    assert sorted(p.name for p in target.iterdir()) == ["Makefile", "README.md", "bot.cpp"]
    assert f"make -C {target}" in out.stdout and f"arena play flippo {target}/bot builtin:greedy" in out.stdout
    assert "CHANGE THIS FUNCTION FIRST" in (target / "bot.cpp").read_text()
    readme = (target / "README.md").read_text()
    assert f"make -C {target}" in readme and f"arena check flippo {target}/bot" in readme
    python = tmp_path / "pybot"
    assert arena("new", "blackhole", str(python)).returncode == 0  # Python is the default
    assert sorted(p.name for p in python.iterdir()) == ["README.md", "bot", "bot.py"]
    assert (python / "bot.py").read_text().startswith("#!/usr/bin/env python3")
    assert "make" not in (python / "README.md").read_text()


@pytest.mark.parametrize("lang, files", [("c", ["Makefile", "README.md", "bot.c"]),
                                         ("java", ["Main.java", "Makefile", "README.md", "bot"]),
                                         ("go", ["Makefile", "README.md", "bot.go"]),
                                         ("rust", ["Makefile", "README.md", "bot.rs"])])
def test_new_writes_one_source_file_in_each_language(tmp_path, lang, files):
    target = tmp_path / "mybot"
    out = arena("new", "domineering", str(target), "--lang", lang)
    assert out.returncode == 0, out.stderr
    assert sorted(p.name for p in target.iterdir()) == files
    assert f"make -C {target}" in out.stdout and "CHANGE THIS FUNCTION FIRST" in out.stdout


def test_new_refuses_a_folder_that_is_not_empty_unless_forced(tmp_path):
    (tmp_path / "notes.txt").write_text("mine")
    refused = arena("new", "flippo", str(tmp_path))
    assert refused.returncode == 2 and "is not empty" in refused.stderr and "--force" in refused.stderr
    assert sorted(p.name for p in tmp_path.iterdir()) == ["notes.txt"]
    forced = arena("new", "flippo", str(tmp_path), "--force")
    assert forced.returncode == 0, forced.stderr
    assert (tmp_path / "notes.txt").read_text() == "mine" and (tmp_path / "bot.py").exists()
    a_file = arena("new", "flippo", str(tmp_path / "notes.txt"))
    assert a_file.returncode == 2 and "is not a folder" in a_file.stderr


def test_new_names_an_unknown_game_or_language(tmp_path):
    game = arena("new", "chess", str(tmp_path / "a"))
    assert game.returncode == 2 and "unknown game 'chess'" in game.stderr
    lang = arena("new", "flippo", str(tmp_path / "b"), "--lang", "cobol")
    assert lang.returncode == 2 and "'cobol' is not one of" in lang.stderr
    assert not (tmp_path / "a").exists() and not (tmp_path / "b").exists()


@pytest.mark.compilers
@pytest.mark.parametrize("lang", template_languages("turnright"))
def test_the_turn_right_starter_stops_on_x(starter_bot, lang):
    """Turn Right has no end message, but a fault ends the game with a line "x" to both sides."""
    bot = starter_bot("turnright", lang)
    for opening in ("Start\nx\n", "c3\nx\n"):  # as White, and as Black
        assert len(run_alone([bot], opening)) == 1  # its one placement, then nothing


@pytest.mark.compilers
@pytest.mark.parametrize("lang", template_languages("turnright"))
def test_the_turn_right_starter_stops_after_a_3x3(starter_bot, lang):
    """A 3x3 block ends Turn Right early with no message: the bot must see it on its own board."""
    bot = starter_bot("turnright", lang)
    players = [resolve_player("turnright", f"{bot} 7"), resolve_player("turnright", "builtin:random")]
    for seed in range(40):  # about one game in six ends with a 3x3
        record = play_game("turnright", players, seed=seed)
        if record["result"]["ending"] == "3x3":
            break
    else:
        pytest.fail("no game of 40 ended with a 3x3")
    transcript = record["transcripts"][0]
    given = "".join(line + "\n" for way, line in transcript if way == "in")
    assert run_alone([bot, "7"], given) == [line for way, line in transcript if way == "out"]


def test_the_turnright_python_starter_plays_on_when_the_placements_left_a_3x3(tmp_path):
    """The rules check 3x3 blocks only after a circuit: a block the placements made does not end
    the game, so the starter (White here) must answer Black's first circuit, which breaks it."""
    from arena.games.turnright.rules import TurnRightState, rectangles
    from arena.games.turnright.scoring import BLACK, WHITE, has_3x3

    bot = new_bot("turnright", "python", tmp_path / "mybot")
    blocks = [[6 * (r + j) + f + i for i in range(3) for j in range(3)] for f in range(4) for r in range(4)]
    for seed in range(1, 40):
        program = subprocess.Popen([bot, str(seed)], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                   stderr=subprocess.DEVNULL, text=True)
        state = TurnRightState()

        def tell(line: str) -> None:
            program.stdin.write(line + "\n")
            program.stdin.flush()

        tell("Start")
        while state.placing:
            state.play_text(program.stdout.readline().strip())  # White's placement
            if not state.placing:
                break
            # Black fills the block with no White piece that it has filled most
            open_blocks = [b for b in blocks if all(state.board[s] != WHITE for s in b)]
            if not open_blocks:
                break
            block = max(open_blocks, key=lambda b: sum(state.board[s] == BLACK for s in b))
            free = [s for s in block if state.board[s] != BLACK] or state.legal_moves()  # a full block: anywhere
            square = free[0]
            state.play(square)
            tell(state.format_move(square))
        def leaves_no_block(circuit) -> bool:
            after = state.copy()
            after.play(circuit)
            return not (has_3x3(after.board, WHITE) or has_3x3(after.board, BLACK))

        made_a_block = not state.placing and has_3x3(state.board, BLACK)
        breaking = [c for c in rectangles() if leaves_no_block(c)] if made_a_block else []
        if not breaking:
            program.kill()
            program.wait()
            continue
        tell(state.format_move(breaking[0]))
        reply = program.stdout.readline().strip()
        program.kill()
        program.wait()
        state.play(breaking[0])
        state.play_text(reply)  # a legal circuit, not the end of its output
        return
    pytest.fail("no seed let Black build a 3x3 block in the placements")
