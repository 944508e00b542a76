"""max_chars: the whole answer is at most this many characters (inclusive)."""

from __future__ import annotations

import re

from skillopt_sleep.tasks.checks.base import CheckOp, Outcome, RuleContext, number

CHARS_PER_WORD = 6  # a rough English average, with spaces and punctuation
CHARS_PER_SENTENCE = 180  # a short English sentence or bullet, with its spaces and punctuation
# How a user's "under N lines / words" becomes characters.
CHARS_PER_UNIT = {"chars": 1, "lines": 80, "words": 7}
# The rule as `rule` states it, so a later night can read back the number the student was told.
_STATED = re.compile(r"^- Keep the whole answer under (\d+) characters: .*$", re.M)
LONG_ANSWER_QUANTILE = 0.75  # how long the student's longer answers run under the stated number
MAX_TIGHTENING = 0.5  # one night lowers a stated number at most to this share of it


def upper_quantile(values: tuple[int, ...], share: float = LONG_ANSWER_QUANTILE) -> int:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


class MaxChars(CheckOp):
    name = "max_chars"
    arg_kind = "number"
    summary = "max_chars / min_chars: bounds on the answer's length (arg: integer)"

    def evaluate(self, arg, answer, calls):
        size = len(answer)
        if size <= arg:
            return Outcome(True, f"{size} characters, limit {number(arg)}")
        return Outcome(False, f"{size} characters, {size - arg:g} over the limit of {number(arg)}")

    def describe(self, arg):
        return f"keep the whole answer under {number(arg)} characters"

    def rule(self, arg, context: RuleContext):
        # Stated with room to spare: a small model overshoots the number it is given.
        goal = arg * (1 - context.margin)
        target = int(goal)
        stated = _STATED.search(context.document)
        if stated and context.answer_lengths:
            # Told a number, the student keeps its own ratio to it: where its longer answers
            # still run past the goal, the number is lowered by that overshoot (never raised),
            # but not below the checked bound less twice the margin: a number far under the
            # user's own asks for a different, thinner answer than the one they want.
            told = int(stated.group(1))
            long = upper_quantile(context.answer_lengths)
            floor = int(arg * (1 - 2 * context.margin))
            target = told if long <= goal else \
                min(told, max(int(told * MAX_TIGHTENING), int(told * goal / long), floor))
        # A small model cannot count characters but can count sentences: the bound is also
        # given as a number of short sentences, and it holds over any wish for detail.
        sentences = max(1, target // CHARS_PER_SENTENCE)
        return (f"- Keep the whole answer under {target} characters: at most {sentences} short sentences or bullets "
                "in all, then stop, even where other instructions ask for more detail.")

    def stated_rule(self, arg, document):
        match = _STATED.search(document)
        return match.group(0) if match else ""

    def layout_part(self, arg, context: RuleContext):
        return f"(the whole answer at most {int(arg * (1 - context.margin))} characters)"

    def from_feedback(self, kind, value, unit):
        if kind != "max_length" or not str(value).isdigit():
            return None
        return int(value) * CHARS_PER_UNIT.get(unit or "chars", 1) or None
