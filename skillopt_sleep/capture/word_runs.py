"""Whether a string is made of words: the runs a name is cut into where its case or class changes.

Identifiers and paths are words (`KeyStore.getInstance`: 4 runs in 20 characters); random keys
switch case and class every two characters or so. Here, below the readers that ask it, so that
both a harmless shape and a store's reference can be told from a key by the same count.
"""

from __future__ import annotations

from skillopt_sleep.capture.lazy_regex import lazy

WORDS = lazy(r"[A-Z]?[a-z]+|[A-Z]+(?![a-z])|\d+")
# An attribute read off a module or an object in lower case, whose parts may end in an algorithm's or
# an encoding's short number (`hashlib.sha256`, `codecs.utf_8`, `self.base64`).
_ATTRIBUTE_PATH = lazy(r"[a-z_]+(?:\.[A-Za-z_]+)*\.[A-Za-z_]+\d{0,3}")


def identifier(value: str) -> bool:
    """A dotted or camel-cased name made of words (`KeyStore.getInstance`, `hashlib.sha256`), not
    random text."""
    if _ATTRIBUTE_PATH.fullmatch(value):
        value = value.rstrip("0123456789")
    letters = sum(c.isalnum() for c in value)
    return not any(c.isdigit() for c in value) and letters > 0 and len(WORDS.findall(value)) / letters < 0.3
