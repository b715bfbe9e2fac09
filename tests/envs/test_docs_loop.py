"""docs/envs.md's training loop runs as printed (for a few games only) and learns something."""

import re
from pathlib import Path

DOC = Path(__file__).resolve().parents[2] / "docs" / "envs.md"


def test_the_training_loop_runs():
    blocks = re.findall(r"```python\n(.*?)```", DOC.read_text(), re.S)
    loop = next(block for block in blocks if "REINFORCE" in block)
    assert len([line for line in loop.splitlines() if line.strip()]) <= 20
    namespace = {}
    exec(loop.replace("range(300)", "range(5)"), namespace)
    assert namespace["weights"].any()  # five games moved the weights
