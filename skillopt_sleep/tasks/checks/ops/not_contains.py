"""not_contains: a case-sensitive substring the answer must never include."""

from __future__ import annotations

from skillopt_sleep.tasks.checks.base import CheckOp, Outcome, quote


class NotContains(CheckOp):
    name = "not_contains"
    summary = ""  # listed with contains
    instruction = "never include the text {quoted} (case-sensitive)"
    rule_text = '- Never write "{arg}".'
    feedback_kind = "avoid"
    arg_is_literal = True

    def evaluate(self, arg, answer, calls):
        if arg in answer:
            return Outcome(False, f"{quote(arg)} appears at character {answer.index(arg)}")
        return Outcome(True, f"{quote(arg)} does not appear")
