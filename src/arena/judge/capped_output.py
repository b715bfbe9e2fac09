"""A program's output kept up to a limit: its beginning and its end, what is cut between counted."""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass
class Capped:
    """Output kept up to a limit in bytes: its beginning and its end; what is cut between is counted.

    The end is kept because that is where a crashing program says why (a traceback,
    an assertion), however much it logged before. Kept as bytes, decoded once at the
    end: a character split between two reads is not lost.
    """

    limit: int
    head: bytearray = field(default_factory=bytearray)
    tail: bytearray = field(default_factory=bytearray)
    total: int = 0

    def add(self, data: bytes) -> None:
        self.total += len(data)
        room = self.limit - self.limit // 2 - len(self.head)
        if room > 0:
            self.head += data[:room]
            data = data[room:]
        if data:
            self.tail += data
            surplus = len(self.tail) - self.limit // 2
            if surplus > 0:
                del self.tail[:surplus]

    def value(self) -> str:
        dropped = self.total - len(self.head) - len(self.tail)
        if dropped:
            return (f"{self.head.decode(errors='replace')}\n[... {dropped} bytes not kept ...]\n"
                    f"{self.tail.decode(errors='replace')}")
        return (self.head + self.tail).decode(errors="replace")
