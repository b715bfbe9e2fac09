"""The admission test's report: the text ``arena check`` prints and a competition keeps.

:func:`check_program` runs the test (admission_games.py) and gives its report as plain text with the
clean flag; :func:`render` makes the text of a report. No command-line machinery here: a
competition's build worker imports this module, and cli/check_command.py, the command, only adds the
colours and the exit status.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import replace
from typing import Protocol

from .admission_games import OPPONENT, CheckedGame, CheckReport, run_check
from ..refereeing.fault_report import explain, summary
from ..judge.sandbox.settings import Sandbox
from ..refereeing.terminal_text import shell_word, visible

SEAT_WORDS = ("first", "second")

CLOCK_WARNING = 0.8
"""A share of the clock above which the report warns: a slower machine would time out."""

_ANSI = re.compile(r"\033\[[0-?]*[ -/]*[@-~]")
"""An ANSI escape sequence (the pattern click.unstyle removes)."""


class Style(Protocol):
    """How the report colours a few words: click.style's signature, so that the command passes it as it is."""

    def __call__(self, text: str, *, fg: str | None = None, bold: bool | None = None) -> str: ...


def plain(text: str, fg: str | None = None, bold: bool | None = None) -> str:
    """No colours: the text as it is."""
    return text


def unstyle(text: str) -> str:
    """``text`` without ANSI escapes, as check_program always gave it: a program's own words quoted
    in the report might hold some, and the kept report is shown on a web page."""
    return _ANSI.sub("", text)


def as_it_is(text: str) -> str:
    """A program's text kept as it came (for a report stored and escaped where it is shown)."""
    return text


def check_program(game_name: str, player: str, games: int = 4, time_scale: float = 1.0,
                  seed: int | None = None, sandbox: Sandbox | None = None,
                  for_terminal: bool = True, shown_as: str | None = None,
                  folder: str | None = None) -> tuple[str, bool]:
    """Run the admission test from Python: the report as text, and whether every game was clean.

    ``for_terminal``: the program's own text (its stderr, a reason quoting it) with its control
    characters written out, ready to print. False keeps it as it came, tabs and all, for a caller
    that escapes it where it shows it: a competition stores the report and shows it on a page
    (HTML-escaped) and in ``arena submit`` (terminal_text.visible_log). ``shown_as``: the program
    as the report names it, in its first line and its replay lines, when it is not the command that
    ran it (a competition names the command its contestant runs at home, not the server's). ``folder``:
    the program's own folder, when the caller names it (a competition's build folder)."""
    report = run_check(game_name, player, games=games, time_scale=time_scale, seed=seed, sandbox=sandbox,
                       folder=folder)
    if shown_as is not None:
        report = replace(report, player=shown_as)
    if not for_terminal:
        return render(report, escape=as_it_is), report.clean  # plain style: no colour of ours to remove
    return unstyle(render(report)), report.clean


def render(report: CheckReport, style: Style = plain, escape: Callable[[str], str] = visible) -> str:
    """The whole report: one line per game, each problem explained, the timing, the verdict;
    ``style`` colours a few words (the command passes click's; the default leaves them plain);
    ``escape`` writes the program's own text (visible: ready for a terminal)."""
    seeds = sorted({game.seed for game in report.games})
    seats = "in both seats" if len(report.games) > 1 else f"as {report.games[0].seat_name}"
    lines = [f"arena check {report.game} {shell_word(report.player)}: {_games(len(report.games))} "
             f"against {OPPONENT} {seats}, seed{'s' if len(seeds) > 1 else ''} "
             f"{', '.join(map(str, seeds))}", ""]
    lines += [_game_line(game, style) for game in report.games]
    lines += _problem_lines(report, style, escape)
    for game in report.games:
        if game.opponent_fault is not None:
            lines += ["", f"Note: in game {game.number} the built-in opponent faulted "
                          f"({game.opponent_fault.verdict}: {escape(game.opponent_fault.reason)}); "
                          "is the machine very busy?"]
    lines += ["", *_timing_lines(report, style), ""]
    if report.clean:
        lines.append(style(f"Clean: {_games(len(report.games))} without a fault.", fg="green", bold=True))
    else:
        lines.append(style(f"Not clean: {len(report.faulty)} of {len(report.games)} games had a fault.",
                                 fg="red", bold=True))
    return "\n".join(lines)


def _problem_lines(report: CheckReport, style: Style, escape: Callable[[str], str]) -> list[str]:
    """Each faulty game: the full explanation, or one line when an earlier one was the same fault."""
    lines: list[str] = []
    explained: dict[tuple, int] = {}  # (verdict, move, line): the problem that explains it
    for problem, game in enumerate(report.faulty, start=1):
        fault = game.fault
        assert fault is not None  # report.faulty holds the games with a fault
        lines += ["", style(f"Problem {problem}: game {game.number}, seed {game.seed}, "
                                  f"playing {game.seat_name} (the {SEAT_WORDS[game.seat]} seat)", bold=True)]
        same = explained.setdefault((fault.verdict, fault.move_number, fault.line), problem)
        if same == problem:
            lines += ["  " + line for line in explain(fault, escape)]
        else:
            lines.append(f"  the same fault as problem {same}: {summary(fault, escape=escape)}")
        lines.append(f"  replay it: {_replay_command(report, game)}")
    return lines


def _game_line(game: CheckedGame, style: Style) -> str:
    timing = game.timing
    if game.fault is None:
        status = style("ok", fg="green")
    else:
        status = style(f"{game.fault.verdict} at its move {game.fault.move_number}", fg="red")
    first = "-" if timing.first_reply_ms is None else f"{timing.first_reply_ms:.0f} ms"
    longest = f"{timing.longest_move_ms:.0f} ms" if timing.longest_move_ms else "-"
    return (f"  game {game.number}  seed {game.seed}  {game.seat_name:<7} {status}; "
            f"first reply {first}, longest move {longest}, clock used {timing.clock_share:.0%}")


def _games(count: int) -> str:
    return f"{count} game{'s' if count != 1 else ''}"


def _timing_lines(report: CheckReport, style: Style) -> list[str]:
    timings = [game.timing for game in report.games]
    clock_ms = timings[0].clock_ms
    firsts = [t.first_reply_ms for t in timings if t.first_reply_ms is not None]
    worst = max(timings, key=lambda t: t.clock_share)
    lines = [
        f"Timing over {_games(len(timings))} (clock {clock_ms / 1000:g} s per game):",
        f"  start-up (time to its first reply): {f'at most {max(firsts):.0f} ms' if firsts else 'it never replied'}",
        f"  longest move: {max(t.longest_move_ms for t in timings):.0f} ms",
        f"  clock used: at most {worst.clock_share:.0%} ({worst.clock_used_ms:.0f} ms of {clock_ms:.0f} ms)",
    ]
    # a game lost on time says more than a warning; warn about the games that ended in time
    if max((g.timing.clock_share for g in report.games if g.fault is None), default=0) > CLOCK_WARNING:
        lines.append(style(f"  warning: more than {CLOCK_WARNING:.0%} of the clock; "
                                 "a slower or busier machine may time it out", fg="yellow"))
    return lines


def _replay_command(report: CheckReport, game: CheckedGame) -> str:
    players = [report.player, OPPONENT] if game.seat == 0 else [OPPONENT, report.player]
    scale = "" if report.time_scale == 1 else f" --time-scale {report.time_scale:g}"
    return (f"arena play {report.game} {' '.join(shell_word(p) for p in players)} "
            f"--seed {game.seed}{scale}")
