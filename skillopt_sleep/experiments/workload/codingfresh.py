"""Fresh held-out requests for the coding workload: `count` requests of the person's family
(codingfamilies.py) drawn by a request seed, as repo tasks at the commit the key's held-out
requests run at, judged the way the key's are (the judge patch applied after the episode, then
the repository's check; the conventions the request names, as trajectory and diff checks). The
same seed gives the same requests; a seed no night used gives requests no night saw."""

from __future__ import annotations

import random
from dataclasses import asdict
from pathlib import Path

from skillopt_sleep.episode import RepoSpec
from skillopt_sleep.errors import ExperimentError
from skillopt_sleep.experiments.workload.codingfamilies import FAMILIES, Drawn, Replace
from skillopt_sleep.experiments.workload.codingkey import CodingPersonaKey
from skillopt_sleep.records import Check, Judge, Task

GENERATOR_RUN = "generator_run"
PATH_UNTOUCHED = "path_untouched"


def new_file_patch(path: str, text: str) -> str:
    """A git patch that adds `path` holding `text` (which ends with a newline)."""
    lines = text.splitlines()
    return (f"diff --git a/{path} b/{path}\nnew file mode 100644\n--- /dev/null\n+++ b/{path}\n"
            f"@@ -0,0 +1,{len(lines)} @@\n" + "".join(f"+{line}\n" for line in lines))


def request_checks(key: CodingPersonaKey, drawn: Drawn) -> list[Check]:
    """The checks of the conventions the request names, as the key's held-out requests keep them:
    the generator's own check is left out (a fix that needs it is judged by the repository's
    freshness check), and so is `path_untouched` of a folder the right fix regenerates."""
    named = [c for conv in key.conventions if conv.id in drawn.conventions for c in conv.checks]
    return [c for c in named if c.op != GENERATOR_RUN and not (c.op == PATH_UNTOUCHED and c.arg in drawn.regenerates)]


def draw(repo: str, request_seed: int, count: int) -> list[Drawn]:
    """`count` requests of the repository's family, drawn by `request_seed` without repeats."""
    family, pool = FAMILIES[repo]
    if count < 1 or count > len(pool):
        raise ExperimentError(f"{repo}: between 1 and {len(pool)} fresh requests can be drawn, asked for {count}")
    rng = random.Random(f"coding-fresh/{repo}/{request_seed}")
    return [family(rng, item) for item in rng.sample(pool, count)]


def fresh_tasks(key: CodingPersonaKey, request_seed: int, count: int) -> list[Task]:
    """The person's fresh held-out requests, at the commit and with the verification of the key's."""
    if not key.heldout or key.heldout[0].repo is None:
        raise ExperimentError(f"{key.name}: the key gives no held-out commit to draw fresh requests at")
    at = key.heldout[0].repo
    tasks = []
    for drawn in draw(key.repo, request_seed, count):
        patch = "".join(new_file_patch(path, text) for path, text in sorted(drawn.judge_files.items()))
        tasks.append(Task(
            task_id=f"{key.name}-fresh{request_seed}-{drawn.slug}", intent=drawn.request, skill=key.skill,
            origin="benchmark", split="test", judge=Judge(kind="repo", checks=request_checks(key, drawn)),
            repo=RepoSpec(root=at.root, commit=at.commit, verification=list(at.verification), found_by="fresh request"),
            meta={"judge_patch": patch, "conventions": list(drawn.conventions), "workload": key.name,
                  "request_seed": request_seed,
                  "reference_fix": {"edits": [asdict(r) for r in drawn.fix], "commands": list(drawn.fix_commands)}}))
    return tasks


def heldout_label(person: str, request_seed: int, count: int) -> str:
    """What the held-out is, in the ledger and the row."""
    return f"coding-fresh {person} generated with request_seed={request_seed}, requests={count}"


def apply_reference_edits(folder: Path, task: Task) -> list[str]:
    """The reference fix's edits made in `folder` (a copy at the task's commit); returns the
    commands to run after them (the generator)."""
    fix = task.meta["reference_fix"]
    for edit in (Replace(**e) for e in fix["edits"]):
        path = folder / edit.path
        text = path.read_text(encoding="utf-8")
        if text.count(edit.old) != 1:
            raise ExperimentError(f"{task.task_id}: the reference edit of {edit.path} does not find its text once")
        path.write_text(text.replace(edit.old, edit.new), encoding="utf-8")
    return list(fix["commands"])
