"""Record the persona workload with the real agent CLIs and a fake model that plays the agent
from the session plan (plan.py), then pack it beside its answer key.

    python experiments/workloads/generate.py

Each planned turn is one run of the bundled `claude` CLI with this plugin loaded (`--plugin-dir`,
so its hooks record the session for real; follow-ups `--resume` the same session) or of `codex
exec` (follow-ups `exec resume`), against the loopback fake servers of tests/fakes. Everything
runs under /tmp/skillopt-workload, so transcripts hold no path of the machine that made them.
Writes, next to this file: personas-sessions.tar.xz (per persona the agents' history folders,
the hooks' capture rows and the starting SKILL.md, plus manifest.json), answer-key.json, and
scripted/<persona>.json (the scripted models of the fast run). Takes a few minutes;
`--key-only` rewrites only the answer key and the scripted models (they follow from the plan).
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import tarfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
HERE = Path(__file__).resolve().parent
for entry in (REPO, HERE):
    if str(entry) not in sys.path:
        sys.path.insert(0, str(entry))

from plan import PlannedSession, answer_key, load_spec, plan, scripted_rules  # noqa: E402
from tests.fakes import FakeAnthropic, FakeOpenAI, claude_cli_path, claude_env, codex_cli_path, codex_env, text  # noqa: E402
from tests.fixtures.scrub import scrub_tree  # noqa: E402

ROOT = Path("/tmp/skillopt-workload")
MODEL = "claude-haiku-4-5"
CODEX_MODEL = "gpt-5-mini"
ARCHIVE = HERE / "personas-sessions.tar.xz"
SEED_SKILL = """---
name: {name}
description: {description}
---
# {title}

Help with this project's everyday requests. Read the relevant files first, then answer briefly.
"""
DESCRIPTIONS = {"dev-helper": "Everyday development help for the shop-api project",
                "paper-notes": "Reading notes, summaries and reviews of research papers",
                "metrics-report": "Weekly metrics reports, charts and forecasts"}


def persona_dirs(name: str) -> tuple[Path, Path, Path]:
    base = ROOT / name
    return base / "home", base / "project", base / "sk"


def prepare(spec: dict) -> None:
    shutil.rmtree(ROOT, ignore_errors=True)
    for persona in spec["personas"]:
        home, project, _ = persona_dirs(persona["name"])
        skill = project / ".claude" / "skills" / persona["skill"] / "SKILL.md"
        skill.parent.mkdir(parents=True)
        skill.write_text(SEED_SKILL.format(name=persona["skill"], description=DESCRIPTIONS[persona["skill"]],
                                           title=persona["skill"].replace("-", " ").capitalize()))
        (project / "README.md").write_text(f"# {persona['project']}\n")
        home.mkdir(parents=True)


def run_claude(fake: FakeAnthropic, session: PlannedSession) -> str:
    home, project, sk = persona_dirs(session.persona)
    env = dict(claude_env(fake, home), SKILLOPT_SLEEP_HOME=str(sk), SKILLOPT_SLEEP_PYTHON=sys.executable)
    session_id = ""
    for turn in session.turns:
        fake.push(text(turn.reply))
        command = [str(claude_cli_path()), "-p", turn.user, "--output-format", "json", "--plugin-dir", str(REPO),
                   "--model", MODEL] + (["--resume", session_id] if session_id else [])
        done = subprocess.run(command, cwd=project, env=env, capture_output=True, text=True, timeout=180)
        if done.returncode != 0:
            raise RuntimeError(f"claude -p failed: {done.stderr[-2000:]}")
        session_id = json.loads(done.stdout)["session_id"]
    return session_id


def run_codex(fake: FakeOpenAI, session: PlannedSession) -> str:
    home, project, _ = persona_dirs(session.persona)
    thread = ""
    for turn in session.turns:
        fake.push(text(turn.reply))
        command = [str(codex_cli_path()), "exec", "--json", "--skip-git-repo-check", "--sandbox", "read-only",
                   "-C", str(project), "-m", CODEX_MODEL] + (["resume", thread, "-"] if thread else ["-"])
        done = subprocess.run(command, input=turn.user, text=True, env=codex_env(fake, home), capture_output=True, timeout=180)
        if done.returncode != 0:
            raise RuntimeError(f"codex exec failed: {done.stderr[-2000:]}")
        events = [json.loads(line) for line in done.stdout.splitlines() if line.startswith("{")]
        thread = thread or next(e["thread_id"] for e in events if e.get("type") == "thread.started")
    return thread


def codex_capture(session: PlannedSession, thread: str) -> dict:
    """The row the Codex Stop hook records (codex exec runs no hooks, so it is written here)."""
    home, project, _ = persona_dirs(session.persona)
    rollout = next((home / ".codex" / "sessions").rglob(f"rollout-*{thread}.jsonl"))
    return {"agent": "codex", "event": "Stop", "session_id": thread, "transcript_path": str(rollout),
            "cwd": str(project), "synthesized": True}


def hook_rows(persona: str) -> list[dict]:
    """What the plugin's hooks recorded (the spool: no store exists while recording)."""
    _, _, sk = persona_dirs(persona)
    spool = sk / "data" / "capture-spool.jsonl"
    return [json.loads(line) for line in spool.read_text().splitlines()] if spool.is_file() else []


def relative(path: str, persona: str) -> str:
    return str(Path(path).relative_to(ROOT / persona))


def record(sessions: list[PlannedSession]) -> list[dict]:
    entries = []
    with FakeAnthropic() as claude_fake, FakeOpenAI() as codex_fake:
        for number, session in enumerate(sessions, 1):
            started = time.monotonic()
            if session.agent == "codex":
                session_id = run_codex(codex_fake, session)
                captures = [codex_capture(session, session_id)]
            else:
                session_id = run_claude(claude_fake, session)
                captures = []
            for fake in (claude_fake, codex_fake):
                if fake.script.pending() or fake.script.unscripted:
                    raise RuntimeError(f"session {number}: the fake model's script is out of step")
            entries.append({**session.to_dict(), "session_id": session_id, "captures": captures})
            print(f"  {number}/{len(sessions)} {session.persona} week {session.week} {session.agent} {session.kind}: "
                  f"{time.monotonic() - started:.1f}s", flush=True)
    time.sleep(2.0)  # the async SessionEnd hooks of the last runs finish writing
    for entry in entries:
        if entry["agent"] != "codex":
            entry["captures"] = [row for row in hook_rows(entry["persona"]) if row.get("session_id") == entry["session_id"]]
            if not entry["captures"]:
                raise RuntimeError(f"no hook recorded claude session {entry['session_id']}")
    for entry in entries:
        for row in entry["captures"]:
            row["transcript_path"] = relative(row["transcript_path"], entry["persona"])
            row.pop("spool_reason", None)
    return entries


def pack(spec: dict, entries: list[dict]) -> None:
    staging = ROOT / "pack"
    for persona in spec["personas"]:
        home, project, _ = persona_dirs(persona["name"])
        target = staging / persona["name"]
        for sub in (".claude/projects", ".codex/sessions"):
            if (home / sub).is_dir():
                shutil.copytree(home / sub, target / "home" / sub, ignore=shutil.ignore_patterns("memory"))
        shutil.copytree(project / ".claude" / "skills", target / "project" / ".claude" / "skills")
    scrub_tree(staging)
    (staging / "manifest.json").write_text(json.dumps({
        "made_by": "experiments/workloads/generate.py", "root": str(ROOT),
        "claude_version": _version([str(claude_cli_path()), "--version"]),
        "codex_version": _version([str(codex_cli_path()), "--version"]), "sessions": entries}, indent=1) + "\n")
    with tarfile.open(ARCHIVE, "w:xz", preset=9) as archive:
        for path in sorted(staging.rglob("*")):
            info = archive.gettarinfo(str(path), str(path.relative_to(staging)))
            info.mtime, info.uid, info.gid, info.uname, info.gname = 0, 0, 0, "", ""
            info.mode = 0o755 if path.is_dir() else 0o644
            if path.is_file():
                with path.open("rb") as handle:
                    archive.addfile(info, handle)
            else:
                archive.addfile(info)


def _version(command: list[str]) -> str:
    try:
        return subprocess.run(command, capture_output=True, text=True, timeout=30).stdout.strip()
    except OSError:
        return ""


def write_key(spec: dict, sessions: list[PlannedSession]) -> None:
    (HERE / "answer-key.json").write_text(json.dumps(answer_key(spec, sessions), indent=1) + "\n")
    scripted = HERE / "scripted"
    scripted.mkdir(exist_ok=True)
    for persona in spec["personas"]:
        (scripted / f"{persona['name']}.json").write_text(json.dumps(scripted_rules(persona), indent=1) + "\n")


def main() -> int:
    spec = load_spec()
    sessions = plan(spec)
    write_key(spec, sessions)
    if "--key-only" in sys.argv[1:]:
        return 0
    if codex_cli_path() is None:
        raise SystemExit("codex CLI not found: npm install --prefix .cache/node @openai/codex")
    prepare(spec)
    entries = record(sessions)
    pack(spec, entries)
    print(f"wrote {ARCHIVE.name} ({ARCHIVE.stat().st_size // 1024} KiB, {len(entries)} sessions), answer-key.json, scripted/")
    return 0


if __name__ == "__main__":
    os.umask(0o022)
    raise SystemExit(main())
