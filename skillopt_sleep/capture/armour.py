"""Text armour (`-----BEGIN <LABEL>-----` ... `-----END <LABEL>-----`, RFC 7468, and RFC 4716's
`---- BEGIN SSH2 PUBLIC KEY ----`): the label says what the body is.

A certificate, a public key, a signature or an encrypted message is public by design; a body
whose label names a key, a secret, a token or a password without saying public is a credential,
whoever invented the label (`-----BEGIN <VENDOR> API KEY-----`). Private keys have their own rule
in `secret_patterns`; this module decides the labels nobody listed.
"""

from __future__ import annotations

import re

from skillopt_sleep.capture.lazy_regex import lazy

# A label may join its words with `_`, as an environment variable's name does (`ENCODED VENDOR_API_KEY`).
_BEGIN = lazy(r"-{4,5} ?BEGIN ([A-Z0-9_ ]{1,60}?) ?-{4,5}")
# Words of a label that make its body a credential, unless another word says it is public.
_SECRET_WORDS = frozenset(("KEY", "SECRET", "TOKEN", "PASSWORD", "CREDENTIAL", "CREDENTIALS", "PRIVATE", "APIKEY"))
_PUBLIC_WORDS = frozenset(("PUBLIC", "CERTIFICATE", "CERT", "CRL", "REQUEST", "SIGNATURE", "SIGNED", "MESSAGE",
                           "PARAMETERS", "ARMORED"))
BODY_CHARS = 8000  # how far an END line is looked for after a body line


def secret_label(label: str) -> bool:
    """A label naming a credential (`BLOCKFROST API KEY`, `OPENSSH PRIVATE KEY`), not a public thing."""
    words = set(re.split(r"[ _\-]+", label.upper()))
    if "PRIVATE" in words:
        return True
    return bool(words & _SECRET_WORDS) and not words & _PUBLIC_WORDS


def label_at(text: str, position: int) -> str | None:
    """The label of the armour whose body holds `position` (no END line between its BEGIN line and
    `position`), else None. Where the BEGIN line was cut off (the end of a long output), the END
    line after base64 lines only says what the block was."""
    four_dashes = _four_dashes(text)
    begin = text.rfind("-----BEGIN ", 0, position)
    if four_dashes:
        begin = max(begin, text.rfind("---- BEGIN ", 0, position))
    if begin >= 0:
        opened = _BEGIN.match(text, begin)
        if opened and opened.end() <= position and text.find("-----END ", opened.end(), position) < 0 and not (
                four_dashes and text.find("---- END ", opened.end(), position) >= 0):
            return opened.group(1)
    end = text.find("-----END ", position, position + BODY_CHARS)
    if end < 0 and four_dashes:
        end = text.find("---- END ", position, position + BODY_CHARS)
    if end < 0 or not _BASE64_LINES.fullmatch(text, position, end):
        return None
    closing = _CLOSING.match(text, end)
    return closing.group(1).strip() if closing else None


# The last text asked about, and whether it holds RFC 4716's `---- BEGIN`/`---- END` at all: the
# shape pass asks about many runs of one text, and most texts have none.
_LAST_TEXT: tuple[str | None, bool] = (None, False)


def _four_dashes(text: str) -> bool:
    global _LAST_TEXT
    if _LAST_TEXT[0] is not text:
        _LAST_TEXT = (text, "---- BEGIN " in text or "---- END " in text)
    return _LAST_TEXT[1]


_BASE64_LINES = lazy(r"(?:[A-Za-z0-9+/=]|\s|\\n)*")
_CLOSING = lazy(r"-{4,5} ?END ([A-Z0-9_ ]{1,60})")  # the text may end inside the END line: its label's start decides


# Armour in comments, spelled in words (`# SIG # Begin signature block` ... `# SIG # End signature
# block`, a script's Authenticode signature): the label decides as a dashed one's does.
_WORDED_BEGIN = lazy(r"(?im)[#;/*!'\- ]*(?:[A-Za-z]{2,5} ?# ?)?begin ([a-z][a-z0-9 ]{2,40}?)[ \t]*$")
_LAST_WORDED: tuple[str | None, list[re.Match]] = (None, [])


def _worded_openings(text: str) -> list[re.Match]:
    """The worded BEGIN lines of `text`, each tested at the line of a `egin ` found by a substring
    search: most texts have none, and code that has the word (`begin, end = ...`) has it mid-line."""
    openings = []
    for word in ("egin ", "EGIN "):
        at = text.find(word)
        while at >= 0:
            line_start = text.rfind("\n", 0, at) + 1
            opened = _WORDED_BEGIN.match(text, line_start)
            if opened and (not openings or openings[-1].start() != opened.start()):
                openings.append(opened)
            at = text.find(word, at + 5)
    return sorted(openings, key=lambda opened: opened.start())


def _worded_label(text: str, position: int) -> str | None:
    """The label of worded armour whose body holds `position`, else None. Its BEGIN lines are found
    once per text (most texts have none)."""
    global _LAST_WORDED
    if _LAST_WORDED[0] is not text:
        _LAST_WORDED = (text, _worded_openings(text))
    label = None
    for opened in _LAST_WORDED[1]:
        if opened.end() > position:
            break
        label = opened
    if label is None or position - label.end() > BODY_CHARS:
        return None
    closing = re.compile(r"(?im)^[#;/*!'\- ]*(?:[A-Za-z]{2,5} ?# ?)?end " + re.escape(label.group(1)))
    if closing.search(text, label.end(), position):
        return None
    return label.group(1).upper() if closing.search(text, position, position + BODY_CHARS) else None


def inside_public(text: str, position: int) -> bool:
    """Inside the body of armour whose label is not a credential's (a certificate, a public key)."""
    label = label_at(text, position)
    if label is None:
        label = _worded_label(text, position)
    return label is not None and not secret_label(label)


def inside_secret(text: str, position: int) -> bool:
    """Inside the body of armour whose label names a credential."""
    label = label_at(text, position)
    return label is not None and secret_label(label)
