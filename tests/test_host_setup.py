"""``make host`` and ``make install-test`` share one list of what a competition host needs, and it
is the list ``arena competition doctor`` names packages from."""

import re
import subprocess
from pathlib import Path

from arena.competition.build.compiler_versions import DEBIAN_PACKAGES
from arena.competition.build.languages import default_table

MAKEFILE = (Path(__file__).parents[1] / "Makefile").read_text()


def host_tools() -> dict[str, str]:
    listed = re.search(r"^HOST_TOOLS := ((?:.*\\\n)*.*)$", MAKEFILE, re.M).group(1).replace("\\\n", " ")
    return dict(pair.split(":") for pair in listed.split())


def test_the_makefiles_packages_are_the_doctors():
    tools = host_tools()
    assert tools == DEBIAN_PACKAGES
    needed = {tool for language in default_table().values() for tool in language.tools()} | {"bwrap"}
    assert needed == set(tools)  # every tool of the default languages, and no other


def test_the_test_set_up_uses_the_hosts_recipe_and_no_copy_of_it():
    assert re.search(r"^install-test: .*\bhost-packages\b", MAKEFILE, re.M)
    assert re.search(r"^host: .*\bhost-packages\b", MAKEFILE, re.M)
    for package in (":bubblewrap", ":golang-go", ":default-jdk-headless", ":rustc"):
        assert MAKEFILE.count(package) == 1, package  # named in HOST_TOOLS alone
    installs = [line for line in MAKEFILE.splitlines() if "apt-get install" in line and "chromium" not in line]
    assert len(installs) == 2 and all("$$missing" in line for line in installs), installs  # the recipe, its message


def test_make_host_installs_then_checks(tmp_path):
    planned = subprocess.run(["make", "-n", "host"], capture_output=True, text=True, cwd=Path(__file__).parents[1])
    assert planned.returncode == 0, planned.stderr
    assert "arena competition doctor" in planned.stdout and "apt-get install" in planned.stdout
