r"""The rest of a key after its BEGIN line (`key_tail`) is found where the regex it replaced found
it: the same spans on every shape that regex accepts (real and escaped newlines, indented lines,
a short last line, an END line alone, two keys in one text), on random texts built from those
pieces, and the same redacted text on the corpora and this repository's source."""

from __future__ import annotations

import dataclasses
import re
from pathlib import Path
from unittest import mock

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from skillopt_sleep.capture import key_tail, redact, secret_patterns
from skillopt_sleep.capture.key_tail import KeyTail
from skillopt_sleep.capture.lazy_regex import lazy
from skillopt_sleep.capture.redact import Redactor
from tests.screen_corpora import load
from tests.secret_corpus import corpus

ROOT = Path(__file__).resolve().parents[1]

# The rule's regex as it was: found by trying it at every position of a text.
OLD = (r"(?:[A-Za-z0-9+/]{40,}={0,2}[ \t]*(?:\r?\n|\\n))?(?:(?:^|(?<=\\n))[ \t]*[A-Za-z0-9+/=]{16,}[ \t]*(?:\r?\n|\\n))*"
       r"[ \t]*[A-Za-z0-9+/=]*(?:\r?\n|\\n)?[ \t]*-----END (?:[A-Z0-9]+ )*PRIVATE KEY(?: BLOCK)?-----")
OLD_TAIL = re.compile(OLD, re.M)
NEW_TAIL = KeyTail()

LINE = "MIIEowIBAAKCAQEA1b2c3D4e5F6g7H8i9J0kLmNoPqRsTuVwXyZ+/aBcDeFgHiJk"  # 64 characters of base64
SHORT = "AbCd1234EfGh5678"  # 16: the shortest whole body line
END = "-----END RSA PRIVATE KEY-----"

# (text, the part of it a span covers; a second one where the text holds two keys)
SHAPES = [
    # real newlines; the line naming the key stays
    (f"key:\n{LINE}\n{LINE}\nAbCd==\n{END}\nnext", f"{LINE}\n{LINE}\nAbCd==\n{END}"),
    (f"key:\r\n{LINE}\r\n{SHORT}\r\n{END}", f"{LINE}\r\n{SHORT}\r\n{END}"),
    # escaped newlines (a JSON string): the first line starts after the name, mid-line
    (f'"text": "{LINE}\\n{LINE}\\nAbCd==\\n{END}\\n"', f"{LINE}\\n{LINE}\\nAbCd==\\n{END}"),
    # indented lines, their indent included; a blank line before END
    (f"  key:\n    {LINE}\n    {SHORT}  \n\n    {END}", f"    {LINE}\n    {SHORT}  \n\n    {END}"),
    # a short last line on the END line itself, and one shorter than a body line above END
    (f"key:\n{LINE}\nAbC={END}", f"{LINE}\nAbC={END}"),
    (f"key:\n{LINE}\nAbC\n{END}", f"{LINE}\nAbC\n{END}"),
    # a line too short to be a body line, above the last line, ends the span above it
    (f"{LINE}\nAbC\n{SHORT}\n{END}", f"{SHORT}\n{END}"),
    # a first line of fewer than 40 characters after a name is not taken
    (f"key: {LINE[:39]}\n{LINE}\n{END}", f"{LINE}\n{END}"),
    # END with no body line before it: what the last line allows, or END alone
    (f"see {END} here", f"see {END}"),
    (f"note: {END}", f" {END}"),
    (f"({END})", END),
    (f"x:\n{END}", f"\n{END}"),
    # the `n` of an escaped newline starts a line that may start mid-line
    (f"x\\n{LINE[:39]}\\n{END}", f"n{LINE[:39]}\\n{END}"),
    # two keys in one text
    (f"key:\n{LINE}\n{END}\n$ cat b\n{LINE}\n{SHORT}\n{END}", f"{LINE}\n{END}", f"{LINE}\n{SHORT}\n{END}"),
]


@pytest.mark.parametrize("shape", SHAPES, ids=range(len(SHAPES)))
def test_each_shape_has_the_span_it_had(shape):
    text, *spans = shape
    assert [m.group(0) for m in NEW_TAIL.finditer(text)] == spans
    assert [m.group(0) for m in OLD_TAIL.finditer(text)] == spans


def test_an_end_line_of_no_private_key_or_inside_a_span_is_no_span():
    assert list(NEW_TAIL.finditer(f"{LINE}\n-----END CERTIFICATE-----")) == []
    twice = "-----END PRIVATE KEY------END PRIVATE KEY-----"  # the second END starts inside the first span
    assert [m.span() for m in NEW_TAIL.finditer(twice)] == [m.span() for m in OLD_TAIL.finditer(twice)] == [(0, 25)]


def _base64(low: int, high: int):
    return st.from_regex(r"[A-Za-z0-9+/]{%d,%d}" % (low, high), fullmatch=True)


# The pieces of a key's text and of what surrounds one, at the lengths the rule tells apart.
PIECES = st.one_of(
    _base64(14, 18), _base64(38, 42), _base64(60, 70), _base64(0, 6),
    st.sampled_from(["=", "==", "===", " ", "\t", "\n", "\r\n", "\\n", "\r", "\\", "n", "-", ":", "key: ", '"',
                     END, "-----END PRIVATE KEY-----", "-----END PGP PRIVATE KEY BLOCK-----", "-----END CERTIFICATE-----",
                     "-----END PRIVATE KEY", "------END OPENSSH PRIVATE KEY-----"]))
NEWLINES = st.sampled_from(["\n", "\r\n", "\\n"])


@st.composite
def keys(draw) -> str:
    """Lines of pieces, each ended by a newline of any kind, then an END line, between other pieces."""
    lines = draw(st.lists(st.lists(PIECES, max_size=3).map("".join), max_size=6))
    key = "".join(line + draw(NEWLINES) for line in lines) + draw(st.sampled_from(["", " ", "\t"])) + END
    return draw(st.lists(PIECES, max_size=3).map("".join)) + key + draw(st.lists(PIECES, max_size=3).map("".join))


# A window of 1 makes every search for a line's start widen its window, as a long line does.
@pytest.mark.parametrize("window", [1, key_tail.LINE_WINDOW])
@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(text=st.one_of(st.lists(PIECES, max_size=20).map("".join), st.lists(keys(), min_size=1, max_size=3).map("".join)))
def test_random_texts_of_those_pieces_have_the_spans_they_had(window, text):
    with mock.patch.object(key_tail, "LINE_WINDOW", window):
        assert [m.span() for m in NEW_TAIL.finditer(text)] == [m.span() for m in OLD_TAIL.finditer(text)]


def _old_rules() -> list:
    return [dataclasses.replace(rule, pattern=lazy(OLD, re.M)) if isinstance(rule.pattern, KeyTail) else rule
            for rule in secret_patterns.RULES]


def texts() -> list[str]:
    items = [item["text"] for part in ("development", "grown", "grown2", "grown3") for item in load("secrets", part)]
    paths = sorted((ROOT / "skillopt_sleep" / "capture").glob("*.py")) + sorted((ROOT / "tests").glob("test_redact*.py"))
    return [text for text in items + [s.line for s in corpus()] + [p.read_text(encoding="utf-8") for p in paths]
            if "-----end" in text.lower()]


def test_the_corpora_and_source_are_redacted_as_they_were():
    found = texts()
    assert len(found) >= 20
    new = [redacted(text) for text in found]
    with mock.patch.object(redact, "RULES", _old_rules()):
        old = [redacted(text) for text in found]
    assert new == old


def redacted(text: str) -> tuple[str, dict]:
    redactor = Redactor()
    return redactor._redacted(text), dict(redactor.counts)
