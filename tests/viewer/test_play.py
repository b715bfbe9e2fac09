"""Playing in the browser's place through the API: the same judge, the rules' refusals, a saved record."""

import json
import os
import time

import pytest


def wait_for(fetch_json, url, status, version=-1, limit_s=60):
    deadline = time.monotonic() + limit_s
    while time.monotonic() < deadline:
        view = fetch_json(f"{url}?after={version}")
        version = view["version"]
        if view["status"] in status:
            return view
    raise AssertionError(f"{url} never reached {status}")


def test_a_flippo_game_against_random_is_played_refused_and_saved(server, records_dir, fetch_json):
    started = fetch_json(f"{server.url}/api/play", {"game": "flippo", "opponent": "builtin:random", "seat": 1,
                                                    "seed": 11, "time_scale": 0.5})
    url = f"{server.url}/api/play/{started['id']}"
    view = wait_for(fetch_json, url, {"your move"})
    refused = fetch_json(f"{url}/move", {"text": "A1"})
    assert not refused["accepted"] and refused["refusal"]  # the rules' reason
    clicked = fetch_json(f"{url}/click", {"x": 1, "y": 1})  # the margin, off the board
    assert not clicked["accepted"]
    assert view["clocks"][0] is not None and view["clocks"][1] is None  # the program's clock; none for you
    moves = 0
    while view["status"] == "your move":
        typed = view["legal"][0].lower() if moves % 2 else view["legal"][0]  # c4 is C4 for a person
        answer = fetch_json(f"{url}/move", {"text": typed})
        assert answer["accepted"], answer
        moves += 1
        view = wait_for(fetch_json, url, {"your move", "over"}, view["version"])
    assert view["status"] == "over" and moves >= 25
    record = json.loads((records_dir / view["record"]).read_text())
    assert record["players"][1]["name"] == "human" and record["result"] == view["result"]
    assert len(record["moves"]) == 60 and all(move["text"].isupper() for move in record["moves"])
    replay = fetch_json(f"{server.url}/api/records/{view['record']}/replay")
    assert replay["plies"][-1]["board_scores"] == [s for s in record["result"]["scores"]]


@pytest.mark.parametrize("game", ["luckywords", "domineering"])
def test_games_whose_moves_take_several_lines_or_a_handshake(server, fetch_json, game):
    """A Lucky Words call is asked for as its letter, then its cell; Domineering's READY is answered for you."""
    started = fetch_json(f"{server.url}/api/play", {"game": game, "opponent": "builtin:random", "seat": 0,
                                                    "seed": 3})
    url = f"{server.url}/api/play/{started['id']}"
    view = wait_for(fetch_json, url, {"your move"})
    assert game != "luckywords" or "your grid" in view["svg"]  # only your own grid, as text
    free_cells = iter([48, 47, 46, 45])  # placements take the lowest free cells
    for _ in range(3):
        if view["legal"]:
            lines = [view["legal"][0]]
        else:  # a Lucky Words call: too many to list, and written as two lines
            assert view["prompt"] == "the letter you call (A-Z)"
            assert not fetch_json(f"{url}/move", {"text": "A 48"})["accepted"]  # one line at a time
            lines = ["A", str(next(free_cells))]
        for line in lines:
            answer = fetch_json(f"{url}/move", {"text": line})
            assert answer["accepted"], answer
            view = wait_for(fetch_json, url, {"your move", "over"}, view["version"])
            assert view["status"] == "your move"
        if game == "luckywords":  # hidden grids: none of the opponent's moves is shown
            assert view["moves"] and all(m["seat"] == 0 for m in view["moves"])
    fetch_json(f"{url}/resign", {})
    view = wait_for(fetch_json, url, {"over"}, view["version"])
    assert view["result"]["verdicts"][0] == "exit" and "resigned" in view["result"]["faults"][0]


def test_a_game_that_cannot_start_says_why(server, fetch):
    status, body = fetch(f"{server.url}/api/play", {"game": "chess", "opponent": "builtin:random"})
    assert status == 400 and "unknown game" in body
    status, body = fetch(f"{server.url}/api/play", {"game": "flippo", "opponent": "builtin:nobody"})
    assert status == 400 and "no built-in player" in body


def test_a_command_from_a_request_is_never_run_only_the_opponents_the_viewer_was_started_with(
        tmp_path, fetch, fetch_json):
    """A request names a built-in player or an opponent given to the viewer; a command in it is
    refused, not run; a named opponent runs its command, in the viewer's sandbox."""
    import sys

    from arena.judge.sandbox.settings import Sandbox
    from arena.viewer.viewer_app import create_app
    from arena.web_common.server import BackgroundServer

    planted = tmp_path / "planted"
    mine = f"{sys.executable} -m arena.toolkit.builtin_player flippo random"
    app = create_app([], tmp_path, sandbox=Sandbox("limits", memory_mb=300), opponents={"mine": mine})
    with BackgroundServer(app) as server:
        for command in (f"touch {planted}", f"sh -c 'touch {planted}'", "mine ; touch x", "human", mine):
            status, body = fetch(f"{server.url}/api/play", {"game": "flippo", "opponent": command, "seat": 1})
            assert status == 400 and "no command is taken from a request" in body, (command, body)
            assert "here: mine" in body  # it says what may be asked for
        assert "mine" in fetch(f"{server.url}/play")[1]  # the form offers it
        started = fetch_json(f"{server.url}/api/play", {"game": "flippo", "opponent": "mine",
                                                        "seat": 0, "seed": 2})
        url = f"{server.url}/api/play/{started['id']}"
        view = wait_for(fetch_json, url, {"your move"})
        fetch_json(f"{url}/resign", {})
        view = wait_for(fetch_json, url, {"over"}, view["version"])
    assert not planted.exists()
    record = json.loads((tmp_path / view["record"]).read_text())
    assert record["players"][1]["command"] == mine  # the command the viewer was started with
    assert record["sandbox"]["mode"] == "limits" and record["sandbox"]["memory_mb"] == 300
    assert record["sandbox"]["memory_from"] == "option"


@pytest.mark.root
@pytest.mark.skipif(os.geteuid() != 0, reason="programs read only their own folder under a root judge")
def test_a_named_opponent_plays_with_the_folder_the_viewer_was_given_for_it(tmp_path, fetch_json):
    """``arena serve --folder NAME=DIR``: the opponent's games give it DIR whole, not its command's folder."""
    import sys

    from arena.judge.sandbox.settings import Sandbox
    from arena.viewer.viewer_app import create_app
    from arena.web_common.server import BackgroundServer

    bot_folder, data = tmp_path / "bot", tmp_path / "data"
    for folder in (bot_folder, data):
        folder.mkdir(mode=0o700)
    (data / "weights.txt").write_text("the weights")
    # reads the file its argument names backwards (so that the command names no file of data's), then plays
    (bot_folder / "bot.py").write_text(
        "import os, sys\n"
        "try:\n    open(sys.argv[1][::-1]).read()\n"
        "except OSError:\n    print('x', flush=True)\n    sys.exit(0)\n"
        "os.execv(sys.executable, [sys.executable, '-m', 'arena.toolkit.builtin_player', 'flippo', 'random'])\n")
    mine = f"{sys.executable} {bot_folder}/bot.py {str(data / 'weights.txt')[::-1]}"
    for folders, fault in (({}, True), ({"mine": str(data)}, False)):
        records = tmp_path / f"records-{len(folders)}"
        app = create_app([], records, sandbox=Sandbox("limits"), opponents={"mine": mine}, opponent_folders=folders)
        with BackgroundServer(app) as server:
            started = fetch_json(f"{server.url}/api/play", {"game": "flippo", "opponent": "mine", "seat": 1,
                                                            "seed": 2})
            url = f"{server.url}/api/play/{started['id']}"
            view = wait_for(fetch_json, url, {"your move", "over"})
            if view["status"] != "over":
                fetch_json(f"{url}/resign", {})
                view = wait_for(fetch_json, url, {"over"}, view["version"])
        record = json.loads((records / view["record"]).read_text())
        assert (record["result"]["verdicts"][0] == "format") is fault, record["result"]


def test_a_viewer_started_without_memory_runs_each_opponent_under_its_games_limit(tmp_path, fetch_json):
    from arena.judge.sandbox.settings import Sandbox
    from arena.viewer.viewer_app import create_app
    from arena.web_common.server import BackgroundServer

    app = create_app([], tmp_path, sandbox=Sandbox("limits"))  # what `arena serve` makes without --memory
    with BackgroundServer(app) as server:
        started = fetch_json(f"{server.url}/api/play", {"game": "turnright", "opponent": "builtin:random",
                                                        "seat": 0, "seed": 2})
        url = f"{server.url}/api/play/{started['id']}"
        view = wait_for(fetch_json, url, {"your move"})
        fetch_json(f"{url}/resign", {})
        view = wait_for(fetch_json, url, {"over"}, view["version"])
    record = json.loads((tmp_path / view["record"]).read_text())
    assert record["sandbox"]["memory_mb"] == 64 and record["sandbox"]["memory_from"] == "game"


@pytest.mark.parametrize("game", ["flippo", "blackhole", "domineering"])
def test_the_opponents_first_move_is_marked_when_you_play_second(server, fetch_json, game):
    started = fetch_json(f"{server.url}/api/play", {"game": game, "opponent": "builtin:random", "seat": 1,
                                                    "seed": 4})
    url = f"{server.url}/api/play/{started['id']}"
    view = wait_for(fetch_json, url, {"your move"})
    assert len(view["moves"]) == 1 and view["moves"][0]["seat"] == 0
    assert view["svg"].count('class="last-move"') == 1  # as every later move is
    fetch_json(f"{url}/resign", {})
    wait_for(fetch_json, url, {"over"}, view["version"])
