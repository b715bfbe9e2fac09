"""A cgroup of its own for each program: made (setup.py), kept for the next program (pool.py),
read and killed (cgroup.py), on cgroup v1 and v2."""
