"""What a user's reply says about the answer before it: a correction, a complaint, praise, or
nothing. A correction carries the explicit rules its words state (`stated_rules`), which mining
turns into checks.

Matching is on whole words with negation in scope: "incorrect" is not "correct", "not fixed" and
"doesn't work" are negative, "no problem, thanks" is praise. A question ("is it fixed?") is not
feedback.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from skillopt_sleep.capture.lazy_regex import lazy
from skillopt_sleep.capture.stated_rules import APOSTROPHES, Rule, extract_rules  # noqa: F401 (Rule: a Feedback field)
from skillopt_sleep.capture.work_rules import WORK_KINDS

KINDS = ("correction", "negative", "positive", "none")
# A message with more words than this that only mentions a rule is a new request, not a correction.
MAX_CORRECTION_WORDS = 30

_NEGATORS = {
    "not", "no", "never", "isn't", "wasn't", "doesn't", "didn't", "don't", "hasn't", "haven't", "won't",
    "can't", "cannot", "aren't", "weren't", "nothing", "hardly", "nor", "neither", "without", "couldn't",
    "wouldn't", "shouldn't", "ain't", "isnt", "doesnt", "didnt", "dont", "wont", "cant",
}
_POSITIVE = lazy(
    r"\b(?:thanks|thank you|thx|ty|perfect|great|awesome|excellent|nice|lgtm|looks good|looks great|"
    r"works|working|worked|fixed|correct|that's right|exactly|good job|well done|that did it|ship it|brilliant|"
    r"love it|solved|resolved)\b"
)
_NEGATIVE = lazy(
    r"\b(?:wrong|incorrect|broken|still (?:fails|failing|broken|wrong|errors?|crash(?:es|ing)?)|"
    r"not what i (?:asked|wanted|meant)|that's not it|that is not it|fails|failing|failed|"
    r"crash(?:es|ed|ing)?|useless|worse|revert (?:it|that|this)|undo (?:it|that|this)|you broke|"
    r"regress(?:ed|ion)|nope|(?:doesn't|does not|didn't|did not|won't|will not|still doesn't|not) work(?:ing)?|"
    r"(?:way |much |far )?too (?:long|short|verbose|wordy|big|large|small)|you (?:forgot|missed|left out|skipped|ignored)|"
    r"(?:is|are) (?:still )?missing|(?:please )?stop (?:that|it|doing that))\b"
)
# Phrases that start with "no" but are not a rejection.
_BENIGN_NO = lazy(r"^(?:no (?:worries|problem|prob|rush|need|thanks|thank you)|no,? that's (?:all|it|fine|good))\b")
_LEADING_REJECTION = lazy(
    r"^(?:no+|nope|nah|wrong|incorrect|not quite|not like that|not that|that's wrong|that is wrong|"
    r"that's not right|actually|instead|stop|i said|i told you(?: to)?|(?:like|as) i said|i asked (?:you )?to)\b"
    r"[\s,.!:;\-\u2014]*(?P<rest>.*)$",
    re.S,
)
# How an instruction starts after "no, ...".
_INSTRUCTION_START = lazy(
    r"^(?:please\s+)?(?:use|using|try|do|don't|do not|never|always|keep|make|put|call|run|write|add|"
    r"remove|drop|delete|rename|prefer|switch|go with|stick (?:to|with)|it should|it must|they should|"
    r"that should|you should|should|we use|we don't|we never|only|leave|avoid|change|set|pass|return|"
    r"the (?:\w+ )?(?:should|must|is|goes))\b"
)
_WORD = lazy(r"[a-z0-9']+")
# "Fix the failing test" is a new request that happens to contain a negative word.
_NEW_REQUEST = lazy(
    r"^(?:please\s+|can you\s+|could you\s+)?(?:fix|add|write|create|implement|make|build|update|refactor|"
    r"investigate|debug|find|explain|rename|remove|delete|move|convert|generate|set up|show|list|run|"
    r"summari[sz]e|review|check)\s+(?:the|a|an|this|these|those|all|my|our|some|any)\b"
)
# Feedback is short, or says its piece in the first clause.
SHORT_REPLY_WORDS = 12
# Where a reply's sentences and clauses end, and the shapes read off their words.
_SENTENCE_END = lazy(r"(?<=[.!?])\s+|\n")
_CLAUSE_BREAK = lazy(r"[,.;:!?\n]|\bbut\b|\bthough\b")
_BARE_NO = lazy(r"no+|nope|nah")
_HEAD_THEN_REST = lazy(r"^(?P<head>[^.!\n,;]*)[.!\n,;]+\s*(?P<rest>\S.*)$", re.S)


@dataclass
class Feedback:
    kind: str = "none"
    rule: str = ""  # a correction's instruction in the user's words, e.g. "use pnpm"
    rules: list[Rule] = field(default_factory=list)
    cue: str = ""  # the words that decided the kind
    rest: str = ""  # what follows a leading thank-you ("thanks! now add tests" -> "now add tests")

    def to_dict(self) -> dict:
        return {"kind": self.kind, "rule": self.rule, "rules": [r.to_dict() for r in self.rules], "cue": self.cue}

    @classmethod
    def from_dict(cls, data: dict) -> "Feedback":
        return cls(
            kind=data.get("kind", "none"),
            rule=data.get("rule", ""),
            rules=[Rule.from_dict(r) for r in data.get("rules", [])],
            cue=data.get("cue", ""),
        )


def _first_sentence(text: str) -> str:
    return _SENTENCE_END.split(text.strip(), maxsplit=1)[0].strip().rstrip(".!")


def _negated(words: list[str], index: int) -> bool:
    """A negator within the three words before `index`, inside the same clause."""
    return any(w in _NEGATORS or w.endswith("n't") for w in words[max(0, index - 3):index])


def _clauses(text: str) -> list[str]:
    return [c.strip() for c in _CLAUSE_BREAK.split(text) if c.strip()]


def _positive_cue(low: str) -> str:
    for clause in _clauses(low):
        words = _WORD.findall(clause)
        for match in _POSITIVE.finditer(clause):
            index = len(_WORD.findall(clause[: match.start()]))
            if not _negated(words, index):
                return match.group(0)
    return ""


def _negative_cue(low: str) -> str:
    if _BENIGN_NO.match(low):
        low = _BENIGN_NO.sub("", low, count=1)
    match = _NEGATIVE.search(low)
    if match:
        return match.group(0)
    for clause in _clauses(low):
        words = _WORD.findall(clause)
        for match in _POSITIVE.finditer(clause):
            index = len(_WORD.findall(clause[: match.start()]))
            if _negated(words, index):
                return " ".join(words[max(0, index - 3):index] + [match.group(0)])
        if _BARE_NO.fullmatch(clause):
            return clause
    return ""


def _leading_thanks(low: str, norm: str) -> Feedback | None:
    """"Thanks! Now add tests": praise for the last answer, then a new request."""
    lead = _HEAD_THEN_REST.match(low)
    if not lead or len(lead.group("head").split()) > 4:
        return None
    head = lead.group("head")
    if _negative_cue(head) or not _positive_cue(head) or _negative_cue(lead.group("rest")):
        return None
    return Feedback("positive", cue=_positive_cue(head), rest=norm[lead.start("rest"):].strip())


def classify(text: str) -> Feedback:
    """The feedback a reply gives on the previous answer."""
    norm = " ".join(text.translate(APOSTROPHES).split())
    low = norm.lower()
    if not low:
        return Feedback()
    words = len(low.split())
    benign = bool(_BENIGN_NO.match(low))
    leading = None if benign else _LEADING_REJECTION.match(low)
    if leading:
        rest = leading.group("rest").strip()
        if rest and _INSTRUCTION_START.match(rest):
            offset = leading.start("rest")
            rule_text = _first_sentence(norm[offset:offset + len(rest)])
            rules = extract_rules(rule_text)
            # Rules about how the work is done hold in any sentence ("No, use pnpm. And add a test.").
            rules += [r for r in extract_rules(norm[offset:]) if r.kind in WORK_KINDS and r not in rules]
            return Feedback("correction", rule=rule_text, rules=rules, cue=low[:offset].strip(" ,.!:;"))
    thanks = _leading_thanks(low, norm)
    if thanks:
        return thanks
    rules = extract_rules(norm) if words <= MAX_CORRECTION_WORDS and not low.endswith("?") else []  # costly: only where it counts
    if rules:
        return Feedback("correction", rule=_first_sentence(rules[0].text), rules=rules, cue=rules[0].text)
    if _NEW_REQUEST.match(low):
        return Feedback()
    clauses = _clauses(low)
    first = clauses[0] if clauses else low
    short = words <= SHORT_REPLY_WORDS
    negative = _negative_cue(low if short else first)
    if negative and not (low.endswith("?") and words <= 6 and not _NEGATIVE.search(low)):
        return Feedback("negative", cue=negative)
    if low.endswith("?"):
        return Feedback()
    positive = _positive_cue(low if short else first)
    if positive:
        lead = re.match(r"^[^.!\n,;]*?\b" + re.escape(positive) + r"\b[^.!\n,;]*[.!\n,;]+\s*(?P<rest>.*)$", low, re.S)
        rest = norm[lead.start("rest"):].strip() if lead and lead.group("rest") else ""
        if not short and not rest:
            return Feedback()
        return Feedback("positive", cue=positive, rest=rest)
    return Feedback()
