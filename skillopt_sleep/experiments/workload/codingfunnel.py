"""Where the coding workload's planted conventions are lost: planted (corrected by the user in a
recorded session) -> mined (a mined repo task carries one of the convention's checks) ->
proposed (a rule the night tried names the behaviour) -> kept (the proposal's skill names it).

The key gives no wording for a convention, so a rule counts as naming it when it names what the
convention's check is about: the command to run (`make check`), the command to avoid (npm), the
path to leave alone (generated/), the call to avoid (print), or tests for `test_added`."""

from __future__ import annotations

import re

from skillopt_sleep.experiments.workload.codingkey import CodingPersonaKey, Convention
from skillopt_sleep.records import Check, Task


def _words_of_pattern(pattern: str) -> str:
    """A check's regex as the words it looks for (`\\bprint\\(` -> print)."""
    return re.sub(r"\\[bBsSwWdD]|[\\^$()\[\]{}?*+|.]", " ", pattern).strip()


def cue(check: Check) -> str:
    """A regex that a rule naming the behaviour of `check` matches."""
    arg = str(check.arg or "")
    if check.op == "test_added":
        return r"\btests?\b"
    if check.op == "generator_run":
        return cue(Check("path_untouched", check.arg["path"]))  # the generated files it leaves to the generator
    if check.op == "path_untouched":
        return re.escape(arg.split("*")[0].rstrip("/")) + r"\b"
    if check.op == "added_lines_avoid":
        return r"\b" + re.escape(_words_of_pattern(arg)) + r"\b"
    return r"(?<![\w-])" + re.escape(arg) + r"(?![\w-])"


def states(text: str, convention: Convention) -> bool:
    return any(re.search(cue(c), text, re.I) for c in convention.checks)


def _same(a: Check, b: Check) -> bool:
    """The same check; a word boundary before a call's name (`\\bprint\\(` and `print\\(`) changes
    nothing a convention of added lines is about, so it is not compared."""
    if a.op == b.op == "added_lines_avoid" and isinstance(a.arg, str) and isinstance(b.arg, str):
        return a.arg.removeprefix("\\b") == b.arg.removeprefix("\\b")
    return (a.op, a.arg) == (b.op, b.arg)


def mined_conventions(tasks: list[Task], key: CodingPersonaKey) -> dict[str, list[str]]:
    """Per convention, the mined repo tasks that carry one of its checks."""
    out: dict[str, list[str]] = {}
    for convention in key.conventions:
        carriers = [t.task_id for t in tasks if t.repo is not None
                    and any(_same(c, k) for c in t.judge.checks for k in convention.checks)]
        if carriers:
            out[convention.id] = carriers
    return out


def unmatched_checks(tasks: list[Task], key: CodingPersonaKey) -> list[str]:
    """Mined repo checks that test no planted convention, each once."""
    known = [k for c in key.conventions for k in c.checks]
    return sorted({c.name() for t in tasks if t.repo is not None for c in t.judge.checks
                   if not any(_same(c, k) for k in known)})


def coding_funnel(key: CodingPersonaKey, mined: list[str], edit_texts: list[str], after_skill: str,
                  seed_skill: str) -> dict:
    """Each stage's conventions; a stage only keeps what the stage before it kept. A convention
    the starting skill already names is not counted as proposed or kept by the night."""
    planted = [c.id for c in key.conventions if any(c.id in v for v in key.corrected.values())]
    by_id = {c.id: c for c in key.conventions}
    mined = [c for c in planted if c in mined]
    tried = "\n".join(edit_texts)
    proposed = [c for c in mined if states(tried, by_id[c]) and not states(seed_skill, by_id[c])]
    kept = [c for c in proposed if states(after_skill, by_id[c])]
    return {"planted": planted, "mined": mined, "proposed": proposed, "kept": kept}
