"""The coding workload (recipe `kind: coding`): per person, repository sessions recorded with
their agents, the repository restored from its bundle; the mined repo tasks scored against the
planted conventions (codingfunnel), and the held-out requests of the key replayed as sandboxed
episodes under the starting skill and under the skill the night's proposal would install
(codingmeasure).

The sessions were recorded with the repositories under one folder (the manifest's `root`). Here
that folder is moved under the work folder: every recorded path (transcripts, start records,
hook rows) is rewritten from the old root to the new one, consistently, so mining finds each
session's repository and commit as it would have on the recording machine, and runs of the
workload never share a folder."""

from __future__ import annotations

import json
import shutil
import tarfile
from pathlib import Path

from skillopt_sleep.backends.recorder import CallRecorder
from skillopt_sleep.errors import ExperimentError
from skillopt_sleep.experiments.workload.codingarms import PROSE, arm_enforcement
from skillopt_sleep.experiments.workload.codingfunnel import coding_funnel, mined_conventions, unmatched_checks
from skillopt_sleep.experiments.workload.answerkey import KEY
from skillopt_sleep.experiments.workload.codingkey import ARCHIVE, CodingPersonaKey, clone_bundles, load_coding_key
from skillopt_sleep.experiments.workload.codingmeasure import measure_heldout
from skillopt_sleep.experiments.workload.kind import (HeldoutPlan, Judged, Night, WorkloadKind, WorkloadRow, edit_texts,
                                                      heldout_student, night_summary)
from skillopt_sleep.experiments.workload.pipeline import Machine, Restored
from skillopt_sleep.experiments.workload.recipe import WorkloadRecipe
from skillopt_sleep.night.replay.repo_sandbox import find_repo_sandbox
from skillopt_sleep.night.sequencing.settings import RepoSettings
from skillopt_sleep.store import Store
from skillopt_sleep.students.base import Student, StudentSetup
from skillopt_sleep.students.registry import repo_student

STARTS = "repo-starts"
MOVED_MARK = ".moved-to"  # the root the unpacked files were rewritten to


def unpack_coding(workload: Path, into: Path, root: Path) -> dict:
    """Extract the recorded coding sessions once, with every recorded path moved to `root`;
    returns the manifest."""
    archive = workload / ARCHIVE
    if not archive.is_file():
        raise ExperimentError(f"no {ARCHIVE} in {workload}: run experiments/workloads/coding/generate.py")
    mark = into / MOVED_MARK
    if not mark.is_file() or mark.read_text(encoding="utf-8") != str(root):
        shutil.rmtree(into, ignore_errors=True)
        into.mkdir(parents=True)
        with tarfile.open(archive, "r:xz") as packed:
            packed.extractall(into, filter="data")
        old = json.loads((into / "manifest.json").read_text(encoding="utf-8"))["root"]
        move_paths(into, old, str(root))
        mark.write_text(str(root), encoding="utf-8")
    return json.loads((into / "manifest.json").read_text(encoding="utf-8"))


def move_paths(folder: Path, old: str, new: str) -> int:
    """Rewrite `old/` to `new/` in every text file under `folder` (bundles are left alone);
    returns how many files changed. The trailing slash keeps a longer name that starts the same
    (old + "-x") as it was; the root alone, as written in the manifest, is rewritten too."""
    changed = 0
    for path in sorted(p for p in folder.rglob("*") if p.is_file() and p.suffix != ".bundle"):
        data = path.read_bytes()
        moved = data.replace(old.encode() + b"/", new.encode() + b"/").replace(
            json.dumps(old).encode(), json.dumps(new).encode())
        if moved != data:
            path.write_bytes(moved)
            changed += 1
    return changed


def restore(workload: Path, work_dir: Path) -> Restored:
    """The manifest, the unpacked folder and each person's repository, restored under `work_dir`."""
    root = work_dir / "repos"
    sessions_dir = work_dir / "sessions"
    manifest = unpack_coding(workload, sessions_dir, root)
    repos = clone_bundles(sessions_dir, workload / KEY, root)
    for name, person in manifest["personas"].items():
        if Path(person["root"]) != repos.get(name):
            raise ExperimentError(f"{name}: the sessions ran in {person['root']}, the bundle was restored at {repos.get(name)}")
    return Restored(manifest, sessions_dir, repos)


def machine(restored: Restored, person: str, skill: str, work_dir: Path) -> Machine:
    """An empty home and agent home; the verbs run in the person's repository, where they work,
    and the hook finds the agents' history folders the sessions were recorded with."""
    home = work_dir / person / "home"
    agent_home = work_dir / person / "agent-home"  # where the person's agent reads its skills
    for folder in (home, agent_home):
        shutil.rmtree(folder, ignore_errors=True)
    recorded = restored.sessions_dir / person
    skill_path = agent_home / ".claude" / "skills" / skill / "SKILL.md"
    skill_path.parent.mkdir(parents=True)
    shutil.copyfile(recorded / "home" / ".claude" / "skills" / skill / "SKILL.md", skill_path)
    if (recorded / STARTS).is_dir():  # what the SessionStart hook wrote into the data folder
        shutil.copytree(recorded / STARTS, home / "data" / STARTS)
    hook_env = {"SKILLOPT_SLEEP_HOME": str(home), "HOME": str(recorded / "home"),
                "CODEX_HOME": str(recorded / "home" / ".codex")}
    return Machine(home, restored.repos[person], skill_path, hook_env)


def mining_summary(mine: dict, tasks: list) -> dict:
    """What became repo tasks and why the other sessions gave none (the miner's own reasons)."""
    repo = [t for t in tasks if t.repo is not None]
    return {**mine, "repo_task_ids": sorted(t.task_id for t in repo),
            "repo_found_by": sorted({t.repo.found_by for t in repo}),
            "repo_checks": sorted({c.name() for t in repo for c in t.judge.checks}),
            "repo_verification": sorted({v.command for t in repo for v in t.repo.verification})}


def score_heldout(recipe: WorkloadRecipe, key: CodingPersonaKey, measured: Night) -> tuple[dict, list[dict]]:
    run = measured.run
    plan = measured.plan or HeldoutPlan(seeds=list(recipe.test_seeds))
    config, student = heldout_student(recipe, run, key.name, run.skill_path.parent)
    choice = recipe.student
    notes: list[str] = []
    settings = RepoSettings.from_config(config)
    tasks, sandbox = find_repo_sandbox(plan.tasks if plan.tasks is not None else key.heldout, settings, notes)
    assert sandbox is not None  # every held-out request is a repo task: without a sandbox the call above raised
    temperature = choice.temperature if choice.temperature is not None else config["student.temperature"]
    max_tokens = choice.max_tokens if choice.max_tokens is not None else config["student.max_tokens"]
    # The starting skill is held to what the project enforces now; the proposal, to its arm's.
    project, scratch = Path(tasks[0].repo.root), run.home.parent / "adopted-guardrails"
    held = {"baseline": arm_enforcement(PROSE, project, scratch, run.night)[0]}
    held["after"], installed = arm_enforcement(plan.arm or PROSE, project, scratch, run.night)

    def student_for(label: str):
        def make(recorder: CallRecorder) -> Student:
            setup = StudentSetup(student, recorder, temperature=temperature, max_tokens=max_tokens, sandbox=sandbox,
                                 repo=settings.limits, enforcement=held[label])
            return repo_student(setup, settings.student, notes)
        return make

    tag = plan.tag or f"coding-workload-{key.name}-heldout"
    namespaces = {"baseline": f"{tag}-baseline", "after": f"{tag}-after" + (f"-{plan.arm}" if plan.arm else "")}
    with Store(run.store_path) as store:
        heldout, by_arm = measure_heldout(
            tasks, {"baseline": run.seed_skill, "after": measured.after_skill},
            {label: student_for(label) for label in held}, store, plan.seeds,
            {c.id: c.checks for c in key.conventions}, tag=tag, namespaces=namespaces)
    heldout.update(sandbox=sandbox.name, notes=list(dict.fromkeys(notes)), arm=plan.arm, guardrails_installed=installed,
                   request_seed=plan.request_seed, label=plan.label or "answer key", viewed=plan.viewed,
                   task_ids=[t.task_id for t in tasks])
    return heldout, [by_arm[arm] for arm in ("baseline", "after")]


def judge(recipe: WorkloadRecipe, restored: Restored, key: CodingPersonaKey, measured: Night) -> Judged:
    run, night, mined = measured.run, measured.run.night, measured.mined
    carried = mined_conventions(mined, key)
    heldout, calls = score_heldout(recipe, key, measured)
    own = [s for s in restored.manifest["sessions"] if s["persona"] == key.name]
    mining = mining_summary(run.mine, mined)
    unmatched = unmatched_checks(mined, key)
    return Judged(
        sessions={"learning": len(own), "heldout": heldout["n_tasks"], "agents": sorted({s["agent"] for s in own}),
                  "hook_rows": run.captured, "repo": key.repo},
        mining=mining, mining_score={"checks": len(mining["repo_checks"]), "matched": len(mining["repo_checks"]) - len(unmatched),
                                     "carriers": carried, "unmatched": unmatched},
        funnel=coding_funnel(key, list(carried), edit_texts(night), measured.after_skill, run.seed_skill),
        night={**night_summary(night, measured.after_skill, run.seed_skill), "changes": night.get("changes", [])},
        heldout=heldout, calls=calls)


def progress(row: WorkloadRow) -> str:
    stats = row.heldout["stats"]
    where = row.persona + (f" night {row.night_seed}" if row.request_seed is not None else "") + (f" ({row.arm})" if row.arm else "")
    return (f"{where}: {row.mining['repo_tasks']} repo task(s); conventions {len(row.funnel['planted'])} planted, "
            f"{len(row.funnel['mined'])} mined, {len(row.funnel['proposed'])} proposed, {len(row.funnel['kept'])} kept; "
            f"night {row.night['decision']}; outcome {stats['outcome']['baseline']['mean']:.2f} -> "
            f"{stats['outcome']['after']['mean']:.2f}, conventions {stats['convention']['baseline']['mean']:.2f} -> "
            f"{stats['convention']['after']['mean']:.2f}")


CODING = WorkloadKind(row_kind="coding-workload", schedule_name="coding-workload", restore=restore,
                      load_keys=lambda path, restored: load_coding_key(path, restored.repos), machine=machine,
                      judge=judge, progress=progress)
