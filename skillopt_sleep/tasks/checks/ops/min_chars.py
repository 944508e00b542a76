"""min_chars: the whole answer is at least this many characters (inclusive)."""

from __future__ import annotations

from skillopt_sleep.tasks.checks.base import CheckOp, Outcome, RuleContext, number
from skillopt_sleep.tasks.checks.ops.max_chars import CHARS_PER_WORD


class MinChars(CheckOp):
    name = "min_chars"
    arg_kind = "number"
    summary = ""  # listed with max_chars

    def evaluate(self, arg, answer, calls):
        size = len(answer)
        if size >= arg:
            return Outcome(True, f"{size} characters, minimum {number(arg)}")
        return Outcome(False, f"{size} characters, {arg - size:g} short of the minimum {number(arg)}")

    def describe(self, arg):
        return f"make the whole answer at least {number(arg)} characters long"

    def rule(self, arg, context: RuleContext):
        target = int(arg * (1 + context.margin)) + 1
        return f"- Write at least {target} characters (about {target // CHARS_PER_WORD + 1} words)."
