"""Any file given as a word list (--words) is read or refused with a DictionaryError, never a crash."""

import itertools
import re
import tempfile
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from arena.games.luckywords.dictionary import DictionaryError, load_words

_names = itertools.count()  # load_words caches by path: every example gets a path of its own
WORD = re.compile(r"[A-Za-z]{2,7}")

word_lines = st.lists(
    st.one_of(
        st.from_regex(r"[A-Za-z]{1,9}", fullmatch=True),
        st.text(alphabet="abcXYZ \t\r\x00é-'ß", max_size=9),
        st.text(max_size=9),
    ),
    max_size=30,
)
files = st.one_of(
    st.binary(max_size=400),
    word_lines.map(lambda lines: "\n".join(lines).encode("utf-8", errors="surrogatepass")),
    word_lines.map(lambda lines: "\r\n".join(lines).encode("latin-1", errors="replace")),
    word_lines.map(lambda lines: "\n".join(lines).encode("utf-16")),
)


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(content=files)
def test_a_word_list_of_random_bytes_is_read_or_refused_with_a_dictionary_error(content):
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / f"words{next(_names)}.dat"
        path.write_bytes(content)
        # the plain words of the file, one per line (LF or CRLF), read here without the loader
        plain = {line.strip().upper() for line in content.decode("utf-8", errors="replace").split("\n")
                 if WORD.fullmatch(line.strip())}
        try:
            words = load_words(str(path))
        except DictionaryError as error:
            assert not plain, f"refused a list holding {sorted(plain)[:3]}: {error}"
            assert str(path) in str(error)
            return
    assert plain <= words  # every well-formed line is a word of the game
    assert all(WORD.fullmatch(word) and word.isupper() for word in words)  # and nothing else is


@pytest.mark.parametrize("make", [
    lambda folder: folder,  # a folder, not a file
    lambda folder: folder / "missing.dat",
    lambda folder: folder / "bad\x00name.dat",
])
def test_a_word_list_path_that_is_no_readable_file_is_a_dictionary_error(tmp_path, make):
    with pytest.raises(DictionaryError):
        load_words(str(make(tmp_path)))

