"""A person's recorded weeks through the product's own path, as a user's machine runs it: the
hook records each session (the capture rows the agents' hooks wrote while recording), then the
CLI verbs `ingest` and `mine`, then `schedule --via manual` and the very command it would have a
scheduler run (`scheduled-run`), in a home of their own. Held-out sessions are never recorded
here, so no night sees them. How a workload's sessions are restored and where a person's machine
keeps its skill differ by workload kind (persona.py, coding.py); the path is this one."""

from __future__ import annotations

import json
import logging
import os
import subprocess
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

from skillopt_sleep.capture import hook as capture_hook
from skillopt_sleep.errors import EXIT_HELD, EXIT_UNVERIFIED, ExperimentError
from skillopt_sleep.store import Store

log = logging.getLogger(__name__)
VERB_TIMEOUT_S = 3600
NIGHT_TIMEOUT_S = 6 * 3600  # a night of agent episodes with a local model on 2 cores runs past an hour
NIGHT_VERDICTS = frozenset({EXIT_HELD, EXIT_UNVERIFIED})


@dataclass(frozen=True)
class Restored:
    """A workload unpacked under the work folder: its manifest, the unpacked sessions, and (coding)
    each person's repository restored from its bundle."""

    manifest: dict
    sessions_dir: Path
    repos: dict[str, Path] = field(default_factory=dict)


@dataclass(frozen=True)
class Machine:
    """A person's empty machine: the product's home, the folder the verbs run in, the skill the
    night starts from, and the environment the hook records in."""

    home: Path
    project: Path
    skill_path: Path
    hook_env: dict[str, str]


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


def record_hook_rows(manifest: dict, person: str, sessions_dir: Path, env: dict[str, str]) -> int:
    """Replay the hook rows of the person's learning weeks through the hook itself, with the
    payload each agent gave (a Codex notify row names no transcript; the hook finds it in the
    agent's home that `env` names)."""
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


def _run(command: list[str], cwd: Path, env: dict, what: str, timeout_s: float = VERB_TIMEOUT_S,
         verdicts: frozenset[int] = frozenset()) -> str:
    """One process of the CLI; its stdout, or an error with the end of what it said. `verdicts`: exit
    codes that report what the command decided (a night held or unverified), not a failure."""
    try:
        done = subprocess.run(command, cwd=cwd, env={**os.environ, **env}, capture_output=True, text=True, timeout=timeout_s)
    except subprocess.TimeoutExpired:
        raise ExperimentError(f"`skillopt-sleep {what}` ran past {timeout_s / 3600:g} h and was stopped; run the workload "
                              "again to resume it (finished calls come from the record)") from None
    if done.returncode != 0 and done.returncode not in verdicts:
        raise ExperimentError(f"`skillopt-sleep {what}` exited {done.returncode}: {(done.stderr or done.stdout).strip()[-800:]}")
    return done.stdout


def cli(verb: list[str], home: Path, cwd: Path, args: list[str]) -> dict:
    """One verb of the installed CLI in its own process, its --json report parsed."""
    command = [sys.executable, "-m", "skillopt_sleep", *verb, "--json", "-q", *args]
    return json.loads(_run(command, cwd, {"SKILLOPT_SLEEP_HOME": str(home)}, " ".join(verb)))


def scheduled_night(schedule: dict, project: Path, store_path: Path) -> dict:
    """The command the scheduler would run, run now (--force: due or not), and the report of the
    night it ran, as the store keeps it. A night that ended held for the user or unverified (too few
    gate tasks to judge) is a night's outcome like any other: its report says so and the measurement
    goes on; a night whose replays failed is the machine's failure and stops it."""
    _run([*schedule["argv"], "--force", "--console"], project, schedule["env"], "scheduled-run", NIGHT_TIMEOUT_S,
         verdicts=NIGHT_VERDICTS)
    with Store(store_path) as store:
        row = store.query_one("SELECT report_json FROM nights WHERE report_json IS NOT NULL ORDER BY started_at DESC LIMIT 1")
    if row is None:
        raise ExperimentError(f"the scheduled night left no report in {store_path}")
    return json.loads(row["report_json"])


def run_person(restored: Restored, person: str, machine: Machine, night_args: list[str], schedule_name: str,
               llm_mining: bool = False) -> PersonaRun:
    """hooks → ingest → mine → one scheduled night on the person's starting skill (staged if accepted)."""
    home, project, skill_path = machine.home, machine.project, machine.skill_path
    run = PersonaRun(person, home, skill_path, skill_path.read_text(encoding="utf-8"))
    common = ["--set", "capture.include_headless=true"]  # the sessions were recorded with `claude -p` / `codex exec`
    started = time.monotonic()
    run.captured = record_hook_rows(restored.manifest, person, restored.sessions_dir, machine.hook_env)
    for verb, extra in (("ingest", []), ("mine", ["--llm", *night_args] if llm_mining else [])):
        begun = time.monotonic()
        setattr(run, verb, cli([verb], home, project, common + extra))
        run.wall_s[verb] = round(time.monotonic() - begun, 3)
    begun = time.monotonic()
    llm = ["--set", "mining.llm=true"] if llm_mining else []
    schedule = cli(["schedule"], home, project, common + ["--via", "manual", "--name", schedule_name,
                                                          "--skill", str(skill_path), *llm, *night_args])
    run.night = scheduled_night(schedule, project, run.store_path)
    run.wall_s["run"] = round(time.monotonic() - begun, 3)
    run.wall_s["total"] = round(time.monotonic() - started, 3)
    log.info("%s: %d captures, night %s", person, run.captured, run.night.get("decision"))
    return run
