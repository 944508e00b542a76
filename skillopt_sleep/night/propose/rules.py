"""Rules stated from the tasks' own checks: a check that train answers keep failing becomes one
bullet of behaviour for the student, illustrated with what passing answers actually wrote.

A check becomes a rule only when at least `min_tasks` distinct tasks carry it and one of them fails
(a habit, not one task's answer), and never when its literal is one task's own words, a number, or
token-shaped. A repo task's checks are the user's own conventions, read from their corrections: the
sessions that carry one count on either side of tonight's deal, since the user set it in each.
Knows nothing of any benchmark: everything comes from the judges and the student's answers."""

from __future__ import annotations

from dataclasses import dataclass, field

from skillopt_sleep.config import default
from skillopt_sleep.records import Check, Edit
from skillopt_sleep.tasks.checks import RuleContext, get_op, is_structural, layout_part, literal, stated_rule, student_rule
from skillopt_sleep.tasks.checks.literals import refusal

MAX_ILLUSTRATIONS = 40  # passing lines kept per check, to pick the shortest topic-free one from
# How a layout rule opens; a length note, if any, goes before the colon.
LAYOUT_FENCED = "- Lay out every answer like this, filling in each part"
LAYOUT_CLOSING = "- End every answer with exactly these lines, each filled in"


@dataclass(frozen=True)
class RuleSettings:
    min_tasks: int = default("rules.min_tasks")  # distinct train tasks a check must fail on
    margin: float = default("rules.margin")  # the room a length bound keeps
    layout: bool = default("rules.layout")  # also offer one layout covering the structural checks
    length_contrast: bool = default("rules.length_contrast")  # also offer a length the answers that met every check kept to
    lead: bool = default("rules.lead")  # also try the learned rules before the user's text (night/propose/placement.py)


@dataclass
class _CheckStats:
    check: Check
    failures: int = 0
    failing_tasks: list[str] = field(default_factory=list)
    tasks: set[str] = field(default_factory=set)  # every train task that carries the check
    passing_lines: list[str] = field(default_factory=list)
    task_texts: list[str] = field(default_factory=list)
    answer_lengths: list[int] = field(default_factory=list)  # of every answer the check judged


@dataclass
class CheckRules:
    edits: list[Edit]
    refused: list[tuple[str, str]]  # (check, why) for checks that did not become rules


def user_conventions(tasks) -> dict[tuple, set[str]]:
    """{check key: ids of the tasks that carry it} for the checks of repo tasks, every one of which
    the user stated or corrected into being. Only which tasks carry a check is read, never a score."""
    carriers: dict[tuple, set[str]] = {}
    for task in tasks:
        if task.repo is not None:
            for check in task.judge.checks:
                carriers.setdefault((check.op, repr(check.arg)), set()).add(task.task_id)
    return carriers


def _collect(evidence, conventions: dict[tuple, set[str]] | None = None) -> dict[tuple, _CheckStats]:
    stats: dict[tuple, _CheckStats] = {}
    for ev in evidence:
        for rollout in ev.rollouts:
            for result in rollout.score.checks:
                key = (result.op, repr(result.arg))
                entry = stats.setdefault(key, _CheckStats(Check(result.op, result.arg)))
                entry.tasks.add(ev.task.task_id)
                entry.answer_lengths.append(len(rollout.answer))
                if result.passed:
                    if result.evidence and len(entry.passing_lines) < MAX_ILLUSTRATIONS:
                        entry.passing_lines.append(result.evidence)
                    continue
                entry.failures += 1
                if ev.task.task_id not in entry.failing_tasks:
                    entry.failing_tasks.append(ev.task.task_id)
                    entry.task_texts.append(f"{ev.task.intent}\n{ev.task.context}")
    for key, entry in stats.items():
        entry.tasks |= (conventions or {}).get(key, set())
    return stats


def _eligible(entry: _CheckStats, settings: RuleSettings) -> str:
    """Why this failing check cannot become a rule, or "" when it can."""
    # A habit is a check that recurs across tasks (for a user's convention, across the sessions
    # they set it in); one of them failing is enough to say the student misses it. A check that
    # only one task carries is that task's answer.
    if len(entry.tasks) < settings.min_tasks:
        return f"carried by {len(entry.tasks)} task(s); a rule needs {settings.min_tasks}"
    why = refusal(literal(entry.check), entry.task_texts)
    return f"its text {why}" if why else ""


def labelled_checks(evidence, settings: RuleSettings = RuleSettings()) -> list[tuple[Check, list[str]]]:
    """Checks that will become rules and ask for a labelled line, with the texts of the tasks they
    failed on: the teacher may say what value the label takes (night/propose/illustrate.py)."""
    return [(e.check, list(e.task_texts)) for e in _collect(evidence).values()
            if e.failures and not _eligible(e, settings) and example_label(e.check)]


def edits_from_checks(evidence, settings: RuleSettings = RuleSettings(),
                      placeholders: dict[str, str] | None = None, document: str = "",
                      settled: frozenset[str] = frozenset(), conventions: dict[tuple, set[str]] | None = None) -> CheckRules:
    """One 'add' rule per recurring failing check, plus one layout for the structural ones.
    `placeholders` (check key -> "<…>") say what a labelled line's value is. A check whose rule
    `document` (the skill as it stands) already states is restated in its place where the
    student's answers under it say it should read otherwise (a bound the answers still overrun).
    Checks in `settled` (their rule lost earlier tonight) are not stated again in other words.
    `conventions` (user_conventions of tonight's tasks) says which tasks carry a user's convention."""
    edits: list[Edit] = []
    refused: list[tuple[str, str]] = []
    layout: list[tuple[_CheckStats, str]] = []
    ranked = sorted(_collect(evidence, conventions).values(), key=lambda s: -s.failures)
    for entry in ranked:
        if not entry.failures:
            continue
        name = entry.check.name()
        why = "its rule lost earlier tonight" if name in settled else _eligible(entry, settings)
        if why:
            refused.append((name, why))
            continue
        placeholder = (placeholders or {}).get(name, "")
        context = RuleContext(evidence=tuple(entry.passing_lines), margin=settings.margin,
                              task_texts=tuple(entry.task_texts), placeholder=placeholder,
                              document=document, answer_lengths=tuple(entry.answer_lengths))
        text = student_rule(entry.check, context)
        if not text:
            continue
        stated = stated_rule(entry.check, document)
        if stated:
            if text.strip() != stated.strip():
                edits.append(Edit(op="replace", anchor=stated, text=text, source="checks", support=entry.failures,
                                  evidence=list(entry.failing_tasks), check=name,
                                  rationale=f"{entry.failures} train answer(s) on {len(entry.failing_tasks)} tasks still "
                                            f"missed {name} under the rule as stated; restated from what they wrote"))
            continue
        notes = ([f"the teacher's placeholder {placeholder}"] if placeholder else []) + \
                (["a passing answer's line"] if entry.passing_lines else [])
        edits.append(Edit(op="add", text=text, source="checks", support=entry.failures, evidence=list(entry.failing_tasks), check=name,
                          rationale=f"{entry.failures} failing train answer(s) on {len(entry.failing_tasks)} tasks missed "
                                    f"this check: {name}" + (f" (with {' and '.join(notes)})" if notes else "")))
        part = layout_part(entry.check, context)
        if part:
            layout.append((entry, part))
    structural = [item for item in layout if is_structural(item[0].check)]
    if settings.layout and len(structural) >= 2:
        combined = _layout_edit(layout)
        if combined.check not in settled:
            edits.append(combined)
    return CheckRules(edits, refused)


def layout_lead(document: str) -> tuple[str, bool]:
    """The opening line of the layout rule `document` states ("" when none), and whether it
    already carries a note (a length)."""
    for line in document.splitlines():
        if line.startswith((LAYOUT_FENCED, LAYOUT_CLOSING)) and line.endswith(":"):
            return line, line not in (LAYOUT_FENCED + ":", LAYOUT_CLOSING + ":")
    return "", False


def example_label(check: Check) -> str:
    op = get_op(check.op)
    return op.example_label(check.arg) if op and not op.problem(check.arg) else ""


def _layout_edit(parts: list[tuple[_CheckStats, str]]) -> Edit:
    """A layout that satisfies several structural checks at once; a length note, if any, closes
    the lead sentence. Labelled lines alone are written as plain lines that end the answer: the
    small student met them under reworded requests about twice as often as a fenced block at the
    start (experiments/results/layout-rendering.md). A layout with a section heading stays a fenced
    block, labelled lines first, then the answer, then the sections: written plainly, the heading
    made the rules after it read as that section's bullets, and the student followed neither."""
    lines = [p for e, p in parts if is_structural(e.check) and not p.startswith("#")]
    sections = [p for e, p in parts if is_structural(e.check) and p.startswith("#")]
    note = next((f" {p}" for e, p in parts if not is_structural(e.check)), "")
    if sections:
        body = "\n".join(lines + ["", "(your answer)", ""] + [s + "\n" for s in sections]).strip()
        text = f"{LAYOUT_FENCED}{note}:\n\n```\n{body}\n```"
    else:
        text = f"{LAYOUT_CLOSING}{note}:\n" + "\n".join(lines)
    tasks = sorted({t for e, _ in parts for t in e.failing_tasks})
    covered = sorted(e.check.name() for e, _ in parts)
    return Edit(op="add", text=text, source="checks", support=sum(e.failures for e, _ in parts), evidence=tasks,
                check="layout: " + " + ".join(covered),
                rationale="one layout that satisfies every structural check the train answers missed")
