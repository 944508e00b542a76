"""contains: a case-sensitive substring the answer must include."""

from __future__ import annotations

from skillopt_sleep.tasks.checks.base import CheckOp, Outcome, RuleContext, line_at, quote


class Contains(CheckOp):
    name = "contains"
    summary = "contains / not_contains: case-sensitive substring (arg: string)"

    def evaluate(self, arg, answer, calls):
        index = answer.find(arg)
        if index >= 0:
            return Outcome(True, f"found {quote(arg)}", evidence=line_at(answer, index))
        return Outcome(False, f"{quote(arg)} does not appear" + _case_hint(arg, answer))

    def describe(self, arg):
        return f"include the exact text {quote(arg)} (case-sensitive)"

    def rule(self, arg, context: RuleContext):
        return f'- Always include "{arg}" where it applies.'

    def from_feedback(self, kind, value, unit):
        return value if kind == "use" and value else None

    def example(self, arg):
        return arg

    def literal(self, arg):
        return arg


def _case_hint(arg: str, answer: str) -> str:
    index = answer.casefold().find(arg.casefold())
    if index < 0:
        return ""
    return f" (case-sensitive; {quote(answer[index:index + len(arg)])} appears with different case)"
