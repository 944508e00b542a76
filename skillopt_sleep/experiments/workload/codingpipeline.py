"""A person's recorded coding weeks through the product's own path: their repository restored
from its bundle, their agents' history folders and what the SessionStart hook recorded, the
hooks' rows replayed through the hook, then `ingest`, `mine` (repo tasks) and one scheduled night
(`schedule --via manual` + `scheduled-run`) on the person's starting skill.

The sessions were recorded with the repositories under one folder (the manifest's `root`). Here
that folder is moved under the work folder: every recorded path (transcripts, start records,
hook rows) is rewritten from the old root to the new one, consistently, so mining finds each
session's repository and commit as it would have on the recording machine, and runs of the
workload never share a folder."""

from __future__ import annotations

import json
import logging
import shutil
import tarfile
import time
from pathlib import Path

from skillopt_sleep.capture import hook as capture_hook
from skillopt_sleep.errors import ExperimentError
from skillopt_sleep.experiments.workload.codingkey import ARCHIVE, KEY, clone_bundles
from skillopt_sleep.experiments.workload.pipeline import PersonaRun, cli, scheduled_night

log = logging.getLogger(__name__)
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


def record_hook_rows(manifest: dict, person: str, sessions_dir: Path, home: Path) -> int:
    """Replay the hook rows of the person's sessions through the hook itself, with the payload
    each agent gave and the person's history folders as the agents' homes (a Codex notify row
    names no transcript; the hook finds it there)."""
    recorded = sessions_dir / person / "home"
    env = {"SKILLOPT_SLEEP_HOME": str(home), "HOME": str(recorded), "CODEX_HOME": str(recorded / ".codex")}
    count = 0
    for session in manifest["sessions"]:
        if session["persona"] != person or session.get("heldout"):
            continue
        for row in session["captures"]:
            payload = {**json.loads(row.get("payload_json") or "{}"), "hook_event_name": row["event"],
                       "session_id": row["session_id"], "cwd": row["cwd"]}
            if row.get("transcript_path"):
                payload["transcript_path"] = str(sessions_dir / person / row["transcript_path"])
            capture_hook.run(["--agent", row["agent"], json.dumps(payload)], env=env)
            count += 1
    return count


def run_coding_person(manifest: dict, person: str, skill: str, sessions_dir: Path, repos: dict[str, Path],
                      work_dir: Path, night_args: list[str]) -> PersonaRun:
    """hooks -> ingest -> mine -> one scheduled night for `person`, on an empty machine of their own."""
    home = work_dir / person / "home"
    agent_home = work_dir / person / "agent-home"  # where the person's agent reads its skills
    for folder in (home, agent_home):
        shutil.rmtree(folder, ignore_errors=True)
    recorded = sessions_dir / person
    skill_path = agent_home / ".claude" / "skills" / skill / "SKILL.md"
    skill_path.parent.mkdir(parents=True)
    shutil.copyfile(recorded / "home" / ".claude" / "skills" / skill / "SKILL.md", skill_path)
    if (recorded / STARTS).is_dir():  # what the SessionStart hook wrote into the data folder
        shutil.copytree(recorded / STARTS, home / "data" / STARTS)
    project = repos[person]  # the verbs run in the person's repository, where they work
    run = PersonaRun(person, home, skill_path, skill_path.read_text(encoding="utf-8"))
    common = ["--set", "capture.include_headless=true"]  # recorded with `claude -p` / `codex exec`
    started = time.monotonic()
    run.captured = record_hook_rows(manifest, person, sessions_dir, home)
    for verb in ("ingest", "mine"):
        begun = time.monotonic()
        setattr(run, verb, cli([verb], home, project, common))
        run.wall_s[verb] = round(time.monotonic() - begun, 3)
    begun = time.monotonic()
    schedule = cli(["schedule"], home, project, common + ["--via", "manual", "--name", "coding-workload",
                                                          "--skill", str(skill_path), *night_args])
    run.night = scheduled_night(schedule, project, run.store_path)
    run.wall_s["run"] = round(time.monotonic() - begun, 3)
    run.wall_s["total"] = round(time.monotonic() - started, 3)
    log.info("%s: %d captures, night %s", person, run.captured, run.night.get("decision"))
    return run


def restore(workload: Path, work_dir: Path) -> tuple[dict, Path, dict[str, Path]]:
    """The manifest, the unpacked folder and each person's repository, restored under `work_dir`."""
    root = work_dir / "repos"
    sessions_dir = work_dir / "sessions"
    manifest = unpack_coding(workload, sessions_dir, root)
    repos = clone_bundles(sessions_dir, workload / KEY, root)
    for name, person in manifest["personas"].items():
        if Path(person["root"]) != repos.get(name):
            raise ExperimentError(f"{name}: the sessions ran in {person['root']}, the bundle was restored at {repos.get(name)}")
    return manifest, sessions_dir, repos
