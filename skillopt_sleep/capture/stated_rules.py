"""The explicit rules a user's words state, which mining turns into checks: "use pnpm", "don't
use npm", "pnpm, not npm", "no print statements", "give it in hex", "keep it under 20 lines",
"200 words max", "subject line under 50 chars", "include a Key Risks section", "you forgot the
Notes section", "put the risks in their own section"; and how coding work is done, "run make
check before you finish", "never edit generated files", "add a test with the fix" (`work_rules`).

Each form is matched on its own so that a value is what the user named (the tool, the word, the
heading), never the article or pronoun around it; whether a value is specific enough to become a
check is the check registry's call.
"""

from __future__ import annotations

from dataclasses import dataclass

from skillopt_sleep.capture.lazy_regex import lazy
from skillopt_sleep.capture.work_rules import find_work_rules

APOSTROPHES = str.maketrans({"\u2019": "'", "\u2018": "'", "\u201c": '"', "\u201d": '"'})

# One named thing: a tool, a word, a path ("pyproject.toml"), optionally quoted.
_TOKEN = r"[`'\"]?[\w@./+:\-]+[`'\"]?"
# "use the logging module": the article is not the thing used.
_DET = r"(?:(?:the|a|an|our|my|your|its|their)\s+)?"
_DONT_USE = lazy(
    r"\b(?:please\s+)?(?:don't|do not|never|stop|avoid)\s+(?:use|using|add|adding|call|calling|run|running|"
    r"import|importing|mention|mentioning|include|including|write|writing|put|putting)\s+" + _DET +
    r"(?P<what>[`'\"]?[\w@./+:\-]+(?:\s+[\w@./+:\-]+)?[`'\"]?)",
    needs=("don't", "do not", "never", "stop", "avoid"),
)
_USE_INSTEAD = lazy(
    r"\b(?:use|using|switch to|go with|prefer)\s+" + _DET + rf"(?P<good>{_TOKEN})"
    rf"(?:\s+instead(?:\s+of\s+{_DET}(?P<bad>{_TOKEN}))?|,?\s+not\s+{_DET}(?P<bad2>{_TOKEN})|"
    rf"\s+rather than\s+{_DET}(?P<bad3>{_TOKEN}))",
    needs=("instead", "not", "rather than"),
)
_INSTEAD_OF = lazy(
    rf"\binstead of\s+{_DET}(?P<bad>{_TOKEN}),?\s+(?:use|try|go with)\s+{_DET}(?P<good>{_TOKEN})",
    needs=("instead of",),
)
_PLAIN_USE = lazy(r"^(?:please\s+)?(?:always\s+)?(?:use|using|we use|switch to|go with|stick (?:to|with))\s+"
                        + _DET + rf"(?P<good>{_TOKEN})")
# A reply's opening "no, " before the form that follows.
_OPENING_NO = r"^(?:(?:no+|nope|nah)[,.!]?\s+)?"
# "pnpm, not npm!" / "httpx please, not requests": a message that opens by naming the choice.
_CHOICE_NOT = lazy(_OPENING_NO + rf"(?P<good>{_TOKEN})(?:\s+please)?,?\s+not\s+{_DET}(?P<bad>{_TOKEN})(?:\s+[\w-]+)?\s*[.!]*$")
# "give it in hex", "no, cite by ISBN": how to write the answer just given, said of "it"/"them"
# (an object of its own, "write tests with pytest", is a new request).
_MANNER = lazy(
    _OPENING_NO + r"(?:please\s+)?(?:cite|give|show|write|express|format|report|list|put|quote|reference)\s+"
    r"(?:(?:it|them|this|that|these|those|everything|all)\s+)?(?:in|as|with|by|using)\s+" + _DET +
    rf"(?P<good>{_TOKEN})(?:\s+please)?\s*[.!]*$"
)
# "no print statements" / "no inline styles": a clause that bans one thing of a kind (two words,
# the second a plural noun); "no wait" or "no worries" ban nothing.
_NO_KIND = lazy(r"^(?:and\s+)?no\s+(?P<what>[\w@.+\-]+)\s+(?:[a-z]+s)$")
_NUMBER = r"\d[\d,]*"
_UNIT = r"lines?|characters?|chars?|words?"
_BOUND = r"under|below|within|less than|fewer than|shorter than|at most|max(?:imum)?|no more than|up to"
_LENGTH_LIMIT = lazy(
    r"\b(?:keep|make|limit|cap|trim|cut|shorten)\s+(?:it|this|that|the \w+|your \w+|answers?|replies|responses?)?\s*"
    rf"(?:to\s+)?(?:{_BOUND}|to)\s+(?P<n>{_NUMBER})\s*(?P<unit>{_UNIT})\b"
    rf"|\b(?:under|below|within|less than|fewer than|at most|no more than|up to)\s+(?P<n2>{_NUMBER})\s*(?P<unit2>{_UNIT})\b"
    # "200 words max", "50 chars tops", "80 lines or less"
    rf"|\b(?P<n3>{_NUMBER})\s*(?P<unit3>{_UNIT})\s+(?:max(?:imum)?|tops|at most|or less|or fewer)\b"
    rf"|\bmax(?:imum)?(?: of)?\s+(?P<n4>{_NUMBER})\s*(?P<unit4>{_UNIT})\b",
    needs=("line", "char", "word"),
)
# A bound on the first line only: a commit subject, an email's subject line, a title.
_FIRST_LINE = lazy(r"\b(?:subject(?: line)?s?|first lines?|title(?: line)?s?|headlines?|summary lines?)\b")
_SECTION_WORD = r"(?:section|heading)"
_NAME = r"[\"'`]?(?P<name>[A-Z][\w ]{1,40}?)[\"'`]?"
_SECTION = lazy(
    r"\b(?:include|add|always (?:include|add)|needs?|must have|should have|(?:you )?forgot|(?:you )?missed|"
    r"(?:you )?left out|(?:you )?omitted|(?:you )?dropped|(?:you )?skipped)\s+(?:a|an|the)\s+"
    + _NAME + rf"\s+{_SECTION_WORD}\b"
    rf"|\b{_SECTION_WORD}\s+(?:titled|called|named)\s+[\"'`](?P<name2>[^\"'`\n]{{2,40}})[\"'`]"
    rf"|\b(?:the|a|an)\s+[\"'`]?(?P<name3>[A-Z][\w ]{{1,40}}?)[\"'`]?\s+{_SECTION_WORD}\s+is\s+(?:still\s+)?missing\b",
    needs=("section", "heading"),
)
# "put the risks in their own section", "the caveats need their own heading": a topic (any case)
# given a section of its own; its name is the topic, capitalised as a heading.
_OWN_SECTION = lazy(
    r"\b(?:put|move|give|list)\s+(?:the\s+|all\s+(?:the\s+)?)?(?P<name>[a-z][\w-]*(?: [a-z][\w-]*)?)\s+"
    rf"(?:in|into|under)\s+(?:their|its|a)\s+own\s+{_SECTION_WORD}\b"
    r"|^(?:the\s+)?(?P<name2>[a-z][\w-]*(?: [a-z][\w-]*)?)\s+(?:need|needs|deserve|deserves|get|gets|should get|"
    rf"should have)\s+(?:their|its|a)\s+own\s+{_SECTION_WORD}\b",
    needs=("section", "heading"),
)
_UNITS = {"character": "chars", "char": "chars", "line": "lines", "word": "words"}
# Where a clause ends: at a sentence's end, not the dots of "pyproject.toml"; the first also
# before a second "use".
_USE_CLAUSE_BREAK = lazy(r"[.;!](?=\s|$)|\n|(?:,\s*(?:and\s+)?|\s+and\s+)(?=(?:please\s+)?(?:use|always use|switch to)\b)")
_CLAUSE_BREAK = lazy(r"[,.;!?](?=\s|$)|\n")


@dataclass
class Rule:
    """One explicit instruction. kind: use | avoid | max_length | max_first_line | min_length | section,
    or one about coding work: run_check | leave_alone | add_test (see `work_rules`)."""

    kind: str
    value: str = ""  # the tool/word/section name; for lengths the number as text
    unit: str = ""  # lines | chars | words for length rules
    text: str = ""  # the words it came from

    def to_dict(self) -> dict:
        return {"kind": self.kind, "value": self.value, "unit": self.unit, "text": self.text}

    @classmethod
    def from_dict(cls, data: dict) -> "Rule":
        return cls(kind=data["kind"], value=data.get("value", ""), unit=data.get("unit", ""), text=data.get("text", ""))


def _strip_quotes(value: str) -> str:
    return value.strip().strip("`'\"").rstrip(".,;:!?)")


def _sentence_at(low: str, index: int) -> str:
    """The sentence of `low` around `index`."""
    start = max(low.rfind(mark, 0, index) for mark in (".", "!", "?", "\n"))
    ends = [i for i in (low.find(mark, index) for mark in ("! ", "? ", ". ", "\n")) if i >= 0]
    return low[start + 1: min(ends) if ends else len(low)]


class _Found:
    """Rules in reading order, each (kind, value) once."""

    def __init__(self, norm: str):
        self.norm = norm
        self.items: list[tuple[int, Rule]] = []

    def original(self, span: tuple[int, int]) -> str:
        return _strip_quotes(self.norm[span[0]:span[1]])

    def add(self, rule: Rule, at: int) -> None:
        if rule.value and all((r.kind, r.value) != (rule.kind, rule.value) for _, r in self.items):
            self.items.append((at, rule))

    def rules(self) -> list[Rule]:
        return [rule for _, rule in sorted(self.items, key=lambda item: item[0])]


def _choices(low: str, found: _Found) -> None:
    for match in _USE_INSTEAD.finditer(low):
        found.add(Rule("use", found.original(match.span("good")), text=match.group(0)), match.start("good"))
        for name in ("bad", "bad2", "bad3"):
            if match.group(name):
                found.add(Rule("avoid", found.original(match.span(name)), text=match.group(0)), match.start(name))
    for match in _INSTEAD_OF.finditer(low):
        found.add(Rule("use", found.original(match.span("good")), text=match.group(0)), match.start("good"))
        found.add(Rule("avoid", found.original(match.span("bad")), text=match.group(0)), match.start("bad"))
    offset = len(low) - len(low.lstrip())
    for pattern, parts in ((_CHOICE_NOT, (("good", "use"), ("bad", "avoid"))), (_MANNER, (("good", "use"),))):
        match = pattern.match(low.strip())
        for name, kind in parts if match else ():
            start, end = match.span(name)
            found.add(Rule(kind, found.original((offset + start, offset + end)), text=match.group(0)), offset + start)
    for match in _DONT_USE.finditer(low):
        what = found.original(match.span("what"))
        # "don't use npm here" -> "npm": keep a single word unless the phrase is quoted.
        if not match.group("what").startswith(("`", "'", '"')):
            what = what.split()[0]
        found.add(Rule("avoid", what, text=match.group(0)), match.start("what"))


def _clause_rules(low: str, found: _Found) -> None:
    for clause in _USE_CLAUSE_BREAK.split(low):
        clause = clause.strip(" ,")
        match = _PLAIN_USE.match(clause)
        if match:
            offset = low.find(clause)
            start, end = match.span("good")
            found.add(Rule("use", found.original((offset + start, offset + end)), text=clause), offset + start)
    for clause in _CLAUSE_BREAK.split(low):
        clause = clause.strip()
        match = _NO_KIND.match(clause)
        if match:
            offset = low.find(clause)
            start, end = match.span("what")
            found.add(Rule("avoid", found.original((offset + start, offset + end)), text=clause), offset + start)


def _length_rules(low: str, found: _Found) -> None:
    for match in _LENGTH_LIMIT.finditer(low):
        number = next(match.group(g) for g in ("n", "n2", "n3", "n4") if match.group(g)).replace(",", "")
        unit = _UNITS[next(match.group(g) for g in ("unit", "unit2", "unit3", "unit4") if match.group(g)).rstrip("s")]
        kind = "max_first_line" if unit == "chars" and _FIRST_LINE.search(_sentence_at(low, match.start())) else "max_length"
        found.add(Rule(kind, number, unit=unit, text=match.group(0)), match.start())


def _section_rules(norm: str, low: str, found: _Found) -> None:
    for match in _SECTION.finditer(norm):
        name = next((match.group(g) for g in ("name", "name2", "name3") if match.group(g)), "").strip()
        found.add(Rule("section", name, text=match.group(0)), match.start())
    for match in _OWN_SECTION.finditer(low):
        group = "name" if match.group("name") else "name2"
        start, end = match.span(group)
        name = norm[start:end].strip()
        found.add(Rule("section", name[:1].upper() + name[1:], text=match.group(0)), start)


def extract_rules(text: str, *, keep_contained: bool = False) -> list[Rule]:
    """The explicit, checkable instructions stated in `text` (original case kept for values).
    `keep_contained` keeps a ban whose word sits inside a required one ("npm" in "pnpm"), for
    readers that compare whole words (commands), not substrings."""
    norm = text.translate(APOSTROPHES)
    low = norm.lower()
    found = _Found(norm)
    _choices(low, found)
    _clause_rules(low, found)
    _length_rules(low, found)
    _section_rules(norm, low, found)
    for at, kind, value, words in find_work_rules(low):
        found.add(Rule(kind, value, text=words), at)
    rules = found.rules()
    if keep_contained:
        return rules
    # A word both required and forbidden ("use pnpm, not npm" has "npm" inside "pnpm") cannot be
    # checked as plain substrings; keep the requirement.
    used = [r.value for r in rules if r.kind == "use"]
    return [r for r in rules if not (r.kind == "avoid" and any(r.value in u or u in r.value for u in used))]
