"""User text that works against a rule the night states from a failing check.

A rule appended to the managed region loses to a line of the user's own text that asks for the
opposite ("be exhaustive" against a length bound): the small student follows the first and the
night cannot learn. So for each rule stated from the checks, the teacher is shown the rule and
the numbered lines of the user's text and names the lines that ask for the opposite; each named
line becomes a candidate `delete` beside the rule. The gate and attribution then measure it: a
delete is kept only when putting the line back lowers the held-out score, so a tie keeps the
user's words.

Asked only where `edits.allow_outside_managed` lets a night touch user text at all."""

from __future__ import annotations

import re

from skillopt_sleep.backends.base import Backend, CompletionRequest, Message
from skillopt_sleep.backends.recorder import CallRecorder
from skillopt_sleep.night.skilldoc import consolidated_block_span, frontmatter_span, managed_span
from skillopt_sleep.records import Edit

SYSTEM = ("You compare an instruction document with one rule. Reply with the numbers of the lines that ask for "
          "the opposite of the rule, separated by commas, or 0 when no line does.")
MAX_RULES = 2  # rules asked about per round: each costs one short teacher call
MAX_LINES = 20  # lines shown; a longer document is shown in its first lines
MAX_DELETES = 2  # lines one rule may take out
_NUMBER = re.compile(r"\d+")


def user_lines(skill_text: str) -> list[str]:
    """The user's own instruction lines: not the frontmatter, not a heading, not inside a region a
    night or a slow update wrote, not a marker or a blank."""
    hidden = [span for span in (frontmatter_span(skill_text), managed_span(skill_text),
                                consolidated_block_span(skill_text)) if span]
    lines, pos = [], 0
    for line in skill_text.splitlines(keepends=True):
        start, pos = pos, pos + len(line)
        text = line.strip()
        if not text or text.startswith(("#", "<!--", "```")) or any(s.start <= start < s.end for s in hidden):
            continue
        if text not in lines:
            lines.append(text)
    return lines[:MAX_LINES]


def request_for(rule: str, lines: list[str], seed: int) -> CompletionRequest:
    numbered = "\n".join(f"{i}. {line}" for i, line in enumerate(lines, 1))
    prompt = (f"Rule: {rule.strip().lstrip('- ')}\n\nLines of the document:\n{numbered}\n\n"
              "Which lines ask for the opposite of the rule?")
    return CompletionRequest(system=SYSTEM, messages=[Message(role="user", content=prompt)],
                             max_tokens=12, temperature=0.0, seed=seed)


def named_lines(reply: str, lines: list[str]) -> list[str]:
    """The lines a reply names by number, in the reply's order, at most MAX_DELETES."""
    chosen: list[str] = []
    for token in _NUMBER.findall(reply.split("\n")[0]):
        index = int(token)
        if 1 <= index <= len(lines) and lines[index - 1] not in chosen:
            chosen.append(lines[index - 1])
    return chosen[:MAX_DELETES]


def conflict_edits(teacher: Backend, recorder: CallRecorder, skill_text: str, rules: list[Edit], seed: int) -> list[Edit]:
    """One `delete` per user line the teacher says works against one of the strongest rules."""
    lines = user_lines(skill_text)
    if not lines:
        return []
    edits: dict[str, Edit] = {}
    for rule in sorted(rules, key=lambda e: -e.support)[:MAX_RULES]:
        reply = recorder.complete("teacher", teacher, request_for(rule.text, lines, seed)).text
        for line in named_lines(reply, lines):
            if line in edits:
                continue
            edits[line] = Edit(op="delete", anchor=line, source="conflict", evidence_kind="checks",
                               support=rule.support, evidence=list(rule.evidence),
                               rationale=f"this line of the skill asks for the opposite of the rule "
                                         f"{rule.text.strip().lstrip('- ')[:100]!r}")
    return list(edits.values())
