"""Secrets found by what they are, not by a vendor's prefix or the name before them.

The vendor rules of `secret_patterns` know a few hundred formats; a new vendor, or a known key in
a context nobody wrote a rule for (alone in tool output, in a sentence, a CSV column, a flag),
passes them. This pass looks at every run of text that could be a credential and judges its
shape: a long random chunk mixing upper case, lower case and digits is a key anywhere; a shorter
or plainer one (a password, a hex key) only where the words just before it name a credential.
Shapes that are random by design but grant nothing keep their text (`non_secrets`).
"""

from __future__ import annotations

import math
import re
from typing import Callable
from urllib.parse import unquote

from skillopt_sleep.capture import non_secrets, sql_rows, token_checks, wrapped
from skillopt_sleep.capture.lazy_regex import lazy
from skillopt_sleep.capture.token_checks import counts_up, vowel_share
from skillopt_sleep.capture.secret_patterns import ENV_NAME, GIT_OBJECT_ID_LENGTHS, ID_OF, drawn_digits, shannon_entropy, tag
from skillopt_sleep.capture.text_lines import lines_above
from skillopt_sleep.capture.store_refs import reference_at

# A run: what sits between spaces, quotes, brackets and list separators. `=`, `:` and `/` stay
# inside, as in keys and passwords; `name=value` is split below. Only runs holding a digit are
# found (a key without one is rare, and most words of text have none): the lookbehind lets a
# match start only where a run does, so a run without a digit costs one pass, not one per start.
_DELIMITERS = r"\s\"'`\\,;<>\[\]{}()|&?"
_RUN = lazy(rf"(?<![^{_DELIMITERS}])[^{_DELIMITERS}\d]*\d[^{_DELIMITERS}]*")
_NAME_EQ = lazy(r"(?:\$|--)?[A-Za-z_][A-Za-z0-9_.\-]*=(?!=)")  # `$` of a shell variable or an OData option (`$skiptoken=`), a command's option (`--timeout=`)
# A chunk is a run cut at the separators keys use between parts; the random part of a token is
# one long chunk.
_CHUNK = lazy(r"[A-Za-z0-9]+")
_RUNS = lazy(r"[A-Z]?[a-z]+|[A-Z]+(?![a-z])|\d+")
_HEX = lazy(r"(?:0x)?[0-9a-fA-F]+")
_WORDLIKE = lazy(r"[A-Z]?[a-z]{3,}")
_ONE_RUN = lazy(r"[A-Z]?[a-z]+|[A-Z]+|\d+")
# `prefix_` or `pre_fix-` before a random tail: how most services mark their tokens, in lower case
# or in upper case (`VENDSECK_TEST-`), one case throughout.
_PREFIXED = lazy(r"([a-z][a-z0-9]{1,9}(?:[_\-.][a-z0-9]{1,6})*[_\-.]|[A-Z][A-Z0-9]{1,9}(?:[_\-.][A-Z0-9]{1,6})*[_\-.])"
                 r"([A-Za-z0-9_\-]+={0,2})")
# Object ids after one short prefix (`cus_`, `pi_`, `msg_01`, `toolu_01`): at most 24 random
# characters, and a version digit or two before them. A key after such a prefix is longer.
_OBJECT_ID = lazy(r"[a-z]{1,6}_[A-Za-z0-9]{8,27}")
# A version's numbers are short (`1.2`, `3.11`, `2026.1`); `fef1.23565959` is an id's and a key's parts joined by a dot.
_VERSION = lazy(r"(?<!\d)\d{1,4}\.\d{1,4}(?!\d)")
# Hex parts joined by `.` or `:` after at most a short word (`<id>:<secret>`, `st.<id>.<key>.<key>`):
# an id and its secret kept together. A digest has a word before it (`sha256:`), a trace id `-`.
_HEX_COMPOUND = lazy(r"(?:[a-z]{1,8}[.:])?[0-9a-f]{16,}(?:[.:][0-9a-f]{16,})+")
# After a credential's name a shorter id will do (`<8 hex>.<35 hex>`, Fibery's token): its digits
# beside the dot are no version's (`c4.345c`).
_NAMED_HEX_COMPOUND = lazy(r"[0-9a-f]{8,}(?:[.:][0-9a-f]{8,})+")
# A lower-case random tail after a vendor's prefix (base32, `[a-z0-9]`): few vowels, unlike words.
MIN_LOWER_TAIL = 20
MAX_VOWEL_SHARE = 0.35  # random base32 letters: about 0.19 (a tail of twenty letters rarely passes 0.35); words: about 0.4
_TRAILING = ".,:;!?)"

MIN_BARE_LENGTH = 20  # a random run this long is a key without any name before it
MIN_UPPER_KEY = 40  # an upper-case random run this long is a key (base32 seeds: 56, 58)
MIN_CUT_UPPER_KEY = 30  # the same in groups cut by `-` or `_`: ids in groups (UUIDs in upper case) are hex
MIN_BARE_CHUNK = 16
MIN_NAMED_LENGTH = 8  # after a credential's name, a password may be this short
MIN_PATH_KEY = 24  # random segments of a path this long together are a key in it, shorter ones an id (nanoid 21, Firestore 20)
# A segment of a path that is a lower-case word (`static`, `users`, `_next`): base64 has few, and a
# vendor's `prefix/random/random` key one at most.
_PATH_WORD = lazy(r"(?:^|/)[_.]?[a-z]{3,}(?:[_.\-][a-z0-9]+)*(?=/|$)")
_PATH_SEGMENT_WORD = lazy(r"[_.]?[A-Za-z][a-z]{2,}(?:[A-Z][a-z]{2,})*(?:[_.\-][a-z0-9]+)*")  # `static`, `_buildManifest.js`


def _random_chunk(chunk: str) -> bool:
    """Upper, lower and digits switching every few characters, as a key's random part does. A
    chunk that switches less often is still random when few of its letters form word-like runs
    (identifiers are words: `getUtf8StringFromBase64Url`); one without digits must be longer."""
    if len(chunk) < MIN_BARE_CHUNK or chunk.isdigit() or chunk.islower() or chunk.isupper():
        return False
    if _typed_hex(chunk):
        return False  # the case mixes only where a type tag meets hex (`SM` and a message id): hex is judged by name
    if (chunk.isalpha() and len(chunk) < MIN_BARE_LENGTH) or shannon_entropy(chunk) < 3.5:
        return False
    switches = len(_RUNS.findall(chunk)) / len(chunk)
    if switches >= 0.35:
        return True
    return switches >= 0.28 and sum(map(len, _WORDLIKE.findall(chunk))) / len(chunk) < 0.5


def _random_plain(chunk: str) -> bool:
    """Lower case (or hex) and digits, long and random: a key in one case."""
    return (len(chunk) >= 30 and not chunk.isalpha() and not chunk.isdigit() and shannon_entropy(chunk) >= 3.0
            and (chunk.islower() or chunk.isupper() or bool(_HEX.fullmatch(chunk)))
            and len(_RUNS.findall(chunk)) / len(chunk) >= 0.2)


_PERCENT_ESCAPE = lazy(r"%[0-9A-Fa-f]{2}")


def bare_secret(value: str) -> bool:
    """A credential by its shape alone: long, random, in no shape known to be harmless."""
    if len(value) < MIN_BARE_LENGTH or non_secrets.harmless(value) or non_secrets.placeholder(value):
        return False
    if "%" in value and _PERCENT_ESCAPE.search(value):
        # URL-encoded (`sha256%3A<hex>` in a package URL, `%2B` in a signature): judged as what it encodes.
        return bare_secret(unquote(value))
    if confirmed(value) or token_checks.jwt_header(value):
        return True
    if "/" in value and len(_PATH_WORD.findall(value)) >= 2:
        # A path (two of its segments words): the random segments between its words are ids (a
        # build id, a document's) unless together they are a key's length (base64 holds `/`).
        return any(len(part) >= MIN_PATH_KEY and (bare_secret(part) or _cut_key(part)) for part in _between_words(value))
    if non_secrets.decodes_to_text(value, spaced=False):  # with no name before it, base64 of words is data
        return False
    prefixed = _PREFIXED.fullmatch(value)
    if prefixed:
        prefix, tail = prefixed.groups()
        if _OBJECT_ID.fullmatch(value) or _padded_part(tail):
            return False
        longest = max(_CHUNK.findall(tail), key=len, default="")
        # A prefix of two parts (`sm_pat_`) marks a token even before a short tail; one short
        # part (`ch_`, `pi_`) marks an object id unless the tail is a key's length.
        several = prefix.count("_") + prefix.count("-") >= 2
        if several and len(longest) >= 12 and _mixed(longest):
            return True
        if (len(longest) >= 30 or several) and _random_chunk(longest):
            return True
        if len(longest) >= MIN_BARE_CHUNK and _switches_case(longest):
            return True  # a vendor's prefix before drawn letters (`unkey_qSnpWiaGYJYZZvsPjyWzzWPd`)
        if len(longest) >= 30 and _mixed(longest) and shannon_entropy(longest) >= 4.0 and (
                len(_RUNS.findall(longest)) / len(longest) >= 0.2):
            return True  # a vendor's prefix before a key's length of mixed classes: fewer switches will do
        if _random_lower(longest) and len(prefix) >= 4:
            return True  # `esecret_`, `sk_sbox_` before a lower-case key
        # A digest's algorithm or a version (`v1.`) before hex: not a vendor's mark.
        digest_like = prefix.lower().startswith(("sha", "md5", "blake")) or (prefix[:1] in "vV" and prefix[1:2].isdigit())
        # The tail's first chunk alone too, when it is the longest: a short check suffix (`-X`) may follow it.
        if not digest_like and (_random_plain(tail.rstrip("=")) or (tail.startswith(longest) and _random_plain(longest))
                                or _hex_key(tail)):
            return True  # hex after a prefix (`cu_`, `mlsn.`) is a key however its digits fall
    if _hex_compound(value) or _unusual_hex(value):
        return True
    return any(_random_chunk(chunk) or _random_upper(chunk) for chunk in _CHUNK.findall(value))


# Hex of the lengths digests, public keys and signatures have: SHA-224, SHA-256 (and a `0x`-less
# 32-byte key, which a name must say), a compressed and an uncompressed public key, SHA-384, SHA-512.
_PUBLIC_HEX_LENGTHS = frozenset((56, 64, 66, 96, 128, 130))
MIN_UNUSUAL_HEX = 44  # past SHA-1's 40 and a few more
MAX_UNUSUAL_HEX = 160  # past it, a hex run is data (a modulus, a dump, a transaction)


def _unusual_hex(value: str) -> bool:
    """Hex of a length no digest, public key or signature has (`<72 hex>`): what a vendor draws for
    a key. A multihash (a hash code and a length before the digest) is a digest, one DER sequence
    (an ECDSA signature: `3045...`) a signature."""
    return (MIN_UNUSUAL_HEX <= len(value) <= MAX_UNUSUAL_HEX and len(value) not in _PUBLIC_HEX_LENGTHS
            and _HEX_DIGITS.issuperset(value.lower()) and not value.isdigit() and not value.isalpha()
            and not token_checks.multihash_hex(value) and not token_checks.der_sequence_hex(value))


_HEX_DIGITS = frozenset("0123456789abcdef")
MIN_PADDED_PART = 8


def _padded_part(tail: str) -> bool:
    """A part of the tail padded with four zeros or more (`bqjob_r<hex>_0000019651dd0487_1`): a
    number written at a fixed width (a time, a counter), which no drawn key begins with; the value
    is an id built of numbers."""
    return "0000" in tail and any(len(part) >= MIN_PADDED_PART and part.startswith("0000") for part in _SEPARATOR.split(tail))


_UPPER_HEX_DIGITS = frozenset("0123456789ABCDEF")


def _typed_hex(chunk: str) -> bool:
    """One to four capitals, then lower-case hex (`SM` and 32 hex digits): a typed id. Or `0x` and
    upper-case hex (`0x33BD...`, a number or a blob printed in hex): the case mixes only at the
    tag, and hex in one case is judged as hex is, by its length and a name."""
    if chunk[:2] == "0x" and len(chunk) >= 18 and _UPPER_HEX_DIGITS.issuperset(chunk[2:]):
        return True
    tag = len(chunk) - len(chunk.lstrip("ABCDEFGHIJKLMNOPQRSTUVWXYZ"))
    return 1 <= tag <= 4 and len(chunk) - tag >= 16 and _HEX_DIGITS.issuperset(chunk[tag:])


def _hex_key(value: str) -> bool:
    """Hex of a key's length (32 digits or more), mixing letters and digits."""
    return len(value) >= 32 and bool(_HEX.fullmatch(value)) and not value.isdigit() and not value.isalpha()


def _hex_compound(value: str, named: bool = False) -> bool:
    """Two or more hex parts, one of 32 digits or more, each mixing letters and digits (of 16 or
    more, or, `named`, of 8 or more)."""
    if ("." not in value and ":" not in value) or not (_NAMED_HEX_COMPOUND if named else _HEX_COMPOUND).fullmatch(value):
        return False
    parts = [part for part in re.split(r"[.:]", value) if len(part) >= (8 if named else 16)]
    return any(len(part) >= 32 for part in parts) and all(not part.isdigit() and not part.isalpha() for part in parts)


def _random_lower(chunk: str) -> bool:
    """Lower-case letters and digits, long and random: digits in it, 3.5 bits a character, and a
    vowel share among its letters far below a word's (about two in five)."""
    if len(chunk) < MIN_LOWER_TAIL or not chunk.islower() or not chunk.isalnum() or not chunk.isascii():
        return False
    letters = [c for c in chunk if c.isalpha()]
    digits = len(chunk) - len(letters)
    return (digits >= 2 and len(letters) >= len(chunk) / 2 and shannon_entropy(chunk) >= 3.5
            and vowel_share(letters) < MAX_VOWEL_SHARE and not counts_up(chunk))


def _between_words(path: str) -> list[str]:
    """The runs of a path's segments that are not words, each joined again with `/`."""
    runs, current = [], []
    for segment in path.split("/"):
        if not segment or _PATH_SEGMENT_WORD.fullmatch(segment):
            runs.append("/".join(current))
            current = []
        else:
            current.append(segment)
    return [run for run in runs + ["/".join(current)] if run]


def _mixed(chunk: str) -> bool:
    return any(c.isupper() for c in chunk) and any(c.islower() for c in chunk) and any(c.isdigit() for c in chunk)


# A short id before a reversed domain of words (an Apple app id, `TEAMID1234.org.example.shop`; a
# host under a tenant): a name, which no key of that length is.
_PREFIXED_DOMAIN = lazy(r"[A-Za-z0-9]{1,16}(?:\.[a-z]{2,}){2,}")
# A file's name: lower-case words, each ending in a short number at most, and an extension of letters
# (`zabbix_agent2.conf`, `http2-proxy.yaml`): where a value is kept or read from, named beside it.
_FILE_NAME = lazy(r"(?:[a-z]{2,}\d{0,2}[_\-])*[a-z]{2,}\d{0,2}\.[a-z]{2,5}")
# A host by its domain name and a port (`radius.example.com:1812`, a row's first column): a place.
_HOST_PORT = lazy(r"(?:[a-z0-9](?:[a-z0-9\-]*[a-z0-9])?\.)+[a-z]{2,}:\d{1,5}")


def named_secret(value: str) -> bool:
    """A credential where a name before it says so: a password, a hex key, a token of any shape
    that is not a word, a number, a reference, a URL or a harmless shape."""
    if (len(value) < MIN_NAMED_LENGTH or non_secrets.harmless(value) or non_secrets.reference(value)
            or non_secrets.placeholder(value) or _PREFIXED_DOMAIN.fullmatch(value) or _FILE_NAME.fullmatch(value)
            or _HOST_PORT.fullmatch(value)):
        return False
    if bare_secret(value) or _random_one_case(value) or _random_lower(value.lower() if value.isupper() else value):
        return True  # lower or upper case and digits with a word's share of vowels nowhere: random, after a name
    if len(value) >= MIN_DRAWN_LETTERS and _switches_case(value):
        return True  # letters alone whose case switches every few characters (`BidsyNBOgmMrEMBq`): drawn, not words
    if _drawn_one_case(value):
        return True
    bare = value[2:] if value[:2] in ("0x", "0X") else value
    if _hex_key(bare) or _hex_compound(value, named=True):
        return True
    if _VERSION.search(value) or not any(c.isalpha() for c in value):
        return False
    longest = max(_CHUNK.findall(value), key=len, default="")
    # A password has a run of six or more letters and digits; a path (`/oauth2/v1/token`) only
    # counts when its longest part is itself random.
    if len(longest) < 6:
        return _random_groups(value)
    if "/" in value and not _mixed(longest):
        return False
    classes = (any(c.isupper() for c in value) + any(c.islower() for c in value) + any(c.isdigit() for c in value)
               + any(not c.isalnum() for c in value))
    symbol = any(not c.isalnum() and c not in "._-/" for c in value)
    has_digit = any(c.isdigit() for c in value)
    if classes >= 3 and (has_digit or symbol) and shannon_entropy(value) >= _least_entropy(value):
        return not non_secrets.identifier(value)
    if len(value) >= MIN_BARE_LENGTH and _random_chunk(_SEPARATOR.sub("", value)):
        return True  # a url-safe token without digits: its case switches as a key's do
    return _random_plain(value) and len(value) >= 20


MIN_NAMED_ONE_CASE = 16


def _drawn_one_case(value: str) -> bool:
    """Letters of one case and digits, two digits at least, whose letters hold far fewer vowels than
    words do (`X7CNLZEGCCLMMC54`): drawn, after a name, though repeats keep its entropy low."""
    if len(value) < MIN_NAMED_ONE_CASE or not value.isalnum() or not value.isascii() or not (value.isupper() or value.islower()):
        return False
    letters = [c for c in value.lower() if c.isalpha()]
    return (len(value) - len(letters) >= 2 and len(letters) >= len(value) / 2 and not _HEX.fullmatch(value)
            and vowel_share(letters) < MAX_GROUP_VOWELS
            and shannon_entropy(value) >= NAMED_ENTROPY)
NAMED_ENTROPY = 3.0  # bits a character a named password holds
ENTROPY_SHORTFALL = 0.5  # how far below its length's most a short drawn value's entropy may fall
MIN_SHORT_DRAWN = 10


def _least_entropy(value: str) -> float:
    """NAMED_ENTROPY, or less for a value too short to reach it that mixes upper case, lower case
    and digits as drawn keys do: n characters hold at most log2(n) bits each, so ten drawn ones with
    one repeated hold 2.9. Shorter values, or values of fewer classes (`madrid-1`, `SECRET-4`), are
    names and labels as often as passwords: the full bar stands for them."""
    if len(value) < MIN_SHORT_DRAWN or not _mixed(value):
        return NAMED_ENTROPY
    return min(NAMED_ENTROPY, math.log2(len(value)) - ENTROPY_SHORTFALL)
MIN_GROUP_SWITCHES = 0.25  # runs of one class per character in a grouped key, joined
_GROUPS = lazy(r"[A-Za-z0-9]{3,5}(?:-[A-Za-z0-9]{3,5}){2,}")
MIN_GROUPED_KEY = 12  # characters a grouped key holds joined: three groups of four, four of three


def _random_groups(value: str) -> bool:
    """A key written in groups of three to five joined by `-` (`CVWJ-RQA8-O9XE-ITUF`, `O6I-9S7-7XQ-AYV`,
    a licence's or an account's key): random once joined, as a key in one run would be, after a name."""
    if not _GROUPS.fullmatch(value) or len({len(part) for part in value.split("-")}) != 1:
        return False
    joined = value.replace("-", "")
    if len(joined) < MIN_GROUPED_KEY:
        return False
    if _random_one_case(joined) or _random_chunk(joined):
        return True
    # Sixteen characters hold four bits each at most: drawn ones with a few repeated fall below
    # `_random_one_case`'s bar, but letters and digits switching this often in groups are no word.
    return (not joined.isalpha() and not joined.isdigit() and shannon_entropy(joined) >= NAMED_ENTROPY
            and len(_RUNS.findall(joined)) / len(joined) >= MIN_GROUP_SWITCHES)




def _random_one_case(value: str) -> bool:
    """Letters of one case and digits switching every few characters (`ROIVLTGY9AR8QYBU`): a key
    after a name, shorter than one in one case must be alone."""
    return (len(value) >= MIN_NAMED_ONE_CASE and value.isalnum() and value.isascii() and (value.isupper() or value.islower())
            and not value.isalpha() and not _HEX.fullmatch(value) and shannon_entropy(value) >= 3.5
            and len(_RUNS.findall(value)) / len(value) >= 0.3)


MIN_NAMED_HEX = 12  # hex this long is a key after a strong name (a short access token); a shorter run is a number


def _short_hex(value: str) -> bool:
    """Hex of a short access token's length. `0x` before it writes a number (a pointer in a Go panic,
    a register): no token is handed over in C's notation."""
    return (MIN_NAMED_HEX <= len(value) < 32 and value[:2] not in ("0x", "0X") and bool(_HEX.fullmatch(value))
            and not value.isdigit() and not value.isalpha())


def _value_of(run: str, start: int) -> tuple[str, int]:
    """The value part of a run: after `name=`, without trailing punctuation. A run that is only
    `word=` and a sentence's stop is a base64 key's padding before the full stop, not a name. A
    setting whose value is itself `NAME=value` (systemd's `Environment=NAME=value`) gives the inner
    value, named by the inner name."""
    named = _NAME_EQ.match(run)
    while named and run[named.end():].rstrip(_TRAILING):
        run, start = run[named.end():], start + named.end()
        named = _NAME_EQ.match(run)
    stripped = run.rstrip(_TRAILING)
    return stripped, start


# Where a bare key can be: a run of at least MIN_BARE_CHUNK letters and digits (base64's `+/`
# allowed). Most text has none; the redactor tests for one once (`LONG_RUN`) and skips this tier
# and the rules that need one (`Rule.long_run`) without it.
_LONG_CHUNK = lazy(r"[A-Za-z0-9]{16,}")
LONG_RUN = lazy(r"[A-Za-z0-9+/]{16,}")
# The same test by one translation and a substring search: an ASCII text maps each character of
# the class to "r" and every other to a space, so a run of the class is a run of "r" (and a rule
# whose every match holds a longer run, `Rule.min_run`, is ruled out by the same translation).
# The regex tries a match at every letter; this costs a third of it. A text with other characters
# takes the regex (translating them is slower than scanning).
_ASCII = [chr(code) for code in range(128)]
_RUN_MAP = str.maketrans({c: "r" if c.isascii() and (c.isalnum() or c in "+/") else "s" if c in "-_" else " "
                          for c in _ASCII})
RUN_LETTER = "r"
SEPARATOR_LETTER = "s"  # `-` and `_`: with the run letters, the class of url-safe keys (`urlsafe_runs`)


def class_runs(text: str) -> str | None:
    """`text` with each character of LONG_RUN's class as RUN_LETTER, `-` and `_` as
    SEPARATOR_LETTER and any other as a space; None for a text that is not ASCII."""
    return text.translate(_RUN_MAP) if text.isascii() else None


def has_long_run(text: str, runs: str | None) -> bool:
    """`LONG_RUN.search(text) is not None`, from `class_runs(text)` where there is one."""
    if runs is None:
        return LONG_RUN.search(text) is not None
    return RUN_LETTER * MIN_BARE_CHUNK in runs


NEXT_LINE_CHARS = 200  # how far past a name its value is looked for (the line, and the next one's start)
_REST_OF_FILE_NAME = lazy(r"[\w.\-]*(?![\w.\-/])")


def _names_the_file(text: str, line_start: int, end: int) -> bool:
    """The name ending at `end` is in the file name of a file heading's path (`ldap.secret`, not a
    `secrets/` folder holding a manifest): the file's content on the next line is named by it,
    whatever the comment says after the path."""
    return bool(non_secrets.FILE_HEADING.fullmatch(text, line_start, end) and _REST_OF_FILE_NAME.match(text, end))


CSV_CHARS = 4000  # a CSV header's names reach the rows below
_CSV_HEADER = lazy(r"[\w .\-]+(?:,[\w .\-]*)+")


def redact_shapes(text: str, counted: Callable[[str], None] | None = None, *, long_run: bool = True,
                  cue_ends: list[int] | None = None, cut_runs: list[tuple[int, int]] | None = None,
                  runs: str | None = None, user_flags: bool = True) -> str:
    """`text` with every credential-shaped run replaced by `[REDACTED:token]`. `long_run`: False
    when the text has no run of MIN_BARE_CHUNK letters and digits (so no bare key); `cue_ends`:
    where credential names end (None: anywhere), the only places a named value is looked for;
    `cut_runs`: `urlsafe_runs(text)`, or `runs`: `class_runs(text)`, where the caller has it;
    `user_flags`: False when the text holds none of USER_FLAG_TRIGGERS (the caller's trigger scan)."""
    spans = _bare_spans(text) if long_run else []
    spans += _named_spans(text, cue_ends)
    spans += _urlsafe_spans(text, urlsafe_runs(text, runs) if cut_runs is None else cut_runs)
    if len(text) >= 32:
        spans += _plain_spans(text)
    if user_flags:
        spans += _user_command_spans(text)
    if dashed_groups(text, runs):
        spans += _app_password_spans(text)
    if "://" in text:
        if "/v" in text:
            spans += _url_key_spans(text)
        spans += _path_named_spans(text)
        spans += _hook_spans(text)
        spans += _endpoint_key_spans(text)
        spans += _host_keyed_spans(text)
        if long_run and "=" in text and ("?" in text or "&" in text):  # hex of a key's length is a long run
            spans += _query_key_spans(text)
    if spans and '":' in text:
        spans = [(start, end) for start, end in spans if not _json_member_name(text, start, end)]
    if spans and "Id" in text:
        spans = [(start, end) for start, end in spans if not _value_of_an_id(text, start)]
    if not spans:
        return text
    if _BINARY_PATCH in text:
        spans = _outside_binary_patches(text, spans)
    return _replaced(text, spans, counted)


def user_flag_passwords(text: str, counted: Callable[[str], None] | None = None) -> str:
    """`text` with the passwords of its commands' user flags replaced (`redact_shapes`' own for
    a text that has nothing else the shape pass reads)."""
    spans = _user_command_spans(text)
    return _replaced(text, spans, counted) if spans else text


def _replaced(text: str, spans: list[tuple[int, int]], counted: Callable[[str], None] | None) -> str:
    parts, done = [], 0
    for start, end in sorted(set(spans)):
        if start < done:
            continue
        parts += [text[done:start], tag("token")]
        done = end
        if counted:
            counted("token")
    return "".join(parts) + text[done:]


def _bare_spans(text: str) -> list[tuple[int, int]]:
    spans, done = [], -1
    redacted = "[REDACTED:" in text  # a rule removed a value: the rest a log's wrapping cut off may follow it
    for chunk in _LONG_CHUNK.finditer(text):
        word = chunk.group(0)
        if chunk.start() < done:
            continue
        # A run at a line's end may go on at the next one's, cut there by a log's wrapping.
        rest = wrapped.continuation(text, chunk.end()) if text.startswith(_LINE_ENDS, chunk.end()) else None
        if not (rest or _random_chunk(word) or _random_plain(word) or _may_carry_structure(word) or _random_lower(word)
                or (redacted and _rest_of_redacted(text, chunk.start(), word))):
            continue
        start, end = _run_around(text, chunk.start(), chunk.end())
        done = end
        value, at = _value_of(text[start:end], start)
        if not _worth_judging(value):
            continue
        if rest and (_wrapped_secret(value, text[rest[0]:rest[1]]) or _named_wrapped(text, at, value, rest)):
            if non_secrets.cue_before(text, at) != "harmless":  # `bh=` of a DKIM header: a public hash, cut
                spans += [(at, at + len(value)), rest]  # both pieces of a value a log cut across two lines
            continue
        if _rest_of_redacted(text, at, value):
            spans.append((at, at + len(value)))
            continue
        # A checksum confirms what a harmless word before it would deny (`wallet <WIF key>`).
        if bare_secret(value) and (confirmed(value) or non_secrets.cue_before(text, at) != "harmless") and not (
                _continues_a_public_value(text, at, value) or _hex_data(text, at, value)):
            spans.append((at, at + len(value)))
        elif non_secrets.in_cookie_jar(text, at) and named_secret(value):
            spans.append((at, at + len(value)))  # a cookie's value, far past any name (a long warning before it)
        elif (len(value) >= MIN_SENTENCE_KEY and _random_lower(value) and _OUTSIDE_BASE32.search(value)
              and not _ULID.fullmatch(value) and _in_a_sentence(text, at, value) and non_secrets.cue_before(text, at) != "harmless"):
            spans.append((at, at + len(value)))  # a key lent in a sentence (`bruker nå <key> i går`), in any language
        elif _lent_after_a_clause(text, at, value) and non_secrets.cue_before(text, at) != "harmless":
            spans.append((at, at + len(value)))
        if spans and spans[-1] == (at, at + len(value)) and text[chunk.start() - 1:chunk.start()] == " ":
            spans += _named_head(text, at, value)  # the run opens a line a log wrapped: its head may be named above
    return spans


# Digits base32's alphabets leave out (RFC 4648's has 2 to 7): an IPFS CID or an onion address
# holds none, a base36 key nearly always one.
_OUTSIDE_BASE32 = lazy(r"[0189]")
# A ULID in lower case: a time (its first character 0 to 7) and randomness in Crockford's base32,
# which leaves out i, l, o and u. It names a record.
_ULID = lazy(r"[0-7][0-9a-hjkmnp-tv-z]{25}")
MIN_SENTENCE_KEY = 24  # an order's or a booking's code quoted in a sentence is shorter
# A word of a sentence, in any alphabet: letters only, two or more.
_PROSE_WORD = lazy(r"(?<![\w./=:@#-])[^\W\d_]{2,}(?![\w/=@#-])")
MIN_SENTENCE_WORDS = 4


def _in_a_sentence(text: str, at: int, value: str) -> bool:
    """The run stands alone among a sentence's words (`bruker nå <run> i går`): spaces around it
    and words of a language on its line, not a path's, a file's or an assignment's neighbours."""
    end = at + len(value)
    if text[at - 1:at] != " " or text[end:end + 1] not in ("", " ", "\n", ",", ".", ";"):
        return False
    line_start = text.rfind("\n", 0, at) + 1
    line_end = text.find("\n", end)
    line = text[line_start:at] + " " + text[end:len(text) if line_end < 0 else line_end]
    return len(_PROSE_WORD.findall(line)) >= MIN_SENTENCE_WORDS


# Hex of md5's length is also a key's (a bank's test key, a vendor's secret). A sentence that lends
# one, its clause ending in a colon right before it and the value ending the sentence (`Hier laat ik
# de waarde voor de testomgeving achter: <hex>`), hands it over, whatever the language. A clause of
# words alone, from the line's start: a log's line (a time, a host, `deploy[88]:`), a label
# (`BuildId: <hex>`), a file's name or a path beside it make it a digest or an id, as a digest's or
# an id's name before it does (`cue_before`).
LENT_HEX_LENGTH = 32
_LENT_CLAUSE = lazy(r"[^\W\d_](?:[^\W\d_]|[ \t,'’\-])*:[ \t]+")
_SENTENCE_ENDS = ("", "\n", ". ", ".\n", ".")
# A dash after the value closes the clause as a full stop would (`... for the weekend: <hex> — do not keep it`).
_CLAUSE_DASHES = (" \u2014 ", " \u2013 ")


def _lent_after_a_clause(text: str, at: int, value: str) -> bool:
    if len(value) != LENT_HEX_LENGTH or not _HEX_DIGITS.issuperset(value.lower()) or value.isdigit():
        return False
    end = at + len(value)
    if not (text[end:end + 2] in _SENTENCE_ENDS or text[end:end + 1] == "\n" or text.startswith(_CLAUSE_DASHES, end)):
        return False
    line_start = text.rfind("\n", 0, at) + 1
    clause = _LENT_CLAUSE.fullmatch(text, line_start, at)
    return clause is not None and len(_PROSE_WORD.findall(text, line_start, at)) >= MIN_SENTENCE_WORDS


_LINE_ENDS = ("\n", "\\\n")  # a line's end, or a continued line's


_KEY_ALPHABET = lazy(r"[A-Za-z0-9+/=_\-]+")


def _named_rest(text: str, end: int) -> list[tuple[int, int]]:
    """The rest of a named value that ends its line, where the next line repeats the log's prefix
    and goes on with more of a key: letters and digits, a digit among them, and nothing a log's
    next line opens with (a time's `:`), unless a backslash said the line goes on."""
    rest = wrapped.continuation(text, end) if text.startswith(_LINE_ENDS, end) else None
    if rest is None:
        return []
    piece = text[rest[0]:rest[1]].rstrip(_TRAILING)
    if piece.isdigit() or not (any(c.isdigit() for c in piece) or _switches_case(piece)):
        return []
    return [(rest[0], rest[0] + len(piece))] if text.startswith("\\\n", end) or _KEY_ALPHABET.fullmatch(piece) else []


MIN_CASE_SWITCHES = 0.35  # runs of one case per letter: drawn letters (`UuYuKeCrED`), not a word or a name
MIN_DRAWN_LETTERS = 12  # letters alone this long after a name are a password when they switch case so


def _switches_case(piece: str) -> bool:
    """Letters of both cases switching every few characters, as drawn letters do and words do not."""
    return (piece.isalpha() and not piece.islower() and not piece.isupper()
            and len(_RUNS.findall(piece)) / len(piece) >= MIN_CASE_SWITCHES)


def _named_wrapped(text: str, at: int, head: str, rest: tuple[int, int]) -> bool:
    """A value cut across two log lines after a credential's name (`client_secret <hex>`, cut):
    judged whole, as the name judges a value (hex is a key only where it is named)."""
    return named_secret(head + text[rest[0]:rest[1]].rstrip(_TRAILING)) and non_secrets.cue_before(text, at) == "named"


def _named_head(text: str, at: int, value: str) -> list[tuple[int, int]]:
    """The head of the key at `at` on the line before, where a log cut it after a credential's name
    (`SHOP_API_KEY=shop_kqzvbnwrt` and a backslash, then the rest): too plain alone, the head goes with its rest."""
    cut = wrapped.cut_before(text, at)
    if cut is None:
        return []
    head, begin = _value_of(text[cut[0]:cut[1]], cut[0])
    if head and non_secrets.cue_before(text, begin) == "named" and named_secret(head + value):
        return [(begin, begin + len(head))]
    return []


def _rest_of_redacted(text: str, at: int, value: str) -> bool:
    """The run at `at` opens a line that repeats the line before's log prefix (indented past it or
    not), and that line ends in a redacted value: the rest of that value, which a log's wrapping
    cut off. A backslash before the newline (a continued line, as `wrapped` reads it) belongs to
    neither piece."""
    head = wrapped.cut_before(text, at)
    line_start = text.rfind("\n", 0, at) + 1
    line_end = line_start - 1 - text.endswith("\\", 0, line_start - 1)
    return (len(value) >= wrapped.MIN_REST and any(c.isdigit() for c in value) and head is None and line_start > 0
            and text.endswith("]", 0, line_end) and _REDACTED_END.search(text, max(0, line_end - 40), line_end)
            is not None and wrapped.repeats(text, text[line_start:at].rstrip(" \t"), text.rfind("\n", 0, line_start - 1) + 1))


_REDACTED_END = lazy(r"\[REDACTED:[a-z\-]+\]$")


def _wrapped_secret(head: str, rest: str) -> bool:
    """A value cut across two log lines, judged whole: a key, or a secret's first piece followed by
    more of the same alphabet (the rest of it, however plain it looks alone)."""
    if bare_secret(head + rest) or _random_upper(head + rest):
        return True
    return bare_secret(head) and len(rest.rstrip(_TRAILING)) >= wrapped.MIN_REST and any(c.isdigit() for c in rest)


def _hex_data(text: str, at: int, value: str) -> bool:
    """Hex whose length is not its own: a run the text's start or end cuts (a window of a longer
    output, a digest's tail), or a line of a block of hex lines (data printed at a fixed width:
    `xxd -p`, an Ansible vault's ciphertext): the line above at least as long, or the line below
    at most as long (the block's last line is its rest)."""
    if not _unusual_hex(value):
        return False
    if (at == 0) != (at + len(value) == len(text)):
        return True
    line_start = text.rfind("\n", 0, at) + 1
    line_end = text.find("\n", at)
    for above_start, above_end in lines_above(text, line_start, 1):
        above = text[above_start:above_end].strip()
        if len(above) >= len(value) and _HEX.fullmatch(above):
            return True
    if line_end >= 0:
        after = text.find("\n", line_end + 1)
        below = text[line_end + 1:len(text) if after < 0 else after].strip()
        return MIN_NAMED_HEX <= len(below) <= len(value) and bool(_HEX.fullmatch(below))
    return False


def _continues_a_public_value(text: str, at: int, value: str) -> bool:
    """The run at `at` goes on with a value the line before began (`integrity sha384-...`): public
    when that value whole is a digest, a public key or the like."""
    head = wrapped.cut_before(text, at)
    if head is None:
        return False
    begun = text[head[0]:head[1]]
    return non_secrets.harmless(begun + value) or non_secrets.cue_before(text, head[0]) == "harmless"


def _random_upper(chunk: str, least: int = 0) -> bool:
    """Upper-case letters and digits, long and random (a base32 seed): judged as `_random_lower`
    judges lower case, at a length no id in one case reaches (ULIDs: 26)."""
    return (len(chunk) >= (least or MIN_UPPER_KEY) and chunk.isupper() and chunk.isalnum() and not _HEX.fullmatch(chunk)
            and _random_lower(chunk.lower()))


def _json_member_name(text: str, start: int, end: int) -> bool:
    """`{"<run>": ...}`: the run names a member of a JSON object (a generated id as a key), it is
    not a member's value; a credential sits on the other side of the colon."""
    return (text[start - 1:start] == '"' and text.startswith('":', end)
            and text[:start - 1].rstrip()[-1:] in ("{", ","))


# The name a value is assigned to, right before it: `"parentId": "`, `?versionId=`.
_NAME_BEFORE = lazy(r"([A-Za-z][A-Za-z0-9_]*)[\"']?[ \t]*[=:][ \t]*[\"']?$")


def _value_of_an_id(text: str, start: int) -> bool:
    """The run is the value of a camel-case name ending in Id (`parentId`, S3's `versionId`): an
    id of a thing, as the rules read `credentialId`, which grants nothing by itself."""
    name = _NAME_BEFORE.search(text, max(0, start - 64), start)
    return bool(name and ID_OF.search(name.group(1)))


# git's binary diffs: after `literal <size>` or `delta <size>`, lines of base85 up to a blank line.
# They are the file's bytes (an image, a font), public as the file is.
_BINARY_PATCH = "GIT binary patch\n"
_BINARY_DATA = lazy(r"(?m)^(?:literal|delta) \d+\n(?:[A-Za-z][^\n]*(?:\n|$))+")


def _outside_binary_patches(text: str, spans: list[tuple[int, int]]) -> list[tuple[int, int]]:
    data = [match.span() for match in _BINARY_DATA.finditer(text)]
    return [(start, end) for start, end in spans if not any(begin <= start and end <= stop for begin, stop in data)]


def confirmed(value: str) -> bool:
    """A token whose own checksum or signature says it is a credential: GitHub's and npm's CRC32,
    a WIF key or an extended private key, a bech32 `nsec`, a Stellar seed, a Microsoft annotated key, base64 of a PEM
    private key."""
    return (token_checks.crc32_checksummed(value) or token_checks.annotated_key(value) or token_checks.private_pem_base64(value)
            or token_checks.base58check_version(value) == token_checks.WIF_VERSION or token_checks.extended_private_key(value)
            or token_checks.bech32_prefix(value) in token_checks.SECRET_BECH32_PREFIXES
            or token_checks.stellar_secret_seed(value))


# A key in one case with separators (`b_9tnp-i-7fxt3qt_o9k2...`): no chunk of it is 16 long, so the
# tier above never sees it. Its letters and digits switch every few characters and no run of
# letters is a word; a path segment (after `/`: Nix store hashes, slugs) is not one.
PLAIN_RUN = lazy(r"(?<![A-Za-z0-9_\-/.])[a-z][a-z0-9_\-]{31,}(?![A-Za-z0-9_\-/])")
PLAIN_RUN_CHARS = 32  # a match is at least this many of [a-z0-9_\-] in a row
_PLAIN_MAP = str.maketrans({c: "p" if c in "abcdefghijklmnopqrstuvwxyz0123456789_-" else " " for c in _ASCII})
_PLAIN_LETTERS = "p" * PLAIN_RUN_CHARS


# An app password as vendors issue them (`abcd-efgh-ijkl-mnop`): four groups of four lower-case
# letters, hyphen-joined. Drawn, it spells no words: far fewer vowels than a slug of words has.
_DASHED_FOURS = lazy(r"(?<![A-Za-z0-9_\-])[a-z]{4}(?:-[a-z]{4}){3}(?![A-Za-z0-9_\-])")
_DASHED_RUNS = "rrrrsrrrrsrrrrsrrrr"  # the same, in `class_runs`' letters
MAX_GROUP_VOWELS = 0.25  # 16 drawn letters: about 0.19; four words: about 0.4


def dashed_groups(text: str, runs: str | None) -> bool:
    """Whether `text` may hold four hyphen-joined groups of four letters (one substring search)."""
    return _DASHED_RUNS in runs if runs is not None else "-" in text and _DASHED_FOURS.search(text) is not None


def _app_password_spans(text: str) -> list[tuple[int, int]]:
    spans = []
    for match in _DASHED_FOURS.finditer(text):
        if _drawn_letters(match.group(0).replace("-", "")) and non_secrets.cue_before(text, match.start()) != "harmless":
            spans.append(match.span())
    return spans


def _drawn_letters(letters: str) -> bool:
    """Lower-case letters drawn at random, as an app password's are: a draw's few vowels, not words'."""
    return (vowel_share(letters) < MAX_GROUP_VOWELS and shannon_entropy(letters) >= 3.0
            and not counts_up(letters))


def plain_runs(text: str) -> list[re.Match]:
    """PLAIN_RUN's matches in `text`. A match is a whole run of [a-z0-9_-] (its lookbehind and
    lookahead refuse a start or an end inside one), so in an ASCII text only the runs of 32 or
    more, found by a translation, are scanned (each with the character after it, which the
    lookahead reads): most text has none, and the scan starts at every letter of what it reads."""
    if len(text) < PLAIN_RUN_CHARS:
        return []
    if not text.isascii():
        return list(PLAIN_RUN.finditer(text))
    mapped = text.translate(_PLAIN_MAP)
    found: list[re.Match] = []
    at = mapped.find(_PLAIN_LETTERS)
    while at >= 0:
        start = mapped.rfind(" ", 0, at) + 1
        end = mapped.find(" ", at)
        end = len(text) if end < 0 else end
        found += PLAIN_RUN.finditer(text, start, min(end + 1, len(text)))
        at = mapped.find(_PLAIN_LETTERS, end)
    return found


_LETTERS = lazy(r"[a-z]+")
MAX_PLAIN_LETTERS = 9  # a longer run of letters is a word (`configuration`) or base32, unless the value is a base36 draw
# A bech32 string's head: its prefix and the `1` that ends it (its data has no `1`).
_BECH32_HEAD = lazy(r"[a-z]{1,20}1")


def _base36_draw(value: str, letters: list[str]) -> bool:
    """Letters and all ten digits drawn at random (about one character in four a digit), where a
    run of ten letters or more comes about once in two draws: the value holds both `0` and `1`,
    which base32's alphabets leave out (RFC 4648 both, z-base-32 the `0`, bech32's data the `1`),
    and its long letter runs have a draw's few vowels, not a word's."""
    head = _BECH32_HEAD.match(value)
    drawn = value[head.end():] if head else value
    if "0" not in drawn or "1" not in drawn:
        return False
    return all(vowel_share(run) < MAX_VOWEL_SHARE for run in letters if len(run) > MAX_PLAIN_LETTERS)


def plain_random(value: str) -> bool:
    """A lower-case run with separators that reads as random: digits a sixth to two thirds of it,
    entropy of 4 bits a character or more, letters and digits switching at least every third
    character, no run of letters longer than nine that reads as a word."""
    alnum = sum(c.isalnum() for c in value)
    digits = sum(c.isdigit() for c in value)
    if not alnum or not 0.15 <= digits / alnum <= 0.67 or shannon_entropy(value) < 4.0:
        return False
    letters = _LETTERS.findall(value)
    if max(map(len, letters), default=0) > MAX_PLAIN_LETTERS and not _base36_draw(value, letters):
        return False
    if _labelled_parts(value):
        return False
    return len(_RUNS.findall(value)) / alnum >= 0.33 and not non_secrets.harmless(value)


_LABEL_NUMBER = lazy(r"[a-z]*\d*")


def _labelled_parts(value: str) -> bool:
    """Every part between separators is a word, a number or a word and its number (`cp312`,
    `x86`, `manylinux`, `2`): labels and versions joined (a wheel's tags, a build's name), where a
    random key's parts switch between letters and digits inside."""
    return all(_LABEL_NUMBER.fullmatch(part) for part in _SEPARATOR.split(value))


def _plain_spans(text: str) -> list[tuple[int, int]]:
    spans = []
    for match in plain_runs(text):
        value, end = match.group(0), match.end()
        if _NAME_GOES_ON.match(text, end):
            continue  # a host's name (`<base32>.b32.i2p`, `.onion`) or a file's (`<hash>.json`): a name, not a key
        if confirmed(value) or (plain_random(value) and _unnamed_or_harmful(text, match.start(), value)):
            spans.append(match.span())
    return spans


_NAME_GOES_ON = lazy(r"\.[a-z][a-z0-9]{1,9}(?:\.[a-z0-9]{2,10})*(?![A-Za-z0-9_\-])")


# A url-safe key (`secret-live-ztF_fms_8o-rZL01...`) whose `-` and `_` cut it into chunks none of
# which is 16 long: the chunk tier never sees it. Found by one translation, as plain runs are.
URLSAFE_RUN_CHARS = 24
_CLASS_LETTERS = "r" * URLSAFE_RUN_CHARS
_URLSAFE_RUN = lazy(r"[A-Za-z0-9_\-+/]{24,}")
_SEPARATOR = lazy(r"[_\-+/]")
_PART = lazy(r"[A-Za-z0-9]{8,}")


def urlsafe_runs(text: str, runs: str | None = None) -> list[tuple[int, int]]:
    """(start, end) of each run of URLSAFE_RUN_CHARS or more of [A-Za-z0-9_-+/] that holds a
    separator: url-safe and base64 keys whose `-`, `_`, `+` or `/` cut them (a lower-case chunk of
    one is no candidate of the chunk tier, however long). `runs`: `class_runs(text)` where the
    caller has it; its letters are that class, so the runs are found in it without another pass."""
    if len(text) < URLSAFE_RUN_CHARS:
        return []
    runs = class_runs(text) if runs is None else runs
    if runs is not None:
        # One letter for the whole class: each run is then found by substring searches.
        mapped = runs.replace(SEPARATOR_LETTER, RUN_LETTER) if SEPARATOR_LETTER in runs else runs
        at = mapped.find(_CLASS_LETTERS)
        if at < 0:
            return []  # most text: no run of the class this long
        found = []
        while at >= 0:
            end = mapped.find(" ", at)
            end = len(text) if end < 0 else end
            found.append((at, end))
            at = mapped.find(_CLASS_LETTERS, end)
    else:
        found = [match.span() for match in _URLSAFE_RUN.finditer(text)]
    return [(start, end) for start, end in found if _SEPARATOR.search(text, start, end) and _keylike_part(text, start, end)]


def _keylike_part(text: str, start: int, end: int) -> bool:
    """A part of eight or more letters and digits holding both, or of letters whose case switches as
    drawn letters do (`CmyksXZKaOYZwFr`): a key cut by separators has one, most paths and names
    (`skillopt_sleep/capture`, `python3.11`, `NotificationCenter`) have none."""
    return any((not part.isalpha() and not part.isdigit()) or (len(part) >= MIN_DRAWN_LETTERS and _switches_case(part))
               for part in _PART.findall(text, start, end))


def _unnamed_or_harmful(text: str, at: int, value: str) -> bool:
    """No harmless name before the run, and, for a UUID joined to words, a credential's name."""
    cue = non_secrets.cue_before(text, at)
    if cue == "harmless":
        return False
    return cue == "named" or not (len(value) > 36 and non_secrets.named_uuid(value))


def _urlsafe_spans(text: str, runs: list[tuple[int, int]]) -> list[tuple[int, int]]:
    spans = []
    redacted = bool(runs) and "[REDACTED:" in text
    for start, end in runs:
        start, end = _run_around(text, start, end)
        value, at = _value_of(text[start:end], start)
        if not _worth_judging(value):
            continue
        if redacted and _rest_of_redacted(text, at, value):
            spans.append((at, at + len(value)))  # the rest of a value a rule removed, cut off by a log's wrapping
        elif _urlsafe_secret(value) and _unnamed_or_harmful(text, at, value) and not _continues_a_public_value(text, at, value):
            spans.append((at, at + len(value)))
    return spans


def _urlsafe_secret(value: str) -> bool:
    """A key cut by single separators: judged as if they were not there."""
    if non_secrets.harmless(value) or non_secrets.placeholder(value):
        return False
    if bare_secret(value):
        return True
    if "__" in value or "--" in value or "://" in value or ("/" in value and len(_PATH_WORD.findall(value)) >= 2):
        return False  # names joined (`__init__`), a URL, a path: `bare_secret` judged its parts
    return _cut_key(value)


def _cut_key(value: str) -> bool:
    """Random once its separators are taken out. A title-case slug (`Fix-Bug-In-V2-API-For-S3`)
    joins words, most of its parts one run of a class; most parts of a key switch class inside.
    A vendor's prefix is no part of the key. In upper case (a key in groups: `A3-K7QPZX-...`) the
    groups are judged together, as `_random_upper` judges a run, from a shorter length."""
    if value.isupper() and _random_upper("".join(_SEPARATOR.split(value)), MIN_CUT_UPPER_KEY):
        return True
    prefixed = _PREFIXED.fullmatch(value)
    body = [part for part in _SEPARATOR.split((prefixed.group(2) if prefixed else value).rstrip("=")) if part]
    if len(body) < 2:
        return False  # not cut at all past its prefix (`pi_3kGX...`): `bare_secret` has judged it
    # A part holding `.` or `:` is a host or a name and its tag (`registry.fly.io/app:deployment-<id>`),
    # read as a word: a key's random parts are letters and digits.
    words = [bool(_ONE_RUN.fullmatch(part)) or "." in part or ":" in part for part in body]
    first = words.index(False) if False in words else len(words)
    body, words = body[first:], words[first:]  # leading words are a prefix (`configcat-sdk-1/`)
    return len(body) >= 2 and sum(words) < len(body) / 2 and _random_chunk("".join(body))


# The last segment of a URL's path right after an API version (`/v2/<key>`): where RPC and API
# gateways take their key. Random there is a key; a word, a number or hex an id is judged as usual.
_VERSIONED_KEY = lazy(r"://[^\s/\"'`<>]+(?:/[^\s/\"'`<>?#]+)*?/v\d{1,2}/([A-Za-z0-9_\-]{24,})(?=$|[\s\"'`<>?#)\],;]|/?$)")


def _url_key_spans(text: str) -> list[tuple[int, int]]:
    spans = []
    for match in _VERSIONED_KEY.finditer(text):
        key = match.group(1)
        if bare_secret(key) or _cut_key(key):
            spans.append(match.span(1))
    return spans


# A URL set as an endpoint (`RPC_URL=`, `web3.rpcUrl=`, `endpoint: `): where a provider hands each
# tenant an endpoint of its own, the endpoint's last path segment is its key (`/<hex>/`,
# `/eth/<hex>`). Hex there is a key, as it is after a credential's name; a file name is not.
# Found from each `://` (few in a text): the name and the scheme just before it, then the URL.
_ENDPOINT_NAME = lazy(r"(?i:url|uri|rpc|endpoint)[\"']?[ \t]*[=:][ \t]*[\"']?[a-z][a-z0-9+.\-]*$")
_ENDPOINT_PATH = lazy(r"[^\s/\"'`<>]+(?:/[^\s/\"'`<>?#]+)*?/([A-Za-z0-9_\-]{24,})/?(?=$|[\s\"'`<>?#)\],;])")
ENDPOINT_NAME_CHARS = 40  # how far before `://` the setting's name is looked for


def _endpoint_urls(text: str) -> list[re.Match]:
    found = []
    at = text.find("://")
    while at >= 0:
        if _ENDPOINT_NAME.search(text, max(0, at - ENDPOINT_NAME_CHARS), at):
            match = _ENDPOINT_PATH.match(text, at + 3)
            if match:
                found.append(match)
        at = text.find("://", at + 3)
    return found


def _endpoint_key_spans(text: str) -> list[tuple[int, int]]:
    spans = []
    for match in _endpoint_urls(text):
        key = match.group(1)
        hexa = len(key) >= 32 and _HEX.fullmatch(key) and not key.isdigit() and not key.isalpha()
        if (hexa or bare_secret(key) or _cut_key(key)) and non_secrets.cue_before(text, match.start(1)) != "harmless":
            spans.append(match.span(1))
    return spans


# A member named by a host alone, its scheme and no path (RubyGems' credentials file,
# `"https://gems.example.org": <key>`): what a client sends that host, as a netrc's machine line
# names its password. A URL of a file (its name's extension ending the path) names the file, whose
# digest is pinned this way; a path of words without one is a private gem server's push host
# (`https://gems.example.org/private:`), whose key is a key's shape (not a digest's hex or padded base64)
# or lower-case letters with a draw's few vowels.
_HOST_KEYED = lazy(r"[ \t]*[\"']?https?://[A-Za-z0-9.\-]+(?::\d+)?(/[^\s\"':]*)?[\"']?[ \t]*:[ \t]*[\"']?([^\s\"',]+)[\"']?,?[ \t]*"
                   r"(?:\n|$)")
_LOWER_LETTERS = lazy(r"[a-z]{16,}")
_FILE_EXTENSION = lazy(r"\.[A-Za-z0-9]{1,8}/?$")


def _host_keyed_spans(text: str) -> list[tuple[int, int]]:
    spans = []
    at = text.find("://")
    while at >= 0:
        match = _HOST_KEYED.match(text, text.rfind("\n", 0, at) + 1)
        if match and (_path_keyed(match.group(1), match.group(2)) if match.group(1) and match.group(1) != "/" else named_secret(match.group(2))):
            spans.append(match.span(2))
        at = text.find("://", at + 3)
    return spans


def _path_keyed(path: str, value: str) -> bool:
    if _FILE_EXTENSION.search(path):
        return False
    if _LOWER_LETTERS.fullmatch(value):
        return _drawn_letters(value)
    return not (_HEX.fullmatch(value) or value.endswith("=")) and named_secret(value)


# A URL's query value of hex (`?appid=<32 hex>`): a query carries what the caller is, and hex of a
# key's length there is a key unless its parameter is a revision (`ref`, `v`) or a harmless name
# (`sha`, `commit_id`, `hash`). Git's object ids (40 and 64 digits) stay ids.
_QUERY_HEX = lazy(r"[?&]([A-Za-z][A-Za-z0-9_\-]{0,39})=([0-9a-fA-F]{32,})(?=$|[&#\s\"'`<>)\],;])")
_REVISION_PARAMETERS = frozenset(("v", "ver", "version", "rev", "revision", "ref", "at", "h"))


def _query_key_spans(text: str) -> list[tuple[int, int]]:
    spans = []
    for match in _QUERY_HEX.finditer(text):
        value = match.group(2)
        if (len(value) in GIT_OBJECT_ID_LENGTHS or value.isdigit() or value.isalpha()
                or match.group(1).lower() in _REVISION_PARAMETERS):
            continue
        if not non_secrets.harmless_name(match.group(1)):  # the parameter names its value; other parameters do not
            spans.append(match.span(2))
    return spans


# A URL's path segment right after a segment that names a credential (`/with/key/<key>`,
# `/token/<token>`): the path is where the value is passed, as `?key=` would pass it. Anaconda's
# `/t/<token>/` in a channel's URL is such a segment too, where what follows is drawn; a forum
# topic's `/t/<slug>/` holds words.
_SEGMENT_ENDS = ("ey/", "EY/", "oken/", "OKEN/", "ecret/", "ECRET/", "/t/")  # the names' ends in either case: no lower() of the text
_NAMED_SEGMENT = lazy(r"://[^\s/\"'`<>]+(?:/[^\s/\"'`<>?#]+)*?/((?i:[a-z]+[_\-])?(?i:key|token|secret|apikey|api[_\-]key)|t)/"
                      r"([A-Za-z0-9_\-.~%]{12,})(?=$|[\s\"'`<>?#)\],;/])")


def _path_named_spans(text: str) -> list[tuple[int, int]]:
    if not any(end in text for end in _SEGMENT_ENDS):
        return []
    return [match.span(2) for match in _NAMED_SEGMENT.finditer(text)
            if (_drawn_segment(match.group(2)) if match.group(1) == "t" else "%" not in match.group(2) and named_secret(match.group(2)))]


def _drawn_segment(value: str) -> bool:
    """A segment only a short name points at (`/t/`): drawn as a key is, random, hex of a key's length,
    digits drawn (a forum's topic number is short), a chunk whose case and digits switch as a key's
    do (`h8DrLuzqdggLQtjS`, shorter than a bare key) or lower-case letters and digits with a draw's few
    vowels (`k7wq0zvx3hbnd9rtm2pfc8lg`), not a title's words (`UpgradeTo2024`, `a-b-c`). URL-encoded,
    it is judged as what it encodes (`%2Bk7Wq...`), as `bare_secret` judges it."""
    return bare_secret(value) or _hex_key(value) or drawn_digits(value) or _random_chunk(value) or _random_lower(value)


# A webhook's URL is its credential: whoever has it can post. A host or a path segment named for
# hooks (`hook.<region>.<vendor>.com/<id>`, `/api/webhooks/<id>/<token>`) makes its random
# segments after it keys, as a name before `=` would; so does a segment named for what a machine
# sends to be counted alive or to notify (`/api/push/<token>`, `/ping/<token>`, a heartbeat's).
_HOOK_PATH = lazy(r"://(?:(?i:web)?hooks?[.\-][^\s/\"'`<>]*|[^\s/\"'`<>]+(?:/[^\s/\"'`<>?#]+)*?/(?:(?i:web)?hooks?|push|ping|heartbeat))"
                  r"((?:/[A-Za-z0-9_\-.~]+)+)")
_HOOK_SEGMENT = lazy(r"[A-Za-z0-9_\-.~]{16,}")
_HOOK_WORDS = ("hook", "HOOK", "Hook", "/push/", "/ping/", "/heartbeat/")


def _hook_spans(text: str) -> list[tuple[int, int]]:
    if not any(word in text for word in _HOOK_WORDS):
        return []
    spans = []
    for match in _HOOK_PATH.finditer(text):
        begin, end = match.span(1)
        spans += [segment.span() for segment in _HOOK_SEGMENT.finditer(text, begin, end) if named_secret(segment.group(0))]
    return spans


# A command that names its user by a flag (`-u SYSTEM`, `-U dbadmin`, `--user=ci`) is given that
# user's password by another: a random value of a one-letter flag on its line is one, whatever
# the letter (`-p`, `-w`, `-P`). Hosts, files and assignments are not judged.
USER_FLAG_TRIGGERS = (" -u ", "--user")  # lower-case: `-U` and `--username` hold one
_USER_FLAG = lazy(r"(?<!\S)(?:-[uU][ \t]+|--user(?:name)?[ =])\S+")
_SHORT_FLAG_VALUE = lazy(r"(?<!\S)-[A-Za-z][ \t]+([A-Za-z0-9!@#$%^&*+~_]{12,})(?=\s|$)")
MIN_FLAG_SWITCHES = 0.3  # runs of one class per character: a password's, not a name's (`myDatabase1`)


def _user_command_spans(text: str) -> list[tuple[int, int]]:
    spans = []
    for user in _USER_FLAG.finditer(text):
        line_start = text.rfind("\n", 0, user.start()) + 1
        line_end = text.find("\n", user.end())
        line_end = len(text) if line_end < 0 else line_end
        for flag in _SHORT_FLAG_VALUE.finditer(text, line_start, line_end):
            value = flag.group(1)
            if user.start() <= flag.start() < user.end() or not _mixed(value):
                continue
            if len(_RUNS.findall(value)) / len(value) >= MIN_FLAG_SWITCHES and named_secret(value):
                spans.append(flag.span(1))
    return spans


def _may_carry_structure(chunk: str) -> bool:
    """Long enough for a checksummed token, or a JWT's header: `token_checks` decides."""
    return len(chunk) >= token_checks.MIN_RANDOM_CHARS + token_checks.CHECKSUM_CHARS or chunk.startswith("eyJ")


def _named_spans(text: str, cue_ends: list[int] | None) -> list[tuple[int, int]]:
    spans, done = [], 0
    for begin, end in _regions(text, cue_ends):
        for match in _RUN.finditer(text, max(begin, done), end):
            run = match.group(0)
            if len(run) < MIN_NAMED_LENGTH:
                spans += _short_head_wrapped(text, match)
                continue
            value, at = _value_of(run, match.start())
            # The shape first (most runs are dates, versions, paths), the words around only then.
            otherwise = at > match.start() and _named_otherwise(run[:at - match.start()])
            if otherwise or not _worth_judging(value):
                if not otherwise:  # `PASSWORD=D7sNA` where a log cut the line: too short alone, judged with its rest
                    spans += _short_head_wrapped(text, match)
                continue
            if value[:1] == "#" and (text.endswith("](", 0, at) or text.endswith(("href=\"", "href='"), 0, at)):
                continue  # a link to a heading of the page (`[the token FAQ](#why-does-my-token-expire)`)
            if named_secret(value):
                if _label_with_digest(value) and not non_secrets.strongly_named(text, at):
                    continue  # `key: node-cache-Linux-x64-<sha256>`: a cache or object key, named only "key"
                if "$(" in text[at:at + len(value) + 1] and reference_at(text, at):
                    continue  # `<key id>:$(scw secret ... access-by-path ...)`: a user, then where its password is kept
                if ((non_secrets.cue_before(text, at) == "named" or non_secrets.block_default(text, at)
                     or non_secrets.pass_directive(text, at))
                        and not non_secrets.cites_test_vector(text, at) and not non_secrets.licence_identifier(text, at, value)):
                    spans += [(at, at + len(value)), *_named_rest(text, at + len(value))]
            elif non_secrets.is_uuid(value) and ((non_secrets.strongly_named(text, at) and non_secrets.assigned(text, at))
                                                 or non_secrets.key_assigned(text, at) or non_secrets.block_default(text, at)
                                                 or non_secrets.handed_over(text, at) or non_secrets.name_gives(text, at)
                                                 or sql_rows.column_names_credential(text, at)):
                spans.append((at, at + len(value)))  # `POSTMARK_SERVER_TOKEN=<uuid>`, `vendorKey=<uuid>`: a key by its name
            elif _short_hex(value) and (non_secrets.strongly_named(text, at, auth=True) or _handed_to_a_key(text, at, value)):
                # `"x-ipinfo-auth": "<14 hex>"`: short, but a strong name says key; and its rest where a log cut it
                spans += [(at, at + len(value)), *_named_rest(text, at + len(value))]
            elif _argument_after_a_variable(text, at, value):
                spans.append((at, at + len(value)))
            elif text.startswith(_LINE_ENDS, match.end()):
                spans += _short_head_wrapped(text, match)  # no key alone, but a log cut it: judged with its rest
        spans += _region_spans(text, max(begin, done), end)
        done = max(done, end)
    return spans


# An environment variable's name quoted as an argument, and the next argument a quoted literal
# (`setenv("API_TOKEN", "...")`, Gradle's `buildConfigField "String", "SHARED_SECRET", '"..."'`,
# sbt's `Map("X_TOKEN" -> "...")`): the name handed its value, as `NAME=value` hands it. So is the
# literal a read of the variable falls back to (`process.env.X_API_KEY ?? '...'`, `getenv("X_TOKEN") ?: "..."`,
# `environ.get("X_SECRET") or "..."`, `getenv("X_TOKEN", default="...")`, Ruby's `fetch("X_TOKEN") { "..." }`,
# Rust's `var("X_TOKEN").unwrap_or("...")`): the default of a credential's variable is that credential.
_ARGUMENT_AFTER_VARIABLE = lazy(r"(?:[\"']" + ENV_NAME + r"[\"'][ \t]*(?:,|->|=>)|[.\"']" + ENV_NAME
                                + r"[\"']?\]?\)?[ \t]*(?:\?\?|\|\||\?:|[ \t]or[ \t]|,[ \t]*default[ \t]*=|\{|"
                                r"\.unwrap_or(?:_else)?\((?:\|_\|)?))[ \t]*'?[\"']$")


def _argument_after_a_variable(text: str, at: int, value: str) -> bool:
    """The quoted literal at `at`, one token ending at its quote, is the value of the variable
    named by the quoted argument before it."""
    end = at + len(value)
    return (end < len(text) and text[end] == text[at - 1] and text[at - 1] in "\"'"
            and _ARGUMENT_AFTER_VARIABLE.search(text, max(0, at - non_secrets.CUE_WINDOW), at) is not None)


def _handed_to_a_key(text: str, at: int, value: str) -> bool:
    """Short hex in lower case assigned to a name ending in `key` (`vendor_crc_key = "<16 hex>"`, an
    HCL variable's default): a key by the name it is handed to. Upper-case hex is a key's id or
    fingerprint (`gpg_key = "3AA5C34371567BD2"`), and a bare `key=` is a log's lookup key."""
    return not value.isupper() and (non_secrets.key_assigned(text, at, qualified=True) or non_secrets.block_default(text, at)
                                    or non_secrets.handed_over(text, at))


# Names so general that the words before them still say what their value is (`"API_KEY", value=`).
_GENERAL_NAMES = frozenset(("value", "val", "v", "data", "content", "secret", "default"))


def _named_otherwise(name: str) -> bool:
    """`name=` opens the run and names its value: a name of no credential (a URL query's `Text=`
    after its `Key=`) is what the value is, whatever names came before it on the line."""
    bare = name.rstrip("=").lstrip("$-").lower()
    # Read with its `=`: a code names a credential only as a name given its value (`_code=`).
    return bare not in _GENERAL_NAMES and non_secrets.name_kind(bare + "=") is None


def _short_head_wrapped(text: str, match: re.Match) -> list[tuple[int, int]]:
    """A named value whose first piece, before a continued line (`Bearer mE59Cx1\\`), is too short to
    judge alone: the pieces judged together, both redacted where the whole is a secret."""
    if not text.startswith(_LINE_ENDS, match.end()):
        return []
    rest = wrapped.continuation(text, match.end())
    if rest is None:
        return []
    value, at = _value_of(match.group(0), match.start())
    if value and _named_wrapped(text, at, value, rest):
        return [(at, at + len(value)), rest]
    return []


# A key written in groups of four (`abcd EFGH 1234 ijkl MNOP 5678`: application passwords, TOTP
# seeds): random once joined. Hex dumps and fingerprints in groups are in one case, so not random.
_GROUPED = lazy(r"(?<![A-Za-z0-9])(?:[A-Za-z0-9]{4} ){3,7}[A-Za-z0-9]{4}(?![A-Za-z0-9])")
_GROUP_MAP = str.maketrans({c: "a" if c.isascii() and c.isalnum() else " " if c == " " else "." for c in _ASCII})
_SPACED_FOURS = "aaaa aaaa aaaa aaaa"  # four groups: the least a match holds


def _region_spans(text: str, begin: int, end: int) -> list[tuple[int, int]]:
    """What a name's region holds that no run with a digit shows: a key in groups of four, letters
    alone. One translation tells whether either can be there (most regions: neither)."""
    mapped = text[begin:end].translate(_GROUP_MAP)
    spans = _grouped_spans(text, begin, end) if _SPACED_FOURS in mapped else []
    if _ALNUM_RUN in mapped:
        spans += _drawn_letter_spans(text, begin, mapped)
    return spans


def _grouped_spans(text: str, begin: int, end: int) -> list[tuple[int, int]]:
    # Four characters, a space, four more: the regex runs only where that occurs (a substring test
    # per space would cost more than it saves; a cheap translation finds none in most regions).
    spans = []
    for match in _GROUPED.finditer(text, begin, end):
        joined = match.group(0).replace(" ", "")
        if _random_chunk(joined) and non_secrets.cue_before(text, match.start()) == "named":
            spans.append(match.span())
    return spans


_ALNUM_RUN = "a" * MIN_DRAWN_LETTERS  # in `_GROUP_MAP`'s letters: letters and digits this long in a row
_OTHER_THAN_ALNUM = lazy(r"[^a]")
_LETTER_RUN_OPENERS = frozenset(" \t\n\r\f\v\"'`\\,;<>[]{}()|&?=")  # the delimiters, and `=` before a value


def _drawn_letter_spans(text: str, begin: int, mapped: str) -> list[tuple[int, int]]:
    """Letters alone after a credential's name whose case switches as drawn letters do
    (`--pass BidsyNBOgmMrEMBq`): a password without a digit, which `_RUN` never finds. `mapped`:
    the region from `begin`, translated by `_GROUP_MAP`."""
    spans, at = [], mapped.find(_ALNUM_RUN)
    while at >= 0:
        other = _OTHER_THAN_ALNUM.search(mapped, at + MIN_DRAWN_LETTERS)
        stop = other.start() if other else len(mapped)
        start, finish = begin + at, begin + stop
        if ((start == 0 or text[start - 1] in _LETTER_RUN_OPENERS) and (finish == len(text) or text[finish] in _DELIMITER_SET)
                and _switches_case(text[start:finish]) and non_secrets.cue_before(text, start) == "named"):
            spans.append((start, finish))
        at = mapped.find(_ALNUM_RUN, stop)
    return spans


_LABEL_PART = lazy(r"[A-Za-z]+\d{0,3}|[a-z]\d{1,3}")


def _label_with_digest(value: str) -> bool:
    """Words joined with one hex digest (`node-cache-Linux-x64-npm-<sha256>`): a label and the hash
    of what it labels, as cache keys and object keys are written."""
    parts = [part for part in re.split(r"[-_.:/]", value) if part]
    hexes = [part for part in parts if len(part) >= 16 and _HEX.fullmatch(part)]
    words = [part for part in parts if len(part) <= 10 and _LABEL_PART.fullmatch(part)]
    return len(hexes) == 1 and len(words) >= 3 and len(hexes) + len(words) == len(parts)


_PAIRED_ID = lazy(r"(?<![A-Za-z0-9_\-])[A-Z0-9]{16,32}(?=[ \t]*[,:;| \t][ \t]*\[REDACTED:)")


def paired_ids(text: str, counted: Callable[[str], None] | None = None) -> str:
    """An upper-case key id just before a redacted secret (`<KEY ID> [REDACTED:...]`, a CSV row's
    `<KEY ID>,[REDACTED:...]`): the pair's other half, redacted with it."""
    if "[REDACTED:" not in text:
        return text

    def replace(match: re.Match) -> str:
        ident = match.group(0)
        if ident.isdigit() or ident.isalpha():
            return ident
        if counted:
            counted("token")
        return tag("token")

    return _PAIRED_ID.sub(replace, text)


def _regions(text: str, cue_ends: list[int] | None) -> list[tuple[int, int]]:
    """Where values named by the cues can be: the rest of the cue's line (the next line too when
    the name ends its line), or the rows below a CSV header."""
    if cue_ends is None:
        return [(0, len(text))]
    regions: list[tuple[int, int]] = []
    tabs = "\t" in text  # rows of a dump or a TSV file can be under a name only where there are tabs
    pipes = "|" in text  # and a markdown table's only where there are pipes
    for end in cue_ends:
        line_end = text.find("\n", end)
        line_end = len(text) if line_end < 0 else line_end
        line_start = text.rfind("\n", 0, end) + 1
        skip = regions and end < regions[-1][1] and (regions[-1][1] > line_end or not _names_next_line(text, end, line_end))
        header = (text.find(",", line_start, line_end) >= 0 and _CSV_HEADER.fullmatch(text, line_start, line_end)) or (
            tabs and _names_rows(text, line_start, line_end)) or (
            pipes and text.find("|", line_start, line_end) >= 0 and non_secrets.table_rule_after(text, line_end))
        if skip and not header:
            continue  # inside a region already, unless this name hands its value to the next line or heads a table
        if header:
            reach = min(len(text), end + CSV_CHARS)
        elif text.startswith(non_secrets.PROMPTS, line_start):
            # A command's output, which it names: a row up to COMMAND_LINES_UP lines below it, a value
            # alone on its line one more (it is named from the line above it, as `cue_word_before` reads).
            reach = _lines_after(text, line_end, non_secrets.COMMAND_LINES_UP + 1)
        elif line_end - end < MIN_NAMED_LENGTH and text[line_end - 1:line_end] == "{":
            close = text.find("}", line_end)  # a block the name labels (`variable "db_password" {`): to its end
            reach = min(len(text) if close < 0 else close, end + non_secrets.BLOCK_CHARS)
        elif line_end - end < MIN_NAMED_LENGTH or _names_the_file(text, line_start, end):
            after = text.find("\n", line_end + 1)
            reach = min(len(text) if after < 0 else after, end + NEXT_LINE_CHARS)
        else:
            reach = min(line_end, end + non_secrets.CUE_WINDOW)
            if reach < line_end:
                reach = _run_around(text, reach, reach)[1]  # a value longer than the window is read whole
        begin = _run_around(text, end, end)[0]  # `NAME=value` is one run: read it from its start
        if regions and begin <= regions[-1][1]:
            regions[-1] = (regions[-1][0], max(regions[-1][1], reach))
        else:
            regions.append((begin, reach))
    return regions


def _names_rows(text: str, line_start: int, line_end: int) -> bool:
    """The line names the columns of tab-separated rows below it (a dump's `COPY t (a, b) FROM
    stdin;`, a TSV header) and the next line is such a row."""
    next_end = text.find("\n", line_end + 1)
    return (text.find("\t", line_end, len(text) if next_end < 0 else next_end) >= 0
            and non_secrets.table_header(text[line_start:line_end]) is not None)


_NAME_CLOSERS = (":", "=", "\":", "':")


def _names_next_line(text: str, end: int, line_end: int) -> bool:
    """The name ending at `end` closes its line with an element's end tag or an assignment
    (`<key>VendorKey</key>`, `VENDOR_KEY:`): its value is on the next line."""
    if line_end - end >= MIN_NAMED_LENGTH:
        return False
    rest = text[end:line_end].strip()
    return rest.startswith("</") or rest in _NAME_CLOSERS


def _lines_after(text: str, at: int, count: int) -> int:
    """The end of the `count`-th line after the newline at `at` (at most NEXT_LINE_CHARS a line)."""
    for _ in range(count):
        if at >= len(text):
            break
        after = text.find("\n", at + 1)
        at = min(len(text) if after < 0 else after, at + 1 + NEXT_LINE_CHARS)
    return at


def _run_around(text: str, start: int, end: int) -> tuple[int, int]:
    """The run (between delimiters) that holds text[start:end]."""
    while start > 0 and text[start - 1] not in _DELIMITER_SET:
        start -= 1
    while end < len(text) and text[end] not in _DELIMITER_SET:
        end += 1
    return start, end


_DELIMITER_SET = frozenset(" \t\n\r\f\v\"'`\\,;<>[]{}()|&?")  # _DELIMITERS, as characters


def _worth_judging(value: str) -> bool:
    return len(value) >= MIN_NAMED_LENGTH and "://" not in value and not value.startswith("REDACTED:") and any(
        c.isalpha() for c in value)
