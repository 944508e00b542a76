"""Fresh held-out coding requests: a request seed draws the same requests every time and another
seed draws others; each names conventions of its person and carries their checks the way the
key's held-out requests do; and in the sandbox, for a few seeds, each request's judge fails at its
commit and passes once the reference fix (drawn from the same parameters) is made."""

from __future__ import annotations

from pathlib import Path

import pytest

from skillopt_sleep.episode import RepoSpec
from skillopt_sleep.errors import ExperimentError
from skillopt_sleep.experiments.workload.answerkey import KEY
from skillopt_sleep.experiments.workload.codingfamilies import FAMILIES
from skillopt_sleep.experiments.workload.codingfresh import apply_reference_edits, fresh_tasks
from skillopt_sleep.experiments.workload.codingkey import clone_bundles, load_coding_key
from skillopt_sleep.experiments.workload.coding import unpack_coding
from skillopt_sleep.experiments.ledger import heldout_content_hash
from skillopt_sleep.records import Task
from skillopt_sleep.sandbox import Workspace
from skillopt_sleep.tasks.checks.registry import check_problem

WORKLOAD = Path(__file__).resolve().parent.parent / "experiments" / "workloads" / "coding"
PERSONS = ("maya", "jonas", "priya", "noor")
SEEDS = (0, 1)
COUNT = 2


@pytest.fixture(scope="module")
def keys(tmp_path_factory):
    folder = tmp_path_factory.mktemp("fresh")
    unpack_coding(WORKLOAD, folder / "sessions", folder / "repos")
    return load_coding_key(WORKLOAD / KEY, clone_bundles(folder / "sessions", WORKLOAD / KEY, folder / "repos"))


@pytest.mark.parametrize("person", PERSONS)
def test_a_seed_draws_the_same_requests_and_another_seed_others(keys, person):
    key = keys[person]
    first, again, other = fresh_tasks(key, 5, 3), fresh_tasks(key, 5, 3), fresh_tasks(key, 6, 3)
    assert [t.to_dict() for t in first] == [t.to_dict() for t in again]
    assert heldout_content_hash(first) != heldout_content_hash(other)
    assert len({t.task_id for t in first}) == 3 and len({t.intent for t in first}) == 3
    known = {c.id for c in key.conventions}
    for task in first:
        assert task.meta["request_seed"] == 5 and set(task.meta["conventions"]) <= known and task.judge.checks
        assert task.repo.commit == key.heldout[0].repo.commit and task.repo.verification == key.heldout[0].repo.verification
        assert [check_problem(c) for c in task.judge.checks] == [None] * len(task.judge.checks)
        assert all(c.op != "generator_run" for c in task.judge.checks)
        assert Task.from_dict(task.to_dict()).intent == task.intent
    assert not {t.intent for t in first} & {h.intent for h in key.heldout}  # none of the key's own requests


def test_a_family_refuses_more_requests_than_it_has(keys):
    with pytest.raises(ExperimentError, match="between 1 and"):
        fresh_tasks(keys["maya"], 0, len(FAMILIES["tally"][1]) + 1)


def _exit(sandbox, task: Task, patch: str, tmp_path: Path, fix: bool) -> int:
    """The repository's check at the task's commit with `patch`, after the reference fix if `fix`."""
    (command,) = [v.command for v in task.repo.verification]
    with Workspace.create(RepoSpec(root=task.repo.root, commit=task.repo.commit, patch=patch), parent=tmp_path) as ws:
        for step in apply_reference_edits(ws.path, task) if fix else []:
            assert sandbox.run(ws, step).exit_code == 0, step
        return sandbox.run(ws, command).exit_code


@pytest.mark.parametrize("person", PERSONS)
def test_each_judge_fails_at_its_commit_and_passes_with_the_reference_fix(keys, person, sandbox, tmp_path):
    for seed in SEEDS:
        for task in fresh_tasks(keys[person], seed, COUNT):
            judge = task.meta["judge_patch"]
            assert _exit(sandbox, task, judge, tmp_path, fix=False) != 0, task.task_id
            assert _exit(sandbox, task, judge, tmp_path, fix=True) == 0, task.task_id
