"""Command output kept to a byte budget: the head and the tail, with what was cut in between
said in place (a test run's summary is at its end, the first error near its start)."""

from __future__ import annotations


class OutputBuffer:
    def __init__(self, budget: int):
        self.head_cap = budget // 2
        self.tail_cap = budget - self.head_cap
        self.head = bytearray()
        self.tail = bytearray()
        self.total = 0

    def add(self, chunk: bytes) -> None:
        self.total += len(chunk)
        room = self.head_cap - len(self.head)
        if room > 0:
            self.head += chunk[:room]
            chunk = chunk[room:]
        if chunk:
            self.tail += chunk
            if len(self.tail) > 2 * self.tail_cap:  # trim now and then, not on every chunk
                del self.tail[: len(self.tail) - self.tail_cap]

    @property
    def truncated(self) -> bool:
        return self.total > self.head_cap + self.tail_cap

    def text(self) -> str:
        tail = self.tail[-self.tail_cap:] if self.tail_cap else b""
        if not self.truncated:
            return (bytes(self.head) + bytes(self.tail)).decode("utf-8", errors="replace")
        cut = self.total - len(self.head) - len(tail)
        return (self.head.decode("utf-8", errors="replace") + f"\n[... {cut} bytes of output cut ...]\n"
                + bytes(tail).decode("utf-8", errors="replace"))
