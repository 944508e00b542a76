"""A whole change to a file the user's agent reads, screened as a proposed rule is.

The rounds screen each rule, but text reaches the live SKILL.md and memory by other routes too:
the slow update's rewrite of the consolidated region, edits applied one after another (two
harmless pieces can meet in one line), the move of the rules, a staged file, a restored backup.
So every change is screened again as a whole where it leaves the night and where it is written:
each run of changed lines becomes one edit (the lines it adds, replacing the lines it takes
away), judged by `policy.screen_edits`, the same normalisation, danger screen and provenance rule
as a rule. A line the document already held elsewhere (a move) adds nothing and is not judged;
a line taken away that stays elsewhere is not taken away."""

from __future__ import annotations

import difflib
from dataclasses import dataclass

from skillopt_sleep.records import Edit
from skillopt_sleep.screen.policy import screen_edits
from skillopt_sleep.screen.provenance import Provenance
from skillopt_sleep.screen.ruletext import visible

SOURCE = "document"


@dataclass(frozen=True)
class Held:
    """One run of changed lines the screen stopped."""

    kind: str  # "skill" | "memory": the file it would change
    edit: Edit  # the lines added (text) in place of the lines taken away (anchor)
    status: str  # policy.REFUSED | policy.HELD
    why: str
    shown: str = ""  # the line that fails on its own, where one does

    def line(self) -> str:
        return f"{self.kind}: {visible(self.shown[:60])!r} {self.status}: {self.why}"


def changes(before: str, after: str, *, target: str = "skill", known: str = "") -> list[Edit]:
    """The runs of lines `after` changes in `before`, each as one edit. A line of `before` or
    `known` (text the user already keeps) adds nothing wherever it lands."""
    old, new = before.split("\n"), after.split("\n")
    had = {line.strip() for line in old + known.split("\n") if line.strip()}
    has = {line.strip() for line in new if line.strip()}
    edits = []
    for op, i1, i2, j1, j2 in difflib.SequenceMatcher(None, old, new, autojunk=False).get_opcodes():
        if op == "equal":
            continue
        added = "\n".join(line for line in new[j1:j2] if line.strip() and line.strip() not in had)
        removed = "\n".join(line for line in old[i1:i2] if line.strip() and line.strip() not in has)
        if added:
            edits.append(Edit(op="replace" if removed else "add", text=added, anchor=removed, source=SOURCE,
                              target=target, evidence_kind="user"))
        elif removed:
            edits.append(Edit(op="delete", anchor=removed, source=SOURCE, target=target, evidence_kind="user"))
    return edits


def screen_change(kind: str, before: str, after: str, *, memory: str, own: str,
                  provenance: Provenance | None) -> list[Held]:
    """What of the change from `before` to `after` may not reach the file, each with its reason.

    `memory`: the user's memory text (a change may not contradict it); `own`: the text the user
    already keeps (skill and memory as they were), whose lines and names need nothing behind them;
    `provenance`: what the user's own sessions show (None: no user behind the tasks)."""
    def screen(edits: list[Edit]) -> list[tuple[Edit, str, str]]:
        return screen_edits(edits, memory=memory, document=own, provenance=provenance).stopped

    return [Held(kind, edit, status, why, _culprit(edit, screen)) for edit, status, why in screen(changes(
        before, after, target=kind, known=own))]


def _culprit(edit: Edit, screen) -> str:
    """The line of a stopped run to show: the first that fails alone, else the first with words."""
    lines = [line for line in (edit.text or edit.anchor).split("\n") if line.strip()]
    for line in lines:
        if screen([Edit(op=edit.op, text=line if edit.text else "", anchor="" if edit.text else line, source=SOURCE,
                        target=edit.target, evidence_kind="user")]):
            return line.strip()
    return next((line.strip() for line in lines if not line.lstrip().startswith("<!--")), "")
