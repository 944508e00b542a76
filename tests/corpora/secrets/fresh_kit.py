"""What the held-out secrets makers (make_fresh2.py to make_fresh7.py) share: the
alphabets values are drawn from, the draws, an item's record and writing the part. Seeded, not
`secrets`, because a part must be reproducible byte for byte from its maker; each maker keeps its
own seed, vendors and shapes."""

from __future__ import annotations

import base64
import json
import random
import string
import sys
import uuid
from pathlib import Path

AL = string.ascii_letters + string.digits
LO = string.ascii_lowercase + string.digits
UP = string.ascii_uppercase + string.digits
HX = "0123456789abcdef"
DG = string.digits
B32 = string.ascii_uppercase + "234567"
B58 = "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz"
B64 = AL + "+/"
U64 = AL + "-_"


class Seeded:
    """Random text, bytes and UUIDs from one seeded generator, in the order they are asked for."""

    def __init__(self, seed: int) -> None:
        self.random = random.Random(seed)

    def text(self, n: int, alphabet: str = AL) -> str:
        return "".join(self.random.choice(alphabet) for _ in range(n))

    def b64(self, n: int) -> str:
        return base64.b64encode(bytes(self.random.randrange(256) for _ in range(n))).decode()

    def uuid4(self) -> str:
        return str(uuid.UUID(int=self.random.getrandbits(128), version=4))

    def pem_lines(self, n_bytes: int) -> str:
        """n_bytes of base64 cut into PEM's 64-character lines."""
        text = self.b64(n_bytes)
        return "\n".join(text[i:i + 64] for i in range(0, len(text), 64))


def secret_item(fmt: str, number: int, context: str, text: str, found: list[str], source: dict) -> dict:
    """The record of the number-th item of a secret format; every substring that must go is in the text."""
    assert all(s in text for s in found), fmt
    return {"id": f"s-{fmt.replace('/', '-')}-{number}", "text": text, "secrets": found, "kind": "secret",
            "format": fmt, "context": context, "source": source}


def ordinary_item(shape: str, context: str, text: str, why: str, drawn: str) -> dict:
    return {"id": f"o-{shape.replace('/', '-')}-1", "text": text, "secrets": [], "kind": "ordinary",
            "format": shape, "context": context,
            "source": {"kind": "generated", "note": f"ordinary text that must keep every character ({why}); {drawn}"}}


def write(items: list[dict], default: Path) -> None:
    """The part as JSON lines, to the path on the command line or to the maker's default."""
    out = Path(sys.argv[1]) if len(sys.argv) > 1 else default
    out.write_text("".join(json.dumps(item, ensure_ascii=False) + "\n" for item in items), encoding="utf-8")
