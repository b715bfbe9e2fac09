"""The per-uid layer of a root judge: each program an unprivileged user of its own (uid_pool.py)
in a box (box.py: its uid, private home and environment), shown by its mount namespace
(../private_mounts.py) exactly the paths its command needs (needed_paths.py),
with the clean environment a competition server gives (clean_environment.py)."""
