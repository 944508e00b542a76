"""not_contains: a case-sensitive substring the answer must never include."""

from __future__ import annotations

from skillopt_sleep.tasks.checks.base import CheckOp, Outcome, RuleContext, quote


class NotContains(CheckOp):
    name = "not_contains"
    summary = ""  # listed with contains

    def evaluate(self, arg, answer, calls):
        if arg in answer:
            return Outcome(False, f"{quote(arg)} appears at character {answer.index(arg)}")
        return Outcome(True, f"{quote(arg)} does not appear")

    def describe(self, arg):
        return f"never include the text {quote(arg)} (case-sensitive)"

    def rule(self, arg, context: RuleContext):
        return f'- Never write "{arg}".'

    def from_feedback(self, kind, value, unit):
        return value if kind == "avoid" and value else None

    def literal(self, arg):
        return arg
