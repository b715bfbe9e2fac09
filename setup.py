"""Build hook for the compiled parts; pyproject.toml holds the metadata.

``pip install .`` (and ``pip install -e .``) compiles every ``strong/engine.pyx``
under src/arena/games and the judge's spawner (``judge/spawn.pyx``) with Cython, and
builds ``arena-init`` (``judge/arena_init.c``), so nothing needs an extra build step. The engines are built for any CPU of the machine's
kind; ``ARENA_NATIVE=1`` builds them for this machine's own CPU (``-march=native``: wider
vectors where it has them, and a library an older CPU cannot run).
"""

import os
from glob import glob

from Cython.Build import cythonize
from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

JUDGE = "src/arena/judge"


class build_ext_and_init(build_ext):
    """The extensions, then arena-init (judge/arena_init.c), the init of a program's PID namespace:
    a small executable beside the spawner, which the judge execs in each program's namespace."""

    def run(self) -> None:
        super().run()
        folder = JUDGE if self.inplace else os.path.join(self.build_lib, "arena", "judge")
        objects = self.compiler.compile([f"{JUDGE}/arena_init.c"], output_dir=self.build_temp,
                                        include_dirs=[JUDGE], extra_postargs=["-O2"])
        self.compiler.link_executable(objects, "arena-init", output_dir=folder)


def compiled_extensions() -> list[Extension]:
    # the judge's spawner (spawn.pyx) starts programs confined without a shell in between
    extensions = [Extension("arena.judge.spawn", [f"{JUDGE}/spawn.pyx"], include_dirs=[JUDGE],
                            depends=[f"{JUDGE}/confine.h", f"{JUDGE}/private_mounts.h"], extra_compile_args=["-O2"])]
    flags = ["-O3", "-march=native"] if os.environ.get("ARENA_NATIVE") == "1" else ["-O3"]
    for source in sorted(glob("src/arena/games/*/strong/engine.pyx")):
        module = source[len("src/"):-len(".pyx")].replace("/", ".")
        extensions.append(Extension(module, [source], extra_compile_args=flags))
    return extensions


setup(
    cmdclass={"build_ext": build_ext_and_init},
    ext_modules=cythonize(
        compiled_extensions(),
        compiler_directives={"language_level": "3"},
        quiet=True,
    )
)
