"""competition/'s modules import one another without a circle (imports inside functions and under
TYPE_CHECKING counted too; test_layers.py checks the same of every module), and a build worker's
modules do not load the command line (click)."""

from __future__ import annotations

import subprocess
import sys

from ..import_graph import SOURCE, cycles, module_graph


def test_no_module_of_competition_imports_itself_round_a_circle():
    graph = module_graph(SOURCE / "competition")
    inside = {module: {other for other in imported if other in graph} for module, imported in graph.items()}
    assert "arena.competition.build.languages" in graph and inside["arena.competition.site.site_app"]
    assert cycles(inside) == []


def test_a_build_worker_does_not_import_the_command_line():
    loaded = subprocess.run(
        [sys.executable, "-c", "import sys, arena.competition.build.one_build, arena.competition.build.shipped_build, arena.competition.play.work_items;"
                               " print('click' in sys.modules, any(m.split('.')[:2] == ['arena', 'cli'] for m in sys.modules))"],
        capture_output=True, text=True, check=True).stdout.split()
    assert loaded == ["False", "False"]
