"""A rule as a shell, an interpreter or a model would read it, not as it is spelled.

`views` gives the readings the policy judges: the text folded to plain ASCII (NFKC, lookalike
letters, dashes and quotes), then with each disguise undone where it can be: line continuations,
`${IFS}`, quotes and backslashes inside a word, shell variables, `$'..'`, `printf` / `echo -e`
escapes, hex, octal and unicode escapes, `chr()` / `fromCharCode`, string concatenation, reversed
and rot13 strings, URL-encoding, HTML entities, base64 and hex blobs. Decoding repeats, so an
encoding inside another is read too. `disguises` names what no plain rule needs: hidden
characters, letters of another script inside a word, a command spelled in pieces."""

from __future__ import annotations

import base64
import binascii
import codecs
import html
import re
import unicodedata
from typing import Callable
from urllib.parse import unquote

from skillopt_sleep.screen.ruletext import LOOKALIKES, invisible_characters, is_invisible, lookalike_positions

_MAX_VIEWS = 24
_DEPTH = 3


def folded(text: str) -> str:
    """NFKC, invisible characters dropped, lookalike letters and punctuation made ASCII."""
    text = unicodedata.normalize("NFKC", text)
    text = "".join(c for c in text if not is_invisible(c))
    return unicodedata.normalize("NFKC", text.translate(LOOKALIKES))


def _foreign_letters(text: str) -> list[str]:
    """Words that mix Latin letters with lookalikes from another script (`сurl`, Cyrillic с)."""
    return [word for word in re.findall(r"\w+", unicodedata.normalize("NFKC", text)) if lookalike_positions(word)]


# -- decoders: each returns the text with one kind of disguise undone ------------------------------

def _continuations(text: str) -> str:
    return re.sub(r"\\\r?\n[ \t]*", "", text)


def _ifs(text: str) -> str:
    text = re.sub(r"\$\{IFS[^}]*\}|\$IFS\b", " ", text)
    return re.sub(r"(?<=\w)(?:\$[@*]|\$\{[@*]\}|\$\{\w*:0:0\})(?=\w)", "", text)


def _split_words(text: str) -> str:
    """`c'u'rl`, `"cu""rl"`, `c\\url`: quotes and backslashes inside a word are dropped by the shell."""
    for _ in range(8):
        before = text
        text = re.sub(r"(?<=[\w/.-])(?:''|\"\")(?=[\w/.-])", "", text)
        text = re.sub(r"(?<=[\w/.-])['\"]([\w/.-]*)['\"](?=[\w/.-])", r"\1", text)
        text = re.sub(r"(?<![\w'\"])['\"]([\w/.-]{1,12})['\"](?=[\w/-])", r"\1", text)
        text = re.sub(r"(?<=\w)['\"](?=\w)", "", text)  # what is left of a word split in quotes
        if text == before:
            break
    return re.sub(r"(?<=[\w/.-])\\(?=[a-z/.-])", "", text, flags=re.I)


_ESCAPE = re.compile(r"\\x\{([0-9a-f]{1,6})\}|\\x([0-9a-f]{2})|\\u\{?([0-9a-f]{4,6})\}?|\\U([0-9a-f]{8})|\\0?([0-7]{2,3})",
                     re.I)


def _escapes(text: str) -> str:
    def char(match: re.Match) -> str:
        hexa = next((g for g in match.groups()[:4] if g), None)
        code = int(hexa, 16) if hexa else int(match.group(5), 8)
        return chr(code) if 0 < code < 0x110000 and code not in range(0xD800, 0xE000) else match.group(0)

    return _ESCAPE.sub(char, text)


def _ansi_c(text: str) -> str:
    """`$'\\x63url'` and `$(printf 'cu%s' rl)` / `$(echo curl)`: the string the shell builds."""
    text = re.sub(r"\$'([^']*)'", lambda m: _escapes(m.group(1)), text)
    return re.sub(r"\$\(\s*(?:printf|echo)(?:\s+-[neE]+)*\s+(['\"]?)(.*?)\1\s*\)|`\s*(?:printf|echo)(?:\s+-[neE]+)*\s+(['\"]?)"
                  r"([^`]*?)\3\s*`", lambda m: _escapes(m.group(2) if m.group(2) is not None else m.group(4)), text)


def _variables(text: str) -> str:
    """`a=cu; b=rl; $a$b`: each `$name` replaced by the value the text assigned it."""
    assigned = {}
    for match in re.finditer(r"(?<![\w$])([A-Za-z_]\w*)=('([^']*)'|\"([^\"]*)\"|[^\s;&|]*)", text):
        value = match.group(3) if match.group(3) is not None else match.group(4) if match.group(4) is not None \
            else match.group(2)
        assigned[match.group(1)] = value
    if not assigned:
        return text
    return re.sub(r"\$\{?([A-Za-z_]\w*)\}?", lambda m: assigned.get(m.group(1), m.group(0)), text)


def _char_codes(text: str) -> str:
    """`chr(99)+chr(117)`, `String.fromCharCode(99, 117)`, `bytes([99, 117])`, `[char]99`."""
    def codes(numbers: str) -> str:
        values = [int(n, 0) for n in re.findall(r"0x[0-9a-f]+|\d+", numbers, re.I)]
        return "'" + "".join(chr(v) for v in values if 0 < v < 0x110000) + "'"

    text = re.sub(r"(?:String\.fromCharCode|bytes|bytearray|pack\(\s*['\"]C\*['\"]\s*,)\s*\(?\s*\[?([\d\s,x]+)\]?\s*\)",
                  lambda m: codes(m.group(1)), text, flags=re.I)
    text = re.sub(r"(?:\bchr|\[char\])\s*\(?\s*(0x[0-9a-f]+|\d+)\s*\)?", lambda m: codes(m.group(1)), text, flags=re.I)
    return text


def _concatenation(text: str) -> str:
    """`"cu" + "rl"`, `'cu'.'rl'`, `"cu" "rl"`, `''.join(['cu', 'rl'])`: one string."""
    pair = re.compile(r"(['\"])([^'\"\n]*)\1\s*(?:\+|\.|,|\s)\s*(['\"])([^'\"\n]*)\3")
    for _ in range(32):
        joined = pair.sub(lambda m: "'" + m.group(2) + m.group(4) + "'", text)
        if joined == text:
            break
        text = joined
    return text


def _reversed(text: str) -> str:
    if not re.search(r"\brev\b|\[::-1\]|\.reverse\(\)|\breverse\b", text):
        return text
    return re.sub(r"(['\"])([^'\"\n]{3,})\1", lambda m: m.group(1) + m.group(2)[::-1] + m.group(1), text)


def _rot13(text: str) -> str:
    if not re.search(r"rot.?13|n-za-m", text, re.I):
        return text
    return codecs.encode(text, "rot13")


def _url_and_html(text: str) -> str:
    return html.unescape(unquote(text)) if re.search(r"%[0-9a-f]{2}|&#?\w+;", text, re.I) else text


def _printable(data: bytes) -> str:
    try:
        out = data.decode("utf-8")
    except UnicodeDecodeError:
        return ""
    return out if len(out) >= 4 and all(c.isprintable() or c in "\n\t" for c in out) else ""


def _blobs(text: str) -> str:
    """base64 and hex strings that decode to readable text, replaced by that text."""
    def decode(match: re.Match) -> str:
        token = match.group(0)
        if re.fullmatch(r"(?:[0-9a-f]{2}){4,}", token, re.I):
            plain = _printable(binascii.unhexlify(token))
            if plain:
                return plain
        if len(token) >= 8 and (len(token) >= 12 or re.search(r"[\d+/=]", token)):
            padded = token + "=" * (-len(token.rstrip("=")) % 4)
            for decoder in (base64.b64decode, base64.urlsafe_b64decode):
                try:
                    plain = _printable(decoder(padded.rstrip("=") + "=" * (-len(padded.rstrip("=")) % 4)))
                except (binascii.Error, ValueError):
                    continue
                if plain:
                    return plain
        return token

    return re.sub(r"(?<![\w+/=-])[A-Za-z0-9+/_-]{8,}={0,2}(?![\w+/=-])", decode, text)


DECODERS: tuple[Callable[[str], str], ...] = (
    _continuations, _ifs, _escapes, _ansi_c, _split_words, _variables, _char_codes, _concatenation, _reversed,
    _rot13, _url_and_html, _blobs)


def views(text: str) -> list[str]:
    """The readings of `text` to judge, the plain one first: each decoder applied alone and all of
    them in turn, repeated so that one disguise inside another is undone too."""
    first = folded(text)
    seen = [first]
    tagged = "".join(chr(ord(c) - 0xE0000) if "\U000e0020" <= c <= "\U000e007e" else c for c in text)
    if tagged != text:  # tag characters spell ASCII no one sees
        seen.append(folded(tagged))
    frontier = list(seen)
    for _ in range(_DEPTH):
        found = []
        for view in frontier:
            candidates = [decoder(view) for decoder in DECODERS]
            chained = view
            for decoder in DECODERS:
                chained = decoder(chained)
            for candidate in candidates + [chained]:
                candidate = folded(candidate)
                if candidate not in seen and len(seen) < _MAX_VIEWS:
                    seen.append(candidate)
                    found.append(candidate)
        if not found:
            break
        frontier = found
    return seen


# -- disguises a plain rule never needs ----------------------------------------------------------

_SPELLING = (
    ("writes a word with ${IFS}", re.compile(r"\$\{?IFS\b")),
    ("builds a string with $'..' escapes", re.compile(r"\$'[^']*\\[0-7xuU]")),
    ("spells text in escape codes", re.compile(r"(?:\\(?:x[0-9a-f]{2}|[0-7]{3}|u[0-9a-f]{4})){2,}", re.I)),
    ("spells text in character codes", re.compile(r"(?:\bchr\s*\(\s*\d+\s*\)[^;\n]{0,6}){2,}|fromCharCode|\[char\]\s*\d+",
                                                  re.I)),
    # Latin letters only: CJK text quotes words without spaces, and Windows paths (`.\\logs\\app.log`)
    # separate whole names with backslashes, neither of which hides anything.
    ("splits a word with quotes or backslashes",
     re.compile(r"\b[a-z0-9_]+(?:''|\"\"|'[a-z0-9_]+'|\"[a-z0-9_]+\"|\\[a-z0-9_](?![a-z0-9_]{2,}(?:\\|\.\w)))[a-z0-9_]", re.I)),
    ("hides a word in shell expansions", re.compile(r"\w(?:\$[@*]|\$\{\w*:0:0\})\w")),
    ("runs a command built from variables", re.compile(r"(?:^|[;&|(`]\s*|\b(?:run|execute)\s+)(?:\$\{?\w+\}?){2,}", re.I)),
)


def disguises(text: str) -> str:
    """What in `text` hides what it says, or "": invisible characters, a foreign letter inside a
    Latin word, or a word spelled in pieces, codes or escapes."""
    hidden = invisible_characters(text)
    if hidden:
        return f"holds invisible characters ({', '.join(hidden[:4])})"
    mixed = _foreign_letters(text)
    if mixed:
        return f"hides letters of another script in a word ({mixed[0]!r})"
    plain = folded(text)
    for why, pattern in _SPELLING:
        match = pattern.search(plain)
        if match:
            return f"{why} ({match.group(0).strip()[:40]!r})"
    return ""
