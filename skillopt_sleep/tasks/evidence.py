"""Whether the answers a correction came between agree with the check its words give.

"Use percentages, not fractions" names what the answer should do, not words it must carry: the
answer the user went on with shows "12%" and never the word "percentages", and the answer they
corrected never wrote "fractions". A literal check (contains / not_contains) is kept only when
the answers bear it out: the answer after the last correction passes it, and the first answer
the user corrected fails it (with several corrections, the one in between is not kept: the
first stands for it, as each correction usually fixes one more thing the first answer missed).
The intent's tool calls (commands, paths) count on either side, since an agent often does the
work there and says little: a call that passes the check clears the answer after, one that fails
it clears the answer before. Headings and length bounds are taken at the user's word: a clipped
or half-fixed answer says little about them.
"""

from __future__ import annotations

from skillopt_sleep.capture.stated_rules import Rule
from skillopt_sleep.tasks.checks import check_from_feedback, evaluate, literal


def contradicted(rule: Rule, accepted: str, corrected: str, tool_texts: list[str] | tuple[str, ...] = ()) -> str:
    """Why the answers contradict the check `rule` gives, or "" when they do not (or say nothing)."""
    check = check_from_feedback(rule.kind, rule.value, rule.unit)
    if check is None or literal(check) is None:
        return ""
    if not accepted or not corrected or accepted == corrected:
        return ""  # no answer after the correction: nothing to weigh it against
    passes = [evaluate(check, text, []).passed for text in tool_texts if text]
    if not evaluate(check, accepted, []).passed and not any(passes):
        return f"the answer after the correction fails {check.name()}"
    if evaluate(check, corrected, []).passed and all(passes):
        return f"the corrected answer already passes {check.name()}"
    return ""
