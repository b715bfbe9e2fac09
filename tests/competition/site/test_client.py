"""``arena submit`` as a contestant runs it, against a live server (its conductor the test double)."""

from __future__ import annotations

import os
import subprocess
import sys

from .conftest import PASSWORD

ARENA = [sys.executable, "-m", "arena.cli"]


def submit(url: str, tmp_path, filename: str, source: str, *options: str, password: str = PASSWORD,
           env: dict | None = None):
    program = tmp_path / filename
    program.write_text(source)
    password_file = tmp_path / "password"
    password_file.write_text(password + "\n")
    return subprocess.run([*ARENA, "submit", url, str(program), "--user", "alice", "--password-file",
                           str(password_file), "--poll", "0.1", *options], capture_output=True, text=True,
                          timeout=120, env={**os.environ, **(env or {})}, stdin=subprocess.DEVNULL)


def test_an_admitted_program_exits_0_and_prints_the_log_and_report(competition, tmp_path):
    done = submit(competition.url, tmp_path, "bot.py", "print('hello')\n")
    assert done.returncode == 0, done.stderr
    assert "status: admitted" in done.stdout and "compiled (fake build)" in done.stdout
    assert "clean in both seats (fake admission)" in done.stdout and "submission 1: admitted" in done.stdout
    assert competition.store.submission(1).user_name == "alice"


def test_a_build_failure_and_a_rejection_exit_1_with_the_log_and_report(competition, tmp_path):
    failed = submit(competition.url, tmp_path, "bot.cpp", "int main() { #error }\n")
    assert failed.returncode == 1 and "expected ';'" in failed.stdout and "build-failed" in failed.stdout
    rejected = submit(competition.url, tmp_path, "bot.py", "#crash\n")
    assert rejected.returncode == 1 and "crash on its first move" in rejected.stdout
    assert "submission 2: rejected" in rejected.stdout


def test_the_language_option_reaches_the_server(competition, tmp_path):
    refused = submit(competition.url, tmp_path, "bot.py", "print(1)\n", "--language", "cobol")
    assert refused.returncode == 1 and "refused (400)" in refused.stderr and "cobol" in refused.stderr


def test_a_wrong_password_an_unreachable_server_and_a_refused_upload_are_clear(competition, tmp_path):
    wrong = submit(competition.url, tmp_path, "bot.py", "print(1)\n", password="not it at all")
    assert wrong.returncode == 1 and "wrong name or password" in wrong.stderr and "Traceback" not in wrong.stderr
    away = submit("http://127.0.0.1:9", tmp_path, "bot.py", "print(1)\n")
    assert away.returncode == 1 and "cannot reach http://127.0.0.1:9" in away.stderr
    competition.store.set_frozen(True)
    frozen = submit(competition.url, tmp_path, "bot.py", "print(1)\n")
    assert frozen.returncode == 1 and "frozen" in frozen.stderr
    bad_url = submit("ftp://example", tmp_path, "bot.py", "print(1)\n")
    assert bad_url.returncode == 2 and "http://" in bad_url.stderr


def test_credentials_from_the_environment(competition, tmp_path):
    program = tmp_path / "bot.py"
    program.write_text("print(1)\n")
    done = subprocess.run([*ARENA, "submit", competition.url, str(program), "--poll", "0.1"], capture_output=True,
                          text=True, timeout=120, stdin=subprocess.DEVNULL,
                          env={**os.environ, "ARENA_USER": "bob", "ARENA_PASSWORD": PASSWORD})
    assert done.returncode == 0, done.stderr
    assert competition.store.submissions()[0].user_name == "bob"


def test_a_submission_that_stays_unbuilt_times_out(competition, tmp_path, monkeypatch):
    monkeypatch.setattr(competition.conductor, "submission_added", lambda submission_id: None)  # never built
    done = submit(competition.url, tmp_path, "bot.py", "print(1)\n", "--timeout", "1")
    assert done.returncode == 1 and "still building after 1 s" in done.stderr


def test_a_file_over_the_limit_is_refused_saying_its_size(competition, tmp_path):
    done = submit(competition.url, tmp_path, "bot.py", "#" * (3 * 1024 * 1024))
    assert done.returncode == 1 and ("larger than" in done.stderr or "too large" in done.stderr), done.stderr
    assert competition.store.submissions() == []


def test_a_build_log_and_report_reach_the_terminal_written_out(competition, tmp_path, monkeypatch):
    """A build log holds a compiler's output about a stranger's source: a clipboard write (OSC 52),
    a bell, clearing the screen, a right-to-left override and a zero-width space in it are
    written out, never sent to the contestant's terminal raw."""
    hostile = "\x1b]52;c;ZWNobyBwd25lZA==\x07\x1b[2J\u202e\u200b"

    def build(submission_id):
        competition.store.update_submission(submission_id, status="admitted", build_log=f"log {hostile}end",
                                            admission=f"report {hostile}end", command="builtin:random")

    monkeypatch.setattr(competition.conductor, "submission_added", build)
    done = submit(competition.url, tmp_path, "bot.py", "print(1)\n")
    assert done.returncode == 0, done.stderr
    for raw in ("\x1b", "\x07", "\u202e", "\u200b"):
        assert raw not in done.stdout + done.stderr
    written_out = "\\x1b]52;c;ZWNobyBwd25lZA==\\x07\\x1b[2J\\u202e\\u200bend"
    assert f"log {written_out}" in done.stdout and f"report {written_out}" in done.stdout


def test_a_reports_tabs_print_as_tabs_and_its_escapes_written_out(competition, tmp_path):
    rejected = submit(competition.url, tmp_path, "bot.py", "#trace\n")
    assert rejected.returncode == 1
    assert "    | \tat Main.main(Main.java:12)\n" in rejected.stdout  # a real tab, as the trace was written
    assert "\\x09" not in rejected.stdout and "\\\\" not in rejected.stdout  # neither escaped nor doubled
    assert "<no move>" in rejected.stdout
    assert "    | \\x1b]52;c;cGF3bmVk\\x07 \\u202egnp.exe" in rejected.stdout  # written out, once
    assert "\x1b" not in rejected.stdout and "\u202e" not in rejected.stdout
