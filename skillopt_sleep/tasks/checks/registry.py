"""The registry of rule-check ops: every `CheckOp` subclass in a module of `ops/`, by name, and
those an installed package declares in the `skillopt_sleep.checks` entry-point group (a benchmark
adapter's op that calls the benchmark's own checker). Judges, reflection, mining and feedback ask
it; none of them lists the ops."""

from __future__ import annotations

import difflib
import importlib
import json
import logging
import pkgutil
from functools import cache
from typing import Any

from skillopt_sleep.backends.entrypoints import ExtensionGroup
from skillopt_sleep.capture.redact import looks_like_secret
from skillopt_sleep.episode import Episode
from skillopt_sleep.errors import CheckError
from skillopt_sleep.records import Check, ToolCallRecord
import skillopt_sleep.tasks.checks.ops as ops
from skillopt_sleep.tasks.checks.base import CheckOp, Outcome, RuleContext
from skillopt_sleep.tasks.checks.literals import too_generic

logger = logging.getLogger(__name__)
EXTENSION_OPS = ExtensionGroup("skillopt_sleep.checks", "check op", CheckError)

# Instructions whose value is a name the user gave (a word to use or avoid, a heading), not a number.
NAMED_VALUE_KINDS = ("use", "avoid", "section")


@cache
def _ops() -> dict[str, CheckOp]:
    found: dict[str, CheckOp] = {}
    for module_info in sorted(pkgutil.iter_modules(ops.__path__), key=lambda m: m.name):
        module = importlib.import_module(f"{ops.__name__}.{module_info.name}")
        for value in vars(module).values():
            if isinstance(value, type) and issubclass(value, CheckOp) and value.name and value.__module__ == module.__name__:
                found[value.name] = value()
    for name in EXTENSION_OPS.names():
        try:
            value = EXTENSION_OPS.load(name)
        except CheckError as exc:  # one broken extension must not take every check down
            logger.warning("%s", exc)
            continue
        if isinstance(value, type) and issubclass(value, CheckOp) and value.name == name:
            found.setdefault(name, value())
        else:
            logger.warning("check op entry %r is not a CheckOp named %r", name, name)
    return found


def op_names() -> tuple[str, ...]:
    return tuple(_ops())


def get_op(name: str) -> CheckOp | None:
    return _ops().get(name)


def op_summaries(*, episode: bool = False) -> list[str]:
    """One line per op family, for prompts that teach a model the ops; those that judge a repo
    task's episode only when `episode` is set."""
    return [op.summary for op in _ops().values() if op.summary and (episode or not op.needs_episode)]


def needs_episode(check: Check) -> bool:
    """The check judges an episode's commands or diff, so only a repo task can carry it."""
    op = get_op(check.op)
    return bool(op and op.needs_episode)


def check_problem(check: Check) -> str | None:
    """Why `check` cannot be evaluated, or None when it can."""
    op = get_op(check.op)
    if op is None:
        names = op_names()
        hint = difflib.get_close_matches(str(check.op), names, n=1, cutoff=0.6)
        return f"unknown op {check.op!r}" + (f" (did you mean {hint[0]!r}?)" if hint else "") + f"; known ops: {', '.join(names)}"
    return op.problem(check.arg)


def evaluate(check: Check, answer: str, calls: list[ToolCallRecord], *, episode: Episode | None = None) -> Outcome:
    """Apply a check that `check_problem` accepted. An op that judges an episode needs one:
    without it the check fails saying so (a rule judge refuses such checks before this)."""
    op = _ops()[check.op]
    if not op.needs_episode:
        return op.evaluate(check.arg, answer, calls)
    if episode is None:
        return Outcome(False, f"{check.op} judges a repo task's episode, and there is none")
    return op.evaluate_episode(check.arg, episode)


def describe(check: Check) -> str:
    problem = check_problem(check)
    if problem:
        return f"(check {check.op!r} cannot be evaluated: {problem})"
    return _ops()[check.op].describe(check.arg)


def student_rule(check: Check, context: RuleContext | None = None) -> str:
    """The check stated as one bullet of behaviour for the student's skill ("" when none)."""
    if check_problem(check):
        return ""
    return _ops()[check.op].rule(check.arg, context or RuleContext())


def stated_rule(check: Check, document: str) -> str:
    """The line of `document` that already states this check's rule ("" when none)."""
    if check_problem(check) or not document:
        return ""
    return _ops()[check.op].stated_rule(check.arg, document)


def layout_part(check: Check, context: RuleContext | None = None) -> str:
    if check_problem(check):
        return ""
    return _ops()[check.op].layout_part(check.arg, context or RuleContext())


def literal(check: Check) -> str | None:
    op = get_op(check.op)
    return op.literal(check.arg) if op and not op.problem(check.arg) else None


def is_structural(check: Check) -> bool:
    op = get_op(check.op)
    return bool(op and op.structural)


def carries_secret(check: Check) -> bool:
    """A check whose argument holds a token or key: it would store and show the secret again."""
    arg = check.arg
    return looks_like_secret(arg if isinstance(arg, str) else json.dumps(arg, ensure_ascii=False))


def check_from_feedback(kind: str, value: str, unit: str = "") -> Check | None:
    """The first op that turns a user's explicit instruction into a check; never one that would
    carry a token the user pasted ("use the key sk-..."), nor one whose named value is a function
    word ("use the ..." read as `contains "the"`)."""
    if kind in NAMED_VALUE_KINDS and too_generic(str(value)):
        return None
    for op in _ops().values():
        arg: Any = op.from_feedback(kind, value, unit)
        if arg not in (None, "", 0):
            check = Check(op.name, arg)
            return None if carries_secret(check) else check
    return None
