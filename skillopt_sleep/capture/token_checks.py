"""Structure a token carries in itself: a checksum, or a JWT's header.

A shape test guesses; these confirm. GitHub's tokens (`ghp_`, `gho_`, ...) and npm's (`npm_`)
end in the CRC32 of their random part written in six base62 digits, as both vendors documented
when they introduced the formats; a value whose last six characters are that checksum is a
token of this family, however plain its letters look. A JWT's first part decodes to a JSON header
naming its algorithm (`alg`), whatever its claims part holds. Bitcoin's base58check strings end in
four bytes of the double SHA-256 of the rest, and their first byte says what they are: an address
(0x00, 0x05: public, kept) or a private key in wallet import format (0x80: a secret).
"""

from __future__ import annotations

import base64
import binascii
import json
import hashlib
import zlib

_BASE62 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
_BASE58 = "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz"
_BASE58_DIGITS = {c: i for i, c in enumerate(_BASE58)}
BITCOIN_ADDRESS_VERSIONS = (0x00, 0x05)  # pay-to-key-hash, pay-to-script-hash
WIF_VERSION = 0x80
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


def base58check_version(token: str) -> int | None:
    """The version byte of a valid base58check string (25 to 38 bytes decoded), else None."""
    if not 26 <= len(token) <= 52 or any(c not in _BASE58_DIGITS for c in token):
        return None
    number = 0
    for c in token:
        number = number * 58 + _BASE58_DIGITS[c]
    zeros = len(token) - len(token.lstrip("1"))
    data = b"\0" * zeros + number.to_bytes((number.bit_length() + 7) // 8, "big")
    if not 25 <= len(data) <= 38:
        return None
    body, checksum = data[:-4], data[-4:]
    if hashlib.sha256(hashlib.sha256(body).digest()).digest()[:4] != checksum:
        return None
    return body[0]
