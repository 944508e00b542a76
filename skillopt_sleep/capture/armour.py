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

_BEGIN = lazy(r"-{4,5} ?BEGIN ([A-Z0-9 ]{1,60}?) ?-{4,5}")
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
_CLOSING = lazy(r"-{4,5} ?END ([A-Z0-9 ]{1,60})")  # the text may end inside the END line: its label's start decides


def inside_public(text: str, position: int) -> bool:
    """Inside the body of armour whose label is not a credential's (a certificate, a public key)."""
    label = label_at(text, position)
    return label is not None and not secret_label(label)


def inside_secret(text: str, position: int) -> bool:
    """Inside the body of armour whose label names a credential."""
    label = label_at(text, position)
    return label is not None and secret_label(label)
