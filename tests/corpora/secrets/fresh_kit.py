"""What the secrets makers share: the alphabets values are drawn from, the draws, checksums and
structures several formats have, an item's record, a part's assembly and writing the part. A
helper that draws takes the maker's generator (a Seeded, or the random.Random it holds) as a
parameter, so a seeded maker's draws keep their order and its part stays the same byte for byte;
make_grown2.py and make_grown3.py draw from ANEW, `secrets`' own generator, a new sample each run
(their file is the record). Each maker keeps its own seed, vendors, contexts and shapes."""

from __future__ import annotations

import base64
import hashlib
import json
import random
import secrets
import string
import sys
import urllib.parse
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

ANEW = secrets.SystemRandom()  # the generator `secrets` draws from: a new sample each run


def pick(rng: random.Random, alphabet: str, n: int) -> str:
    return "".join(rng.choice(alphabet) for _ in range(n))


def hex_uuid4(rng: random.Random) -> str:
    """A version-4 UUID from 32 drawn hex digits and a drawn variant digit."""
    h = pick(rng, HX, 32)
    return f"{h[:8]}-{h[8:12]}-4{h[13:16]}-{rng.choice('89ab')}{h[17:20]}-{h[20:]}"


def anew_b64(n_bytes: int, urlsafe: bool = False) -> str:
    raw = secrets.token_bytes(n_bytes)
    return (base64.urlsafe_b64encode(raw) if urlsafe else base64.b64encode(raw)).decode()


def chunks(text: str, width: int = 64) -> list[str]:
    """Text cut into lines of `width` characters, as PEM and base64 bodies are."""
    return [text[i:i + width] for i in range(0, len(text), width)]


class Seeded:
    """Random text, bytes and UUIDs from one seeded generator, in the order they are asked for."""

    def __init__(self, seed: int) -> None:
        self.random = random.Random(seed)

    def text(self, n: int, alphabet: str = AL) -> str:
        return pick(self.random, alphabet, n)

    def b64(self, n: int) -> str:
        return base64.b64encode(bytes(self.random.randrange(256) for _ in range(n))).decode()

    def uuid4(self) -> str:
        return str(uuid.UUID(int=self.random.getrandbits(128), version=4))

    def pem_body(self, n_bytes: int) -> list[str]:
        """n_bytes of base64 cut into PEM's 64-character lines."""
        return chunks(self.b64(n_bytes))

    def pem_lines(self, n_bytes: int) -> str:
        return "\n".join(self.pem_body(n_bytes))


def b64url_json(value: dict) -> str:
    """Compact JSON in unpadded base64url, as a JWT's header and claims are written."""
    return base64.urlsafe_b64encode(json.dumps(value, separators=(",", ":")).encode()).decode().rstrip("=")


def jwt(draw: Seeded, claims: dict, alg: str = "HS256") -> str:
    """A JWT of the claims with a drawn signature: 86 characters for EdDSA (64 bytes), else 43 (32 bytes)."""
    return f"{b64url_json({'alg': alg, 'typ': 'JWT'})}.{b64url_json(claims)}.{draw.text(86 if alg == 'EdDSA' else 43, U64)}"


def b64url_nopad(raw: bytes) -> str:
    return base64.urlsafe_b64encode(raw).decode().rstrip("=")


def camel(name: str) -> str:
    """`API_KEY` as a camel-case setting name: `apiKey`."""
    head, *rest = name.lower().split("_")
    return head + "".join(part.capitalize() for part in rest)


def url_quoted(value: str) -> str:
    return urllib.parse.quote(value, safe="")


def base58check(payload: bytes) -> str:
    """Base58 of the payload and the first four bytes of its double SHA-256, a leading 1 per zero byte."""
    data = payload + hashlib.sha256(hashlib.sha256(payload).digest()).digest()[:4]
    number, out = int.from_bytes(data, "big"), ""
    while number:
        number, digit = divmod(number, 58)
        out = B58[digit] + out
    return "1" * (len(data) - len(data.lstrip(b"\0"))) + out


def bech32_polymod(values: list[int]) -> int:
    generator = (0x3B6A57B2, 0x26508E6D, 0x1EA119FA, 0x3D4233DD, 0x2A1462B3)
    check = 1
    for value in values:
        top = check >> 25
        check = (check & 0x1FFFFFF) << 5 ^ value
        for i in range(5):
            check ^= generator[i] if (top >> i) & 1 else 0
    return check


def bech32_groups(hrp: str, groups: list[int]) -> str:
    """BIP-173 bech32 of 5-bit `groups`, with its six-character checksum."""
    expanded = [ord(c) >> 5 for c in hrp] + [0] + [ord(c) & 31 for c in hrp]
    polymod = bech32_polymod(expanded + groups + [0] * 6) ^ 1
    return hrp + "1" + "".join(BECH32[g] for g in groups + [polymod >> 5 * (5 - i) & 31 for i in range(6)])


def bech32(hrp: str, data: bytes) -> str:
    """BIP-173 bech32 of `data` (8-bit groups regrouped into 5-bit), with its six-character checksum."""
    acc, bits, groups = 0, 0, []
    for byte in data:
        acc, bits = acc << 8 | byte, bits + 8
        while bits >= 5:
            bits -= 5
            groups.append(acc >> bits & 31)
    if bits:
        groups.append(acc << (5 - bits) & 31)
    return bech32_groups(hrp, groups)


def secret_item(fmt: str, number: int, context: str, text: str, found: list[str], source: dict) -> dict:
    """The record of the number-th item of a secret format; every substring that must go is in the text."""
    assert all(s in text for s in found), fmt
    return {"id": f"s-{fmt.replace('/', '-')}-{number}", "text": text, "secrets": found, "kind": "secret",
            "format": fmt, "context": context, "source": source}


def ordinary_item(shape: str, context: str, text: str, why: str, drawn: str) -> dict:
    return {"id": f"o-{shape.replace('/', '-')}-1", "text": text, "secrets": [], "kind": "ordinary",
            "format": shape, "context": context,
            "source": {"kind": "generated", "note": f"ordinary text that must keep every character ({why}); {drawn}"}}


def grown_item(id_prefix: str, fmt: str, turn: int, text: str, found: list[str], context: str, source: dict) -> dict:
    """The record of a grown part's item: a secret where something must go, else ordinary text."""
    return {"id": f"{id_prefix}{fmt.replace('/', '-')}-{turn}", "text": text, "secrets": found,
            "kind": "secret" if found else "ordinary", "format": fmt, "context": context, "source": source}


def three_placed(number: int, make: Callable[[], str], name: str | None, contexts: list[tuple[str, str]],
                 named: list[tuple[str, str]]) -> list[tuple[str, str, str]]:
    """Three draws of the number-th format, each (context, text, what must go): beside its NAME in a
    named template ({n}, {l} the name in lower case, {v}) where the value alone looks like other
    things, else alone in a template ({v}, or {u} URL-quoted)."""
    placed = []
    for turn in range(3):
        value = make()
        if name:
            context, template = named[(number + 2 * turn) % len(named)]
            text, found = template.format(n=name, l=name.lower(), v=value), value
        else:
            context, template = contexts[(number * 5 + 7 * turn) % len(contexts)]
            found = url_quoted(value) if "{u}" in template else value
            text = template.format(v=value, u=found)
        placed.append((context, text, found))
    return placed


def three_different(make: Callable[[], str]) -> list[str]:
    """Up to three different texts of a shape drawn from a short list of lines (at most 20 draws)."""
    texts: list[str] = []
    for _ in range(20):
        text = make()
        if text not in texts:
            texts.append(text)
        if len(texts) == 3:
            break
    return texts


def held_out_units(folder: Path, names: tuple[str, ...]) -> set[str]:
    """Vendors and ordinary shapes of the held-out files named: a development item never shares one,
    so a development maker drops those, unseen; the files are read for nothing else."""
    units = set()
    for name in names:
        for line in (folder / name).read_text(encoding="utf-8").splitlines():
            item = json.loads(line)
            units.add(item["format"].split("/")[0] if item["kind"] == "secret" else item["format"])
    return units


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


def write(items: list[dict], default: Path) -> None:
    """The part as JSON lines, to the path on the command line or to the maker's default."""
    out = Path(sys.argv[1]) if len(sys.argv) > 1 else default
    out.write_text("".join(json.dumps(item, ensure_ascii=False) + "\n" for item in items), encoding="utf-8")


def placed_again(rows: list[tuple], contexts: tuple[str, ...]) -> list[tuple]:
    """Rows (format, NAME, tool, draw, what) each once in its context in turn, then the first rows drawn again for the
    contexts the list does not reach."""
    placed = list(in_turn(rows, contexts))
    for number in range(len(rows), len(contexts)):
        fmt, _, *rest = placed[number - len(rows)]
        placed.append((fmt, contexts[number], *rest))
    return placed


# How a maker's template may write a NAME it was given as SAMPLE_NAME.
NAME_FORMS = ("SAMPLE_NAME", "sample_name", "sample-name", "sampleName", "Sample-Name", "SampleName", "sample.name")


def drawn_ordinary(contexts: Iterable[str], place: Callable, references: list[tuple], public: list[tuple],
                   services: tuple[str, ...]) -> list[tuple]:
    """One ordinary row (shape, context, make() -> text, why) for each context: where the maker's `place` sets the value
    beside its NAME, a reference (family, NAME, value from a service name, why) or a public id in turn; elsewhere, in a
    credential's own slot, a reference. The shape is the family and the context."""
    rows, slot, named = [], 0, 0
    for context in contexts:
        if any(form in place(context, "SAMPLE_NAME", "v", "tool")[0] for form in NAME_FORMS):
            family, name, make, why = (references + public)[named % (len(references) + len(public))]
            named += 1
        else:
            family, name, make, why = references[slot % len(references)]
            slot += 1
        service = services[(slot + named) % len(services)]
        rows.append((f"{family}/{context.replace('_', '-')}", context,
                     lambda context=context, name=name, make=make, service=service: place(context, name, make(service), service)[0], why))
    return rows


def written_rows(texts: Iterable[tuple]) -> list[tuple]:
    """Ordinary rows (shape, context, text or a draw of it, why) as rows whose make() gives the text."""
    return [(shape, context, text if callable(text) else lambda text=text: text, why) for shape, context, text, why in texts]
