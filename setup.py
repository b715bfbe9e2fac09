"""Build hook for the compiled parts; pyproject.toml holds the metadata.

``pip install .`` (and ``pip install -e .``) compiles every ``strong/engine.pyx``
under src/arena/games and the judge's spawner (``judge/spawn.pyx``) with Cython,
so nothing needs an extra build step.
"""

from glob import glob

from Cython.Build import cythonize
from setuptools import Extension, setup


def compiled_extensions() -> list[Extension]:
    # the judge's spawner (spawn.pyx) starts programs confined without a shell in between
    extensions = [Extension("arena.judge.spawn", ["src/arena/judge/spawn.pyx"], extra_compile_args=["-O2"])]
    for source in sorted(glob("src/arena/games/*/strong/engine.pyx")):
        module = source[len("src/"):-len(".pyx")].replace("/", ".")
        extensions.append(Extension(module, [source], extra_compile_args=["-O3"]))
    return extensions


setup(
    ext_modules=cythonize(
        compiled_extensions(),
        compiler_directives={"language_level": "3"},
        quiet=True,
    )
)
