"""Ingestion speed on a synthetic history shaped like the real fixtures, beside a reference.

    python bench/ingest.py [--reference REV] [--full | --sessions N --min-mb MB] [--profile N] [--dir DIR] [--keep]

Builds a HOME with Claude Code projects and Codex rollouts by copying the real transcripts of
tests/fixtures/ (each copy gets its own session id, project folder and request wording), until
there are at least --sessions transcripts and --min-mb megabytes (default 400 / 100 MB, a minute
or two on two cores; --full: 2000 / 500 MB). Then, in a fresh process per code tree, it measures
the first ingest (harvest --all) in MB per CPU-second with the peak RSS, and the CPU an
incremental ingest spends per new session (10 spooled captures, then `ingest`). The reference is
the same measurement of another revision (default HEAD~1), unpacked with `git archive` into a
temporary folder, on the same history. --profile N then lists the N functions of this tree that
spend the most CPU of their own in a first ingest (a separate, profiled run: its times are
inflated by the profiler, its shares show where the time goes).
"""

from __future__ import annotations

import argparse
import json
import os
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


def variant(template: dict, number: int, home: Path) -> tuple[Path, str, str, int]:
    """Write one copy of `template` as a new session; (path, agent, session id, bytes)."""
    new_id = str(uuid.UUID(int=number + 1, version=4))
    project = f"{FIXTURE_ROOT}proj-{number % 97:02d}-{WORDS[number % len(WORDS)]}"
    text = template["text"].replace(template["id"], new_id).replace(template["cwd"], project)
    for intent in template["intents"]:
        # Different wording per copy, so mining sees many distinct requests, not one.
        text = text.replace(intent, f"{intent} for the {WORDS[(number // 7) % len(WORDS)]} module (ticket {number})")
    if template["agent"] == "claude-code":
        path = home / ".claude" / "projects" / claude_slug(project) / f"{new_id}.jsonl"
    else:
        day = 1 + number % 28
        path = home / ".codex" / "sessions" / "2026" / "11" / f"{day:02d}" / f"rollout-2026-11-{day:02d}T10-00-00-{new_id}.jsonl"
    path.parent.mkdir(parents=True, exist_ok=True)
    data = text.encode("utf-8")
    path.write_bytes(data)
    return path, template["agent"], new_id, len(data)


def build_history(home: Path, sessions: int, min_bytes: int) -> tuple[int, int]:
    pool = templates()
    count = size = 0
    while count < sessions or size < min_bytes:
        _, _, _, written = variant(pool[count % len(pool)], count, home)
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


def measure(code: Path, home: Path, work: Path, first_new: int) -> dict:
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
        pool = templates()
        made = [variant(pool[i % len(pool)], first_new + i, home)[:3] for i in range(NEW_SESSIONS)]
        spool_captures(work / "data", made)
        before = cpu_seconds()
        run_ingest(store, work / "data", options)
        incremental_cpu = cpu_seconds() - before
    for path, _, _ in made:
        path.unlink()  # the next code tree starts from the same history
    rss_mb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024  # KiB on Linux
    return {**first, "cpu_s": first_cpu, "rss_mb": rss_mb, "per_new_session_cpu_s": incremental_cpu / NEW_SESSIONS}


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
    env = dict(os.environ, SKILLOPT_SLEEP_HOME=str(work / "sleep"))
    done = subprocess.run([sys.executable, __file__, mode, str(code), str(home), str(work), str(number)],
                          env=env, capture_output=True, text=True, check=False)
    if done.returncode != 0:
        raise SystemExit(f"{mode} of {code} failed:\n{done.stderr[-2000:]}")
    return done.stdout


def run_measure(code: Path, home: Path, work: Path, first_new: int) -> dict:
    return json.loads(run_fresh("--measure", code, home, work, first_new).strip().splitlines()[-1])


def show(label: str, result: dict) -> None:
    rate = result["bytes"] / 1e6 / result["cpu_s"]
    print(f"{label:28s} {result['files']} files, {result['bytes'] / 1e6:.0f} MB, {result['sessions']} sessions: "
          f"{rate:6.1f} MB per CPU-second, peak RSS {result['rss_mb']:.0f} MB, "
          f"{result['per_new_session_cpu_s'] * 1000:.1f} ms CPU per new session")


def main() -> int:
    if len(sys.argv) == 6 and sys.argv[1] == "--measure":
        code, home, work, first_new = Path(sys.argv[2]), Path(sys.argv[3]), Path(sys.argv[4]), int(sys.argv[5])
        print(json.dumps(measure(code, home, work, first_new)))
        return 0
    if len(sys.argv) == 6 and sys.argv[1] == "--profile-run":
        code, home, work, top = Path(sys.argv[2]), Path(sys.argv[3]), Path(sys.argv[4]), int(sys.argv[5])
        profile_first_ingest(code, home, work, top)
        return 0
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sessions", type=int, default=400)
    parser.add_argument("--min-mb", type=float, default=100.0)
    parser.add_argument("--full", action="store_true", help="the full history: 2000 sessions, 500 MB")
    parser.add_argument("--reference", default="HEAD~1", help="revision to measure beside this tree ('' for none)")
    parser.add_argument("--profile", type=int, default=0, metavar="N",
                        help="also list the N functions of this tree with the most CPU of their own in a first ingest")
    parser.add_argument("--dir", type=Path, help="work folder (default: a temporary one)")
    parser.add_argument("--keep", action="store_true", help="keep the synthetic history")
    args = parser.parse_args()
    if args.full:
        args.sessions, args.min_mb = 2000, 500.0
    work = args.dir or Path(tempfile.mkdtemp(prefix="skillopt-bench-ingest-"))
    home = work / "home"
    try:
        started = time.perf_counter()
        count, size = build_history(home, args.sessions, int(args.min_mb * 1e6))
        print(f"history: {count} transcripts, {size / 1e6:.0f} MB (built in {time.perf_counter() - started:.1f} s)")
        # Each run adds its new sessions under its own numbers, so both see the same first history.
        show("this tree:", run_measure(REPO, home, work / "run-this", count))
        if args.reference:
            code = unpack_revision(args.reference, work / "reference")
            show(f"reference {args.reference}:", run_measure(code, home, work / "run-reference", count + NEW_SESSIONS))
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
