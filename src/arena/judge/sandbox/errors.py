"""The error of a sandbox that cannot be had here, where every layer of the judge can raise it."""


class SandboxError(RuntimeError):
    """The sandbox asked for cannot be had on this machine (bubblewrap missing, no ACLs)."""
