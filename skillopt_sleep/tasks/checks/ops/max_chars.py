"""max_chars: the whole answer is at most this many characters (inclusive)."""

from __future__ import annotations

from skillopt_sleep.tasks.checks.base import CheckOp, Outcome, RuleContext, number

CHARS_PER_WORD = 6  # a rough English average, with spaces and punctuation
CHARS_PER_SENTENCE = 180  # a short English sentence or bullet, with its spaces and punctuation
# How a user's "under N lines / words" becomes characters.
CHARS_PER_UNIT = {"chars": 1, "lines": 80, "words": 7}


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
        target = int(arg * (1 - context.margin))
        # A small model cannot count characters but can count sentences: the bound is also
        # given as a number of short sentences, and it holds over any wish for detail.
        sentences = max(1, target // CHARS_PER_SENTENCE)
        return (f"- Keep the whole answer under {target} characters: at most {sentences} short sentences or bullets "
                "in all, then stop, even where other instructions ask for more detail.")

    def layout_part(self, arg, context: RuleContext):
        return f"(the whole answer at most {int(arg * (1 - context.margin))} characters)"

    def from_feedback(self, kind, value, unit):
        if kind != "max_length" or not str(value).isdigit():
            return None
        return int(value) * CHARS_PER_UNIT.get(unit or "chars", 1) or None
