"""Rule checks: one op per module in `ops/`, found by the registry."""

from skillopt_sleep.tasks.checks.base import CheckOp, Outcome, RuleContext
from skillopt_sleep.tasks.checks.registry import (
    carries_secret,
    check_from_feedback,
    check_problem,
    describe,
    evaluate,
    get_op,
    is_structural,
    layout_part,
    literal,
    needs_episode,
    op_names,
    op_summaries,
    stated_rule,
    student_rule,
)

__all__ = [
    "CheckOp", "Outcome", "RuleContext", "carries_secret", "check_from_feedback", "check_problem", "describe", "evaluate", "get_op",
    "is_structural", "layout_part", "literal", "needs_episode", "op_names", "op_summaries", "stated_rule", "student_rule",
]
