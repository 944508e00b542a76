"""contains: a case-sensitive substring the answer must include."""

from __future__ import annotations

from skillopt_sleep.tasks.checks.base import CheckOp, Outcome, line_at, quote


class Contains(CheckOp):
    name = "contains"
    summary = "contains / not_contains: case-sensitive substring (arg: string)"
    instruction = "include the exact text {quoted} (case-sensitive)"
    rule_text = '- Always include "{arg}" where it applies.'
    feedback_kind = "use"
    arg_is_literal = True

    def evaluate(self, arg, answer, calls):
        index = answer.find(arg)
        if index >= 0:
            return Outcome(True, f"found {quote(arg)}", evidence=line_at(answer, index))
        return Outcome(False, f"{quote(arg)} does not appear" + _case_hint(arg, answer))

    def example(self, arg):
        return arg


def _case_hint(arg: str, answer: str) -> str:
    index = answer.casefold().find(arg.casefold())
    if index < 0:
        return ""
    return f" (case-sensitive; {quote(answer[index:index + len(arg)])} appears with different case)"
