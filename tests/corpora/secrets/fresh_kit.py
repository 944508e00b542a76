"""What the held-out secrets makers (make_fresh2.py to make_fresh6.py) share: the
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
from collections.abc import Callable, Iterable, Iterator
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
B36 = string.digits + string.ascii_lowercase
BECH32 = "qpzry9x8gf2tvdw0s3jn54khce6mua7l"


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

    def pem_body(self, n_bytes: int) -> list[str]:
        """n_bytes of base64 cut into PEM's 64-character lines."""
        text = self.b64(n_bytes)
        return [text[i:i + 64] for i in range(0, len(text), 64)]

    def pem_lines(self, n_bytes: int) -> str:
        return "\n".join(self.pem_body(n_bytes))


def b64url_json(value: dict) -> str:
    """Compact JSON in unpadded base64url, as a JWT's header and claims are written."""
    return base64.urlsafe_b64encode(json.dumps(value, separators=(",", ":")).encode()).decode().rstrip("=")


def jwt(draw: Seeded, claims: dict, alg: str = "HS256") -> str:
    """A JWT of the claims with a drawn signature: 86 characters for EdDSA (64 bytes), else 43 (32 bytes)."""
    return f"{b64url_json({'alg': alg, 'typ': 'JWT'})}.{b64url_json(claims)}.{draw.text(86 if alg == 'EdDSA' else 43, U64)}"


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


class Part:
    """A part's items as a maker adds them: each secret numbered within its format, each note ending
    with how the maker drew the value."""

    def __init__(self, drawn: str, public: Iterable[str] = ()) -> None:
        self.drawn, self.public = drawn, set(public)
        self.items: list[dict] = []
        self.seen: dict[str, int] = {}

    def secret(self, fmt: str, context: str, text: str, found: list[str], source: dict) -> None:
        self.seen[fmt] = self.seen.get(fmt, 0) + 1
        self.items.append(secret_item(fmt, self.seen[fmt], context, text, found, source))

    def written(self, fmt: str, context: str, text: str, found: list[str], what: str) -> None:
        """A secret whose format is `what`: public where it is a fact read in public material, else the writer's."""
        if what in self.public:
            self.secret(fmt, context, text, found, {"kind": "public", "note": f"{what}; {self.drawn}"})
        else:
            note = f"{what}, as the writer (a model) knows the vendor's format; {self.drawn}"
            self.secret(fmt, context, text, found, {"kind": "generated", "note": note})

    def ordinary(self, rows: Iterable[tuple[str, str, Callable[[], str], str]]) -> None:
        """Rows (shape, context, make() -> text, why it is ordinary), each drawn in turn."""
        for shape, context, make, why in rows:
            self.items.append(ordinary_item(shape, context, make(), why, self.drawn))


def in_turn(rows: Iterable[tuple], contexts: tuple[str, ...]) -> Iterator[tuple]:
    """Rows (format, NAME, tool, draw, what) given the next context in turn, after the format."""
    for number, (fmt, *rest) in enumerate(rows):
        yield (fmt, contexts[number % len(contexts)], *rest)


def build_part(drawn: str, placed: Iterable[tuple], place: Callable, pairs: Callable[[], list[tuple]],
               ordinary: Iterable[tuple], public: Iterable[str] = ()) -> list[dict]:
    """Every item of a part, drawn in this order: the placed secrets (format, context, NAME, tool,
    draw, what) set in their context by `place`, then the items `pairs()` builds (format, context,
    text, secrets, what), then the ordinary text."""
    part = Part(drawn, public)
    for fmt, context, name, tool, draw, what in placed:
        part.written(fmt, context, *place(context, name, draw(), tool), what)
    for row in pairs():
        part.written(*row)
    part.ordinary(ordinary)
    return part.items
