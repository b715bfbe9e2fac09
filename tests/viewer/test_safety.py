"""Program text is shown, never run; other sites and other host names cannot drive the server."""

import sys
import time
import urllib.error
import urllib.request

from arena.refereeing.players import resolve_player
from arena.judge.record import write_record
from arena.refereeing.referee import play_game
from arena.viewer.viewer_app import create_app
from arena.web_common.server import BackgroundServer

HOSTILE = '<script>window.pwned=1</script><img src=x onerror="window.pwned=2">'

HOSTILE_BOT = f'''
import sys
sys.stderr.write({HOSTILE!r} + "\\n")
sys.stderr.flush()
for line in sys.stdin:
    print({HOSTILE!r}, flush=True)
'''


def hostile_record(tmp_path):
    bot = tmp_path / "bot.py"
    bot.write_text(HOSTILE_BOT)
    specs = [resolve_player("flippo", f"{sys.executable} {bot} '{HOSTILE}'"),
             resolve_player("flippo", "builtin:random")]
    record = play_game("flippo", specs, seed=1, time_scale=0.5)
    write_record(record, tmp_path / "hostile.json")
    return record


def test_program_text_is_escaped_in_every_page_and_the_api_keeps_it_as_data(tmp_path, fetch, fetch_json):
    record = hostile_record(tmp_path)
    assert HOSTILE in record["stderr"][0] and record["result"]["verdicts"][0] == "format"
    with BackgroundServer(create_app([], tmp_path)) as server:
        status, page = fetch(f"{server.url}/records/hostile.json")
        assert status == 200
        assert "<script>window" not in page and "<img src=x" not in page
        assert "&lt;script&gt;window.pwned=1&lt;/script&gt;" in page  # shown as text, in the stderr box
        replay = fetch_json(f"{server.url}/api/records/hostile.json/replay")
        assert HOSTILE in replay["stderr"][0]


def test_another_site_cannot_start_a_program(server, fetch):
    game = {"game": "flippo", "opponent": "touch /tmp/should-not-exist"}
    status, _ = fetch(f"{server.url}/api/play", game, headers={"Origin": "http://evil.example"})
    assert status == 403
    status, _ = fetch(f"{server.url}/api/play", game, headers={"Host": "evil.example:80"})
    assert status == 400  # a name rebound onto 127.0.0.1 is not this server's
    form = urllib.request.Request(f"{server.url}/api/play", data=b"game=flippo",
                                  headers={"Content-Type": "application/x-www-form-urlencoded"})
    try:
        urllib.request.urlopen(form)
        status = 200
    except urllib.error.HTTPError as error:
        status = error.code
    assert status == 415  # a plain HTML form from elsewhere is refused


def test_no_page_parses_text_as_markup():
    """The scripts build the DOM with textContent only, and no template turns autoescaping off."""
    from pathlib import Path

    import arena.viewer
    import arena.web_common

    folders = [Path(arena.viewer.__file__).parent, Path(arena.web_common.__file__).parent]
    scripts = [script for folder in folders for script in (folder / "static").glob("*.js")]
    templates = [template for folder in folders for template in (folder / "templates").glob("*.html")]
    assert {"replay.js", "play.js"} <= {script.name for script in scripts}
    assert {"replay.html", "play.html"} <= {template.name for template in templates}
    for script in scripts:
        code = script.read_text()
        for sink in ("innerHTML", "outerHTML", "insertAdjacentHTML", "document.write", "eval("):
            assert sink not in code, f"{script.name} uses {sink}"
    for template in templates:
        text = template.read_text()
        assert "|safe" not in text and "autoescape false" not in text, template.name


def test_arena_serve_with_no_option_runs_no_command_a_request_carries(tmp_path, fetch, fetch_once_up):
    """Any local user can reach a viewer on 127.0.0.1: a shell command posted as the opponent is
    answered 4xx and never runs, in the real ``arena serve``."""
    import socket
    import subprocess
    import sys

    planted = tmp_path / "planted"
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    server = subprocess.Popen([sys.executable, "-m", "arena.cli", "serve", "--records", str(tmp_path / "records"),
                               "--port", str(port)], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        fetch_once_up(server, f"http://127.0.0.1:{port}/play")
        status, body = fetch(f"http://127.0.0.1:{port}/api/play",
                             {"game": "flippo", "opponent": f"touch {planted}", "seat": 1})
        assert 400 <= status < 500, body
        time.sleep(0.5)  # were it started, the command would have run by now
    finally:
        server.terminate()
        server.wait(timeout=10)
    assert not planted.exists()
