"""tools/luckywords_wordlist.py on a tiny scowl folder made here: what it keeps, what it leaves out."""

import re
import subprocess
import sys
from pathlib import Path

import pytest

TOOL = Path(__file__).resolve().parents[3] / "tools" / "luckywords_wordlist.py"

# file name -> its lines (scowl's files are ISO-8859-1)
FAKE_SCOWL = {
    # kept: cat dog run hmm (a vowelless interjection); left out: an apostrophe, a capital, an
    # accent, one letter, eight letters, a vowelless unit (kb) and a listed abbreviation (tanh)
    "english-words.10": ["cat", "dog", "it's", "Cafe", "caf\u00e9", "x", "abcdefgh", "kb", "hmm", "tanh", "run"],
    "english-words.70": ["zebra", "cat"],  # size 70 is kept; cat only once
    "english-words.80": ["advew"],  # above size 70: only with --level 80
    "american-words.35": ["color"],
    "british-words.50": ["colour"],
    "variant_1-words.20": ["ax"],
    "variant_3-words.10": ["rong"],  # seldom-used variants are left out
    "canadian-words.10": ["toque"],  # a spelling category not kept
    "english-abbreviations.10": ["hwy", "etc", "qt"],
    "english-proper-names.10": ["paris", "Paris"],
    "english-upper.10": ["English"],
    "english-contractions.10": ["dont", "don't"],
    "special-hacker.50": ["grep"],
}
KEPT = ["AX", "CAT", "COLOR", "COLOUR", "DOG", "HMM", "RUN", "ZEBRA"]


@pytest.fixture
def scowl(tmp_path):
    folder = tmp_path / "scowl"
    folder.mkdir()
    for name, lines in FAKE_SCOWL.items():
        (folder / name).write_bytes("".join(line + "\n" for line in lines).encode("latin-1"))
    return folder


def run_tool(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, str(TOOL), *args], capture_output=True, text=True, timeout=60)


def test_it_keeps_the_word_categories_up_to_size_70(scowl, tmp_path):
    out = tmp_path / "words.txt"
    done = run_tool(str(scowl), "--out", str(out))
    assert done.returncode == 0, done.stderr
    assert out.read_bytes() == "".join(word + "\n" for word in KEPT).encode()
    first = out.read_bytes()
    assert run_tool(str(scowl), "--out", str(out)).returncode == 0 and out.read_bytes() == first  # deterministic


def test_the_level_chooses_the_sizes(scowl, tmp_path):
    out = tmp_path / "words.txt"
    assert run_tool(str(scowl), "--level", "80", "--out", str(out)).returncode == 0
    assert out.read_text().split() == sorted([*KEPT, "ADVEW"])
    assert run_tool(str(scowl), "--level", "10", "--out", str(out)).returncode == 0
    assert out.read_text().split() == ["CAT", "DOG", "HMM", "RUN"]  # no variant (20), zebra (70), ...


def test_compare_counts_per_length(scowl, tmp_path):
    official = tmp_path / "official.dat"
    official.write_bytes(b"CAT\r\nDOG\r\nZEBRA\r\nQI\r\nAXE\r\nBEAR\r\n")
    done = run_tool(str(scowl), "--out", str(tmp_path / "words.txt"), "--compare", str(official))
    assert done.returncode == 0, done.stderr
    rows = {}
    for line in done.stdout.splitlines()[2:]:  # after "... words written" and the header
        label, figures = line.split(maxsplit=1)
        rows[label] = [int(n) for n in re.findall(r"\d+", figures)]
    # length: words, how many are official, their share %, official words, share of them covered %
    assert rows["2"] == [1, 0, 0, 1, 0]  # AX; the official QI
    assert rows["3"] == [4, 2, 50, 3, 67]  # CAT DOG HMM RUN; official CAT DOG AXE
    assert rows["4"] == [0, 0, 1, 0]  # no word of ours (so no share, "-"), BEAR official, 0% covered
    assert rows["5"] == [2, 1, 50, 1, 100]  # COLOR ZEBRA
    assert rows["all"] == [8, 3, 38, 6, 50]


def test_a_folder_without_scowl_files_is_a_clear_error(tmp_path):
    out = tmp_path / "words.txt"
    done = run_tool(str(tmp_path), "--out", str(out))
    assert done.returncode == 2 and "no english-words" in done.stderr and "Traceback" not in done.stderr
    assert not out.exists()
