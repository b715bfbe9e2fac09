"""The PATH a competition's tools are looked up on, and its compiles and unpackings run with.

Debian's system folders only: a box uid can reach them (a compiler under /root/.cargo cannot be
run by it), and the server's own PATH says nothing about what a sandboxed step may run. Its own
module so that the languages table and the sandboxed step both take it without importing each
other (languages.py imports upload_checks.py, which runs its step in sandboxed_step.py).
"""

CLEAN_PATH = "/usr/local/bin:/usr/bin:/bin"
