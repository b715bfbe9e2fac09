"""A user of the machine's own, made for a test (useradd), who runs Python code that uses arena with
Debian's /usr/bin/python3: what an ordinary user without a cgroup of their own gets."""

from __future__ import annotations

import os
import pwd
import subprocess
import textwrap
import uuid
from pathlib import Path

import pytest

import arena

NEEDS_ROOT = pytest.mark.skipif(os.geteuid() != 0 or not os.path.exists("/usr/bin/python3"),
                                reason="needs root to make a user of its own (useradd), and Debian's Python")


class MadeUser:
    def __init__(self) -> None:
        self.name = f"arenat{uuid.uuid4().hex[:8]}"
        subprocess.run(["useradd", "-m", "-s", "/bin/sh", self.name], check=True)
        entry = pwd.getpwnam(self.name)
        self.uid, self.gid, self.home = entry.pw_uid, entry.pw_gid, Path(entry.pw_dir)

    def write(self, name: str, text: str) -> Path:
        """A file of the user's in its home."""
        path = self.home / name
        path.write_text(textwrap.dedent(text).lstrip("\n"))
        os.chown(path, self.uid, self.gid)
        return path

    def run(self, code: str, *args: str, timeout: float = 240) -> list[str]:
        """``code`` run as the user (Debian's Python, arena from this checkout); its output's lines."""
        script = self.write(f"run-{uuid.uuid4().hex[:6]}.py", code)
        arena_src = str(Path(arena.__file__).resolve().parents[1])
        env = {"HOME": str(self.home), "PATH": "/usr/local/bin:/usr/bin:/bin", "LANG": "C.UTF-8",
               "PYTHONPATH": arena_src}
        out = subprocess.run(["setpriv", f"--reuid={self.name}", f"--regid={self.name}", "--clear-groups",
                              "/usr/bin/python3", str(script), *args],
                             cwd=self.home, env=env, capture_output=True, text=True, timeout=timeout)
        if "No module named" in out.stderr:
            pytest.skip("Debian's Python cannot import arena here: " + out.stderr.splitlines()[-1])
        assert out.returncode == 0, out.stderr
        return out.stdout.splitlines()

    def remove(self) -> None:
        subprocess.run(["pkill", "-KILL", "-u", self.name], capture_output=True)
        subprocess.run(["userdel", "-r", self.name], capture_output=True)
