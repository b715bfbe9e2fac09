"""The error of a sandbox that cannot be had here, where every layer of the judge can raise it."""


class SandboxError(RuntimeError):
    """The sandbox asked for cannot be had on this machine (bubblewrap missing, no free uid)."""


class RefusedFolder(SandboxError):
    """A program's command would make a folder it must never write its own: an interpreter's or a
    tool's installation, reached through a link or a launcher. The program is not started."""
