"""What mining coding sessions asks of git: the git processes and the CPU of a mining run over
sessions that share a few folders, beside another revision, in one run.

    python bench/mining_git.py [--sessions 400] [--folders 20] [--reference REV]

Makes --folders real git repositories and --sessions Claude Code coding sessions (the records the
CLI writes, from tests/repo_work.py), spread over them round robin, each one changing a file and
running a check. Then, for this tree and for REV (default HEAD~1, unpacked with `git archive`),
each in its own process on a fresh store of the same transcripts: ingests them, and measures
`HeuristicMiner.run` alone: its CPU (its own and its children's: git runs as a child) and how many
git processes it started (a `git` on PATH that counts each call, then runs the real one). Both
trees must make the same number of repo tasks, or the bench says so and fails.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import tarfile
import tempfile
from datetime import datetime, timedelta, timezone
from io import BytesIO
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

DRIVER = """
import json, resource, sys
from skillopt_sleep.capture.ingest import Ingestor
from skillopt_sleep.store import Store
from skillopt_sleep.tasks.mining import HeuristicMiner
from skillopt_sleep.tasks.taskstore import TaskRepo
home, listing = sys.argv[1], sys.argv[2]
store = Store(home + "/store.db")
ingestor = Ingestor(store)
for path in open(listing).read().split():
    ingestor.ingest_file(path, "claude-code")
def cpu():
    own, children = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime
open(home + "/git-calls.log", "w").close()
before = cpu()
HeuristicMiner(store, data_dir=home + "/data").run()
spent = cpu() - before
repo_tasks = sum(1 for t in TaskRepo(store).list() if t.judge.kind == "repo")
print(json.dumps({"cpu_s": spent, "repo_tasks": repo_tasks}))
"""


def unpack(revision: str, into: Path) -> Path:
    archive = subprocess.run(["git", "-C", str(REPO), "archive", revision, "skillopt_sleep", "pyproject.toml"],
                             capture_output=True, check=True).stdout
    with tarfile.open(fileobj=BytesIO(archive)) as tar:
        tar.extractall(into)
    return into


def history(work: Path, sessions: int, folders: int) -> Path:
    """The repositories and the transcripts; returns the file listing the transcripts."""
    from tests.repo_work import ClaudeTranscript, make_repo

    roots = [work / "repos" / f"service-{n:03d}" for n in range(folders)]
    for root in roots:
        make_repo(root, when="2026-11-30T10:00:00Z")
    start = datetime(2026, 12, 2, 18, 0, 0, tzinfo=timezone.utc)
    paths = []
    for n in range(sessions):
        root = roots[n % folders]
        transcript = (ClaudeTranscript(f"00000000-0000-4000-8000-{n:012d}", str(root), "main", start + timedelta(minutes=n))
                      .say(f"add() in calc.py subtracts instead of adding; fix it (ticket {n})")
                      .bash("make check", 2, "FAILED (failures=1)")
                      .tool("Edit", {"file_path": str(root / "calc.py"), "old_string": "a - b", "new_string": "a + b"}, "ok")
                      .bash("make check", 0, "OK")
                      .answer("Fixed add(); make check passes."))
        paths.append(str(transcript.write(work / "projects")))
    listing = work / "transcripts.txt"
    listing.write_text("\n".join(paths))
    return listing


def measure(tree: Path, work: Path, name: str, listing: Path) -> dict:
    home = work / f"home-{name}"
    (home / "data").mkdir(parents=True)
    shims = work / f"bin-{name}"
    shims.mkdir()
    (shims / "git").write_text(f"#!/bin/sh\necho \"$*\" >>'{home}/git-calls.log'\nexec '{shutil.which('git')}' \"$@\"\n")
    (shims / "git").chmod(0o755)
    env = {k: v for k, v in os.environ.items() if not k.startswith("SKILLOPT_SLEEP_")}
    env.update(SKILLOPT_SLEEP_HOME=str(home), PYTHONPATH=str(tree), PATH=f"{shims}{os.pathsep}{env['PATH']}")
    done = subprocess.run([sys.executable, "-c", DRIVER, str(home), str(listing)], env=env, cwd=work,
                          capture_output=True, text=True, timeout=3600)
    if done.returncode != 0:
        raise SystemExit(f"{name} failed: {done.stderr[-2000:]}")
    result = json.loads(done.stdout.splitlines()[-1])
    calls = (home / "git-calls.log").read_text().splitlines()
    result["git_calls"] = len(calls)
    result["toplevel_calls"] = sum("--show-toplevel" in call for call in calls)
    return result


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sessions", type=int, default=400)
    parser.add_argument("--folders", type=int, default=20)
    parser.add_argument("--reference", default="HEAD~1")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="skillopt-bench-mining-git-") as work_dir:
        work = Path(work_dir)
        listing = history(work, args.sessions, args.folders)
        reference = unpack(args.reference, work / "reference")
        rows = {"this tree": measure(REPO, work, "this", listing),
                f"reference {args.reference}": measure(reference, work, "reference", listing)}
    if len({row["repo_tasks"] for row in rows.values()}) != 1:
        raise SystemExit(f"the trees made different repo tasks: {rows}")
    print(f"{args.sessions} coding sessions in {args.folders} git folders; "
          f"{next(iter(rows.values()))['repo_tasks']} repo tasks from each tree")
    for name, row in rows.items():
        print(f"{name:24s} mining CPU {row['cpu_s']:6.2f} s  git processes {row['git_calls']:5d}  "
              f"of them `rev-parse --show-toplevel` {row['toplevel_calls']:4d}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
