"""Build hook for the compiled parts; pyproject.toml holds the metadata.

``pip install .`` (and ``pip install -e .``) compiles every ``strong/engine.pyx``
under src/arena/games and the judge's spawner (``judge/spawn.pyx``) with Cython,
so nothing needs an extra build step. The engines are built for any CPU of the machine's
kind; ``ARENA_NATIVE=1`` builds them for this machine's own CPU (``-march=native``: wider
vectors where it has them, and a library an older CPU cannot run).
"""

import os
from glob import glob

from Cython.Build import cythonize
from setuptools import Extension, setup


def compiled_extensions() -> list[Extension]:
    # the judge's spawner (spawn.pyx) starts programs confined without a shell in between
    extensions = [Extension("arena.judge.spawn", ["src/arena/judge/spawn.pyx"], extra_compile_args=["-O2"])]
    flags = ["-O3", "-march=native"] if os.environ.get("ARENA_NATIVE") == "1" else ["-O3"]
    for source in sorted(glob("src/arena/games/*/strong/engine.pyx")):
        module = source[len("src/"):-len(".pyx")].replace("/", ".")
        extensions.append(Extension(module, [source], extra_compile_args=flags))
    return extensions


setup(
    ext_modules=cythonize(
        compiled_extensions(),
        compiler_directives={"language_level": "3"},
        quiet=True,
    )
)
