"""Types of the judge's spawner (spawn.pyx, compiled): what mypy reads in its place.

Kept true to spawn.pyx's signatures by tests/test_compiled_stubs.py; the docstrings are there.
"""

STEPS: dict[int, str]
CANNOT_CONFINE: int
NO_NAMESPACE: int
INIT: str

def spawn(argv: list[bytes], env: list[bytes] | None, joins: list[bytes], limits: list[tuple[int, int]],
          die_with_parent: int, uid: int, fd0: int, fd1: int, fd2: int, report_fd: int,
          no_new_privs: bool = False,
          namespace: tuple[tuple[bytes, bytes] | None, int, int, list[bytes], int, bool, bool] | None = None,
          refuse_shared_memory: bool = False) -> int: ...
def probe_namespace(id_maps: tuple[bytes, bytes] | None) -> int: ...
def idmap_userns(uid_map: bytes, gid_map: bytes) -> int: ...
