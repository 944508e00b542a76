"""Values encrypted so that they can be committed: SOPS's `ENC[AES256_GCM,data:...,iv:...]`,
DigitalOcean App Platform's `EV[1:...:...]` (a secret's value as its app spec keeps it) and the members of an `encryptedData:` block (a SealedSecret), whatever name each member has.

Only the holder of a key outside the text can read them: they are kept as written, though a
member is named `password` and its base64 looks like a key.
"""

from __future__ import annotations

from skillopt_sleep.capture.lazy_regex import lazy
from skillopt_sleep.capture.text_lines import lines_above

_ENVELOPES = ("ENC[", "EV[1:")
ENVELOPE_CHARS = 400  # how far before a value its envelope's opening is looked for
_PARENT_KEY = lazy(r"[ \t]*[\"']?([A-Za-z_][\w.\-]*)[\"']?[ \t]*:[ \t]*(?:#.*)?")
_ENCRYPTED_KEY = lazy(r"(?i:encrypted[\w\-]*|ciphertext|sealed[\w\-]*)")
PARENT_LINES = 40  # how many lines up a YAML member's parent is looked for


def may_hold(text: str) -> bool:
    """`text` holds an envelope's opening or the word encrypted: only then is a value asked about."""
    return "ncrypted" in text or any(envelope in text for envelope in _ENVELOPES)


def inside_envelope(text: str, position: int) -> bool:
    """`position` is inside an `ENC[...]` or `EV[1:...]` envelope (its opening before, no `]` since)."""
    for envelope in _ENVELOPES:
        opening = text.rfind(envelope, max(0, position - ENVELOPE_CHARS), position + len(envelope))
        if opening >= 0 and text.find("]", opening, position) < 0:
            return True
    return False


def under_encrypted_block(text: str, position: int) -> bool:
    """`position` is on a YAML member whose parent key says encrypted (`encryptedData:`)."""
    line_start = text.rfind("\n", 0, position) + 1
    line = text[line_start:position]
    indent = len(line) - len(line.lstrip(" "))
    for above_start, end in lines_above(text, line_start, PARENT_LINES):
        above = text[above_start:end]
        if not above.strip():
            continue
        depth = len(above) - len(above.lstrip(" "))
        if depth < indent:
            parent = _PARENT_KEY.fullmatch(above)
            return bool(parent and _ENCRYPTED_KEY.fullmatch(parent.group(1)))
    return False


def encrypted(text: str, position: int) -> bool:
    """The value at `position` is ciphertext made to be committed."""
    return inside_envelope(text, position) or ("ncrypted" in text and under_encrypted_block(text, position))
