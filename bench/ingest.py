"""Ingestion speed on a synthetic history shaped like the real fixtures.

    python bench/ingest.py [--sessions 2000] [--min-mb 500] [--dir DIR] [--keep]

Builds a HOME with Claude Code projects and Codex rollouts by copying the real transcripts of
tests/fixtures/ (each copy gets its own session id, project folder and request wording), until
there are at least --sessions transcripts and --min-mb megabytes. Then it prints:
  - the full first ingest (harvest --all) in MB/s,
  - an incremental run after 10 new sessions, both as the hooks drive it (spooled captures,
    then `ingest`) and as the nightly backfill does (`harvest --all`).
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import sys
import tempfile
import time
import uuid
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from skillopt_sleep.capture.harvest import Homes, claude_slug, harvest  # noqa: E402
from skillopt_sleep.capture.ingest import SPOOL_NAME, IngestOptions, run_ingest  # noqa: E402
from skillopt_sleep.store import Store  # noqa: E402

FIXTURES = REPO / "tests" / "fixtures"
FIXTURE_ROOT = "/tmp/skillopt-fixture/work/"
WORDS = ["billing", "search", "auth", "checkout", "reports", "export", "import", "cache", "queue", "mailer"]


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


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sessions", type=int, default=2000)
    parser.add_argument("--min-mb", type=float, default=500.0)
    parser.add_argument("--dir", type=Path, help="work folder (default: a temporary one)")
    parser.add_argument("--keep", action="store_true", help="keep the synthetic history")
    args = parser.parse_args()
    work = args.dir or Path(tempfile.mkdtemp(prefix="skillopt-bench-ingest-"))
    home, data = work / "home", work / "data"
    os.environ["SKILLOPT_SLEEP_HOME"] = str(work / "sleep")
    try:
        started = time.perf_counter()
        count, size = build_history(home, args.sessions, int(args.min_mb * 1e6))
        print(f"history: {count} transcripts, {size / 1e6:.0f} MB (built in {time.perf_counter() - started:.1f} s)")
        homes = Homes(claude=home / ".claude", codex=home / ".codex")
        options = IngestOptions(codex_home=str(homes.codex))
        with Store(work / "store.db") as store:
            started = time.perf_counter()
            report = harvest(store, homes, options)
            elapsed = time.perf_counter() - started
            print(f"full first ingest: {report.files} files, {report.bytes / 1e6:.0f} MB, {report.records} records, "
                  f"{report.sessions} sessions in {elapsed:.1f} s = {report.bytes / 1e6 / elapsed:.1f} MB/s")
            if report.skipped:
                print(f"  skipped: {dict(report.skipped)}")

            pool = templates()
            made = [variant(pool[i % len(pool)], count + i, home)[:3] for i in range(10)]
            spool_captures(data, made)
            started = time.perf_counter()
            report = run_ingest(store, data, options)
            elapsed = time.perf_counter() - started
            print(f"incremental ingest after 10 new sessions (hook captures): {report.files} files read, "
                  f"{report.unchanged} unchanged, {elapsed:.3f} s")

            made = [variant(pool[i % len(pool)], count + 10 + i, home)[:3] for i in range(10)]
            started = time.perf_counter()
            report = harvest(store, homes, options)
            elapsed = time.perf_counter() - started
            print(f"incremental harvest after 10 new sessions (backfill walk): {report.files} files read, "
                  f"{report.unchanged} unchanged, {elapsed:.3f} s")
    finally:
        if not args.keep:
            shutil.rmtree(work, ignore_errors=True)
        else:
            print(f"kept {work}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
