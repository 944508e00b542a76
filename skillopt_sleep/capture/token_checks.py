"""Structure a token carries in itself: a checksum, or a JWT's header.

A shape test guesses; these confirm. GitHub's tokens (`ghp_`, `gho_`, ...) and npm's (`npm_`)
end in the CRC32 of their random part written in six base62 digits, as both vendors documented
when they introduced the formats; a value whose last six characters are that checksum is a
token of this family, however plain its letters look. A JWT's first part decodes to a JSON header
naming its algorithm (`alg`), whatever its claims part holds.
"""

from __future__ import annotations

import base64
import binascii
import json
import zlib

_BASE62 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
CHECKSUM_CHARS = 6
MIN_RANDOM_CHARS = 24


def base62(number: int, width: int) -> str:
    digits = []
    while number:
        number, digit = divmod(number, 62)
        digits.append(_BASE62[digit])
    return "".join(reversed(digits)).rjust(width, "0")


def crc32_checksummed(token: str) -> bool:
    """`prefix_` + random part + base62 CRC32 of the random part (six digits)."""
    body = token.rpartition("_")[2]
    if len(body) < MIN_RANDOM_CHARS + CHECKSUM_CHARS or not body.isalnum() or not body.isascii():
        return False
    random_part, checksum = body[:-CHECKSUM_CHARS], body[-CHECKSUM_CHARS:]
    return base62(zlib.crc32(random_part.encode()), CHECKSUM_CHARS) == checksum


def jwt_header(token: str) -> bool:
    """Three base64url parts whose first decodes to a JSON object with `alg`."""
    parts = token.split(".")
    if len(parts) != 3 or not all(parts[:2]) or len(parts[0]) < 10:
        return False
    try:
        header = json.loads(base64.urlsafe_b64decode(parts[0] + "=" * (-len(parts[0]) % 4)))
    except (binascii.Error, ValueError, UnicodeDecodeError):
        return False
    return isinstance(header, dict) and "alg" in header
