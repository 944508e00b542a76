"""Record the coding workload with the real agent CLIs and a fake model that plays the agent
from the plan (workload.yaml), then pack it beside its answer key.

    npm install --prefix .cache/node @openai/codex pnpm@10.34.9   # once
    python experiments/workloads/coding/generate.py

Each person works in a real git repository built from the fixture trees (repos.py) under
/tmp/skillopt-coding/<person>/<repo>, so transcripts hold no path of the machine that made
them. Each planned turn is one run of the bundled `claude` CLI with this plugin, as committed,
loaded (`--plugin-dir`: its SessionStart, Stop and SessionEnd hooks fire; follow-ups `--resume`), or of
`codex exec` with the plugin installed by plugin/codex/install.py and its hooks trusted
(follow-ups `exec resume`), against the loopback fake servers of tests/fakes. The agent's tool
calls are real: files are read and edited in the repository and the checks run there, with the
exit statuses the plan names (a turn whose tree differs from the planned one stops the run).
After each session the person commits the work, so the next session starts from a new commit.
Week 4's requests are never recorded: they go to the answer key with a judge patch (tests
applied only when judging) and a reference fix, each checked to fail before the fix and pass
after it.

Writes, next to this file: coding-sessions.tar.xz (per person the agents' history folders, the
starting SKILL.md and the repository as a git bundle; manifest.json with each session, the
commit it started from and the hooks' capture rows) and answer-key.json. Takes a few minutes.
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

HERE = Path(__file__).resolve().parent
REPO = HERE.parents[2]
for entry in (REPO, HERE):
    if str(entry) not in sys.path:
        sys.path.insert(0, str(entry))

from agents import turn_replies  # noqa: E402
from plan import HeldOut, Persona, PlannedSession, load_personas, replay, run_command  # noqa: E402
from repos import build_repo, commit_all, git, git_env  # noqa: E402
from skillopt_sleep.capture.ingest import IngestOptions, Ingestor  # noqa: E402
from skillopt_sleep.capture.sessions import SessionRepo  # noqa: E402
from skillopt_sleep.store import Store  # noqa: E402
from tests.fakes import FakeAnthropic, FakeOpenAI, claude_cli_path, claude_env, codex_cli_path, codex_env  # noqa: E402
from tests.fixtures.scrub import scrub_tree  # noqa: E402

ROOT = Path("/tmp/skillopt-coding")
ENGINE = ROOT / "engine"  # the committed tree, so work in progress elsewhere in the checkout never runs
PLUGIN = ENGINE / "plugin"  # the Claude Code plugin's root
MODEL = "claude-haiku-4-5"
CODEX_MODEL = "gpt-5-mini"
ARCHIVE = HERE / "coding-sessions.tar.xz"
KEY = HERE / "answer-key.json"
SEED_SKILL = """---
name: {name}
description: {description}
---
# {title}

Help with this repository's everyday coding requests. Read the relevant files first, make the
change, and say briefly what you did.
"""


def dirs(persona: Persona) -> tuple[Path, Path, Path]:
    """The person's HOME, SKILLOPT_SLEEP_HOME and repository."""
    base = ROOT / persona.name
    return base / "home", base / "sk", base / persona.repo


def tool_env() -> dict[str, str]:
    """What the agents' commands run with: pnpm reachable by a path under ROOT."""
    pnpm = REPO / ".cache" / "node" / "node_modules" / ".bin" / "pnpm"
    if not pnpm.is_file():
        raise SystemExit("pnpm not found: npm install --prefix .cache/node pnpm@10.34.9")
    (ROOT / "bin").mkdir(parents=True, exist_ok=True)
    if not (ROOT / "bin" / "pnpm").exists():
        (ROOT / "bin" / "pnpm").symlink_to(pnpm)
    return {**os.environ, "PATH": f"{ROOT / 'bin'}{os.pathsep}{os.environ.get('PATH', '')}",
            "npm_config_update_notifier": "false", "NO_COLOR": "1"}


def export_engine() -> None:
    """The plugin and engine as committed (HEAD), where the hooks run them from."""
    ENGINE.mkdir(parents=True)
    archive = subprocess.run(["git", "-C", str(REPO), "archive", "--format=tar", "HEAD"], capture_output=True, check=True)
    subprocess.run(["tar", "-x", "-C", str(ENGINE)], input=archive.stdout, check=True)


def tree_id(repo: Path) -> str:
    """The id of the work tree's content (untracked files included), leaving the index alone."""
    index = repo / ".git" / "shadow-index"
    env = {**git_env("Fixture <fixture@example.invalid>"), "GIT_INDEX_FILE": str(index)}
    try:
        git(repo, "add", "-A", env=env)
        return git(repo, "write-tree", env=env)
    finally:
        index.unlink(missing_ok=True)


def dry_run(persona: Persona, env: dict[str, str]) -> Path:
    """Carry the whole plan out without an agent, committing after each session; the repository."""
    repo = ROOT / "dry" / persona.name / persona.repo
    build_repo(persona.repo, repo, persona.author)
    for session in persona.sessions:
        for turn in session.turns:
            replay(repo, turn.steps, env)
        commit_all(repo, session.turns[0].user[:72], persona.author)
    return repo


def diff(repo: Path, *args: str) -> str:
    """`git diff` output as it is: a patch's trailing blank context line must survive."""
    done = subprocess.run(["git", "-C", str(repo), "diff", "--binary", *args], capture_output=True, text=True, check=True)
    return done.stdout


def heldout_entry(persona: Persona, item: HeldOut, final: Path, env: dict[str, str]) -> dict:
    """A held-out request's judge patch and reference fix, made on a copy of the final tree and
    checked: the repository's check fails with the judge patch alone and passes with the fix."""
    work = ROOT / "dry" / "heldout" / persona.name / item.id
    shutil.copytree(final, work)
    for path, content in item.judge_files.items():
        (work / path).write_text(content, encoding="utf-8")
    git(work, "add", "-A")
    judge_patch = diff(work, "--cached")
    before = run_command(work, persona.judge_check, env)
    if before.returncode == 0:
        raise RuntimeError(f"{persona.name}/{item.id}: the check passes before the fix")
    replay(work, item.fix, env)
    git(work, "add", "-A")
    full = diff(work, "--cached", "HEAD")
    after = run_command(work, persona.judge_check, env)
    if after.returncode != 0:
        raise RuntimeError(f"{persona.name}/{item.id}: the check fails after the fix:\n{after.stdout[-2000:]}")
    git(work, "reset", "-q", "HEAD", "--", *item.judge_files)
    reference_patch = diff(work, "--cached", "HEAD")
    if reference_patch.strip() == "" or full.strip() == "":
        raise RuntimeError(f"{persona.name}/{item.id}: empty patch")
    changed = git(work, "diff", "--cached", "--name-only", "HEAD").splitlines()
    # generator_run asks for the generator after the last edit, which a fix that changes no schema
    # never needs: a held-out task keeps the convention as path_untouched (or its verification).
    checks = [c for conv in persona.conventions if conv.id in item.conventions for c in conv.checks
              if c["op"] != "generator_run"]
    # A generated folder the right fix regenerates is judged by the verification's freshness check
    # (the generator's output must match), not by path_untouched.
    regenerated = [c for c in checks if c["op"] == "path_untouched"
                   and any(f.startswith(c["arg"].removesuffix("**")) for f in changed)]
    return {"task_id": f"{persona.name}-{item.id}", "request": item.request, "verification": [persona.judge_check],
            "judge_patch": judge_patch, "reference_patch": reference_patch, "conventions": item.conventions,
            "checks": [c for c in checks if c not in regenerated], "left_to_verification": regenerated}


def prepare(persona: Persona, codex_fake: FakeOpenAI) -> dict[str, str]:
    """The person's repository, skill and Codex home with the plugin installed; Codex's env."""
    home, sk, repo = dirs(persona)
    build_repo(persona.repo, repo, persona.author)
    skill = home / ".claude" / "skills" / persona.skill / "SKILL.md"
    skill.parent.mkdir(parents=True)
    skill.write_text(SEED_SKILL.format(name=persona.skill, description=persona.description,
                                       title=persona.skill.replace("-", " ").capitalize()), encoding="utf-8")
    env = dict(codex_env(codex_fake, home), SKILLOPT_SLEEP_HOME=str(sk), SKILLOPT_SLEEP_PYTHON=sys.executable)
    done = subprocess.run([sys.executable, str(PLUGIN / "codex" / "install.py"), "--codex", str(codex_cli_path())],
                          env=env, capture_output=True, text=True, timeout=300)
    if done.returncode != 0:
        raise RuntimeError(f"codex plugin install failed: {done.stderr[-2000:]}")
    return env


def run_turn(session: PlannedSession, persona: Persona, user: str, thread: str, fakes: dict, envs: dict) -> str:
    home, sk, repo = dirs(persona)
    if session.agent == "codex":
        command = [str(codex_cli_path()), "exec", "--json", "--skip-git-repo-check", "--sandbox", "danger-full-access",
                   "--dangerously-bypass-hook-trust", "-C", str(repo), "-m", CODEX_MODEL]
        command += ["resume", thread, "-"] if thread else ["-"]
        env = {**envs["codex"][persona.name], "PATH": envs["tools"]["PATH"]}
        done = subprocess.run(command, input=user, cwd=repo, env=env, capture_output=True, text=True, timeout=300)
        if done.returncode != 0:
            raise RuntimeError(f"codex exec failed: {done.stderr[-2000:]}")
        events = [json.loads(line) for line in done.stdout.splitlines() if line.startswith("{")]
        return thread or next(e["thread_id"] for e in events if e.get("type") == "thread.started")
    env = dict(claude_env(fakes["claude"], home), SKILLOPT_SLEEP_HOME=str(sk), SKILLOPT_SLEEP_PYTHON=sys.executable,
               PATH=envs["tools"]["PATH"])
    command = [str(claude_cli_path()), "-p", user, "--output-format", "json", "--plugin-dir", str(PLUGIN), "--model", MODEL,
               "--allowedTools", "Read", "Edit", "Bash"] + (["--resume", thread] if thread else [])
    done = subprocess.run(command, cwd=repo, env=env, capture_output=True, text=True, timeout=300)
    if done.returncode != 0:
        raise RuntimeError(f"claude -p failed: {done.stderr[-2000:]}")
    return json.loads(done.stdout)["session_id"]


def record_session(session: PlannedSession, persona: Persona, fakes: dict, envs: dict) -> dict:
    _, _, repo = dirs(persona)
    started = git(repo, "rev-parse", "HEAD")
    time.sleep(1.1)  # the session starts in a later second than the commit it starts from
    thread = ""
    fake = fakes["codex" if session.agent == "codex" else "claude"]
    for number, turn in enumerate(session.turns, 1):
        shadow = ROOT / "shadow" / persona.name
        shutil.rmtree(shadow, ignore_errors=True)
        shutil.copytree(repo, shadow, symlinks=True)
        fake.push(*turn_replies(session.agent, turn.steps, repo, shadow, envs["tools"]))
        thread = run_turn(session, persona, turn.user, thread, fakes, envs)
        for each in fakes.values():
            if each.script.pending() or each.script.unscripted:
                raise RuntimeError(f"{persona.name}/{session.id} turn {number}: the fake model's script is out of step")
        if tree_id(repo) != tree_id(shadow):
            raise RuntimeError(f"{persona.name}/{session.id} turn {number}: the repository differs from the plan")
    time.sleep(1.1)
    after = commit_all(repo, session.turns[0].user[:72], persona.author)
    return {**session.to_dict(), "session_id": thread, "commit": started, "commit_after": after, "captures": []}


def hook_rows(persona: Persona) -> list[dict]:
    _, sk, _ = dirs(persona)
    spool = sk / "data" / "capture-spool.jsonl"
    return [json.loads(line) for line in spool.read_text().splitlines()] if spool.is_file() else []


def attach_captures(personas: list[Persona], entries: list[dict]) -> None:
    time.sleep(2.0)  # the async Stop and SessionEnd hooks of the last runs finish writing
    by_name = {p.name: p for p in personas}
    for entry in entries:
        rows = [r for r in hook_rows(by_name[entry["persona"]]) if r.get("session_id") == entry["session_id"]]
        if not any(r.get("transcript_path") for r in rows):
            raise RuntimeError(f"no hook recorded {entry['agent']} session {entry['session_id']}")
        for row in rows:
            if row.get("transcript_path"):
                row["transcript_path"] = str(Path(row["transcript_path"]).relative_to(ROOT / entry["persona"]))
            row.pop("spool_reason", None)
        entry["captures"] = rows


def check_exit_statuses(entries: list[dict]) -> None:
    """Read each transcript with the project's ingest: every planned command must be there with
    the exit status the plan names (a command can fail for the CLI and not for the plan's dry run)."""
    (ROOT / "check").mkdir(exist_ok=True)
    with Store(ROOT / "check" / "store.db") as store:
        ingestor = Ingestor(store, IngestOptions(include_headless=True))
        for entry in entries:
            path = next(r["transcript_path"] for r in entry["captures"] if r.get("transcript_path"))
            ingestor.ingest_file(str(ROOT / entry["persona"] / path), entry["agent"])
            session = SessionRepo(store).get(entry["session_id"])
            ran = [(t.summary, t.exit_code) for i in session.intents for t in i.tools if t.exit_code is not None]
            for turn in entry["turns"]:
                for step in (s for s in turn["steps"] if s["kind"] == "run"):
                    if not any(step["cmd"] in summary and code == step["exit"] for summary, code in ran):
                        raise RuntimeError(f"{entry['persona']}/{entry['id']}: {step['cmd']!r} did not exit "
                                           f"{step['exit']} in the transcript: {ran}")


def answer_key(personas: list[Persona], entries: list[dict], heldout: dict[str, list[dict]]) -> dict:
    key: dict = {"about": "The coding workload's truth, never read by the package, only by the measurement: each "
                          "person's conventions with the checks that test them, which recorded session missed which "
                          "convention (the user corrected it), and the held-out requests of week 4, which no "
                          "recorded session holds: each to be run at `commit` of the person's repository "
                          "(bundle), judged by applying `judge_patch` and running `verification`, and by the "
                          "conventions' checks over the trajectory and the diff. `reference_patch` is one fix that "
                          "passes. The checks are ops of the project's check registry.", "personas": {}}
    for persona in personas:
        _, _, repo = dirs(persona)
        own = [e for e in entries if e["persona"] == persona.name]
        final = own[-1]["commit_after"]
        key["personas"][persona.name] = {
            "repo": persona.repo, "root": str(repo), "bundle": f"{persona.name}/repo.bundle", "skill": persona.skill,
            "verification": {"session": persona.session_check, "judge": persona.judge_check},
            "conventions": [{"id": c.id, "statement": c.statement, "checks": c.checks} for c in persona.conventions],
            "sessions": [{"session_id": e["session_id"], "id": e["id"], "week": e["week"], "agent": e["agent"],
                          "commit": e["commit"], "corrected": e["missed"]} for e in own],
            "heldout": [{**item, "commit": final} for item in heldout[persona.name]],
        }
    return key


def pack(personas: list[Persona], entries: list[dict]) -> None:
    staging = ROOT / "pack"
    for persona in personas:
        home, _, repo = dirs(persona)
        target = staging / persona.name
        for sub in (".claude/projects", ".codex/sessions", ".claude/skills"):
            if (home / sub).is_dir():
                shutil.copytree(home / sub, target / "home" / sub, ignore=shutil.ignore_patterns("memory"))
        git(repo, "bundle", "create", "-q", str(target / "repo.bundle"), "--all")
        starts = dirs(persona)[1] / "data" / "repo-starts"  # what the hook recorded at SessionStart, where it does
        if starts.is_dir():
            shutil.copytree(starts, target / "repo-starts")
    scrub_tree(staging)
    leaked = [str(p) for p in staging.rglob("*") if p.is_file() and str(REPO).encode() in p.read_bytes()]
    if leaked:
        raise RuntimeError(f"packed files name this machine's checkout: {leaked[:3]}")
    (staging / "manifest.json").write_text(json.dumps({
        "made_by": "experiments/workloads/coding/generate.py", "root": str(ROOT),
        "claude_version": cli_version(claude_cli_path()), "codex_version": cli_version(codex_cli_path()),
        "personas": {p.name: {"repo": p.repo, "root": str(dirs(p)[2]), "bundle": f"{p.name}/repo.bundle",
                              "skill": f"{p.name}/home/.claude/skills/{p.skill}/SKILL.md"} for p in personas},
        "sessions": entries}, indent=1) + "\n")
    with tarfile.open(ARCHIVE, "w:xz", preset=9) as archive:
        for path in sorted(staging.iterdir()):
            archive.add(path, path.name, filter=_normalised)  # folders are added recursively, sorted


def _normalised(info: tarfile.TarInfo) -> tarfile.TarInfo:
    """No owner, time or mode of this machine in the archive, so the same files pack the same."""
    info.mtime, info.uid, info.gid, info.uname, info.gname = 0, 0, 0, "", ""
    info.mode = 0o755 if info.isdir() else 0o644
    return info


def cli_version(program: Path) -> str:
    done = subprocess.run([str(program), "--version"], capture_output=True, text=True, timeout=30)
    return done.stdout.strip()


def main() -> int:
    if codex_cli_path() is None:
        raise SystemExit("codex CLI not found: npm install --prefix .cache/node @openai/codex")
    personas = load_personas()
    shutil.rmtree(ROOT, ignore_errors=True)
    export_engine()
    envs = {"tools": tool_env(), "codex": {}}
    heldout = {}
    for persona in personas:  # the whole plan, without an agent, before anything is recorded
        final = dry_run(persona, envs["tools"])
        heldout[persona.name] = [heldout_entry(persona, item, final, envs["tools"]) for item in persona.heldout]
        print(f"{persona.name}: plan carried out, {len(persona.heldout)} held-out requests checked", flush=True)
    entries = []
    with FakeAnthropic() as claude_fake, FakeOpenAI() as codex_fake:
        fakes = {"claude": claude_fake, "codex": codex_fake}
        for persona in personas:
            envs["codex"][persona.name] = prepare(persona, codex_fake)
        for persona in personas:
            for session in persona.sessions:
                begun = time.monotonic()
                entries.append(record_session(session, persona, fakes, envs))
                print(f"  {persona.name} week {session.week} {session.agent} {session.id}: "
                      f"{time.monotonic() - begun:.1f}s", flush=True)
            if tree_id(dirs(persona)[2]) != tree_id(ROOT / "dry" / persona.name / persona.repo):
                raise RuntimeError(f"{persona.name}: the recorded repository ends unlike the plan")
    attach_captures(personas, entries)
    check_exit_statuses(entries)
    KEY.write_text(json.dumps(answer_key(personas, entries, heldout), indent=1) + "\n", encoding="utf-8")
    pack(personas, entries)
    print(f"wrote {ARCHIVE.name} ({ARCHIVE.stat().st_size // 1024} KiB, {len(entries)} sessions) and {KEY.name}")
    return 0


if __name__ == "__main__":
    os.umask(0o022)
    raise SystemExit(main())
