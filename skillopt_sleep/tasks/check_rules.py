"""State failing rule checks as instructions a small student model follows.

`judges.describe_check` explains a check to the teacher (the pattern, case rules); a student
needs the behaviour itself in plain words: "Include a line that starts with "Confidence:"". These
rules are derived from the tasks' own judges, never from knowledge of any benchmark, and the
gate still decides whether they help.
"""

from __future__ import annotations

from skillopt_sleep.tasks.judges import describe_check
from skillopt_sleep.records import Check
from skillopt_sleep.tasks.regex_examples import regex_example

CHARS_PER_WORD = 6  # a rough English average, with spaces and punctuation


def _heading(arg: object) -> str:
    return str(arg).lstrip("#").strip()


def _marker(example: str) -> bool:
    """An example such as "Confidence:" reads as a labelled line the answer fills in."""
    return example.rstrip().endswith((":", "="))


def student_rule(check: Check) -> str:
    """One imperative bullet for the skill, or "" when the check has no plain statement."""
    op, arg = check.op, check.arg
    if op == "section_present":
        return f'- Always include a section with the Markdown heading "## {_heading(arg)}".'
    if op == "regex":
        example = regex_example(str(arg))
        if not example:
            return ""
        example = example.strip()
        if _marker(example):
            return f'- Always include a line that starts with "{example}" followed by your answer for it.'
        return f'- Always include the text "{example}".'
    if op == "max_chars":
        words = max(10, int(int(arg) / CHARS_PER_WORD * 0.8))
        return f"- Keep the whole answer under {int(arg)} characters (about {words} words): short and to the point."
    if op == "min_chars":
        return f"- Write at least {int(arg)} characters (about {int(int(arg) / CHARS_PER_WORD) + 1} words)."
    if op == "contains":
        return f'- Always include "{arg}".'
    if op == "not_contains":
        return f'- Never write "{arg}".'
    if op == "tool_called":
        return f"- Before you answer, call the `{arg}` tool, then answer from what it returns."
    if op == "tool_not_called":
        return f"- Do not call the `{arg}` tool."
    if op == "no_refusal":
        return "- Always attempt the task; do not refuse it."
    description = describe_check(check).strip().rstrip(".")
    return f"- {description[0].upper()}{description[1:]}." if description and not description.startswith("(") else ""


def answer_template(checks: list[Check]) -> str:
    """A layout that satisfies several structural checks at once, e.g. labelled lines first (so a
    reply cut short still has them), then the answer, then the required sections."""
    labelled, sections, limits = [], [], []
    for check in checks:
        if check.op == "regex":
            example = regex_example(str(check.arg))
            if example and _marker(example.strip()):
                labelled.append(f"{example.strip()} …")
        elif check.op == "section_present":
            sections.append(f"## {_heading(check.arg)}\n- …")
        elif check.op == "max_chars":
            limits.append(f"under {int(check.arg)} characters in total")
    if len(labelled) + len(sections) < 2:
        return ""
    body = "\n".join(labelled + ["", "(your answer)", ""] + [s + "\n" for s in sections]).strip()
    suffix = f" Keep it {limits[0]}." if limits else ""
    return f"- Lay out every answer like this, filling in each part:{suffix}\n\n```\n{body}\n```"
