"""The score of an answer whose judge cannot be evaluated: zero, with the reason, never silent."""

from __future__ import annotations

from typing import Any

from skillopt_sleep.records import CheckResult, Score


def error_score(op: str, arg: Any, message: str) -> Score:
    result = CheckResult(op=op, arg=arg, passed=False, detail=f"cannot evaluate: {message}")
    return Score(hard=0.0, soft=0.0, checks=[result], error=message)
