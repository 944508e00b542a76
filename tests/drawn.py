"""Random test values from one seeded generator per test file, in the order they are asked for, so a
file's values stay the same from run to run and no value a test needs is written out by hand."""

from __future__ import annotations

import random

B62 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"
HEX = "0123456789abcdef"


class Drawn:
    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    def chars(self, n: int, alphabet: str = B62) -> str:
        return "".join(self.rng.choice(alphabet) for _ in range(n))

    def uuid(self) -> str:
        """A version-4 UUID in its usual spelling."""
        h = self.chars(32, HEX)
        return f"{h[:8]}-{h[8:12]}-4{h[13:16]}-a{h[17:20]}-{h[20:]}"
