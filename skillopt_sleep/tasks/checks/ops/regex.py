"""regex: text matching a pattern, searched line by line (Python re.search with MULTILINE).

A pattern that reads as a labelled line ("Confidence:" for `[Cc]onfidence\\s*[:=]`) becomes a
rule that asks for that statement on its own line, illustrated with the line a passing answer
wrote; the pattern itself never reaches the student."""

from __future__ import annotations

import re

from skillopt_sleep.tasks.checks.base import CheckOp, Outcome, RuleContext, clip, line_at, quote
from skillopt_sleep.tasks.checks.literals import shares_topic_words as from_task_text_words
from skillopt_sleep.tasks.checks.regex_examples import compile_check_pattern, regex_example


MAX_VALUE_WORDS = 8  # "the value itself in a few words": a longer line is not this rule's example
# "Keep the subject line under 50 characters": the answer's first line, searched with MULTILINE.
FIRST_LINE_BOUND = r"\A[^\n]{{1,{n}}}$"
_FIRST_LINE_BOUND = re.compile(r"\\A\[\^\\n\]\{1,(\d+)\}\$")


def first_line_limit(arg: str) -> int | None:
    """N when the pattern is the first-line bound `FIRST_LINE_BOUND` states, else None."""
    match = _FIRST_LINE_BOUND.fullmatch(arg)
    return int(match.group(1)) if match else None


def label_of(example: str | None) -> str:
    """"Confidence" for an example such as "Confidence:" that reads as a labelled line."""
    example = (example or "").strip()
    if not example.endswith((":", "=")):
        return ""
    label = example[:-1].strip()
    return label if re.fullmatch(r"[A-Za-z][A-Za-z /_-]{0,40}", label) else ""


class Regex(CheckOp):
    name = "regex"
    summary = "regex: Python re.search with MULTILINE (arg: a regex string; escape backslashes for JSON)"
    structural = True

    def problem(self, arg):
        problem = super().problem(arg)
        if problem:
            return problem
        try:
            compile_check_pattern(arg)
        except re.error as exc:
            return f"bad regex {arg!r}: {exc}"
        return None

    def evaluate(self, arg, answer, calls):
        match = compile_check_pattern(arg).search(answer)
        if match:
            return Outcome(True, f"matched {quote(clip(match.group(0), 80))}", evidence=line_at(answer, match.start()))
        return Outcome(False, f"nothing matches `{arg}`")

    def describe(self, arg):
        limit = first_line_limit(arg)
        if limit:
            return f"keep the first line of the answer at most {limit} characters (later lines may be longer)"
        example = regex_example(arg)
        text = f"include text matching the regular expression `{arg}` (searched line by line, case-sensitive unless the pattern says otherwise)"
        return text + (f", for example {quote(example)}" if example else "")

    def rule(self, arg, context: RuleContext):
        limit = first_line_limit(arg)
        if limit:  # with room to spare, as a length bound is stated
            return f"- Keep the first line under {int(limit * (1 - context.margin))} characters; put any detail on the lines after it."
        example = regex_example(arg)
        label = label_of(example)
        shown = _illustration(arg, context)
        if label and context.placeholder:
            rule = f'- State your {label.lower()} on a line of its own: "{label}: {context.placeholder}"'
            return rule + (f'; one good answer wrote "{shown}".' if shown else ".")
        if label:
            rule = (f'- State your {label.lower()} on a line of its own that starts with "{label}:", followed by the '
                    "value itself in a few words (the answer, not how you would find it); give reasons on the next lines")
            return rule + (f', as in: "{shown}".' if shown else ".")
        if shown:
            return f'- Include a line like this one from a good answer: "{shown}".'
        return f'- Include the text "{example.strip()}".' if example and example.strip() else ""

    def from_feedback(self, kind, value, unit):
        if kind != "max_first_line" or not str(value).isdigit() or int(value) < 1:
            return None
        return FIRST_LINE_BOUND.format(n=int(value))

    def example_label(self, arg) -> str:
        return label_of(regex_example(arg))

    def layout_part(self, arg, context: RuleContext):
        label = label_of(regex_example(arg))
        return f"{label}: {context.placeholder or '…'}" if label else ""

    def example(self, arg):
        return regex_example(arg)


def _illustration(arg: str, context: RuleContext) -> str:
    """The shortest passing line that still matches on its own, states its value in a few words
    (as the rule asks) and carries none of the tasks' own topic words: a habit's shape, never one
    task's content."""
    pattern = compile_check_pattern(arg)
    lines = sorted({clip(line.strip(), 120) for line in context.evidence
                    if line and pattern.search(line) and _few_words(line)
                    and not from_task_text_words(line, context.task_texts)}, key=len)
    return lines[0] if lines else ""


def _few_words(line: str) -> bool:
    value = line.split(":", 1)[1] if ":" in line else line
    return 0 < len(value.split()) <= MAX_VALUE_WORDS
