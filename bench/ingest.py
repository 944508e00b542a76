"""First-ingest speed on a synthetic history shaped like a real one, beside references, in one run.

    python bench/ingest.py [--upstream PATH] [--reference REV] [--repeat 3] [--full | --sessions N --min-mb MB]
                           [--heavy] [--profile N] [--dir DIR] [--keep]

Builds a HOME with Claude Code projects and Codex rollouts from the real transcripts of
tests/fixtures/ (each copy gets its own session id, project folder and request wording). Into each
copy go the tool traffic a working session holds, recorded in the shapes the CLIs write: between
10 and 60 tool calls whose outputs are real text (this repository's source, docs and test logs)
of log-normal sizes (median 1.2 kB, a few tens of kB at most; Claude Code keeps each output twice,
in the message and in `toolUseResult`), about one output in 80 holding a credential (an .env
file, a config, a command line), and two Claude Code calls in five opening with a few sentences. So most bytes are records that must be decoded, as in a real
history, not bookkeeping a prefix test skips. At least --sessions transcripts and --min-mb
megabytes (default 400 / 100 MB; --full: 2000 / 500 MB). --heavy writes a history heavy with tool
output instead (`HEAVY`: more and shorter outputs, some failing): about five times the text per MB
reaches the redactor.

Then, each in a fresh process on the same history, it measures the first ingest (harvest --all) in
MB per CPU-second with the peak RSS, and the CPU an incremental ingest spends per new session (10
spooled captures, then `ingest`), of: this tree; --upstream, a checkout of microsoft/SkillOpt,
whose `skillopt_sleep` harvester digests the same Claude Code transcripts and Codex rollouts (no
store, no redaction); --reference, another revision of this project (default: none), unpacked with
`git archive`. --profile N then lists the N functions of this tree that spend the most CPU of their
own in a first ingest (a separate, profiled run: its times are inflated by the profiler, its
shares show where the time goes).
"""

from __future__ import annotations

import argparse
import copy
import json
import math
import os
import random
import resource
import shutil
import subprocess
import sys
import tarfile
import tempfile
import time
import uuid
from io import BytesIO
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
FIXTURES = REPO / "tests" / "fixtures"
FIXTURE_ROOT = "/tmp/skillopt-fixture/work/"
WORDS = ["billing", "search", "auth", "checkout", "reports", "export", "import", "cache", "queue", "mailer"]
NEW_SESSIONS = 10
SPOOL_NAME = "capture-spool.jsonl"  # skillopt_sleep.capture.spool.SPOOL_NAME, in every revision


def claude_slug(directory: str) -> str:
    return "".join(c if c.isalnum() and c.isascii() else "-" for c in directory)


def templates() -> list[dict]:
    manifest = json.loads((FIXTURES / "MANIFEST.json").read_text())
    out = []
    for entry in manifest["scenarios"]:
        path = FIXTURES / entry["path"]
        text = path.read_text(encoding="utf-8")
        session_id = path.stem[-36:]
        out.append({"agent": entry["agent"], "text": text, "id": session_id, "cwd": entry["cwd"],
                    "intents": entry["expect"].get("intents", [])})
    return out


TOOL_CALLS = (10, 60)  # per session
OUTPUT_MEDIAN, OUTPUT_SIGMA, OUTPUT_MAX = 1200, 1.3, 48_000  # characters of one tool output
SECRET_EVERY = 80  # about one tool output in this many holds a credential
SAYS_FIRST = 0.4  # the share of Claude Code's tool calls whose message opens with a few sentences
COMMANDS = ["cat {f}", "sed -n 1,200p {f}", "pytest -q tests/", "git diff", "grep -rn TODO src/", "ls -la", "make check",
            "npm test", "git log --oneline -20", "python -m build"]


FAILING = 0.0  # the share of tool calls that fail: their output is kept (cut) as the error, redacted
# --heavy: a history heavy with tool output, as an agent iterating on failing tests writes it:
# more calls per session, shorter outputs, more of them failing and more of them explained, so
# about five times the text per MB reaches the redactor (whose share of a first ingest grows).
HEAVY = {"TOOL_CALLS": (60, 180), "OUTPUT_MEDIAN": 400, "FAILING": 0.15, "SAYS_FIRST": 0.6}


def heavy_history() -> None:
    """Switch this process's generator to the tool-heavy history (deterministic, as the other)."""
    globals().update(HEAVY)


def source_texts() -> list[str]:
    """Real text a session's tools print: this repository's code, docs and tests."""
    texts = [path.read_text(encoding="utf-8", errors="replace") for folder in ("skillopt_sleep", "docs", "tests")
             for path in sorted((REPO / folder).rglob("*.py" if folder != "docs" else "*.md"))[:400]]
    return [text for text in texts if len(text) > 200]


def fake_secret(rng: random.Random) -> str:
    """A credential-shaped line, random each time (nothing real)."""
    alnum = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"
    pick = lambda n, alphabet=alnum: "".join(rng.choice(alphabet) for _ in range(n))  # noqa: E731
    return rng.choice([
        f"AWS_ACCESS_KEY_ID=AKIA{pick(16, alnum[:26] + alnum[52:])}\nAWS_SECRET_ACCESS_KEY={pick(40)}",
        f"GITHUB_TOKEN=ghp_{pick(36)}", f"export ANTHROPIC_API_KEY=sk-ant-api03-{pick(80)}",
        f"DATABASE_URL=postgres://app:{pick(20)}@db.internal:5432/app", f'"stripe_key": "sk_live_{pick(24)}"',
        f"Authorization: Bearer {pick(40)}", f"password = \"{pick(14)}\"",
    ])


def tool_output(rng: random.Random, texts: list[str]) -> str:
    size = min(OUTPUT_MAX, max(20, int(rng.lognormvariate(math.log(OUTPUT_MEDIAN), OUTPUT_SIGMA))))
    text = rng.choice(texts)
    start = rng.randrange(max(1, len(text) - size))
    out = text[start:start + size]
    if rng.randrange(SECRET_EVERY) == 0:
        at = rng.randrange(len(out) + 1)
        out = out[:at] + "\n" + fake_secret(rng) + "\n" + out[at:]
    return out


def shapes() -> dict[str, tuple[dict, dict]]:
    """Per agent, a tool call and its result as the real CLI recorded them (from the fixtures)."""
    found: dict[str, tuple[dict, dict]] = {}
    for template in templates():
        records = [json.loads(line) for line in template["text"].splitlines() if line.strip()]
        if template["agent"] == "claude-code":
            calls = [r for r in records if r.get("type") == "assistant" and '"tool_use"' in json.dumps(r["message"])]
            results = [r for r in records if r.get("type") == "user" and "toolUseResult" in r]
        else:
            calls = [r for r in records if r.get("payload", {}).get("type") == "function_call"]
            results = [r for r in records if r.get("payload", {}).get("type") == "function_call_output"]
        if calls and results:
            found.setdefault(template["agent"], (calls[0], results[0]))
    return found


SHAPES: dict[str, tuple[dict, dict]] = {}


def tool_calls(agent: str, rng: random.Random, texts: list[str]) -> list[str]:
    """Between TOOL_CALLS[0] and TOOL_CALLS[1] tool calls and their outputs, as `agent` records them."""
    SHAPES.update(SHAPES or shapes())
    call, result = SHAPES[agent]
    out = []
    for _ in range(rng.randint(*TOOL_CALLS)):
        tool_id = f"{rng.getrandbits(64):016x}"
        command = rng.choice(COMMANDS).format(f=f"src/module_{rng.randrange(50)}.py")
        asked, answered, output = copy.deepcopy(call), copy.deepcopy(result), tool_output(rng, texts)
        if agent == "claude-code":
            asked["message"]["content"] = [{"type": "tool_use", "id": f"toolu_{tool_id}", "name": "Bash",
                                            "input": {"command": command, "description": "Inspect the project"}}]
            if rng.random() < SAYS_FIRST:
                said = tool_output(rng, texts)[:rng.randint(80, 900)]
                asked["message"]["content"].insert(0, {"type": "text", "text": said})
            failed = FAILING > 0 and rng.random() < FAILING  # no draw otherwise: the usual history stays as it was
            answered["message"]["content"] = [{"tool_use_id": f"toolu_{tool_id}", "type": "tool_result", "content": output,
                                               "is_error": failed}]
            answered["toolUseResult"] = {"stdout": output, "stderr": "", "interrupted": False, "isImage": False,
                                         "noOutputExpected": False}
            asked["uuid"], answered["uuid"] = (str(uuid.UUID(int=rng.getrandbits(128), version=4)) for _ in range(2))
        else:
            asked["payload"].update(call_id=f"call_{tool_id}", arguments=json.dumps({"cmd": command}))
            answered["payload"].update(call_id=f"call_{tool_id}", output=(
                f"Chunk ID: {rng.getrandbits(24):06x}\nWall time: 0.0100 seconds\n"
                f"Process exited with code {int(FAILING > 0 and rng.random() < FAILING)}\n"
                f"Original token count: {len(output) // 4}\nOutput:\n{output}\n"))
        out += [json.dumps(asked, separators=(",", ":")), json.dumps(answered, separators=(",", ":"))]
    return out


def with_tool_calls(template: dict, text: str, number: int, texts: list[str]) -> str:
    """`text` with a working session's tool traffic inserted before its last record."""
    lines = text.rstrip("\n").split("\n")
    calls = tool_calls(template["agent"], random.Random(number), texts)
    return "\n".join(lines[:-1] + calls + lines[-1:]) + "\n"


def variant(template: dict, number: int, home: Path, texts: list[str] | None = None) -> tuple[Path, str, str, int]:
    """Write one copy of `template` as a new session; (path, agent, session id, bytes). With
    `texts`, the copy holds a working session's tool traffic (see the module's docstring)."""
    new_id = str(uuid.UUID(int=number + 1, version=4))
    project = f"{FIXTURE_ROOT}proj-{number % 97:02d}-{WORDS[number % 97 % len(WORDS)]}"  # 97 projects, as a user has tens
    text = template["text"].replace(template["id"], new_id).replace(template["cwd"], project)
    for intent in template["intents"]:
        # Different wording per copy, so mining sees many distinct requests, not one.
        text = text.replace(intent, f"{intent} for the {WORDS[(number // 7) % len(WORDS)]} module (ticket {number})")
    if texts:
        text = with_tool_calls(template, text, number, texts)
    if template["agent"] == "claude-code":
        path = home / ".claude" / "projects" / claude_slug(project) / f"{new_id}.jsonl"
    else:
        day = 1 + number % 28
        path = home / ".codex" / "sessions" / "2026" / "11" / f"{day:02d}" / f"rollout-2026-11-{day:02d}T10-00-00-{new_id}.jsonl"
    path.parent.mkdir(parents=True, exist_ok=True)
    data = text.encode("utf-8")
    path.write_bytes(data)
    return path, template["agent"], new_id, len(data)


def build_history(home: Path, sessions: int, min_bytes: int, *, tools: bool = True) -> tuple[int, int]:
    """At least `sessions` transcripts and `min_bytes` bytes; `tools`: with a working session's
    tool traffic (without, the fixtures' own short sessions)."""
    pool = templates()
    texts = source_texts() if tools else None
    count = size = 0
    while count < sessions or size < min_bytes:
        _, _, _, written = variant(pool[count % len(pool)], count, home, texts)
        count += 1
        size += written
    return count, size


def spool_captures(data_dir: Path, made: list[tuple[Path, str, str]]) -> None:
    """What the hook writes when it cannot reach the store: one JSON line per capture."""
    data_dir.mkdir(parents=True, exist_ok=True)
    with open(data_dir / SPOOL_NAME, "a", encoding="utf-8") as spool:
        for path, agent, session_id in made:
            spool.write(json.dumps({"agent": agent, "event": "Stop", "session_id": session_id, "transcript_path": str(path),
                                    "cwd": "", "captured_at": time.strftime("%Y-%m-%dT%H:%M:%S.000000Z", time.gmtime()),
                                    "payload_json": "{}"}) + "\n")


def cpu_seconds() -> float:
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime


def profile_first_ingest(code: Path, home: Path, work: Path, top: int) -> None:
    """In this process: a first ingest of `home` under cProfile; prints the `top` functions by own time."""
    import cProfile
    import pstats

    sys.path.insert(0, str(code))
    from skillopt_sleep.capture.harvest import Homes, harvest
    from skillopt_sleep.capture.ingest import IngestOptions
    from skillopt_sleep.store import Store

    homes = Homes(claude=home / ".claude", codex=home / ".codex")
    profiler = cProfile.Profile()
    with Store(work / "store.db") as store:
        profiler.runcall(harvest, store, homes, IngestOptions(codex_home=str(homes.codex)))
    stats = pstats.Stats(profiler).stats  # (file, line, name) -> (calls, primitive calls, own, cumulative, callers)
    total = sum(entry[2] for entry in stats.values())
    print(f"where a first ingest spends its CPU (profiled, {total:.2f} s in all):")
    for (file, line, name), (_, calls, own, _, _) in sorted(stats.items(), key=lambda item: -item[1][2])[:top]:
        where = f"{Path(file).name}:{line}" if line else "built-in"
        print(f"  {own / total:6.1%}  {calls:8d} calls  {name} ({where})")


def pending_sessions(home: Path, work: Path, first_new: int) -> None:
    """NEW_SESSIONS new sessions written under work/pending, laid out as in `home`: the measured
    process moves them into `home` after its first ingest (built here, so that process's peak RSS
    is the ingest's own)."""
    pending, pool, texts = work / "pending", templates(), source_texts()
    for i in range(NEW_SESSIONS):
        variant(pool[i % len(pool)], first_new + i, pending, texts)


def arrive(home: Path, work: Path) -> list[tuple[Path, str, str]]:
    """The pending sessions moved into `home`: (path, agent, session id) of each."""
    made = []
    for path in sorted((work / "pending").rglob("*.jsonl")):
        target = home / path.relative_to(work / "pending")
        target.parent.mkdir(parents=True, exist_ok=True)
        path.rename(target)
        agent = "claude-code" if ".claude" in target.parts else "codex"
        made.append((target, agent, target.stem[-36:]))
    return made


def measure(code: Path, home: Path, work: Path) -> dict:
    """In this process, with the engine imported from `code`: the first ingest of `home`, then
    an incremental one after NEW_SESSIONS new sessions. Prints one JSON line."""
    sys.path.insert(0, str(code))
    # Imported here, after the path is set, so the code tree under test is the one measured.
    from skillopt_sleep.capture.harvest import Homes, harvest
    from skillopt_sleep.capture.ingest import IngestOptions, run_ingest
    from skillopt_sleep.store import Store

    homes = Homes(claude=home / ".claude", codex=home / ".codex")
    options = IngestOptions(codex_home=str(homes.codex))
    with Store(work / "store.db") as store:
        before = cpu_seconds()
        report = harvest(store, homes, options)
        first_cpu = cpu_seconds() - before
        first = {"files": report.files, "bytes": report.bytes, "records": report.records, "sessions": report.sessions}
        made = arrive(home, work)
        spool_captures(work / "data", made)
        before = cpu_seconds()
        run_ingest(store, work / "data", options)
        incremental_cpu = cpu_seconds() - before
    for path, _, _ in made:
        path.unlink()  # the next code tree starts from the same history
    rss_mb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024  # KiB on Linux
    return {**first, "cpu_s": first_cpu, "rss_mb": rss_mb, "per_new_session_cpu_s": incremental_cpu / NEW_SESSIONS}


def measure_upstream(code: Path, home: Path) -> dict:
    """In this process, with microsoft/SkillOpt's `skillopt_sleep` from the checkout `code`: its
    harvester's digests of the same history (Claude Code projects, and each Codex rollout through
    its per-file digest, since it looks for rollouts in one flat folder)."""
    sys.path.insert(0, str(code))
    from skillopt_sleep.harvest import harvest
    from skillopt_sleep.harvest_codex import digest_codex_archived_session

    projects = home / ".claude" / "projects"
    rollouts = sorted(str(path) for path in (home / ".codex").rglob("rollout-*.jsonl"))
    files = sorted(projects.rglob("*.jsonl")) + [Path(path) for path in rollouts]
    before = cpu_seconds()
    digests = harvest(str(projects), scope="all")
    digests += [digest for digest in map(digest_codex_archived_session, rollouts) if digest is not None]
    cpu = cpu_seconds() - before
    rss_mb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    return {"files": len(files), "bytes": sum(path.stat().st_size for path in files), "records": None,
            "sessions": len(digests), "cpu_s": cpu, "rss_mb": rss_mb, "per_new_session_cpu_s": None}


def unpack_revision(rev: str, target: Path) -> Path:
    archive = subprocess.run(["git", "-C", str(REPO), "archive", rev, "skillopt_sleep"], capture_output=True, check=True).stdout
    with tarfile.open(fileobj=BytesIO(archive)) as tar:
        tar.extractall(target)
    return target


def run_fresh(mode: str, code: Path, home: Path, work: Path, number: int) -> str:
    """This script's `mode` run in a fresh interpreter with a store of its own, so each code
    tree's CPU and peak RSS are its own; what it printed."""
    shutil.rmtree(work, ignore_errors=True)
    work.mkdir(parents=True)
    if mode == "--measure":
        pending_sessions(home, work, number)
    env = dict(os.environ, SKILLOPT_SLEEP_HOME=str(work / "sleep"))
    done = subprocess.run([sys.executable, __file__, mode, str(code), str(home), str(work), str(number)],
                          env=env, capture_output=True, text=True, check=False)
    if done.returncode != 0:
        raise SystemExit(f"{mode} of {code} failed:\n{done.stderr[-2000:]}")
    return done.stdout


def median_run(results: list[dict]) -> dict:
    """The run of median CPU, with the median of each figure measured."""
    ordered = sorted(results, key=lambda result: result["cpu_s"])
    chosen = dict(ordered[len(ordered) // 2])
    for key in ("rss_mb", "per_new_session_cpu_s"):
        if chosen[key] is not None:
            chosen[key] = sorted(result[key] for result in results)[len(results) // 2]
    return chosen


def show(label: str, result: dict, versus: dict | None = None) -> None:
    rate = result["bytes"] / 1e6 / result["cpu_s"]
    ratio = f" ({rate / (versus['bytes'] / 1e6 / versus['cpu_s']):.2f}x upstream)" if versus else ""
    per_new = result["per_new_session_cpu_s"]
    incremental = f"{per_new * 1000:.1f} ms CPU per new session" if per_new is not None else "no incremental read"
    print(f"{label:30s} {result['files']} files, {result['bytes'] / 1e6:.0f} MB, {result['sessions']} sessions: "
          f"{rate:6.1f} MB per CPU-second{ratio}, peak RSS {result['rss_mb']:.0f} MB, {incremental}")


def main() -> int:
    if len(sys.argv) == 6 and sys.argv[1] == "--measure":
        print(json.dumps(measure(Path(sys.argv[2]), Path(sys.argv[3]), Path(sys.argv[4]))))
        return 0
    if len(sys.argv) == 6 and sys.argv[1] == "--measure-upstream":
        print(json.dumps(measure_upstream(Path(sys.argv[2]), Path(sys.argv[3]))))
        return 0
    if len(sys.argv) == 6 and sys.argv[1] == "--profile-run":
        code, home, work, top = Path(sys.argv[2]), Path(sys.argv[3]), Path(sys.argv[4]), int(sys.argv[5])
        profile_first_ingest(code, home, work, top)
        return 0
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sessions", type=int, default=400)
    parser.add_argument("--min-mb", type=float, default=100.0)
    parser.add_argument("--full", action="store_true", help="the full history: 2000 sessions, 500 MB")
    parser.add_argument("--heavy", action="store_true", help="the history heavy with tool output (about five times "
                        "the text per MB reaching the redactor)")
    parser.add_argument("--upstream", type=Path, help="a checkout of microsoft/SkillOpt, whose harvester is measured beside")
    parser.add_argument("--reference", default="", help="a revision of this project to measure beside this tree")
    parser.add_argument("--profile", type=int, default=0, metavar="N",
                        help="also list the N functions of this tree with the most CPU of their own in a first ingest")
    parser.add_argument("--repeat", type=int, default=3, help="runs of each tree, interleaved (medians are shown)")
    parser.add_argument("--dir", type=Path, help="work folder (default: a temporary one)")
    parser.add_argument("--keep", action="store_true", help="keep the synthetic history (a later run with the same "
                        "--dir measures it again)")
    args = parser.parse_args()
    if args.full:
        args.sessions, args.min_mb = 2000, 500.0
    if args.heavy:
        heavy_history()
    work = args.dir or Path(tempfile.mkdtemp(prefix="skillopt-bench-ingest-"))
    home = work / "home"
    try:
        started = time.perf_counter()
        if home.exists():
            files = [path.stat().st_size for path in home.rglob("*.jsonl")]
            count, size = len(files), sum(files)
        else:
            count, size = build_history(home, args.sessions, int(args.min_mb * 1e6))
        print(f"history: {count} transcripts, {size / 1e6:.0f} MB (ready in {time.perf_counter() - started:.1f} s)")
        trees = {"this tree:": (REPO, "--measure")}
        if args.upstream:
            trees["upstream SkillOpt harvester:"] = (args.upstream, "--measure-upstream")
        if args.reference:
            trees[f"reference {args.reference}:"] = (unpack_revision(args.reference, work / "reference"), "--measure")
        runs: dict[str, list[dict]] = {label: [] for label in trees}
        for _ in range(args.repeat):  # interleaved, so load from elsewhere falls on every tree alike
            for number, (label, (code, mode)) in enumerate(trees.items()):
                # Each run adds its new sessions under its own numbers, so all see the same first history.
                out = run_fresh(mode, code, home, work / f"run-{number}", count + number * NEW_SESSIONS)
                runs[label].append(json.loads(out.strip().splitlines()[-1]))
        chosen = {label: median_run(results) for label, results in runs.items()}
        upstream = chosen.get("upstream SkillOpt harvester:")
        print(f"medians of {args.repeat} runs each:")
        for label, result in chosen.items():
            show(label, result, upstream if label != "upstream SkillOpt harvester:" else None)
        if args.profile:
            print(run_fresh("--profile-run", REPO, home, work / "run-profile", args.profile), end="")
    finally:
        if not args.keep:
            shutil.rmtree(work, ignore_errors=True)
        else:
            print(f"kept {work}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
