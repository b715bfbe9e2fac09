"""A program whose stderr, moves and name hold <script> and HTML: chromium shows the text and runs nothing."""

import sys

import pytest

from arena.refereeing.players import resolve_player
from arena.judge.record import write_record
from arena.refereeing.referee import play_game
from arena.viewer.viewer_app import create_app
from arena.web_common.server import BackgroundServer

pytestmark = pytest.mark.browser

HOSTILE = '<script>window.pwned=1</script><img src=x onerror="window.pwned=2"><i id="injected">x</i>'

HOSTILE_BOT = f'''
import sys
sys.stderr.write({HOSTILE!r} + "\\n")
sys.stderr.flush()
for line in sys.stdin:
    print({HOSTILE!r}, flush=True)
'''


def test_hostile_program_text_is_shown_as_text_and_never_run(page, tmp_path):
    bot = tmp_path / "bot.py"
    bot.write_text(HOSTILE_BOT)
    specs = [resolve_player("flippo", f"{sys.executable} {bot} '{HOSTILE}'"),
             resolve_player("flippo", "builtin:random")]
    write_record(play_game("flippo", specs, seed=2, time_scale=0.5), tmp_path / "hostile.json")
    with BackgroundServer(create_app([], tmp_path)) as server:
        page.goto(f"{server.url}/records/hostile.json")
        page.keyboard.press("End")
        page.wait_for_timeout(300)
        assert page.evaluate("window.pwned") is None
        assert page.locator("#injected").count() == 0  # no element came out of program text
        assert HOSTILE in page.text_content("#stderr0")  # the exact text, visible
        assert HOSTILE in page.text_content("#transcript0")  # the move it wrote
        assert HOSTILE in page.text_content(".players")  # its name (the command line)
        assert "format" in page.text_content("#verdicts")
        page.goto(f"{server.url}/records")
        assert page.evaluate("window.pwned") is None
        assert page.console.errors == []
