"""A real chromium (Debian's, driven by Playwright) against a real uvicorn serving the viewer on 127.0.0.1.

Never ``playwright install``: it downloads a browser. Without chromium the tests
are skipped with the reason, except under CI=true, where that is a failure.
"""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

from arena.viewer.viewer_app import create_app
from arena.web_common.server import BackgroundServer

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--no-first-run"]


def _missing_browser() -> str | None:
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        return "the Python package playwright is not installed (pip install -e '.[test]')"
    if not (Path(CHROMIUM).exists() or shutil.which("chromium")):
        return f"no chromium at {CHROMIUM} (as root: apt-get install chromium)"
    return None


@pytest.fixture(scope="session")
def browser():
    missing = _missing_browser()
    if missing:
        if os.environ.get("CI") == "true":
            pytest.fail(f"browser tests cannot run: {missing}")
        pytest.skip(f"browser tests skipped: {missing}")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=CHROMIUM if Path(CHROMIUM).exists()
                                              else shutil.which("chromium"), args=CHROMIUM_ARGS)
        yield chromium
        chromium.close()


class Console:
    """The page's console errors and uncaught exceptions."""

    def __init__(self, page) -> None:
        self.errors: list[str] = []
        page.on("console", lambda message: self.errors.append(message.text) if message.type == "error" else None)
        page.on("pageerror", lambda error: self.errors.append(str(error)))


@pytest.fixture
def page(browser):
    context = browser.new_context(viewport={"width": 1280, "height": 1000})
    page = context.new_page()
    page.console = Console(page)
    page.set_default_timeout(20_000)
    yield page
    context.close()


@pytest.fixture(scope="session")
def records_server(records_dir):
    with BackgroundServer(create_app([], records_dir)) as server:
        yield server


@pytest.fixture(autouse=True)
def _cheap_passwords(cheap_passwords):
    """Every test here hashes and checks passwords at argon2's lowest cost (tests/conftest.py says why)."""
