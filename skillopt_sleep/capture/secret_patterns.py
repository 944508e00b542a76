"""The shapes of secrets, one rule per kind, as `redact` applies them.

The coverage follows the plugins of the detect-secrets scanner (cloud and SaaS key formats,
private keys, JWTs, URL credentials, keyword assignments, high-entropy quoted strings) plus
forms common in agent transcripts: HTTP Basic and API-key headers, `mysql -p<password>`,
`curl -u user:pass`. detect-secrets itself scans about ten times slower than these rules, which
run on every string a transcript keeps.

Each rule names lower-case `triggers`, substrings one of which must occur in the text for the
rule to run at all: most text holds none, and a substring test is far cheaper than a regex scan.
Where a secret sits after a name (`password=...`, `Bearer ...`, `postgres://user:pass@`), the
name stays so the text still reads naturally and only the value goes.
"""

from __future__ import annotations

import base64
import binascii
import math
import re
from collections import Counter
from dataclasses import dataclass
from typing import Callable
from urllib.parse import unquote

from skillopt_sleep.capture.armour import secret_label
from skillopt_sleep.capture.ciphertext import encrypted
from skillopt_sleep.capture.key_tail import KeyTail
from skillopt_sleep.capture.lazy_regex import LazyPattern, lazy
from skillopt_sleep.capture.store_refs import WORD_PATH, reference_at, store_reference
from skillopt_sleep.capture.token_checks import counts_up, vowel_share
from skillopt_sleep.capture.non_secrets import (CURSOR_WORDS, PASSWORD_WORDS_ALONE, cites_test_vector, cue_before, decodes_to_text, harmless, harmless_name, identifier,
                                                inside_public_armour, pass_names_password, placeholder)


@dataclass(frozen=True)
class Rule:
    kind: str
    pattern: LazyPattern  # compiled on first use: most commands redact nothing
    replace: Callable[[re.Match], str]
    triggers: tuple[str, ...] = ()  # lower-case; empty: always run
    # For a case-insensitive rule: the same regex, case-sensitive, to run over the lower-cased
    # text. Python's re scans an IGNORECASE alternation about seven times slower, so the
    # lower-cased text is scanned and `pattern` only confirms each hit in the original.
    scan: LazyPattern | None = None
    # Every match holds a run of 16 or more of [A-Za-z0-9+/]: a text without one (most text,
    # tested once by the redactor) skips the rule, whose trigger (":", "\n", ".") is everywhere.
    long_run: bool = False
    # Every match holds a run of this many of [A-Za-z0-9+/] (more than LONG_RUN's 16, by the
    # pattern itself): a text without one skips the rule (`token_shapes.class_runs`).
    min_run: int = 0
    # Words (case as in the text) one of which every match holds: a text with none skips the rule.
    needs: tuple[str, ...] = ()
    # Every match lies on a line holding one of the triggers (or the line after it), and every
    # trigger is a credential name the redactor locates (`non_secrets.CUE_WORDS`): only those
    # lines are scanned.
    near_cues: bool = False
    # For a rule whose matches never span a line: lower-case words one of which every match
    # holds. Only the lines holding one are scanned, so a rule whose pattern backtracks at every
    # common character (`-` in logs and diffs) costs those lines, not the whole text.
    lines_with: tuple[str, ...] = ()

    def sub(self, text: str, lowered: str, replace: Callable[[re.Match], str]) -> str:
        if self.scan is None or len(lowered) != len(text):  # lower() changed the length: offsets differ
            return self.pattern.sub(replace, text)
        parts, done = [], 0
        for hit in self._hits(lowered):
            match = self.pattern.match(text, hit.start()) if hit.start() >= done else None
            if match:
                parts += [text[done:match.start()], replace(match)]
                done = match.end()
        return "".join(parts) + text[done:] if parts else text

    def sub_within(self, text: str, lowered: str, replace: Callable[[re.Match], str],
                   windows: list[tuple[int, int]]) -> str:
        """`sub` over `windows` (sorted, apart) only. Each match is made in the whole text, so what
        decides a value (`ciphertext`: the YAML block it sits in) can read past its window."""
        parts, done = [], 0
        scanned = self.scan is not None and len(lowered) == len(text)
        for start, stop in windows:
            if scanned:
                matches = (self.pattern.match(text, hit.start(), stop) for hit in self.scan.finditer(lowered, start, stop))
            else:
                matches = self.pattern.finditer(text, start, stop)
            for match in matches:
                if match is not None and match.start() >= done:
                    parts += [text[done:match.start()], replace(match)]
                    done = match.end()
        return "".join(parts) + text[done:] if parts else text

    def _hits(self, lowered: str):
        if not self.lines_with:
            return self.scan.finditer(lowered)
        finditer = self.scan.finditer
        # A match ends before its line's newline, so scanning each line up to it finds the same hits.
        return (hit for start, stop in _lines_holding(lowered, self.lines_with) for hit in finditer(lowered, start, stop))


def _lines_holding(text: str, words: tuple[str, ...]) -> list[tuple[int, int]]:
    """(start, end) of each line of `text` holding one of `words`, in order; end is the line's
    newline (or the text's end)."""
    lines = set()
    for word in words:
        at = text.find(word)
        while at >= 0:
            start = text.rfind("\n", 0, at) + 1
            stop = text.find("\n", at)
            stop = len(text) if stop < 0 else stop
            lines.add((start, stop))
            at = text.find(word, stop)
    return sorted(lines)


def tag(kind: str) -> str:
    return f"[REDACTED:{kind}]"


def shannon_entropy(text: str) -> float:
    counts = Counter(text)
    return -sum(n / len(text) * math.log2(n / len(text)) for n in counts.values()) if text else 0.0


def _whole(kind: str) -> Callable[[re.Match], str]:
    return lambda match: tag(kind)


def _keep_prefix(kind: str) -> Callable[[re.Match], str]:
    """Keep group 1 (the name and separator), redact the rest of the match."""
    return lambda match: match.group(1) + tag(kind)


# Digit groups joined by dots, three or more: a number written in its parts (a version, an address,
# an OID, a land register's parcel id `4021.77.903.1`), which is read, never drawn as a key is.
_DOTTED_NUMBER = lazy(r"\d{1,6}(?:\.\d{1,6}){2,}")


def _looks_secret(value: str) -> bool:
    """A value after `name:` that is a plausible credential rather than prose or a number."""
    bare = value.strip("'\"")
    if len(bare) < 6 or bare.isdigit() or bare.startswith("[REDACTED:") or _DOTTED_NUMBER.fullmatch(bare):
        return False
    if bare.lower() in ("true", "false", "null", "none", "required", "optional", "changeme"):
        return False
    if bare[:1] == "(" and bare[1:].rstrip(")").isalpha():
        return False  # a note where the value is withheld (`password = (sensitive value)`): words, not a literal
    return any(c.isdigit() for c in bare) or any(not c.isalnum() for c in bare) or len(bare) >= 12


# A label in brackets where a value was masked (`[REDACTED]`, `[HIDDEN]`, `[masked]`): letters only,
# which no key is.
_MASK_LABEL = lazy(r"\[[A-Za-z][A-Za-z _\-]*\]")


def _is_reference(value: str) -> bool:
    """`$API_KEY`, `${{ secrets.X }}`, `os.environ[...]`: pointers to a secret, not the secret;
    a masked value's label is none either."""
    bare = value.strip("'\"")
    return bare.startswith(("$", "<", "{", "%", "os.environ", "os.getenv", "process.env", "[REDACTED:")) or bool(
        _MASK_LABEL.fullmatch(bare))


# A URL without credentials (`token_url`) or a path of words (`SECRET_NAME=prod/shop/db`) names
# where a secret is or comes from; base64 of readable text (a page cursor) is data. None is a secret.
_PLAIN_URL = lazy(r"[a-z][a-z0-9+.\-]*://[^@\s]*", re.I)
# A file by its path from the root, the home or the working folder, ending in a name with an
# extension (`./secrets/db-password.txt`, `~/.ssh/id_ed25519.pub`): where the value is read from.
_FILE_PATH = lazy(r"(?:~|\.{1,2})?/(?:[\w.\-]+/)*[\w.\-]*[A-Za-z0-9]\.[a-z]{1,5}")


# A reference written as a call around a plain URL (`@Microsoft.KeyVault(SecretUri=https://...)`,
# `vault(https://...)`): words and the URL, no literal beside them.
_URL_CALL = lazy(r"@?[A-Za-z][\w.]*\((?:[A-Za-z]\w*=)?([a-z][a-z0-9+.\-]*://[^@\s()]*)\)", re.I)


def _names_a_place(value: str) -> bool:
    bare = value.strip("'\"")
    return bool(_PLAIN_URL.fullmatch(bare) or ("/" in bare and (WORD_PATH.fullmatch(bare) or _FILE_PATH.fullmatch(bare)))
                or _URL_CALL.fullmatch(bare)
                or decodes_to_text(bare))


def _name_value(kind: str, quoted_only: bool = False, entropy: float = 0.0) -> Callable[[re.Match], str]:
    """Redact group 2 after the name in group 1, when it is a literal that looks like a secret
    (and, with `entropy`, is at least that random)."""
    def replace(match: re.Match) -> str:
        value = match.group(2)
        quoted = value[:1] in "'\"" and value[-1:] == value[:1] and len(value) > 1
        if (_is_reference(value) or _names_a_place(value) or (quoted_only and not quoted) or encrypted(match.string, match.start(2))
                or reference_at(match.string, match.start(2))):
            return match.group(0)
        if cites_test_vector(match.string, match.start(2)):
            return match.group(0)  # a standard's published test vector
        if _nested_key(match):
            return match.group(0)
        if not quoted_only and not _looks_secret(value):
            return match.group(0)
        if entropy and shannon_entropy(value.strip("'\"")) < entropy:
            return match.group(0)
        quote = value[0] if quoted else ""
        return f"{match.group(1)}{quote}{tag(kind)}{quote}"

    return replace


# A password of digits alone (`vbout.password = 1098451023549043403412091`): this long, and with
# this many distinct digits, it is drawn, not a port, a count, a PIN or a time in milliseconds;
# the digits counted up in turn (`1234567890123456`) are an example's.
MIN_DIGIT_PASSWORD = 16
MIN_DISTINCT_DIGITS = 6
_COUNTED_DIGITS = "0123456789" * 5


# Digits alone drawn as a PIN or a short token is (`xteeTokenPin=853324074931`): ten or more, most of
# the ten digits among them, not counted up or down, and not a Unix time (ten digits in seconds or
# thirteen in milliseconds from "1": 2001 to 2286), the digit runs a name calls a time or a count.
MIN_DRAWN_DIGITS = 10
_UNIX_TIME_LENGTHS = (10, 13)


def drawn_digits(value: str, least: int = MIN_DISTINCT_DIGITS) -> bool:
    return (value.isdigit() and value.isascii() and len(value) >= MIN_DRAWN_DIGITS and len(set(value)) >= least
            and value not in _COUNTED_DIGITS and value not in _COUNTED_DIGITS[::-1]
            and not (len(value) in _UNIX_TIME_LENGTHS and value[0] == "1"))


# A name whose last word says PIN, password, secret or token (`TokenPin`, `SIM_PIN`, `PTT_KARGO_SIFRE`),
# or whose last two say secret key (`'app.secret-key'`), then `=`, `:` or a space (fish's
# `set -Ux NAME value`): drawn digits after it are that credential.
_DIGIT_PASSWORD_WORDS = ("password", "passwd", "pwd", *PASSWORD_WORDS_ALONE)
_DIGIT_NAME_WORDS = ("pin", "pincode", "passcode", *_DIGIT_PASSWORD_WORDS, "secret", "token",
                     "secret_key", "secret-key", "secretkey")
_DIGIT_NAME = "|".join(sorted({*(form for word in _DIGIT_NAME_WORDS if word.isascii()
                                  for form in (word, word.capitalize(), word.upper())), "secretKey", "SecretKey"},
                              key=len, reverse=True))
# A password the user chose may repeat its digits (`SHOP_PASSWORD=8822150581`: five of the ten): a name
# that says password asks fewer distinct ones than a PIN's, a token's or a key's, which a count shares.
MIN_DISTINCT_PASSWORD_DIGITS = 4
# `pin` is in ping, shopping and spinner: only its forms that end a name before its value trigger.
DIGIT_NAME_TRIGGERS = (*(word for word in _DIGIT_NAME_WORDS if word.isascii() and word != "pin"),
                       *(f"pin{after}" for after in ("=", ":", " ", "\t", "\"", "'")))


_DIGITS_NAMED = lazy(rf"({_DIGIT_NAME})[\"']?\]?(?:[ \t]*[:=][ \t]*|[ \t]+)[\"']?$")
DIGIT_NAME_CHARS = 40  # how far before the digits their name is looked for


def _named_digits(match: re.Match) -> str:
    """`replace` for digits drawn right after a name's last word: a word that ends a name (after `_`,
    `-`, `.`, a lower-case letter before its capital, or nothing). The digits are matched first and
    the name only read where they are: most lines holding the words hold no long run of digits."""
    text, start = match.string, match.start()
    if not drawn_digits(match.group(0), MIN_DISTINCT_PASSWORD_DIGITS) or text[start - 1:start] not in (" ", "\t", "=", ":", "\"", "'"):
        return match.group(0)  # the digits end a longer run (`v2x1234567890`, `a.1234567890`), or stand alone
    name = _DIGITS_NAMED.search(text, max(0, start - DIGIT_NAME_CHARS), start)
    if name is None or not (name.group(1).lower() in _DIGIT_PASSWORD_WORDS or drawn_digits(match.group(0))):
        return match.group(0)
    before, first = text[name.start() - 1:name.start()], text[name.start()]
    if before and before.isalnum() and not ((before.islower() or before.isdigit()) and first.isupper()):
        return match.group(0)
    return tag("password")


def _password(kind: str) -> Callable[[re.Match], str]:
    named = _name_value(kind)

    def replace(match: re.Match) -> str:
        value = match.group(2)
        if (value.isdigit() and len(value) >= MIN_DIGIT_PASSWORD and len(set(value)) >= MIN_DISTINCT_DIGITS
                and value not in _COUNTED_DIGITS):
            return match.group(1) + tag(kind)
        return named(match)

    return replace


def _nested_key(match: re.Match) -> bool:
    """The name ends its line and the next line opens with `word:` (`password:` then
    `from_secret: registry_password`, `valueFrom:`): YAML's value there is a mapping, and the word
    is its first key, not the secret."""
    value = match.group(2)
    return ("\n" in match.group(1) and value[-1:] == ":" and value[:1] not in "'\""
            and match.string[match.end():match.end() + 1] in ("", " ", "\t", "\n", "\r"))


def _assigned(kind: str) -> Callable[[re.Match], str]:
    """A quoted literal after a secret-looking name is redacted; an unquoted one only when it is
    random enough (entropy 3.5) not to be a word, a number or an identifier, or a hex key (32 or
    more digits, whose alphabet of 16 keeps its entropy near 3.5)."""
    quoted, unquoted, hexa = _name_value(kind, quoted_only=True), _name_value(kind, entropy=3.5), _name_value(kind)

    def replace(match: re.Match) -> str:
        value = match.group(2)
        name = match.group(1).rstrip("\"'] \t=:")
        if ID_OF.search(name):
            return match.group(0)  # `credentialId`, `tokenId`: the id of a credential, which grants nothing
        before = _name_before(match.string, match.start())
        if before and harmless_name(before + name):
            return match.group(0)  # `publicKeyToken`: the words before the secret's say public, as `non_secrets` reads names
        if _about_the_secret(name, value):
            return match.group(0)  # `tokenizer = AutoTokenizer...`, `api_key_header_name = 'X-Api-Key'`, `key_file=~/.ssh/id`
        if (match.group(1)[-1:] in ":/" and _segment_of_a_name(match.string, match.start())) or _PAGE_TOKEN.search(_name_before(match.string, match.start())):
            return match.group(0)  # `arn:...:secret:prod/db`; `nextPageToken: ...`, a cursor
        if value[:1] in "'\"":
            if reference_at(match.string, match.start(2)):
                return match.group(0)  # `'credentials('id')'`: the literal runs past its inner quotes to a store's reference
            return quoted(match)
        if "." in value and identifier(value):
            return match.group(0)  # `tokens = tokenizer.all_special_tokens`: an attribute read, not a literal
        if _SECRETS_NAME.fullmatch(value):
            return match.group(0)  # Drone's `from_secret: registry_password`: the name a store keeps it under
        return (hexa if _HEX_KEY.fullmatch(value) or _drawn_password_letters(name, value) else unquoted)(match)

    return replace


# An app password of one case of letters (`MAIL_APP_PASSWORD: <16 letters>`): sixteen draws from 26
# letters rarely reach entropy 3.5, so after a name that says password a draw's few vowels (about
# one in five, words about two) and its spread tell it from words run together. A value that spells
# the secret's own word (`mysqlrootpasswd`) is a stand-in, as is a run of the alphabet.
_PASSWORD_NAMED = lazy(r"(?:passw(?:or)?d|pass|pwd)$", re.I)
_ONE_CASE_LETTERS = lazy(r"[a-z]{14,}|[A-Z]{14,}")
MAX_DRAWN_VOWELS = 0.3
MIN_DRAWN_LETTERS_ENTROPY = 3.2  # sixteen drawn letters: about 3.5; words run together repeat theirs


def _drawn_password_letters(name: str, value: str) -> bool:
    if not (_PASSWORD_NAMED.search(name) and pass_names_password(name)) or not _ONE_CASE_LETTERS.fullmatch(value):
        return False
    letters = value.lower()
    if any(word in letters for word in ("pass", "pwd", "secret", "word")) or counts_up(letters) or placeholder(value):
        return False
    return (vowel_share(letters) <= MAX_DRAWN_VOWELS
            and shannon_entropy(letters) >= MIN_DRAWN_LETTERS_ENTROPY)


# A name that goes on past the secret's word to say what it holds is about the secret (its name,
# place, lifetime, header) or is another word (`tokenizer`): with no digit, its value is no key.
_ABOUT_THE_SECRET = lazy(r"(?:izer|iser|ized|ization|[_.\-]?(?:names?|urls?|uris?|endpoints?|paths?|files?|headers?|types?|"
                         r"ttl\w*|length|len|fields?|prefix|refs?|env|var|count|limit|kinds?|formats?|class|policy|"
                         r"expir\w*|lifetime|timeout\w*|minutes|seconds|hours|days|store|manager|provider|location|source))$",
                         re.I)
# A path from the root, the home or the working folder (`~/.ssh/deploy_ed25519`, `/run/keys/db`):
# after a name that says file or path, where the value is kept, whatever digits its name holds.
_PATH_VALUE = lazy(r"[\"']?(?:~|\.{1,2})?/(?:[\w.\-]+/)*[\w.\-]+[\"']?")
_NAMES_A_FILE = lazy(r"[_.\-]?(?:paths?|files?|dir|folder)$", re.I)


# A name for text shown to a person about the secret (`password_hint`, `secret_question`, a
# translation's `token_expired_message`): its value is a sentence, never the secret itself.
_SHOWN_ABOUT = lazy(r"[_.\-]?(?:hints?|questions?|prompts?|labels?|placeholders?|descriptions?|help|messages?|msg|errors?|"
                    r"titles?|tooltips?|captions?|warnings?|instructions?|reminders?)$", re.I)
_SENTENCE = lazy(r"[A-Za-z]{2,}[,.!?]?[ \t]+[A-Za-z'’]{2,}")


def _about_the_secret(name: str, value: str) -> bool:
    """The name says what it holds is about the secret (`_ABOUT_THE_SECRET`) and the value has
    no digit, or the name says file or path and the value is a path; or the name is for text
    shown about the secret and the value is words of a sentence, digits or not."""
    if (" " in value or "\t" in value) and _SHOWN_ABOUT.search(name) and _SENTENCE.search(value):
        return True
    if not _ABOUT_THE_SECRET.search(name):
        return False
    return not any(c.isdigit() for c in value) or bool(_NAMES_A_FILE.search(name) and _PATH_VALUE.fullmatch(value))


def _env_value(kind: str, entropy: float = 0.0) -> Callable[[re.Match], str]:
    """`_name_value` after an upper-case name or a command's option, unless the name is about the
    secret (`API_KEY_HEADER=X-Api-Key`, `TOKEN_FILE=/run/secrets/token`, `--token-env API_TOKEN`)."""
    named = _name_value(kind, entropy=entropy)

    def replace(match: re.Match) -> str:
        name = match.group(1).strip().rstrip("=").strip()
        return match.group(0) if _about_the_secret(name, match.group(2)) else named(match)

    return replace


def _opened_before(text: str, start: int) -> tuple[bool, bool]:
    """Whether a backtick substitution, and whether a `$(` substitution, is open on the line of
    `start` where it stands (the innermost `(` still open before it is a substitution's)."""
    line = text[text.rfind("\n", 0, start) + 1:start]
    opened: list[bool] = []  # for each `(` still open before the value: is it a substitution's `$(`
    for at, char in enumerate(line):
        if char == "(":
            opened.append(line[at - 1:at] == "$")
        elif char == ")" and opened:
            opened.pop()
    return bool(line.count("`") % 2), bool(opened and opened[-1])


def _substitution_end(opened: tuple[bool, bool], value: str) -> int:
    """Where in `value` the shell ends the argument it opens, because a command substitution opened
    before it on its line (`opened`, as `_opened_before` reads it) closes there (`$(lpass show
    --password Team/db)"`, `` `pass show --password ci/db` ``), or -1 where none closes in it."""
    backtick, dollar = opened
    if backtick and "`" in value:
        return value.index("`")
    depth = 0
    for at, char in enumerate(value):
        if char == "(":
            depth += 1
        elif char == ")":
            if depth == 0:
                return at if dollar else -1
            depth -= 1
    return -1


def _within_substitution(replace: Callable[[re.Match], str]) -> Callable[[re.Match], str]:
    """`replace`, judging only the part of the value (group 2) before the command substitution
    around it closes: the `)` and what follows it are the enclosing line's, not the argument's.
    Inside a substitution, a value that is a secret's name (`--secret=shop-api-token`) is what the
    command fetches, printed in the secret's place when the line runs; it is not the secret."""
    def run(match: re.Match) -> str:
        opened = _opened_before(match.string, match.start(2))
        end = _substitution_end(opened, match.group(2))
        value = match.group(2)[:end] if end >= 0 else match.group(2)
        if any(opened) and _SECRETS_NAME.fullmatch(value):
            return match.group(0)
        if end < 0:
            return replace(match)
        inner = match.re.match(match.string, match.start(), match.start(2) + end) if end else None
        if inner is None:
            return match.group(0)
        return replace(inner) + match.string[inner.end():match.end()]

    return run


# Camel case only: snake case `secret_id` is a credential (Vault's AppRole), and so is HAFAS's `accessId`.
ID_OF = lazy(r"(?<=[a-z])(?<![Aa]ccess)Ids?$")


def _name_start(text: str, start: int) -> int:
    """Where the name holding the secret's word at `start` begins (`nextPage` of `nextPageToken`)."""
    while start > 0 and (text[start - 1].isalnum() or text[start - 1] in "_-."):
        start -= 1
    return start


def _name_before(text: str, start: int) -> str:
    return text[_name_start(text, start):start]


def _segment_of_a_name(text: str, start: int) -> bool:
    """The secret's word is one segment of a longer name joined by `:` or `/` (an ARN's
    `:secret:<name>`, `projects/1/secrets/<name>`): a resource's type, and what follows its name.
    The caller checks that a `:` or `/` also follows it (`$env:API_KEY = ...` is an assignment)."""
    start = _name_start(text, start)
    return start > 0 and text[start - 1] in ":/" and not text[max(0, start - 3):start] == "://"


# A token that says where a listing goes on (`nextPageToken`, `NextToken`, a cursor's words of
# `non_secrets.CURSOR_WORDS`): an opaque cursor the API hands to anyone who lists, not a credential.
_PAGE_TOKEN = lazy(r"(?:" + CURSOR_WORDS + r")[_\-]?$", re.I)


# Lower-case words joined by `_` or `-` that end in a credential's noun (`registry_password`,
# `npm_token`, `shop-api-token`): how a secret store or CI names what it holds, not the value it holds.
_SECRETS_NAME = lazy(r"[a-z]+(?:[_\-][a-z]+)*[_\-](?:password|passwd|token|secret|key|api[_\-]key|credentials?)")
_HEX_KEY = lazy(r"(?=[0-9a-f]*[a-f])(?=[0-9a-f]*\d)[0-9a-f]{32,}", re.I)
# A password drawn in hex (`remotepass = 4e0c9a17d2b5f8a3`): its alphabet of 16 keeps a short
# one's entropy under the bar a name's random value must pass, so hex of letters and digits is judged
# as hex, not by that bar.
_HEX_PASSWORD = lazy(r"(?=[0-9a-f]*[a-f])(?=[0-9a-f]*\d)[0-9a-f]{16,}", re.I)


def _pass_value(kind: str) -> Callable[[re.Match], str]:
    random, hexa = _name_value(kind, entropy=3.5), _name_value(kind)

    def replace(match: re.Match) -> str:
        return (hexa if _HEX_PASSWORD.fullmatch(match.group(2).strip("'\"")) else random)(match)

    return replace


def _quoted_if_random(kind: str, minimum: float) -> Callable[[re.Match], str]:
    """Group 1 is the quote, group 2 the string: redact it when its entropy is at least `minimum`."""
    def replace(match: re.Match) -> str:
        if shannon_entropy(match.group(2)) < minimum or decodes_to_text(match.group(2)) or harmless(match.group(2)):
            return match.group(0)  # words in base64; a digest, a public key or another shape that grants nothing
        if cue_before(match.string, match.start(2)) == "harmless":  # `"public_key": "..."`, a JWK's `n`
            return match.group(0)
        return f"{match.group(1)}{tag(kind)}{match.group(1)}"

    return replace


def _random_group(group: int, kind: str) -> Callable[[re.Match], str]:
    """Redact `group` when it is random enough to be a key (entropy 3.5), keeping what precedes it."""
    def replace(match: re.Match) -> str:
        value = match.group(group)
        if shannon_entropy(value) < 3.5 or not any(c.isdigit() for c in value):
            return match.group(0)
        return match.group(0)[: match.start(group) - match.start()] + tag(kind)

    return replace


# An element named for what identifies a secret (`<UserSecretsId>`, `<token_id>`) holding a UUID:
# the id of a store or a key, not its value.
_ID_NAME = lazy(r"(?:[a-z0-9]Id|_id|Guid|GUID)$")
_UUID_VALUE = lazy(r"\{?[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}\}?")


def _xml_value(match: re.Match) -> str:
    value = match.group(3)
    if not _looks_secret(value) or _is_reference(value) or (_ID_NAME.search(match.group(2)) and _UUID_VALUE.fullmatch(value)):
        return match.group(0)
    return match.group(1) + tag("xml-secret")


def _plist_value(match: re.Match) -> str:
    """An element's text named by the property list's `<key>` before it, judged as an element
    named for the secret is, unless the name says it is about the secret (its id, its URL) or
    public."""
    name, value = match.group(2), match.group(3)
    if ID_OF.search(name) or harmless_name(name) or _about_the_secret(name, value) or _names_a_place(value):
        return match.group(0)
    return _xml_value(match)


_NETRC_ENTRY = lazy(r"\b(?:machine\s+[\w.:-]+\.[\w.:-]+|default)\s+login\s+(\S+)\s*$")
# Anonymous FTP (RFC 1635): the login `anonymous` or `ftp`, and by convention an e-mail address
# or nothing much as the password. It opens nothing.
_ANONYMOUS = ("anonymous", "ftp")
# A variable as envsubst, a shell or a template engine writes it: `${NAME}`, `$NAME` (upper case,
# as environment variables are named; a password may well start with `$`), `{{ name }}`.
_VARIABLE = lazy(r"\$\{[A-Za-z_]\w*\}|\$[A-Z_][A-Z0-9_]*|\{\{\s*[\w.\-]+\s*\}\}")


# An `account` entry's value of lower-case words (`account research-dept`): ftp sends it as the
# ACCT command's argument, which most servers read as the account's name, not as a password.
_ACCOUNT_NAME = lazy(r"[a-z]+(?:[._\-][a-z]+)*")


def _netrc(kind: str) -> Callable[[re.Match], str]:
    """`password p` in a .netrc: only where the text also reads like one (a machine or login
    entry nearby), so "the password field" in prose is left alone."""
    def replace(match: re.Match) -> str:
        before = match.string[max(0, match.start() - 200):match.start()].lower()
        entry = _NETRC_ENTRY.search(before)
        if not entry or entry.group(1) in _ANONYMOUS or not _looks_secret(match.group(2)):
            return match.group(0)
        if match.group(1).lower().startswith("account") and _ACCOUNT_NAME.fullmatch(match.group(2)):
            return match.group(0)
        if _VARIABLE.fullmatch(match.group(2)) or reference_at(match.string, match.start(2)):
            # A variable a template fills in (`${CI_JOB_TOKEN}`), or a command substitution a pattern stopping
            # at the first space would cut (`$(pass show mail/smtp)`), is no password yet.
            return match.group(0)
        return match.group(1) + tag(kind)

    return replace


_TEMPLATE = ("$", "%(", "{{", "<")  # a variable, a format field, a template's placeholder


def _basic_credentials(kind: str) -> Callable[[re.Match], str]:
    """Group 2 when it is base64 of `user:password` (printable, a colon after a user name)."""
    def replace(match: re.Match) -> str:
        value = match.group(2)
        try:
            decoded = base64.b64decode(value + "=" * (-len(value) % 4), validate=True).decode("utf-8")
        except (binascii.Error, ValueError, UnicodeDecodeError):
            return match.group(0)
        user, colon, password = decoded.partition(":")
        if not (colon and user and password and decoded.isprintable()):
            return match.group(0)
        return match.group(1) + tag(kind)

    return replace


def _userinfo(kind: str) -> Callable[[re.Match], str]:
    """A URL's `user:password` (the password in group 2), unless the password is a reference
    (`${PGPASSWORD}`, `%(password)s`): a template, filled in elsewhere; or, URL-encoded as a
    userinfo must be, a store's reference (`op%3A%2F%2F...`)."""
    keep = _keep_prefix(kind)
    return lambda match: match.group(0) if (match.group(2).startswith(_TEMPLATE) or store_reference(match.group(2))
                                            or _encoded_template(match.group(2))) else keep(match)


# A placeholder closed around names alone: a template's field (`{{ vault_git_password }}`, `${GIT_PASSWORD}`),
# a plugin's path (`<path:kv/data/app#password>`).
_CLOSED_TEMPLATE = lazy(r"\{\{([^{}]+)\}\}|<([^<>\s]+)>|\$\{([^{}\s]+)\}")


def _encoded_template(password: str) -> bool:
    """A URL's password that, URL-decoded as a userinfo is written, is wholly a placeholder of names
    (`%7B%7B%20vault_git_password%20%7D%7D`); a password that merely opens with `%24` or `%3C` is a
    password, as is a placeholder wrapped around random text."""
    if "%" not in password:
        return False
    closed = _CLOSED_TEMPLATE.fullmatch(unquote(password).strip())
    return closed is not None and identifier(next(part for part in closed.groups() if part))


# An expression of code: a name, or names joined by dots (`signingSecret`, `config.apiKey`), before what
# closes the object or call it sits in.
_CODE_NAME = lazy(r"([A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)*)[)}\]]*")


def _unless_code_variable(replace: Callable[[re.Match], str]) -> Callable[[re.Match], str]:
    """A header's value written bare after its quoted name is code's, not a request's
    (`{ 'X-Signing-Secret': signingSecret }`): a variable named in words holding the value, not
    the value. A request writes its header's name bare; random text stays a key wherever it is."""
    def keep_or_replace(match: re.Match) -> str:
        name, value = match.group(1).rstrip(), match.group(2)
        quoted_name = name[-1:] in ":=" and name[:-1].rstrip()[-1:] in "'\""
        bare = _CODE_NAME.fullmatch(value)
        if quoted_name and bare and identifier(bare.group(1)):
            return match.group(0)
        return replace(match)

    return keep_or_replace


def _mixed(kind: str) -> Callable[[re.Match], str]:
    """For formats that also fit ordinary words: redact only a token with a digit in it."""
    return lambda match: tag(kind) if any(c.isdigit() for c in match.group(0)) else match.group(0)


def _not_public(replace: Callable[[re.Match], str]) -> Callable[[re.Match], str]:
    """Base64 lines inside a certificate, a CSR or a public key's armour are public: keep them."""
    return lambda match: match.group(0) if inside_public_armour(match.string, match.start()) else replace(match)


def _armoured(kind: str) -> Callable[[re.Match], str]:
    """Group 3, the body, when group 2, the label, names a credential (`armour.secret_label`)."""
    return lambda match: match.group(1) + tag(kind) if secret_label(match.group(2)) else match.group(0)


_B = r"(?<![A-Za-z0-9_\-])"  # not inside a longer token
_E = r"(?![A-Za-z0-9_\-])"
# AUTH, but not the word author (`GIT_AUTHOR_EMAIL`, a document's "author", `authority`): AUTHORIZE still counts.
_SECRET_WORD = (r"(?:SECRET|TOKEN|PASSWORD|PASSWD|PASSPHRASE|PASSCODE|API_?KEY|ACCESS_?KEY|PRIVATE_?KEY|AUTH(?!OR(?!I[SZ]))|CREDENTIALS?|"
                r"(?:CLIENT|SERVICE|ACCOUNT|APP|DB|DATABASE|SIGNING|ENCRYPTION|MASTER)_?KEY|DB_?PASS)")
_SECRET_NAME = r"[A-Za-z0-9_]*" + _SECRET_WORD + r"[A-Za-z0-9_]*"
# An environment variable's name in upper snake case, ending in the secret's word (`VENDOR_API_TOKEN`).
ENV_NAME = r"(?:[A-Z0-9]+_)*" + _SECRET_WORD
# What may open a line before `NAME=value` and still leave it an assignment to the environment.
_SETS_ENV = r"(?:(?:export|env|ENV|set|SET|SetEnv|setenv)[ \t]+|Environment=[\"']?)?"
_ASSIGN_TRIGGERS = ("secret", "token", "pass", "key", "auth", "credential")
# Password in other languages, as code and configs name it (`subiekt_sfera_haslo="..."`, `db_heslo:`,
# `jelszo =`): a quoted literal after it is a password as one after `password` is. Words that also
# mean something else (Italian `parola`, "word") are left to the named-value pass, which judges the value.
_PASSWORD_ELSEWHERE = (*PASSWORD_WORDS_ALONE, "contraseña", "senha", "kennwort")
_UPPER_SECRET_WORDS = ("SECRET", "TOKEN", "PASS", "KEY", "AUTH", "CREDENTIAL")  # one is in every _SECRET_WORD


def _bounded(replace: Callable[[re.Match], str]) -> Callable[[re.Match], str]:
    """`replace`, for a match that does not start inside a longer token."""
    def run(match: re.Match) -> str:
        before = match.string[match.start() - 1] if match.start() else " "
        return match.group(0) if before.isalnum() or before in "_-" else replace(match)

    return run


_NAME_BEFORE = lazy(r"[A-Za-z0-9_.\-]*$")


def _ending_a_pass_name(replace: Callable[[re.Match], str]) -> Callable[[re.Match], str]:
    """`replace`, for a `pass` that ends a name calling its value a password (no `bypass`)."""
    def run(match: re.Match) -> str:
        head = _NAME_BEFORE.search(match.string, max(0, match.start() - 40), match.start())
        return replace(match) if pass_names_password(head.group(0) + "pass") else match.group(0)

    return run


def _unless_placeholder(replace: Callable[[re.Match], str]) -> Callable[[re.Match], str]:
    """`replace`, for a match whose value (past a kept name in group 1) is not documentation's
    stand-in (`sk-...`, `<token>`, `AKIAIOSFODNN7EXAMPLE`) nor a reference to where a store keeps
    the secret (`arn:aws:ssm:...:parameter/...`, `op://vault/item/field`)."""
    def run(match: re.Match) -> str:
        named = match.group(1) if match.re.groups and match.start(1) == match.start() and match.group(1) else ""
        value = match.group(0)[len(named):]
        return match.group(0) if placeholder(value) or store_reference(value) else replace(match)

    return run


# PgBouncer's auth_file (`userlist.txt`): one `"user" "password"` per line, one space between, the
# password in the clear or as its md5 or SCRAM secret, any of which logs in. A block of lines all of
# that shape is such a file; a value that is a word, a number or empty is left (a line of
# Valve's KeyValues is tab-separated, a quoted pair in prose has words around it).
_AUTH_FILE_LINE = lazy(r'"[^"\s]+" "[^"\n]*"[ \t]*')
# A terminal's echo of the command that printed the file (`$ sudo cat <path>`) may head the block:
# what follows a pager's prompt line is the file itself. Any other command there (an `echo` of
# quoted words) leaves the block alone.
_SHOWN_FILE_PROMPT = lazy(r"[ \t]*[$#][ \t]+(?:sudo[ \t]+(?:-u[ \t]+\S+[ \t]+)?)?(?:cat|less|more|head|tail|bat)[ \t]+[^\s|;&>]+[ \t]*")


def _auth_file_password(match: re.Match) -> str:
    text, value = match.string, match.group(2)
    start = text.rfind("\n\n", 0, match.start()) + 1
    end = text.find("\n\n", match.end())
    block = [line for line in text[start:len(text) if end < 0 else end].split("\n") if line.strip()]
    shown = bool(block) and _SHOWN_FILE_PROMPT.fullmatch(block[0])
    if shown:
        block = block[1:]  # any file printed that way may hold quoted pairs: a harmless shape stays
    if not all(_AUTH_FILE_LINE.fullmatch(line) for line in block):
        return match.group(0)
    if not _drawn(value) or (shown and harmless(value)):
        return match.group(0)  # `release-2024`, `v1.2.3-rc4`: a name or a version, not drawn
    return match.group(1) + tag("password")


_ALNUM_CHUNK = lazy(r"[A-Za-z0-9]+")
_LETTERS_OR_DIGITS = lazy(r"[A-Za-z]+|\d+")  # a drawn chunk goes from letters to digits and back


def _drawn(value: str) -> bool:
    chunk = max(_ALNUM_CHUNK.findall(value), key=len, default="")
    return len(chunk) >= 8 and len(_LETTERS_OR_DIGITS.findall(chunk)) >= 3 and shannon_entropy(value) >= 3.0


# A line of a credentials file read by position (davfs2's `secrets`: a server URL or a mount point,
# a user, then the password, quoted or not): a location, a name, then a value drawn at random. A
# command line shares the shape only where it opens with a program (`/usr/bin/git show <id>`), so a
# location in a `bin` folder is left; a git object id, a digest or a second place after a name stays too.
_PROGRAM = lazy(r"(?:.*/)?s?bin/[^/]+")
_HEX_DIGITS = lazy(r"[0-9a-fA-F]+")
GIT_OBJECT_ID_LENGTHS = (40, 64)  # SHA-1 and SHA-256 object ids, everywhere in tool output


def _positional_password(match: re.Match) -> str:
    value = match.group(4)
    if match.group(2) and _PROGRAM.fullmatch(match.group(2)):
        return match.group(0)
    if not _drawn_in_place(value):
        return match.group(0)
    return f"{match.group(1)}{match.group(3)}{tag('password')}{match.group(3)}"


def _drawn_in_place(value: str) -> bool:
    """A value a file's layout places where its password goes, drawn: not a place (two places side by
    side are a list of links or paths), not words (a route's handler, `/api/users  GET  listUsers`), not
    a harmless shape (a UUID, a digest) nor a git object id."""
    if value.startswith(("/", "~/")) or _names_a_place(value):
        return False
    if not _drawn(value) or harmless(value):
        return False
    return not (_HEX_DIGITS.fullmatch(value) and len(value) in GIT_OBJECT_ID_LENGTHS)


# A line of pppd's `pap-secrets` or `chap-secrets`: `client server secret [IP addresses ...]`, each
# quoted or not. A `*` (any server, or any address) in the server's or the addresses' column marks
# the layout, with or without the comment that names the columns.
_PPP_FIELD = r'(?:"[^"\s]+"|[^\s#"]\S*)'
_PPP_ADDRESSES = r'(?:[ \t]+(?:\*|-|"[^"\n]*"|[0-9A-Fa-f.:/,\-]+))*[ \t]*(?:#[^\n]*)?$'
_PPP_LINE = (rf'(?m)(^[ \t]*{_PPP_FIELD}[ \t]+(?:(?P<any>"?\*"?)|{_PPP_FIELD})[ \t]+)("?)([^\s"]+)\3'
             rf'(?=(?(any){_PPP_ADDRESSES}|[ \t]+"?\*"?{_PPP_ADDRESSES}))')


# A line of Exim's `passwd.client`: `<server>:<login>:<password>`, the server a host name (a `*.`
# wildcard before it, as Exim matches it) and the password ending the line. A grep's `file:line:`
# has digits where the login goes, a path holds `/`, and `host:port` has no third field.
_HOST_LOGIN_LINE = r"(?m)(^[ \t]*(?:\*\.)?[A-Za-z0-9\-]+(?:\.[A-Za-z0-9\-]+)+:(?!\d+:)[^\s:/]+:)([^\s:]+)(?=[ \t]*$)"


def _placed_password(match: re.Match) -> str:
    """The value in group 2 that a file's layout places where its password goes, where it is drawn."""
    return match.group(1) + tag("password") if _drawn_in_place(match.group(2)) else match.group(0)


# A user macro of Nagios' `resource.cfg` (and of Icinga 1's and Naemon's): `$USER<n>$=<value>`, a file
# kept apart from the configuration because its macros hold the passwords checks log in with. A path
# (the plugins' folder, `$USER1$` by custom) or a word there stays; a drawn value is a password.
_USER_MACRO = r"(?m)(^[ \t]*\$USER\d{1,3}\$[ \t]*=[ \t]*)(\S+)(?=[ \t]*$)"


# NUT's upsmon.conf: `MONITOR <ups>@<host>[:port] <power value> <user> <password> <role>`, the role
# `primary` or `secondary` (`master`/`slave` before NUT 2.8). The closing role and the power value's
# number fix the layout; a word or a placeholder in the password's column stays.
_UPSMON_LINE = (r"(?m)(^[ \t]*MONITOR[ \t]+[\w.\-]+@[\w.\-:\[\]]+[ \t]+\d+[ \t]+\S+[ \t]+)(\S+)"
                r"(?=[ \t]+(?:primary|secondary|master|slave)[ \t]*(?:#[^\n]*)?$)")


# pam_radius_auth's server file: `server[:port] shared_secret [timeout [source_ip]]`, the columns
# named by the file's own comment line. Only lines of that layout may stand between the comment
# and the value; without the comment a `host:port value number` line says nothing.
_RADIUS_LINE = (r"(?m)(^[ \t]*(?:\[[0-9A-Fa-f:]+\]|[\w.\-]+)(?::\d+)?[ \t]+)(\S+)"
                r"(?=(?:[ \t]+\d+(?:[ \t]+\S+){0,2})?[ \t]*$)")
_RADIUS_COLUMNS_ABOVE = lazy(r"(?m)^[ \t]*#[ \t]*server\S*[ \t]+\S*secret\b[^\n]*\n"
                             r"(?:[ \t]*(?:#[^\n]*|[^\s#]+[ \t]+\S+(?:[ \t]+\S+){0,3})?[ \t]*\n)*[ \t]*$")


def _radius_secret(match: re.Match) -> str:
    before = match.string[max(0, match.start() - 600):match.start()]
    return _placed_password(match) if _RADIUS_COLUMNS_ABOVE.search(before) else match.group(0)


# `kinit <principal>: <value>`: the principal kinit's prompt names (`Password for <principal>:`) and
# then what was typed there, as a note keeps it. kinit's own messages (`kinit: Cannot find KDC`,
# `kinit: Password incorrect while ...`) put no principal before the colon, or words after it.
_KINIT_TYPED = r"(\bkinit[ \t]+[\w.\-]+(?:/[\w.\-]+)?(?:@[\w.\-]+)?:[ \t]+)(\S+)(?=[ \t]*$)"


def _ppp_secret(match: re.Match) -> str:
    quote, value = match.group(3), match.group(4)
    return f"{match.group(1)}{quote}{tag('password')}{quote}" if _drawn_in_place(value) else match.group(0)


# Net-SNMP's createUser up to its authentication passphrase: an engine id maybe, the user, the
# protocol, and `-l` or `-m` where a localized or master key in hex stands for the passphrase.
_SNMP_USER = r"(?m)(^[ \t]*createuser[ \t]+(?:-e[ \t]+\S+[ \t]+)?\S+[ \t]+(?:md5|sha(?:-\d{3})?)[ \t]+(?:-[lm][ \t]+)?"


def _drawn_password(match: re.Match) -> str:
    """A value a file's layout places, where it is drawn: a word there (a config's next directive
    after a comment that mentions auth-user-pass, a key line's comment) is none."""
    return _name_value("password")(match) if _drawn(match.group(2)) else match.group(0)


_NTP_HASH = r"(?:MD5|SHA1|SHA224|SHA256|SHA384|SHA512|SHA3-(?:224|256|384|512)|RMD160|TIGER|WHIRLPOOL|AES128|AES256)"
_NTP_HASH_TRIGGERS = ("md5", "sha1", "sha2", "sha3", "sha5", "rmd160", "tiger", "whirlpool", "aes128", "aes256")


def _paired_password(match: re.Match) -> str:
    """`<prefix>password <value>` in a config of space-separated directives, when a line above gives
    `<prefix>username <user>` (a Mosquitto bridge's `remote_username`/`remote_password`): the pair
    says the value is that user's password, where a lone `password` in prose says nothing."""
    prefix, value = match.group(2) or "", match.group(3)
    before = match.string[max(0, match.start() - 300):match.start()]
    user = re.search(r"(?m)^[ \t]*" + re.escape(prefix) + r"(?:username|user|login)[ \t]+\S+[ \t]*$", before)
    if not user or not _drawn(value) or _VARIABLE.fullmatch(value):
        return match.group(0)
    return match.group(1) + tag("password")


# A comment naming a password file (`# /etc/mosquitto/passwd`), then `user:password` lines: the file's
# own layout before a tool hashes it. Only such lines may stand between the comment and the value.
_PASSWD_FILE_ABOVE = lazy(r"(?m)^[ \t]*#[^\n]*/[\w.\-]*passwd\b[^\n]*\n(?:[ \t]*[\w.@\-]+:\S+[ \t]*\n)*[ \t]*$")


def _passwd_file_line(match: re.Match) -> str:
    """A `user:password` line under a comment naming the password file it belongs to, where the
    password is drawn (a word or a hash's `$`-marked form is left)."""
    before = match.string[max(0, match.start() - 400):match.start()]
    if not _PASSWD_FILE_ABOVE.search(before) or not _drawn(match.group(2)):
        return match.group(0)
    return match.group(1) + tag("password")


# RubyGems' credentials file (`~/.gem/credentials`): a YAML document of Ruby symbols, each naming
# a host or a key and given its key (`:rubygems_api_key: ...`, `:trendyol: ...`). The file holds
# nothing else, so every key-shaped value in it is a secret whatever its symbol says; a gemrc
# shares the shape but gives its symbols words, numbers, flags, paths and lists (`:backtrace: true`).
_GEM_VALUE = lazy(r"([ \t]*)(['\"]?)([A-Za-z0-9_+=][A-Za-z0-9_+/=\-]{15,})\2([ \t]*)")


def _key_shaped(value: str) -> bool:
    """Not a word or a number: a digit among letters, or both cases."""
    return (not value.isdigit() and any(c.isalpha() for c in value)
            and (any(c.isdigit() for c in value) or (any(c.isupper() for c in value) and any(c.islower() for c in value))))


def _gem_credentials(match: re.Match) -> str:
    lines = []
    for line in match.group(2).split("\n"):
        name, colon, value = line.partition(": ")
        shaped = _GEM_VALUE.fullmatch(value) if colon else None
        if shaped and _key_shaped(shaped.group(3)):
            line = f"{name}: {shaped.group(1)}{shaped.group(2)}{tag('gem-credentials')}{shaped.group(2)}{shaped.group(4)}"
        lines.append(line)
    return match.group(1) + "\n".join(lines)


def _r(kind: str, pattern: str, replace: Callable[[re.Match], str] | None = None, triggers: tuple[str, ...] = (),
       flags: int = 0, ignore_case: bool = False, long_run: bool = False, near_cues: bool = False,
       lines_with: tuple[str, ...] = (), min_run: int = 0, needs: tuple[str, ...] = ()) -> Rule:
    """`ignore_case` rules must spell their literals in lower case (see Rule.scan). A pattern that
    opens with `_B` checks that boundary after matching instead: a pattern that starts with its
    literal prefix is scanned many times faster than one that starts with a lookbehind."""
    replace = _unless_placeholder(replace or _whole(kind))
    if pattern.startswith(_B):
        pattern, replace = pattern[len(_B):], _bounded(replace)
    if ignore_case:
        return Rule(kind, lazy(pattern, flags | re.I), replace, triggers, scan=lazy(pattern, flags), long_run=long_run,
                    near_cues=near_cues, lines_with=lines_with)
    return Rule(kind, lazy(pattern, flags), replace, triggers, long_run=long_run, near_cues=near_cues, min_run=min_run,
                needs=needs)


_UUID_TAIL = r"[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}" + _E
# Service tokens known by a literal prefix and their shape: (the prefix as a trigger, the pattern).
SAAS_TOKENS = (
    ("lin_api_", r"lin_api_[A-Za-z0-9]{40}" + _E), ("ntn_", r"ntn_[A-Za-z0-9]{40,}" + _E), ("secret_", r"secret_[A-Za-z0-9]{43}" + _E),
    ("pmak-", r"PMAK-[a-f0-9]{24}-[a-f0-9]{34}" + _E), ("dp.", r"dp\.(?:st|pt|ct|sa|scim|audit)\.(?:[a-z0-9_\-]+\.)?[A-Za-z0-9]{40,}"),
    ("pul-", r"pul-[a-f0-9]{40}" + _E), (".atlasv1.", r"[A-Za-z0-9]{14}\.atlasv1\.[A-Za-z0-9_\-=]{60,}"),
    ("hvs.", r"hvs\.[A-Za-z0-9_\-]{24,}"), ("hvb.", r"hvb\.[A-Za-z0-9_\-]{24,}"), ("glc_", r"glc_[A-Za-z0-9+/=]{32,}"),
    ("glsa_", r"glsa_[A-Za-z0-9]{32}_[A-Fa-f0-9]{8}" + _E), ("nr", r"NR(?:AK|JS|II)-[A-Z0-9]{19,32}" + _E),
    ("dt0c01.", r"dt0c01\.[A-Z0-9]{24}\.[A-Z0-9]{64}" + _E), ("ltai", r"LTAI[A-Za-z0-9]{12,20}" + _E),
    ("akid", r"AKID[A-Za-z0-9]{32}" + _E), ("age-secret-key-1", r"AGE-SECRET-KEY-1[QPZRY9X8GF2TVDW0S3JN54KHCE6MUA7L]{58}"),
    ("shippo_", r"shippo_(?:live|test)_[a-f0-9]{40}" + _E), ("eaaa", r"EAAA[A-Za-z0-9_\-]{60}" + _E),
    ("access_token$", r"access_token\$production\$[a-z0-9]{16}\$[a-f0-9]{32}"),
    ("eaacedeose0cba", r"EAACEdEose0cBA[A-Za-z0-9]{20,}" + _E), ("pat", r"pat[A-Za-z0-9]{14}\.[a-f0-9]{64}" + _E),
    ("figd_", r"figd_[A-Za-z0-9_\-]{40}" + _E), ("cfpat-", r"CFPAT-[A-Za-z0-9_\-]{43}" + _E),
    ("dckr_pat_", r"dckr_pat_[A-Za-z0-9_\-]{27,}"), ("bkua_", r"bkua_[a-f0-9]{40}" + _E),
    ("ccipat_", r"CCIPAT_[A-Za-z0-9]{22}_[a-f0-9]{40}" + _E), ("fo1_", r"fo1_[A-Za-z0-9_\-]{43}" + _E),
    ("sbp_", r"sbp_[a-f0-9]{40}" + _E), ("pscale_", r"pscale_(?:tkn|pw|oauth)_[A-Za-z0-9_\-.=]{32,64}"),
    ("rnd_", r"rnd_[A-Za-z0-9]{32}" + _E), ("r8_", r"r8_[A-Za-z0-9]{37}" + _E), ("gsk_", r"gsk_[A-Za-z0-9]{52}" + _E),
    ("pplx-", r"pplx-[A-Za-z0-9]{48}" + _E), ("xai-", r"xai-[A-Za-z0-9]{80}" + _E),
    ("lsv2_", r"lsv2_(?:pt|sk)_[a-f0-9]{32}_[a-f0-9]{10}" + _E), ("pcsk_", r"pcsk_[A-Za-z0-9_]{50,}"),
    ("sk.eyj", r"sk\.eyJ[A-Za-z0-9_\-]{20,}\.[A-Za-z0-9_\-]{20,}"), ("sl.", r"sl\.[A-Za-z0-9_\-]{130,}"),
    ("tfp_", r"tfp_[A-Za-z0-9_\-]{44,}"), ("rubygems_", r"rubygems_[a-f0-9]{48}" + _E), ("oy2", r"oy2[a-z0-9]{43}" + _E),
    ("clojars_", r"CLOJARS_[a-z0-9]{60}" + _E), ("p8e-", r"p8e-[A-Za-z0-9]{32}" + _E), ("fio-u-", r"fio-u-[A-Za-z0-9_\-=]{64}"),
    ("ez", r"EZ[AT]K[A-Za-z0-9]{54}" + _E), ("xkeysib-", r"xkeysib-[a-f0-9]{64}-[A-Za-z0-9]{16}" + _E),
    ("access-", r"access-(?:production|development|sandbox)-[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}"),
    ("sq", r"sq[pua]_[a-f0-9]{40}" + _E),
    ("sdk-", r"sdk-[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}" + _E),
    ("api-", r"api-[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}" + _E),
    ("mob-", r"mob-[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}" + _E),
    ("aaaaaaaaaaaaaaaaaaaaa", r"AAAAAAAAAAAAAAAAAAAAA[A-Za-z0-9%]{30,}"),
    # Formats whose random part alone is hex or a UUID, which the shape pass leaves to names.
    ("v1.0-", r"v1\.0-[0-9a-f]{24}-[0-9a-f]{146}" + _E),
    ("pat-", r"pat-(?:na|eu)\d-[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}" + _E),
    ("sha256~", r"sha256~[A-Za-z0-9_\-]{43}" + _E), ("django-insecure-", r"django-insecure-[^\s\"'\\]{30,}"),
    ("xaat-", r"xaat-" + _UUID_TAIL), ("xapt-", r"xapt-" + _UUID_TAIL),
    ("configcat-sdk-1/", r"configcat-sdk-1/[A-Za-z0-9_\-]{22}/[A-Za-z0-9_\-]{22}" + _E),
    # Webhook URLs are the credential: whoever has one can post.
    ("hooks.zapier.com", r"https://hooks\.zapier\.com/hooks/catch/\d+/[A-Za-z0-9]+/?"),
    ("webhook.office.com", r"https://[A-Za-z0-9.\-]*webhook\.office\.com/webhookb2/[A-Za-z0-9@/\-]+"),
)

TELEGRAM = r"\d(?<![\w:]\d)\d{7,9}:[0-9A-Za-z_\-]{35}" + _E

# A wallet's recovery phrase (BIP-39): 12, 15, 18, 21 or 24 words of three to eight letters, the
# lengths and word sizes the standard allows, after a name that says it is one. The words are the
# key: whoever has them has the wallet.
SEED_PHRASE_WORDS = (12, 15, 18, 21, 24)
# `seed` as a name is spelled with what follows it, so that a random seed in prose or code (`seed 42`,
# `seed(`) is no trigger; `seed phrase` and `seed_phrase` hold `phrase`.
SEED_PHRASE_NAMES = ("mnemonic", "phrase", "seed=", "seed =", "seed:", "seed\"", "seed'", "seed>", "seed_words", "seed words")


# Words drawn at random from a list of 2048 rarely repeat: twelve of them hold at least ten distinct
# words almost always. A phrase of few distinct words is a published test vector (`abandon` eleven
# times and `about`), which no wallet holds funds under.
MIN_DISTINCT_SHARE = 0.75


# Composer's auth.json (and COMPOSER_AUTH) keeps one token per host under `bearer`, `github-oauth`,
# `gitlab-oauth` and `gitlab-token`: there a host's name is the key and its string is the token,
# hex or not. Any other key in such an object (an OpenAPI scheme's `"type": "http"`) is no host.
_COMPOSER_SECTION = r"(\"(?:bearer|github-oauth|gitlab-oauth|gitlab-token)\"\s*:\s*\{)([^{}]*)(?=\})"
_HOST_TOKEN = lazy(r"(\"[a-z0-9\-]+(?:\.[a-z0-9\-]+)+(?::\d+)?\"\s*:\s*)(\"[^\"\s]{12,}\")", re.I)


def _host_tokens(kind: str) -> Callable[[re.Match], str]:
    value = _name_value(kind)

    def replace(match: re.Match) -> str:
        return match.group(1) + _HOST_TOKEN.sub(value, match.group(2))

    return replace


def _seed_phrase(match: re.Match) -> str:
    words = match.group(2).split()
    if len(words) not in SEED_PHRASE_WORDS or len(set(words)) < MIN_DISTINCT_SHARE * len(words):
        return match.group(0)
    return match.group(1) + tag("seed-phrase")


# An Ed25519 keypair as a JSON array of its 64 bytes (Solana's `id.json`, a `Keypair` printed): the
# seed is its first half. Bytes drawn at random hold many distinct values; a table of counts or
# flags holds few.
KEYPAIR_BYTES = 64
MIN_DISTINCT_BYTES = 32
# An array of numbers opens so: found in the one trigger pass, where `[` alone would cost a scan of
# every text holding a JSON array.
KEYPAIR_OPENINGS = tuple(f"[{space}{digit}" for space in ("", " ") for digit in "0123456789")


def _byte_keypair(match: re.Match) -> str:
    values = [int(v) for v in match.group(0).strip("[]").split(",")]
    if max(values) > 255 or len(set(values)) < MIN_DISTINCT_BYTES:
        return match.group(0)
    return tag("private-key")


# Order matters: specific key formats first, generic name=value shapes last.
RULES: list[Rule] = [
    _r("private-key", r"\[ ?\d{1,3}(?:, ?\d{1,3}){%d}\]" % (KEYPAIR_BYTES - 1), _byte_keypair,
       triggers=KEYPAIR_OPENINGS),
    _r("private-key", r"-----BEGIN (?:[A-Z0-9]+ )*PRIVATE KEY(?: BLOCK)?-----.*?"
                      r"(?:-----END (?:[A-Z0-9]+ )*PRIVATE KEY(?: BLOCK)?-----|\Z)", triggers=("-----begin",), flags=re.S),
    # The rest of a key whose BEGIN line was in an earlier message: its body lines up to the END line,
    # read back from each END line (`key_tail`), where a regex would be tried at every position.
    Rule("private-key", KeyTail(), _unless_placeholder(_whole("private-key")), triggers=("-----end",)),
    # The body of armour whose label names a credential nobody wrote a rule for (`-----BEGIN <VENDOR> API KEY-----`).
    _r("armoured-secret", r"(-{4,5} ?BEGIN ([A-Z0-9_ ]{1,60}?) ?-{4,5}[ \t]*(?:\r?\n|\\n))(.+?)(?=(?:\r?\n|\\n)[ \t]*-{4,5} ?END )",
       _armoured("armoured-secret"), triggers=("-----begin", "---- begin"), flags=re.S),
    # Key lines alone (a message holding the middle of a key): two or more full-width base64 lines.
    _r("private-key", r"(?m)[A-Za-z0-9+/]{60,76}[ \t]*\r?\n(?:^[ \t]*[A-Za-z0-9+/]{60,76}[ \t]*\r?\n)+(?:^[ \t]*[A-Za-z0-9+/=]{4,76})?",
       _not_public(_mixed("private-key")), triggers=("\n",), long_run=True, min_run=60),
    _r("putty-key", r"(Private-Lines:\s*\d+\s*\n)(?:[A-Za-z0-9+/=]+\s*\n?)+", _keep_prefix("putty-key"),
       triggers=("private-lines",)),
    _r("anthropic-key", _B + r"sk-ant-[A-Za-z0-9_\-]{20,}", triggers=("sk-ant-",)),
    _r("openai-key", _B + r"sk-(?:proj-|svcacct-|admin-)?[A-Za-z0-9_\-]{20,}" + _E, triggers=("sk-",)),
    _r("github-token", _B + r"(?:gh[pousr]_[A-Za-z0-9]{30,}|github_pat_[A-Za-z0-9_]{22,})", triggers=("gh", "github_pat_")),
    _r("gitlab-token", _B + r"(?:(?:glpat|gldt|glft|glsoat|glrt|glcbt|glimt|glptt|glagent|gloas)-[A-Za-z0-9_\-]{20,1024}"
                            r"|GR1348941[A-Za-z0-9_\-]{20,50})" + _E, triggers=("gl", "gr1348941")),
    _r("huggingface-token", _B + r"(?:hf_|api_org_)[A-Za-z0-9]{30,}" + _E, triggers=("hf_", "api_org_")),
    _r("npm-token", _B + r"npm_[A-Za-z0-9]{36}" + _E, triggers=("npm_",)),
    _r("npm-token", r"(:_authToken\s*=\s*)(?!\[REDACTED|\$)\S+", _keep_prefix("npm-token"), triggers=("_authtoken",)),
    _r("stripe-key", _B + r"(?:sk|rk)_(?:live|test)_[0-9a-zA-Z]{16,}" + _E, triggers=("_live_", "_test_")),
    _r("stripe-key", _B + r"whsec_[0-9a-zA-Z]{24,}" + _E, triggers=("whsec_",)),
    _r("pypi-token", _B + r"pypi-AgE[A-Za-z0-9_\-]{50,}", triggers=("pypi-age",)),
    _r("aws-access-key", r"\b(?:AKIA|ASIA|ABIA|ACCA)[0-9A-Z]{16}\b", triggers=("akia", "asia", "abia", "acca")),
    _r("aws-secret-key", r"(aws_secret_access_key\s*[=:]\s*[\"']?)[A-Za-z0-9/+]{40}(?![A-Za-z0-9/+])",
       _keep_prefix("aws-secret-key"), triggers=("aws_secret_access_key",), ignore_case=True),
    _r("azure-storage-key", r"(AccountKey=)[A-Za-z0-9+/=]{40,}", _keep_prefix("azure-storage-key"), triggers=("accountkey=",)),
    _r("slack-token", _B + r"xox[abposre]-[A-Za-z0-9\-]{10,}", triggers=("xox",)),
    _r("slack-webhook", r"https://hooks\.slack\.com/services/[A-Za-z0-9/]{20,}", triggers=("hooks.slack.com",)),
    _r("discord-webhook", r"https://(?:canary\.|ptb\.)?discord(?:app)?\.com/api/webhooks/\d+/[A-Za-z0-9_\-]{20,}",
       triggers=("/api/webhooks/",)),
    _r("google-api-key", _B + r"AIza[0-9A-Za-z_\-]{35}", triggers=("aiza",)),
    _r("sendgrid-key", _B + r"SG\.[A-Za-z0-9_\-]{22}\.[A-Za-z0-9_\-]{43}", triggers=("sg.",)),
    _r("square-token", _B + r"sq0(?:csp|atp|idp)-[0-9A-Za-z_\-]{22,43}", triggers=("sq0",)),
    _r("twilio-key", _B + r"(?:AC|SK)[0-9a-z]{32}" + _E, triggers=("ac", "sk"), long_run=True, min_run=34),
    _r("mailchimp-key", _B + r"[0-9a-z]{32}-us[0-9]{1,2}" + _E, triggers=("-us",), long_run=True, min_run=32),
    # `(?<![\w:])\d{8,10}`, written to start with its digit (the scan then skips to digits): the
    # lookbehind after it reads the character before the digit.
    _r("telegram-token", TELEGRAM, triggers=(":",), long_run=True),
    _r("discord-token", _B + r"[MNO][A-Za-z\d_\-]{23,25}\.[A-Za-z\d_\-]{6}\.[A-Za-z\d_\-]{27,38}" + _E, _mixed("discord-token"),
       triggers=(".",), long_run=True),
    _r("artifactory-token", _B + r"(?:AKC[A-Za-z0-9]{10,}|AP[\dA-F][A-Za-z0-9]{8,})" + _E, _mixed("artifactory-token"),
       triggers=("akc", "ap")),
    _r("shopify-token", _B + r"shp(?:at|ss|ca|pa|tka)_[a-fA-F0-9]{32}" + _E, triggers=("shp",)),
    _r("digitalocean-token", _B + r"do[opr]_v1_[a-f0-9]{64}" + _E, triggers=("_v1_",)),
    _r("slack-token", _B + r"(?:xapp-\d-[A-Z0-9]+-\d+-[a-z0-9]{20,}|xoxe\.xox[bp]-\d-[A-Za-z0-9]{20,})", triggers=("xapp-", "xoxe.")),
    _r("telegram-token", r"(?<=/bot)\d{6,12}:[0-9A-Za-z_\-]{30,}", triggers=("/bot",)),
    _r("sendgrid-key", _B + r"SG\.[A-Za-z0-9_\-]{16,32}\.[A-Za-z0-9_\-]{16,64}", triggers=("sg.",)),
    _r("google-oauth", _B + r"(?:GOCSPX-[A-Za-z0-9_\-]{24,}|ya29\.[A-Za-z0-9_\-]{20,}|1//0[A-Za-z0-9_\-]{30,})",
       triggers=("gocspx-", "ya29.", "1//0")),
    _r("firebase-key", _B + r"AAAA[A-Za-z0-9_\-]{7}:APA91b[A-Za-z0-9_\-]{100,}", triggers=("apa91b",)),
    _r("azure-secret", _B + r"[A-Za-z0-9_~.\-]{3}\dQ~[A-Za-z0-9_~.\-]{31,34}" + _E, triggers=("q~",)),
    _r("azure-sas", r"((?:SharedAccessKey|SharedAccessSignature|sig)=)(?!\[REDACTED)[A-Za-z0-9+/%=_\-]{20,}",
       _keep_prefix("azure-sas"), triggers=("sharedaccess", "sig=")),
    _r("mailgun-key", _B + r"key-[0-9a-f]{32}" + _E, triggers=("key-",)),
    _r("heroku-key", _B + r"HRKU-[A-Za-z0-9_\-]{40,}" + _E, triggers=("hrku-",)),
    _r("sentry-token", _B + r"sntry[su]_[A-Za-z0-9+/=_\-]{40,}", triggers=("sntry",)),
    _r("databricks-token", _B + r"dapi[0-9a-f]{32}(?:-\d)?" + _E, triggers=("dapi",)),
    _r("atlassian-token", _B + r"(?:ATATT3[A-Za-z0-9_\-=]{100,}|ATBB[A-Za-z0-9]{28,})", triggers=("atatt3", "atbb")),
    *(_r("saas-token", _B + pattern, triggers=(trigger,)) for trigger, pattern in SAAS_TOKENS),
    # Unleash: `project:environment.` and 64 hex digits (the project may be `*`).
    _r("unleash-token", r"(?:\*|\b[a-z][a-z0-9_\-]{0,40}):[a-z][a-z0-9_\-]{0,40}\.[a-f0-9]{64}" + _E, triggers=(":",),
       long_run=True, min_run=64),
    _r("jwt", r"\beyJ[A-Za-z0-9_\-]{8,}\.eyJ[A-Za-z0-9_\-]{8,}\.[A-Za-z0-9_\-]{8,}", triggers=("eyj",)),
    _r("bearer-token", r"(\bbearer\s+)(?!\[REDACTED)[A-Za-z0-9._~+/\-]{16,}=*", _keep_prefix("bearer-token"),
       triggers=("bearer",), ignore_case=True),
    # Authorization headers of any scheme (Basic, token, Digest, a vendor's word after `Bearer`) and API-key headers.
    _r("auth-header", r"(\b(?:proxy-)?authorization[\"']?\s*[:=]\s*[\"']?(?:[a-z]+\s+){0,2})(?!\[REDACTED)([A-Za-z0-9._~+/=:\-]{8,})",
       _name_value("auth-header"), triggers=("authorization",), ignore_case=True),
    # HTTP Basic credentials wherever else they are written (a HAR file, a log, prose): base64 of `user:password`.
    _r("basic-credentials", r"(\bbasic\s+)([A-Za-z0-9+/]{8,}={0,2})(?![A-Za-z0-9+/=])", _basic_credentials("basic-credentials"),
       triggers=("basic",), ignore_case=True),
    _r("api-key-header", r"(\bx-[a-z0-9\-]*(?:key|token|secret|auth)[a-z0-9\-]*[\"']?\s*[:=]\s*[\"']?)([^\s'\",;]+)",
       _unless_code_variable(_name_value("api-key-header")), triggers=("x-",), ignore_case=True),
    _r("connection-string", r"(\b[a-zA-Z][a-zA-Z0-9+.\-]{1,20}://)(?!\[REDACTED)[^\s/:@'\"\[]*:([^\s/@'\"]+)(?=@)",
       _userinfo("credentials"), triggers=("://",)),
    # A password holding `/` (base64's alphabet) before `@` and a host name: a path's `@` (`:443/@scope/pkg`)
    # has a port before its `/` and no host after it.
    _r("connection-string", r"(\b[a-zA-Z][a-zA-Z0-9+.\-]{1,20}://)(?!\[REDACTED)[^\s/:@'\"\[]*:(?![\d]*/)([^\s@'\"/]+/[^\s@'\"]+)"
                            r"(?=@[A-Za-z0-9\-]+(?:\.[A-Za-z0-9\-]+)+(?:[:/'\"\s]|$))",
       _userinfo("credentials"), triggers=("://",)),
    # A token alone before @ in a URL: a Sentry DSN, `https://<token>@github.com`, `mlsn.<hex>@` in a mailer's DSN.
    _r("url-token", r"(\b[a-zA-Z][a-zA-Z0-9+.\-]{1,20}://)([A-Za-z0-9_.\-]{20,})(?=@)", _random_group(2, "credentials"),
       triggers=("://",)),
    _r("gem-credentials", r"(?m)(^---[ \t]*\n)((?::[A-Za-z_]\w*:[^\n]*(?:\n|$))+)", _gem_credentials, triggers=("---\n:",)),
    # .netrc (`machine h login u password p`, one line or several) and .pgpass (`host:port:db:user:password`).
    _r("netrc-password", r"(\b(?:password|passwd|account)[ \t]+)(?!\[REDACTED)(\S+)", _netrc("netrc-password"),
       triggers=("password", "passwd", "account")),
    _r("pgpass-password", r"(?m)((?:^|(?<=\s))[\w.*\-\[\]]+:(?:\d{4,5}|\*):[\w.*\-]+:[^:\s]+:)(\S+)$", _name_value("pgpass-password"),
       triggers=(":5432:", ":5433:", ":5434:", ":5435:", ":6432:", ":*:")),  # .pgpass is PostgreSQL's: its ports
    # Credentials files read by their documented layout, where no name says password: the LDAP
    # client's `bindpw <password>` (nss_ldap, pam_ldap, nslcd) and slapd's `rootpw`; Postfix's
    # sasl_passwd (`[relay.host]:port user:password`, the brackets Postfix's own); Net-SNMP's
    # `createUser <user> <auth protocol> <auth passphrase> [<privacy protocol> [<privacy passphrase>]]`.
    _r("ldap-password", r"(?m)(^[ \t]*(?:bindpw|rootpw)[ \t]+)(\S+)", _name_value("password"), triggers=("bindpw", "rootpw")),
    _r("sasl-password", r"(?m)(^[ \t]*\[[\w\-]+(?:\.[\w\-]+)+\](?::\d{1,5})?[ \t]+[^\s:]+:)(\S+)(?=[ \t]*$)", _name_value("password"),
       triggers=("]:", "] ", "]\t"), ignore_case=True, lines_with=("]:", "] ", "]\t")),
    _r("snmp-passphrase", _SNMP_USER + r")(\"[^\"\n]*\"|\S+)", _name_value("password"), triggers=("createuser",),
       ignore_case=True, lines_with=("createuser",)),
    _r("snmp-passphrase", _SNMP_USER + r"(?:\"[^\"\n]*\"|\S+)[ \t]+(?:des|aes(?:-?\d{3})?)[ \t]+(?:-[lm][ \t]+)?)(\"[^\"\n]*\"|\S+)",
       _name_value("password"), triggers=("createuser",), ignore_case=True, lines_with=("createuser",)),
    _r("paired-password", r"(?m)(^[ \t]*([a-z]+_)?(?:password|passwd)[ \t]+)(?!\[REDACTED)(\S+)(?=[ \t]*$)", _paired_password,
       triggers=("password ", "passwd ", "password\t", "passwd\t")),
    _r("passwd-file-password", r"(?m)(^[ \t]*[\w.@\-]+:)([A-Za-z0-9_\-]{8,})(?=[ \t]*$)", _passwd_file_line, triggers=("passwd",)),
    # A pre-shared key file printed (`$ cat /etc/zabbix/agent.psk`): its one line of hex is the key.
    _r("psk-file", r"(?m)(^[ \t]*\$[ \t]*cat[ \t]+\S+\.psk[ \t]*\n[ \t]*)([0-9A-Fa-f]{16,})(?=[ \t]*(?:\n|$))",
       _name_value("password"), triggers=(".psk",)),
    # OpenVPN's auth-user-pass file under a comment naming it, or heading a file in OpenVPN's folder: the
    # user alone on the first line, the password alone on the second.
    _r("openvpn-password", r"(?m)(^[ \t]*#[^\n]*(?:auth-user-pass|/openvpn/)[^\n]*\n[ \t]*[^\s#]\S*[ \t]*\n[ \t]*)(\S+)(?=[ \t]*(?:\n|$))",
       _drawn_password, triggers=("auth-user-pass", "/openvpn/")),
    # An NTP symmetric key, a line of chrony's or ntpd's keys file: `<key id> <hash> <key>`, the key in
    # ASCII or after `HEX:`, only a comment after it. A hash's name between a number and a digest is no list's.
    _r("ntp-key", r"(?m)(^[ \t]*\d{1,5}[ \t]+" + _NTP_HASH + r"[ \t]+(?:HEX:|ASCII:)?)(\S+)(?=[ \t]*(?:#[^\n]*)?(?:\n|$))",
       _drawn_password, triggers=_NTP_HASH_TRIGGERS, lines_with=_NTP_HASH_TRIGGERS),
    # XML settings (Maven, NuGet): <password>...</password>, <apiKey>...</apiKey>.
    _r("xml-secret", r"(<(" + _SECRET_WORD.lower() + r"|[a-z]*(?:password|token|secret|apikey)[a-z]*)\b[^>]*>)([^<\s]{6,})(?=</)",
       _xml_value, triggers=("</",), ignore_case=True),
    # Maven's master password (`settings-security.xml`), in the clear or in braces as `mvn --encrypt-master-password`
    # writes it: encrypted under a passphrase every Maven build holds, so as good as the clear text.
    _r("xml-secret", r"(<settingssecurity>\s*<master>)(\{[a-z0-9+/=]{8,}\}|[^<\s{$][^<\s]{5,})(?=</master>)", _keep_prefix("xml-secret"),
       triggers=("<master>",), ignore_case=True),
    # A property list's entry: the `<key>` element names the `<string>` after it, on its line or the next.
    _r("xml-secret", r"(<key>[ \t]*([\w.\-]*(?:password|passwd|passphrase|passcode|token|secret|api_?key)[\w.\-]*)[ \t]*</key>"
                     r"[ \t]*\n?[ \t]*<string>)([^<\s]{6,})(?=</string>)",
       _plist_value, triggers=("</key>",), ignore_case=True),
    # key/value settings (NuGet, .config): <add key="ClearTextPassword" value="..." />.
    _r("xml-secret", r"(key\s*=\s*\"[\w.:\-]*(?:password|token|secret|apikey)[\w.:\-]*\"\s+value\s*=\s*\")([^\"]+)(?=\")",
       _name_value("xml-secret"), triggers=("value=\"", "value ="), ignore_case=True),
    # Cookies carrying a session: `Cookie: session=...`, `Set-Cookie: sid=...`.
    _r("cookie", r"(\b(?:set-)?cookie\s*:\s*(?:[^;\n]*;\s*)*?[\w.\-]*(?:sess|sid|token|auth|jwt|remember)[\w.\-]*=)"
                 r"(?!\[REDACTED)([^;\s]{12,})", _keep_prefix("cookie"), triggers=("cookie",), ignore_case=True),
    # Secrets passed as flags: `--token X`, `--api-key X`, `redis-cli -a X`, `ngrok config add-authtoken X`.
    # An option about the secret (`--token-env NAME`, `--secret-name`) names where it is, as a variable's name does.
    # Inside a command substitution the value ends where the substitution closes (`$(lpass show --password Team/db)`).
    _r("flag-secret", _B + r"(--?[\w-]*(?:token|api-?key|secret|password|passwd)[\w-]*(?:[ \t]+|=))(?!-|\[REDACTED)(\S+)",
       _within_substitution(_env_value("flag-secret", entropy=3.0)), triggers=("-token", "-api-key", "-apikey", "-secret", "-pass", "-auth-token",
                                                          "token-", "key-", "secret-", "password-"), ignore_case=True,
       lines_with=("token", "apikey", "api-key", "secret", "passw")),
    _r("flag-secret", r"((?:redis-cli\b[^\n|;]*?\s-a|add-authtoken)\s+)(?!-|\[REDACTED)(\S{8,})",
       _name_value("flag-secret", entropy=3.0), triggers=("redis-cli", "add-authtoken")),
    # Passwords on command lines: mysql -pSECRET (no space), curl -u user:pass, sshpass -p pass.
    _r("password", r"(\b(?:mysql|mysqldump|mysqladmin|mysqlimport|mysqlsh|mariadb|mariadb-dump)\b[^\n|;&]*?\s-p)"
                   r"(\"[^\"\n]+\"|'[^'\n]+'|[^\s'\"]+)", _name_value("password"), triggers=("mysql", "mariadb")),
    _r("password", r"((?:^|\s)(?:-u|--user)[ =]['\"]?[^\s:'\"/]+:)([^\s'\"@]+)", _name_value("password"), triggers=("-u", "--user")),
    # The same, quoted: a password with spaces in it (`-u "user:abcd EFGH 1234 ..."`).
    _r("password", r"((?:^|\s)(?:-u|--user)[ =]\"[^\s:\"/]+:)([^\"\n@]+)(?=\")", _name_value("password"),
       triggers=("-u \"", "--user \"", "--user=\"")),
    # Samba's tools (`smbclient`, `net`, `rpcclient`) take the password after a `%` in the user's option
    # (`-U [DOMAIN\\]name%password`, `--user=`); a name alone, or a variable after the `%`, gives none.
    _r("password", r"((?:^|\s)(?:-U[ \t]*|--user[ =])['\"]?(?:[\w.\-]+\\)?[\w.\-@]+%)([^\s'\"%]+)(?=['\"]?(?:\s|$))",
       _name_value("password"), triggers=("-u", "--user"), lines_with=("%",)),
    # The same option in a config file of long options without their dashes (curl's `.curlrc`: `user =
    # "name:password"`): a user, a colon, then the password where it is drawn (a group, a uid stay).
    _r("password", r"(?m)(^[ \t]*user[ \t]*[=:]?[ \t]*[\"']?[^\s:'\"/]+:)([^\s:'\"@]+)(?=[\"']?[ \t]*(?:#[^\n]*)?$)",
       _drawn_password, triggers=("user",), lines_with=("user",)),
    # A setting that names a credential and runs a command to print it (aerc's `source-cred-cmd`, msmtp's
    # `passwordeval`), where the command is `echo` or `printf`: they print what they are given, the password.
    _r("password", r"(?m)(^[ \t]*[\w.\-]*?(?<![a-z])(?:cred|pass|secret|token)[\w.\-]*[ \t]*[=:]?[ \t]*[\"']?(?:echo|printf)[ \t]+"
                   r"(?:-n[ \t]+)?[\"']?)([^\s\"'`;|&$]+)", _drawn_password, triggers=("echo ", "printf "), ignore_case=True,
       lines_with=("echo ", "printf ")),
    _r("password", r"(\bsshpass\s+-p\s*)(\S+)", _name_value("password"), triggers=("sshpass",)),
    # OpenLDAP's clients (`ldapsearch`, `ldapmodify`, `ldapwhoami` ...) take the bind DN's password after
    # `-w`, as it is or as `echo` prints it; `-W` asks for it and `-y <file>` names the file it is kept
    # in, and neither is matched. Unquoted, a shell's word holds no parenthesis.
    _r("password", r"(\bldap[a-z]+\b[^\n|;&]*?\s-w[ \t]*(?:\$\((?:echo|printf)[ \t]+(?:-n[ \t]+)?)?)"
                   r"(\"[^\"\n]+\"|'[^'\n]+'|[^\s'\"()]+)", _name_value("password"),
       triggers=("ldap",), lines_with=(" -w",)),
    _r("password", r"(\b(?:password|passwd|passphrase|passcode|pwd)\s*[=:]\s*)(\"[^\"\n]*\"|'[^'\n]*'|[^\s,;&'\"]+)",
       _password("password"), triggers=("pass", "pwd"), ignore_case=True, near_cues=True),
    # `pass` alone is the password's key in rclone's and many INI and YAML configs (`user =` then
    # `pass =`), but also a test's count or flag (`pass: 12`, `pass: true`): only a random value goes.
    # A name it ends (offlineimap's `remotepass`, `smtp_pass`) is a password's too, a bypass's is not.
    # Unquoted, the value runs to its end (a `^` or `!` inside is the value's, not its edge).
    _r("password", r"(pass[\"'\]]{0,2}[ \t]*[=:][ \t]*)(\"[^\"\s]{12,}\"|'[^'\s]{12,}'|[A-Za-z0-9+/=_.~\-]{12,}(?=[\s\"',;)\]}]|$))",
       _ending_a_pass_name(_pass_value("password")), triggers=("pass",), ignore_case=True, near_cues=True),
    _r("password", r'(?m)(^"[^"\s]+" ")([^"\s]{8,})(?="[ \t]*$)', _auth_file_password, triggers=('" "',)),
    _r("password", r'(?m)^((?:[a-z][a-z0-9+.\-]*://[^\s"]+|(/[^\s"]*))[ \t]+\w[\w.@\-]*[ \t]+)("?)([^\s"]{16,})\3[ \t]*$',
       _positional_password, triggers=("/",), ignore_case=True, long_run=True, lines_with=("/",)),
    _r("password", _PPP_LINE, _ppp_secret, triggers=("*",), lines_with=("*",)),
    _r("password", _HOST_LOGIN_LINE, _placed_password, triggers=(":",), lines_with=(":",)),
    _r("password", _USER_MACRO, _placed_password, triggers=("$user",)),
    _r("password", _UPSMON_LINE, _placed_password, triggers=("monitor",)),
    _r("password", _RADIUS_LINE, _radius_secret, triggers=("secret",)),
    _r("password", _KINIT_TYPED, _placed_password, triggers=("kinit",), flags=re.M),
    # A setting naming a credential whose value is the command that yields it (the AWS CLI's
    # `credential_process`, git's `credential.helper`): a drawn value after the command's `--key` is
    # the key it is handed; a path, a name or an id there (`--key-id`) says where or which.
    _r("password", r"(?m)(^[ \t]*[\w.\-]*cred[\w.\-]*[ \t]*[=:][^\n]*?[ \t]--?key(?:[ \t]+|=)[\"']?)([^\s\"'`;|&]+)",
       _placed_password, triggers=("cred",), ignore_case=True, lines_with=("-key",)),
    _r("password", rf"\d{{{MIN_DRAWN_DIGITS},}}(?![\w.\-])",
       _named_digits, triggers=DIGIT_NAME_TRIGGERS),
    _r("seed-phrase", r"((?:mnemonic|seed|phrase)[a-z_\- ]{0,20}?[\"'\]>]?[ \t]*[=:>][ \t]*[\"']?)((?:[a-z]{3,8} ){11,23}[a-z]{3,8})(?![a-z])",
       _seed_phrase, triggers=SEED_PHRASE_NAMES, ignore_case=True, lines_with=SEED_PHRASE_NAMES),
    # .env style: an upper-case secret-looking name at the start of a line, or after a diff's mark
    # (a line added or removed is still the file's line). Make's assignments count
    # (`?=` if unset, `:=` and `::=` expanded once): a Makefile's variable is a .env line's. So does
    # a directive that sets the variable for what it starts (`ENV` in a Dockerfile, `env` and `set`
    # in a shell, `SetEnv` in ssh_config and Apache, `Environment=` in a systemd unit).
    _r("env-secret", r"(?m)(^[+\-]?[ \t]*" + _SETS_ENV + _SECRET_NAME + r"[ \t]*(?:\?|::?)?=[ \t]*)(\"[^\"\n]*\"|'[^'\n]*'|[^\s]+)",
       _env_value("secret"), triggers=_ASSIGN_TRIGGERS, near_cues=True, needs=_UPPER_SECRET_WORDS),
    # Code and config style, anywhere in a line: a secret-looking name (any case) assigned a quoted
    # literal, or an unquoted one random enough to be a key (`token: 9f8...`, `--secret=...`).
    # Matching starts at the keyword: a leading `[A-Za-z0-9_]*` would rescan every word.
    # In JSON written inside a JSON string (a log's escaped body) the quotes are `\"`: the opening one
    # joins the name, and the value runs to the closing one.
    _r("assigned-secret", r"(" + _SECRET_WORD.lower()[:-1] + "|" + "|".join(_PASSWORD_ELSEWHERE) + r")[A-Za-z0-9_]*(?:\\?[\"'\]]){0,2}\s*[=:]\s*(?:\\\")?)"
                          r"(\"[^\"\n]{8,}\"|'[^'\n]{8,}'|[A-Za-z0-9+/=_.~\-]{16,}|(?<=\\\")[^\s\"\\]{8,}(?=\\\"))", _assigned("secret"),
       triggers=_ASSIGN_TRIGGERS + _PASSWORD_ELSEWHERE, ignore_case=True, near_cues=True),
    _r("token", _COMPOSER_SECTION, _host_tokens("token"), triggers=("\"bearer\"", "-oauth\"", "\"gitlab-token\"")),
    # detect-secrets' Base64HighEntropyString: a quoted base64 string of entropy 4.5 or more.
    _r("high-entropy-string", r"([\"'])([A-Za-z0-9+/]{20,}={0,2})\1", _quoted_if_random("high-entropy-string", 4.5),
       triggers=("\"", "'"), long_run=True, min_run=20),
]
