"""Structure a token carries in itself: a checksum, or a JWT's header.

A shape test guesses; these confirm. GitHub's tokens (`ghp_`, `gho_`, ...) and npm's (`npm_`)
end in the CRC32 of their random part written in six base62 digits, as both vendors documented
when they introduced the formats; a value whose last six characters are that checksum is a
token of this family, however plain its letters look. A JWT's first part decodes to a JSON header
naming its algorithm (`alg`), whatever its claims part holds. Bitcoin's base58check strings end in
four bytes of the double SHA-256 of the rest, and their first byte says what they are: an address
(0x00, 0x05: public, kept) or a private key in wallet import format (0x80: a secret). Bech32
strings (BIP-173, and bech32m) end in a six-character checksum over their prefix and data, and
the prefix says what they are: `nsec` a Nostr private key, `npub`, `bc`, `age` and the others
public. BIP-32 extended keys say by their version bytes whether they are public. Stellar's StrKey,
Algorand's and Substrate's addresses carry checksums of their own, and base58check strings that
hold a 20-byte hash after their version are addresses on every chain that writes them so.
Microsoft's annotated keys (Azure DevOps PATs) carry a fixed signature at a fixed place. A symbol
mangled by the Itanium C++ ABI parses by the lengths it spells.
"""

from __future__ import annotations

import base64
import binascii
import json
import hashlib
import hmac
import zlib

_BASE62 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
_BASE58 = "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz"
_BASE58_DIGITS = {c: i for i, c in enumerate(_BASE58)}
_BASE58_SET = frozenset(_BASE58)  # a whole token tested in one call, not a character at a time
BITCOIN_ADDRESS_VERSIONS = (0x00, 0x05)  # pay-to-key-hash, pay-to-script-hash
WIF_VERSION = 0x80
_BECH32 = "qpzry9x8gf2tvdw0s3jn54khce6mua7l"
_BECH32_DIGITS = {c: i for i, c in enumerate(_BECH32)}
_BECH32_SET = frozenset(_BECH32)
_BECH32_CONSTANTS = (1, 0x2BC830A3)  # bech32, bech32m
SECRET_BECH32_PREFIXES = ("nsec",)
ANNOTATED_KEY_CHARS = 84
ANNOTATED_SIGNATURE = "JQQJ9"  # at character 52, after the 52 random ones
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


# jwt.io's debugger signs its HS256 example with this secret, printed beside the token: a token it
# signs grants nothing (anyone can sign the same claims again), and documentation copies them whole.
JWT_EXAMPLE_SECRET = b"your-256-bit-secret"


def example_jwt(token: str) -> bool:
    """A JWT whose signature is the HMAC-SHA256 of its first two parts under JWT_EXAMPLE_SECRET."""
    signed, _, signature = token.rpartition(".")
    if signed.count(".") != 1:
        return False
    digest = hmac.new(JWT_EXAMPLE_SECRET, signed.encode(), hashlib.sha256).digest()
    return signature.rstrip("=") == base64.urlsafe_b64encode(digest).decode().rstrip("=")


def _base58_bytes(token: str) -> bytes:
    """The bytes a base58 string (every character a base58 digit) stands for, leading '1's as zero bytes."""
    number = 0
    for c in token:
        number = number * 58 + _BASE58_DIGITS[c]
    zeros = len(token) - len(token.lstrip("1"))
    return b"\0" * zeros + number.to_bytes((number.bit_length() + 7) // 8, "big")


def base58check_version(token: str) -> int | None:
    """The version byte of a valid base58check string (25 to 38 bytes decoded), else None."""
    body = _base58check_body(token)
    return body[0] if body else None


def _base58check_body(token: str) -> bytes:
    """What a valid base58check string (25 to 38 bytes decoded) holds before its checksum, else b""."""
    # Random base58 of this length mixes cases: a run in one case is a word, hex or a name.
    if not 26 <= len(token) <= 52 or token.islower() or token.isupper() or not _BASE58_SET.issuperset(token):
        return b""
    data = _base58_bytes(token)
    if not 25 <= len(data) <= 38:
        return b""
    body, checksum = data[:-4], data[-4:]
    return body if hashlib.sha256(hashlib.sha256(body).digest()).digest()[:4] == checksum else b""


# Ripple writes base58check in an alphabet of its own: the same checks, once each digit is mapped.
_RIPPLE_BASE58 = "rpshnaf39wBUDNEGHJKLM4PQRST7VWXYZ2bcdeCg65jkm8oFqi1tuvAxyz"
_FROM_RIPPLE = str.maketrans(_RIPPLE_BASE58, _BASE58)
HASH160_BYTES = 20  # RIPEMD-160 of SHA-256 of a public key: what an address is on most chains
MAX_VERSION_BYTES = 3  # Bitcoin's and its forks' one byte, Zcash's two, Tezos's three (`tz1`)


def hash160_address(token: str) -> bool:
    """A valid base58check string (or Ripple's) holding a version of one to three bytes and a
    20-byte hash of a public key: an address on Bitcoin and its forks, Tron, Zcash, Tezos or Ripple.
    A private key holds 32 bytes (a WIF key, `0x80` and 32), so no key is of this shape."""
    body = _base58check_body(token) or (_base58check_body(token.translate(_FROM_RIPPLE)) if token[:1] == "r" else b"")
    return 1 <= len(body) - HASH160_BYTES <= MAX_VERSION_BYTES


# A libp2p peer id (`12D3KooW...`): base58 of an identity multihash (0x00, 36 bytes) of a protobuf
# PublicKey (field 1, the key type; field 2, the key). Peers publish it to be dialled: a public key.
_PEER_ID_HEAD = bytes.fromhex("002408")
_PEER_ID_BYTES = 38
_PEER_ID_DATA_TAG = 0x12


def libp2p_peer_id(token: str) -> bool:
    """A libp2p peer id that inlines its public key, by its decoded structure."""
    if not 46 <= len(token) <= 54 or not _BASE58_SET.issuperset(token):
        return False
    data = _base58_bytes(token)
    return len(data) == _PEER_ID_BYTES and data.startswith(_PEER_ID_HEAD) and data[4] == _PEER_ID_DATA_TAG


# BIP-32 extended keys, serialized in 78 bytes (base58, 111 characters): four version bytes say
# public (`xpub`, `tpub`, and BIP-49/84's `ypub`, `zpub`, `upub`, `vpub`) or private (`xprv`, ...).
_EXTENDED_PUBLIC_VERSIONS = frozenset(bytes.fromhex(v) for v in (
    "0488b21e", "043587cf", "049d7cb2", "044a5262", "04b24746", "045f1cf6", "0295b43f", "02aa7ed3"))
_EXTENDED_PRIVATE_VERSIONS = frozenset(bytes.fromhex(v) for v in (
    "0488ade4", "04358394", "049d7878", "044a4e28", "04b2430c", "045f18bc", "0295b005", "02aa7a99"))
EXTENDED_KEY_CHARS = 111
_EXTENDED_KEY_BYTES = 82


def _extended_version(token: str) -> bytes:
    """The four version bytes of a BIP-32 extended key's serialization, or b"" for any other token."""
    if len(token) != EXTENDED_KEY_CHARS or not _BASE58_SET.issuperset(token):
        return b""
    number = 0
    for c in token:
        number = number * 58 + _BASE58_DIGITS[c]
    data = number.to_bytes((number.bit_length() + 7) // 8, "big")
    return data[:4] if len(data) == _EXTENDED_KEY_BYTES else b""


def extended_public_key(token: str) -> bool:
    """A BIP-32 extended public key (a watch-only wallet's `xpub...`): by its length and version."""
    return _extended_version(token) in _EXTENDED_PUBLIC_VERSIONS


def extended_private_key(token: str) -> bool:
    """A BIP-32 extended private key (`xprv...`): the wallet itself, whatever word comes before it."""
    return _extended_version(token) in _EXTENDED_PRIVATE_VERSIONS


# Nix writes a SHA-256 in its own base32: 52 characters of an alphabet without `e`, `o`, `t`, `u`
# (a lower-case random key of 52 holds one of them all but twice in a thousand).
_NIX_BASE32 = frozenset("0123456789abcdfghijklmnpqrsvwxyz")
NIX_SHA256_CHARS = 52


def nix_sha256(token: str) -> bool:
    return len(token) == NIX_SHA256_CHARS and _NIX_BASE32.issuperset(token) and not token.isdigit()


# Nix names a signing key `<name>-<n>:<base64>`: the secret key holds 64 bytes (seed and public
# half), the public key 32. A 32-byte body under that label is the half Nix publishes
# (`trusted-public-keys`), whichever cache named it.
_NIX_KEY_BODY = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/")
_NIX_KEY_NAME = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789.-")
NIX_PUBLIC_KEY_CHARS = 44  # base64 of 32 bytes


def nix_public_key(token: str) -> bool:
    name, colon, body = token.rpartition(":")
    label, dash, serial = name.rpartition("-")
    return (colon == ":" and dash == "-" and len(body) == NIX_PUBLIC_KEY_CHARS and body.endswith("=")
            and _NIX_KEY_BODY.issuperset(body[:-1]) and serial.isdigit() and serial.isascii()
            and label != "" and _NIX_KEY_NAME.issuperset(label))


def bech32_prefix(token: str) -> str | None:
    """The human-readable prefix of a valid bech32 or bech32m string (lower case), else None."""
    if not 8 <= len(token) <= 1023 or "1" not in token:
        return None
    lowered = token.lower()
    if token != lowered and token != token.upper():
        return None
    split = lowered.rfind("1")
    prefix, data = lowered[:split], lowered[split + 1:]
    if not prefix or len(data) < 6 or not _BECH32_SET.issuperset(data):
        return None
    check = 1
    for value in [ord(c) >> 5 for c in prefix] + [0] + [ord(c) & 31 for c in prefix] + [_BECH32_DIGITS[c] for c in data]:
        top = check >> 25
        check = (check & 0x1FFFFFF) << 5 ^ value
        for bit, generator in enumerate((0x3B6A57B2, 0x26508E6D, 0x1EA119FA, 0x3D4233DD, 0x2A1462B3)):
            check ^= generator if top >> bit & 1 else 0
    return prefix if check in _BECH32_CONSTANTS else None


def annotated_key(token: str) -> bool:
    """An 84-character Microsoft key (an Azure DevOps PAT): 52 random, then the signature."""
    return len(token) == ANNOTATED_KEY_CHARS and token[52:57] == ANNOTATED_SIGNATURE and token.isalnum()


# DER structures that are public by what they are: an X.509 certificate (a SEQUENCE whose first
# element, the signed part, opens with the `[0]` version tag) and a SubjectPublicKeyInfo (a
# SEQUENCE of the algorithm's SEQUENCE, opening with its OID, then the key as a BIT STRING). A
# private key's DER opens with an INTEGER version instead (PKCS#1, PKCS#8, SEC1), and an encrypted
# one holds an OCTET STRING after its algorithm: neither is public.
_CERT_VERSION = bytes.fromhex("a003020102")
_DER_HEADER_BYTES = 33  # enough of the structure to read both openings
_DER_HEADER_CHARS = 44  # base64 of those bytes


def _der_element(data: bytes, at: int) -> tuple[int, int, int] | None:
    """(tag, where its content starts, its length) of the DER element at `at`, or None."""
    if at + 2 > len(data):
        return None
    tag, first = data[at], data[at + 1]
    if first < 0x80:
        return tag, at + 2, first
    count = first & 0x7F
    if not 1 <= count <= 2 or at + 2 + count > len(data):
        return None
    return tag, at + 2 + count, int.from_bytes(data[at + 2:at + 2 + count], "big")


def public_der(token: str) -> bool:
    """Base64 (standard or url-safe) whose DER opens as a certificate or a public key's info."""
    head = token[:_DER_HEADER_CHARS]
    if len(token) < 56 or not head.startswith("M"):  # 0x30, a SEQUENCE
        return False
    try:
        data = base64.b64decode(head.replace("-", "+").replace("_", "/"), validate=True)[:_DER_HEADER_BYTES]
    except (binascii.Error, ValueError):
        return False
    outer = _der_element(data, 0)
    inner = _der_element(data, outer[1]) if outer and outer[0] == 0x30 else None
    if not inner or inner[0] != 0x30:
        return False
    if data[inner[1]:inner[1] + len(_CERT_VERSION)] == _CERT_VERSION:
        return True  # a certificate's signed part, version 3
    algorithm = _der_element(data, inner[1])
    key = _der_element(data, inner[1] + inner[2])
    return bool(algorithm and algorithm[0] == 0x06 and key and key[0] == 0x03)  # the OID, then a BIT STRING


def ssh_public_blob(token: str) -> bool:
    """Base64 of an SSH public key or certificate: a length-prefixed type name such as
    `ssh-ed25519`, `ecdsa-sha2-nistp256` or `ssh-ed25519-cert-v01@openssh.com`."""
    if len(token) < 40 or not token.startswith("AAAA"):
        return False
    try:
        data = base64.b64decode(token[:64], validate=True)
    except (binascii.Error, ValueError):
        return False
    size = int.from_bytes(data[:4], "big")
    name = data[4:4 + size]
    return 7 <= size <= 40 and len(name) == size and name.startswith((b"ssh-", b"ecdsa-", b"sk-", b"rsa-"))


_PEM_BASE64 = "LS0tLS1CRUdJTi"  # base64 of "-----BEGIN"


def private_pem_base64(token: str) -> bool:
    """Base64 of a PEM private key (kubeconfig's `client-key-data`, a key kept in a JSON setting)."""
    if not token.startswith(_PEM_BASE64):
        return False
    try:
        head = base64.b64decode(token[:80], validate=True)
    except (binascii.Error, ValueError):
        return False
    return b"PRIVATE KEY-----" in head


MANGLED_PREFIXES = ("_ZN", "__ZN")  # the Itanium C++ ABI's nested name (Rust's legacy symbols too), and macOS's extra `_`


def mangled_symbol(token: str) -> bool:
    """A symbol mangled by the Itanium C++ ABI (`_ZN4core3ops8function6FnOnce9call_once17h<hash>E`):
    each part of the name is its length in digits and then that many characters, up to the closing
    `E`. A random run almost never parses so to its last character; a backtrace is full of these."""
    if not token.startswith(MANGLED_PREFIXES):
        return False
    at = 3 if token[1] == "Z" else 4
    parts = 0
    while at < len(token) and token[at].isdigit():
        digits = at
        while at < len(token) and token[at].isdigit():
            at += 1
        if token[digits] == "0":
            return False
        at += int(token[digits:at])
        parts += 1
    return parts >= 2 and at == len(token) - 1 and token[-1] == "E"


# Stellar's StrKey (SEP-23): base32 of a version byte, a 32-byte payload and a CRC16-XModem of both
# (little-endian). The version's top five bits say what the payload is: 6 an account's public key
# (`G...`), 18 a secret seed (`S...`), others a contract, a transaction's hash or a signer.
_BASE32 = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZ234567")
STRKEY_CHARS = 56
STELLAR_SEED_TYPE = 18


def _base32_bytes(token: str) -> bytes:
    try:
        return base64.b32decode(token + "=" * (-len(token) % 8))
    except (binascii.Error, ValueError):
        return b""


def _crc16_xmodem(data: bytes) -> int:
    crc = 0
    for byte in data:
        crc ^= byte << 8
        for _ in range(8):
            crc = ((crc << 1) ^ 0x1021 if crc & 0x8000 else crc << 1) & 0xFFFF
    return crc


def stellar_strkey_type(token: str) -> int | None:
    """The type of a valid Stellar StrKey (its version's top five bits), else None."""
    if len(token) != STRKEY_CHARS or not _BASE32.issuperset(token):
        return None
    data = _base32_bytes(token)
    if len(data) != 35 or _crc16_xmodem(data[:-2]).to_bytes(2, "little") != data[-2:]:
        return None
    return data[0] >> 3


# An Algorand address: base32 of a 32-byte public key and the last four bytes of its SHA-512/256.
ALGORAND_ADDRESS_CHARS = 58


def algorand_address(token: str) -> bool:
    if len(token) != ALGORAND_ADDRESS_CHARS or not _BASE32.issuperset(token):
        return False
    data = _base32_bytes(token)
    return len(data) == 36 and hashlib.new("sha512_256", data[:32]).digest()[-4:] == data[32:]


# Substrate's SS58 (Polkadot, Kusama): base58 of a network prefix (one or two bytes), a 32-byte
# account (its public key) and the first two bytes of BLAKE2b-512 over "SS58PRE" and both.
_SS58_CONTEXT = b"SS58PRE"


def ss58_address(token: str) -> bool:
    if not 46 <= len(token) <= 50 or not _BASE58_SET.issuperset(token):
        return False
    data = _base58_bytes(token)
    prefix = 1 if len(data) == 35 else 2 if len(data) == 36 else 0
    if not prefix or (prefix == 1 and data[0] >= 64):
        return False
    return hashlib.blake2b(_SS58_CONTEXT + data[:-2], digest_size=64).digest()[:2] == data[-2:]


def public_address(token: str) -> bool:
    """An address a chain's checksum confirms: whoever has it can only pay to it."""
    return (hash160_address(token) or stellar_strkey_type(token) not in (None, STELLAR_SEED_TYPE)
            or algorand_address(token) or ss58_address(token))


def stellar_secret_seed(token: str) -> bool:
    return stellar_strkey_type(token) == STELLAR_SEED_TYPE


# Multihash (multiformats): a varint code of the hash function, a varint of the digest's length,
# then the digest. One-byte codes of the SHA-1, SHA-2, SHA-3, Keccak and Blake3 families.
_MULTIHASH_CODES = frozenset((0x11, 0x12, 0x13, 0x14, 0x15, 0x16, 0x17, 0x18, 0x19, 0x1A, 0x1B, 0x1C, 0x1D, 0x1E))


def multihash_hex(token: str) -> bool:
    """Hex of a multihash (Zig's package hashes, IPFS's in hex): a hash code, then the digest's
    length in bytes, which is what follows."""
    return (len(token) >= 8 and len(token) % 2 == 0 and int(token[:2], 16) in _MULTIHASH_CODES
            and int(token[2:4], 16) == len(token) // 2 - 2)


def der_sequence_hex(token: str) -> bool:
    """Hex of one DER SEQUENCE whose short length says how many bytes follow (an ECDSA signature,
    `3045022100...`, 70 to 72 bytes)."""
    return len(token) >= 8 and len(token) % 2 == 0 and token[:2] == "30" and int(token[2:4], 16) == len(token) // 2 - 2


# ISO 17442's Legal Entity Identifier: 18 letters and digits, then two check digits by ISO 7064
# MOD 97-10 (an IBAN's), letters counted 10 to 35. The key of a public register of companies.
LEI_CHARS = 20


def legal_entity_identifier(token: str) -> bool:
    if len(token) != LEI_CHARS or not (token.isascii() and token.isalnum() and token.isupper()):
        return False
    check = token[18:]
    if not (check.isdigit() and 2 <= int(check) <= 98):
        return False
    return int("".join(str(int(c, 36)) for c in token)) % 97 == 1


# A VAT identification number (the EU's VIES register, public: it is printed on every invoice): the
# member state's code, then digits whose last is a check digit by that state's rule. Bulgaria's nine
# (weights 1 to 8, or 3 to 10 where that gives 10, mod 11), Slovakia's ten (the number a multiple of
# 11, its third digit 2, 3, 4, 7, 8 or 9), Germany's nine (ISO 7064 MOD 11,10), Poland's ten
# (weights 6 5 7 2 3 4 5 6 7, mod 11).
def _bulgarian_vat(digits: str) -> bool:
    if len(digits) != 9:
        return False
    check = sum(int(d) * w for d, w in zip(digits, range(1, 9))) % 11
    if check == 10:
        check = sum(int(d) * w for d, w in zip(digits, range(3, 11))) % 11 % 10
    return check == int(digits[8])


def _slovak_vat(digits: str) -> bool:
    return len(digits) == 10 and digits[0] != "0" and digits[2] in "234789" and int(digits) % 11 == 0


def _german_vat(digits: str) -> bool:
    if len(digits) != 9 or digits[0] == "0":
        return False
    product = 10
    for digit in digits[:8]:
        total = (int(digit) + product) % 10 or 10
        product = 2 * total % 11
    return (11 - product) % 10 == int(digits[8])


def _polish_vat(digits: str) -> bool:
    if len(digits) != 10:
        return False
    check = sum(int(d) * w for d, w in zip(digits, (6, 5, 7, 2, 3, 4, 5, 6, 7))) % 11
    return check != 10 and check == int(digits[9])


_VAT_CHECKS = {"BG": _bulgarian_vat, "SK": _slovak_vat, "DE": _german_vat, "PL": _polish_vat}


def vat_number(token: str) -> bool:
    check = _VAT_CHECKS.get(token[:2])
    return check is not None and token[2:].isdigit() and token[2:].isascii() and check(token[2:])


def vowel_share(letters) -> float:
    """The share of vowels among lower-case letters: about one in five for a draw, two in five for words."""
    return sum(c in "aeiou" for c in letters) / len(letters)


def counts_up(chunk: str) -> bool:
    """Four characters in a row that count up (`abcd`, `0123`): a made-up filler, not a draw."""
    steps = [ord(b) - ord(a) == 1 for a, b in zip(chunk, chunk[1:])]
    return any(all(steps[i:i + 3]) for i in range(len(steps) - 2))
