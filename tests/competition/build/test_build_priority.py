"""The host's work has an order: a build's compile and its admission test's programs run at the
builds' lower CPU priority (their nice value, as /proc shows it), never the site's and the games'."""

from __future__ import annotations

import json

from arena.competition.build.languages import DEFAULT_TABLE
from arena.competition.build.priority import BUILD_NICENESS
from arena.competition.conductor.conductor import Conductor

from .build_support import needs_isolate
from ..conftest import FAST, wait_for

# the compile writes the nice value its process has (/proc/self/stat's 19th field is cut's own)
NICE_OF_THE_COMPILE = ["sh", "-c", "cut -d ' ' -f 19 /proc/self/stat > compile_nice; python3 -I -S -m py_compile {main}"]

# the program of the admission test says its nice value on stderr as it gives up: the report quotes it
SAYS_ITS_NICE = """\
import os, sys
sys.stdin.readline()
raise SystemExit("my nice value is %d" % os.getpriority(os.PRIO_PROCESS, 0))
"""


@needs_isolate
def test_a_builds_compile_and_admission_programs_run_at_the_lower_priority(competition, conductors):
    folder, store = competition
    table = json.loads(json.dumps(DEFAULT_TABLE))
    table["python"]["compile"] = NICE_OF_THE_COMPILE
    folder.languages.write_text(json.dumps(table))
    conductor = conductors(Conductor(folder, store, jobs=1, build_jobs=1, debut=False, **FAST))
    user = store.add_user("student", None, "contestant")
    submission = store.add_submission(user, "python", "bot.py")
    folder.upload(submission).mkdir(parents=True)
    (folder.upload(submission) / "bot.py").write_text(SAYS_ITS_NICE)
    conductor.start()
    wait_for(lambda: store.submission(submission).status not in ("building", "checking"), 240, "the build")
    built = store.submission(submission)
    assert built.status == "rejected", built.build_log
    assert (folder.build(submission) / "compile_nice").read_text().strip() == str(BUILD_NICENESS), built.build_log
    assert f"my nice value is {BUILD_NICENESS}" in built.admission, built.admission
