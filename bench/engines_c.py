"""Compile and run a benchmark's C reference with the machine's ``cc -O3`` (for bench/engines.py).

The program gets a data file and a repetition count as its arguments and
prints the seconds it spent and its checksum.
"""

from __future__ import annotations

import os
import subprocess
import tempfile


def run_c_reference(source: str, data: bytes, reps: int) -> tuple[float, int]:
    """(seconds, checksum) printed by the C program ``source`` run on ``data`` ``reps`` times."""
    with tempfile.TemporaryDirectory() as tmp:
        source_path, binary, data_path = (os.path.join(tmp, n) for n in ("ref.c", "ref", "data.bin"))
        with open(source_path, "w") as f:
            f.write(source)
        subprocess.run(["cc", "-O3", "-march=native", "-o", binary, source_path], check=True)
        with open(data_path, "wb") as f:
            f.write(data)
        seconds, total = subprocess.run([binary, data_path, str(reps)], capture_output=True, text=True,
                                        check=True).stdout.split()
    return float(seconds), int(total)
