"""A user's corrections of a coding session as checks over the replay's trajectory and diff.

"run make check before you finish" -> ran_before_finish "make check" (the generic "run the
tests" names the session's own last check); "never edit generated files" -> path_untouched
"generated/**"; "add a test with the fix" -> test_added. A tool or a piece of code to use or
avoid is read by what it is: a command the session ran, or a known command-line tool, becomes
command_used / command_avoided ("pnpm, not npm"); a name in code becomes added_lines_contain /
added_lines_avoid ("the logger, not print" -> no added `print(` call). Length and section rules
about the final message stay text checks."""

from __future__ import annotations

import re
import shlex

from skillopt_sleep.capture.stated_rules import Rule, extract_rules
from skillopt_sleep.capture.work_rules import GENERIC_CHECKS
from skillopt_sleep.episode import Verification
from skillopt_sleep.records import Check
from skillopt_sleep.tasks.checks import check_from_feedback, check_problem
from skillopt_sleep.tasks.repo.verification import check_name

# Command-line tools a "use X" / "not X" about how to run things names.
KNOWN_TOOLS = frozenset("""
npm pnpm yarn bun npx pnpx bunx pip pip3 pipx uv poetry pipenv conda hatch pdm cargo go make cmake tox nox
pytest ruff black isort mypy pyright flake8 pylint eslint prettier tsc jest vitest docker podman gradle mvn bazel just
""".split())
# Names that are calls where code uses them: "no print" bans `print(`, not the word in a comment.
CALLS = frozenset({"print", "pprint", "console.log", "println", "var_dump", "dbg!", "puts", "printf", "fmt.println"})
_IDENTIFIER = re.compile(r"[A-Za-z_][\w.]*!?")
# A word after a name that makes the name a modifier of it: any but these.
_NEXT_NOUN = (r"\s+(?!(?:for|from|in|instead|not|rather|please|here|there|to|when|with|and|or|over|everywhere|only|always|"
              r"across|throughout|inside|within|as|so|if|now|too|again|then)\b)[a-z]")
TEXT_KINDS = ("max_length", "max_first_line", "min_length", "section")


def _glob(value: str) -> str:
    value = value.strip()
    if value.endswith("/"):
        return value + "**"
    return value if ("." in value.strip(".") or "*" in value) else value + "/**"


def _code_pattern(name: str, *, call: bool) -> str:
    body = re.escape(name.rstrip("!")) + ("!" if name.endswith("!") else "")
    return r"\b" + body + (r"\(" if call and not name.endswith("!") else r"\b")


def ran_commands(commands: list[str]) -> set[str]:
    """The first word of every command a session's shell lines ran."""
    words = set()
    for line in commands:
        for part in re.split(r"&&|\|\||;|\|", line):
            try:
                tokens = shlex.split(part)
            except ValueError:
                tokens = part.split()
            if tokens:
                words.add(tokens[0])
    return words


def _modifier(value: str, text: str) -> bool:
    """True when the words name `value` as a word before the thing used ("use the project
    logger": the logger is used, not a name `project`)."""
    return bool(re.search(r"\b" + re.escape(value.lower()) + _NEXT_NOUN, text.lower()))


def _use_or_avoid(rule: Rule, commands: set[str]) -> Check | None:
    value = rule.value.strip().strip("`")
    lowered = value.lower()
    if lowered in KNOWN_TOOLS or value in commands:
        return Check("command_used" if rule.kind == "use" else "command_avoided", value)
    if not _IDENTIFIER.fullmatch(value) or (rule.kind == "use" and _modifier(value, rule.text)):
        return None
    call = lowered in CALLS
    return Check("added_lines_contain" if rule.kind == "use" else "added_lines_avoid", _code_pattern(value, call=call))


def _expanded(rules: list[Rule]) -> list[Rule]:
    """The rules, with any ban a "use X, not Y" dropped for sitting inside X as a substring:
    commands are compared as whole words, so `npm` is a ban of its own beside `pnpm`."""
    out = list(rules)
    for rule in rules:
        if rule.kind == "use" and rule.text:
            out += [r for r in extract_rules(rule.text, keep_contained=True) if r.kind == "avoid" and r not in out]
    return out


def repo_checks(rules: list[Rule], verification: list[Verification], commands: list[str]) -> list[Check]:
    """The checks a coding session's corrections give, without duplicates or contradictions."""
    ran = ran_commands(commands)
    checks: list[Check] = []
    for rule in _expanded(rules):
        check = None
        if rule.kind == "run_check":
            named = rule.value if rule.value != GENERIC_CHECKS else ""
            named = named or (check_name(verification[-1].command.split(" && ")[-1]) if verification else "")
            check = Check("ran_before_finish", named) if named else None
        elif rule.kind == "leave_alone":
            check = Check("path_untouched", _glob(rule.value))
        elif rule.kind == "add_test":
            check = Check("test_added", None)
        elif rule.kind in ("use", "avoid"):
            check = _use_or_avoid(rule, ran)
        elif rule.kind in TEXT_KINDS:
            check = check_from_feedback(rule.kind, rule.value, rule.unit)
        if check is not None and check_problem(check) is None and check not in checks:
            checks.append(check)
    used = {c.arg for c in checks if c.op == "command_used"}
    return [c for c in checks if not (c.op == "command_avoided" and c.arg in used)]
