"""A persona's recorded weeks through the product's own path, as a user's machine runs it: the
hook records each session (the capture rows the plugin's hooks wrote while recording), then the
CLI verbs `ingest` and `mine`, then `schedule --via manual` and the very command it would have a
scheduler run (`scheduled-run`), in a home of their own. Held-out sessions are never recorded
here, so no night sees them."""

from __future__ import annotations

import json
import logging
import os
import shutil
import subprocess
import sys
import tarfile
import time
from dataclasses import dataclass, field
from pathlib import Path

from skillopt_sleep.capture import hook as capture_hook
from skillopt_sleep.errors import ExperimentError
from skillopt_sleep.store import Store

log = logging.getLogger(__name__)
ARCHIVE = "personas-sessions.tar.xz"
KEY = "answer-key.json"
VERB_TIMEOUT_S = 3600
NIGHT_TIMEOUT_S = 6 * 3600  # a night of agent episodes with a local model on 2 cores runs past an hour


@dataclass
class PersonaRun:
    persona: str
    home: Path  # SKILLOPT_SLEEP_HOME of this persona's machine
    skill_path: Path
    seed_skill: str
    captured: int = 0
    ingest: dict = field(default_factory=dict)
    mine: dict = field(default_factory=dict)
    night: dict = field(default_factory=dict)
    wall_s: dict = field(default_factory=dict)  # per verb

    @property
    def store_path(self) -> Path:
        return self.home / "data" / "store.db"


def unpack(workload: Path, into: Path) -> dict:
    """Extract the recorded sessions once; returns the manifest."""
    archive = workload / ARCHIVE
    if not archive.is_file():
        raise ExperimentError(f"no {ARCHIVE} in {workload}: run experiments/workloads/generate.py")
    if not (into / "manifest.json").is_file():
        into.mkdir(parents=True, exist_ok=True)
        with tarfile.open(archive, "r:xz") as packed:
            packed.extractall(into, filter="data")
    return json.loads((into / "manifest.json").read_text(encoding="utf-8"))


def record_sessions(manifest: dict, persona: str, sessions_dir: Path, home: Path) -> int:
    """Replay the hook rows of the persona's learning weeks through the hook itself."""
    env = {**os.environ, "SKILLOPT_SLEEP_HOME": str(home)}
    count = 0
    for session in manifest["sessions"]:
        if session["persona"] != persona or session["heldout"]:
            continue
        for row in session["captures"]:
            payload = {"hook_event_name": row["event"], "session_id": row["session_id"], "cwd": row["cwd"],
                       "transcript_path": str(sessions_dir / persona / row["transcript_path"])}
            capture_hook.run(["--agent", row["agent"], json.dumps(payload)], env=env)
            count += 1
    return count


def _run(command: list[str], cwd: Path, env: dict, what: str, timeout_s: float = VERB_TIMEOUT_S) -> str:
    """One process of the CLI; its stdout, or an error with the end of what it said."""
    try:
        done = subprocess.run(command, cwd=cwd, env={**os.environ, **env}, capture_output=True, text=True, timeout=timeout_s)
    except subprocess.TimeoutExpired:
        raise ExperimentError(f"`skillopt-sleep {what}` ran past {timeout_s / 3600:g} h and was stopped; run the workload "
                              "again to resume it (finished calls come from the record)") from None
    if done.returncode != 0:
        raise ExperimentError(f"`skillopt-sleep {what}` exited {done.returncode}: {(done.stderr or done.stdout).strip()[-800:]}")
    return done.stdout


def cli(verb: list[str], home: Path, cwd: Path, args: list[str]) -> dict:
    """One verb of the installed CLI in its own process, its --json report parsed."""
    command = [sys.executable, "-m", "skillopt_sleep", *verb, "--json", "-q", *args]
    return json.loads(_run(command, cwd, {"SKILLOPT_SLEEP_HOME": str(home)}, " ".join(verb)))


def scheduled_night(schedule: dict, project: Path, store_path: Path) -> dict:
    """The command the scheduler would run, run now (--force: due or not), and the report of the
    night it ran, as the store keeps it."""
    _run([*schedule["argv"], "--force", "--console"], project, schedule["env"], "scheduled-run", NIGHT_TIMEOUT_S)
    with Store(store_path) as store:
        row = store.query_one("SELECT report_json FROM nights WHERE report_json IS NOT NULL ORDER BY started_at DESC LIMIT 1")
    if row is None:
        raise ExperimentError(f"the scheduled night left no report in {store_path}")
    return json.loads(row["report_json"])


def run_persona(manifest: dict, persona: str, skill: str, sessions_dir: Path, work_dir: Path,
                night_args: list[str], llm_mining: bool = False) -> PersonaRun:
    """hooks → ingest → mine → one scheduled night on the persona's starting skill (staged if accepted)."""
    home = work_dir / persona / "home"
    project = work_dir / persona / "project"
    if home.exists():
        shutil.rmtree(home)  # a measurement starts from an empty machine
    shutil.rmtree(project, ignore_errors=True)
    shutil.copytree(sessions_dir / persona / "project", project)
    skill_path = project / ".claude" / "skills" / skill / "SKILL.md"
    run = PersonaRun(persona, home, skill_path, skill_path.read_text(encoding="utf-8"))
    common = ["--set", "capture.include_headless=true"]  # the sessions were recorded with `claude -p` / `codex exec`
    started = time.monotonic()
    run.captured = record_sessions(manifest, persona, sessions_dir, home)
    for verb, extra in (("ingest", []), ("mine", ["--llm", *night_args] if llm_mining else [])):
        begun = time.monotonic()
        setattr(run, verb, cli([verb], home, project, common + extra))
        run.wall_s[verb] = round(time.monotonic() - begun, 3)
    begun = time.monotonic()
    llm = ["--set", "mining.llm=true"] if llm_mining else []
    schedule = cli(["schedule"], home, project, common + ["--via", "manual", "--name", "workload",
                                                          "--skill", str(skill_path), *llm, *night_args])
    run.night = scheduled_night(schedule, project, run.store_path)
    run.wall_s["run"] = round(time.monotonic() - begun, 3)
    run.wall_s["total"] = round(time.monotonic() - started, 3)
    log.info("%s: %d captures, night %s", persona, run.captured, run.night.get("decision"))
    return run
