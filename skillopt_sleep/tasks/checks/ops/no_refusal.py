"""no_refusal: the answer does not open with a refusal.

Refusals are recognised at the opening of the answer only, as whole words: "Sorry, I can't help"
is a refusal; "I'm sorry to hear that. Here is the plan" and a later "why I cannot recommend A"
are not."""

from __future__ import annotations

import re

from skillopt_sleep.tasks.checks.base import CheckOp, Outcome, clip, quote

_CANT = r"(?:can't|cant|cannot|can not|won't|will not|am unable to|'m unable to|am not able to|'m not able to|won't be able to)"
_HELP_VERBS = (
    r"(?:help|assist|provide|comply|do|answer|write|create|complete|fulfil|fulfill|support|share|give|generate|"
    r"produce|continue|engage|offer|discuss|respond|participate|perform|access|browse|fetch|process|handle|take|"
    r"make|draft|prepare|advise|recommend)"
)
_REFUSAL_OPENING = re.compile(
    r"(?:"
    rf"(?:i'm sorry|i am sorry|sorry|i apologi[sz]e|my apologies)\b[^.!?\n]{{0,40}}?\bi\s+{_CANT}"
    rf"|as an ai\b[^.!?\n]{{0,40}}?\bi\s+(?:{_CANT}|don't|do not)\b"
    rf"|(?:unfortunately|regrettably|i'm afraid|i am afraid),?\s+i\s+{_CANT}"
    rf"|i\s+(?:can't|cant|cannot|can not|won't|will not)\s+(?:\w+\s+)?{_HELP_VERBS}\b"
    r"|i(?:'m| am)\s+(?:unable|not able)\s+to\b"
    r"|i\s+(?:must|have to|need to)\s+(?:respectfully\s+)?(?:decline|refuse)\b"
    r")",
    re.I,
)


def refusal_opening(answer: str) -> str:
    """The refusal an answer opens with ("Sorry, I can't reach ..."), "" where it opens with none."""
    match = _REFUSAL_OPENING.match(answer.replace("\u2019", "'").lstrip(" \t\r\n#>*_-`\"'")[:300])
    return match.group(0) if match else ""


class NoRefusal(CheckOp):
    name = "no_refusal"
    arg_kind = "none"
    summary = "no_refusal: the answer is not a refusal (no arg)"
    instruction = "answer the request directly; do not refuse or decline it"
    rule_text = "- Always attempt the task; do not refuse it."

    def evaluate(self, arg, answer, calls):
        opening = answer.replace("\u2019", "'").lstrip(" \t\r\n#>*_-`\"'")[:300]
        if not opening.strip():
            return Outcome(False, "the answer is empty")
        refusal = refusal_opening(opening)
        if refusal:
            return Outcome(False, f"the answer opens with a refusal: {quote(clip(refusal, 80))}")
        return Outcome(True, "the answer does not open with a refusal")
