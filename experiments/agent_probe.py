"""How often a small local model, as the built-in tool loop's student, fixes a one-line bug in a
two-file repository and checks its work, under a plain skill and under one that asks for
`make check`. Each episode runs in a fresh sandboxed copy; the judge runs the tests itself.

    python experiments/agent_probe.py --model qwen2.5-coder-0.5b --episodes 10

Writes experiments/results/agent-probe-<model>.jsonl (one row per episode, appended, so a
stopped probe resumes where it was) and prints the rates with 95% Wilson intervals.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from skillopt_sleep.students.loop import LoopLimits, run_episode  # noqa: E402
from skillopt_sleep.backends import create_backend  # noqa: E402
from skillopt_sleep.backends.recorder import CallRecorder  # noqa: E402
from skillopt_sleep.episode import RepoSpec, Verification  # noqa: E402
from skillopt_sleep.records import Check, Judge, Task  # noqa: E402
from skillopt_sleep.sandbox import Workspace, find_sandbox  # noqa: E402
from skillopt_sleep.store import Store  # noqa: E402
from skillopt_sleep.tasks.checks.trajectory import watched_programs  # noqa: E402
from skillopt_sleep.tasks.judges.repo import score_episode  # noqa: E402

RESULTS = REPO / "experiments" / "results"
REQUEST = "add() in calc.py returns the wrong sum. Fix it."
PLAIN = "# Fixer\n\nFix the bug the user reports in the repository, changing as little as you can.\n"
MAKE_CHECK = PLAIN + "\n- After your last change, run `make check`; finish only when it passes.\n"
# arm: (skill, the skill restated in the first message, the first finish held with the skill shown,
# finish names its check and is held until that check has run after the last change)
ARMS = {"plain": (PLAIN, False, False, False), "make-check": (MAKE_CHECK, False, False, False),
        "make-check-restated": (MAKE_CHECK, True, False, False), "make-check-confirm": (MAKE_CHECK, False, True, False),
        "plain-confirm": (PLAIN, False, True, False),
        "plain-named": (PLAIN, False, False, True), "make-check-named": (MAKE_CHECK, False, False, True)}
FILES = {
    "calc.py": "def add(a, b):\n    return a - b\n\n\ndef sub(a, b):\n    return a - b\n",
    "test_calc.py": ("import unittest\n\nfrom calc import add, sub\n\n\nclass CalcTest(unittest.TestCase):\n"
                     "    def test_add(self):\n        self.assertEqual(add(2, 3), 5)\n\n"
                     "    def test_sub(self):\n        self.assertEqual(sub(5, 3), 2)\n"),
    "Makefile": "check:\n\tpython3 -m unittest -q\n",
    ".gitignore": "__pycache__/\n",
}
# The repository variants: in `twin-bodies` add() and sub() have the same body line, so an edit of
# that line alone is ambiguous; in `distinct-bodies` sub() computes its result in two lines.
VARIANTS = {"twin-bodies": FILES,
            "distinct-bodies": {**FILES, "calc.py": ("def add(a, b):\n    return a - b\n\n\n"
                                                     "def sub(a, b):\n    difference = a - b\n    return difference\n")}}


def make_repo(root: Path, files: dict[str, str] = FILES) -> RepoSpec:
    root.mkdir(parents=True)
    for name, text in files.items():
        (root / name).write_text(text)
    env = {**os.environ, "GIT_CONFIG_GLOBAL": os.devnull, "GIT_AUTHOR_NAME": "p", "GIT_AUTHOR_EMAIL": "p@example.com",
           "GIT_COMMITTER_NAME": "p", "GIT_COMMITTER_EMAIL": "p@example.com"}
    for args in (["init", "-q", "-b", "main"], ["add", "."], ["commit", "-q", "-m", "calc"]):
        subprocess.run(["git", *args], cwd=root, env=env, check=True, capture_output=True)
    commit = subprocess.run(["git", "rev-parse", "HEAD"], cwd=root, capture_output=True, text=True, check=True).stdout.strip()
    return RepoSpec(root=str(root), commit=commit, verification=[Verification("python3 -m unittest -q", 0)])


def revision() -> str:
    """The commit the probe ran at, marked when the engine had uncommitted changes."""
    head = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=REPO, capture_output=True, text=True).stdout.strip()
    dirty = subprocess.run(["git", "status", "--porcelain", "--", "skillopt_sleep"], cwd=REPO, capture_output=True,
                           text=True).stdout.strip()
    return head + ("+changes" if dirty else "")


def wilson(k: int, n: int, z: float = 1.96) -> tuple[float, float]:
    if n == 0:
        return 0.0, 1.0
    p = k / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--model", default="qwen2.5-coder-0.5b")
    parser.add_argument("--episodes", type=int, default=10, help="episodes per arm (sampling seeds 1..N)")
    parser.add_argument("--max-turns", type=int, default=8)
    parser.add_argument("--instances", type=int, default=1)
    parser.add_argument("--arms", nargs="*", help=f"only these arms (of {', '.join(ARMS)})")
    parser.add_argument("--variant", choices=sorted(VARIANTS), default="twin-bodies", help="the repository variant")
    args = parser.parse_args()
    out = RESULTS / f"agent-probe-{args.model}.jsonl"
    at = revision()
    rows_so_far = [json.loads(line) for line in out.read_text().splitlines()] if out.exists() else []
    # resume only the same engine on the same repository (rows before variants were twin-bodies)
    done = {(r["arm"], r["seed"]) for r in rows_so_far
            if r.get("revision") == at and r.get("variant", "twin-bodies") == args.variant}
    sandbox = find_sandbox()
    student = create_backend("local", args.model, {"instances": args.instances})
    with tempfile.TemporaryDirectory() as tmp:
        spec = make_repo(Path(tmp) / "calc", VARIANTS[args.variant])
        task = Task(task_id="fix-add", intent=REQUEST, repo=spec,
                    judge=Judge(kind="repo", checks=[Check("ran_before_finish", "make check")]))
        with Store(Path(tmp) / "probe.db") as store:
            for seed in range(1, args.episodes + 1):
                for arm, (skill, restate, confirm, named) in ARMS.items():
                    if args.arms and arm not in args.arms:
                        continue
                    if (arm, seed) in done:
                        continue
                    started = time.monotonic()
                    with Workspace.create(spec) as workspace:
                        episode = run_episode(task, skill, student, CallRecorder(store, None), workspace, sandbox,
                                              sample=seed, seed=seed, temperature=0.7,
                                              limits=LoopLimits(max_turns=args.max_turns, restate_skill=restate,
                                                                confirm_finish=confirm, finish_names_check=named),
                                              watched=watched_programs(task.judge.checks))
                        score = score_episode(task, episode, workspace, sandbox)
                    parts = {r.op: r.passed for r in score.checks}
                    row = {"model": args.model, "revision": at, "variant": args.variant, "arm": arm, "seed": seed,
                           "tests_pass": parts.get("outcome", False),
                           "ran_make_check_after_edit": parts.get("ran_before_finish", False),
                           "finished": episode.finished, "turns": episode.turns, "error": episode.error,
                           "actions": [s.name for s in episode.steps if s.kind == "tool"],
                           "named_checks": [s.arguments.get("checked", "") for s in episode.steps if s.name == "finish"],
                           "bad_replies": sum(1 for s in episode.steps if s.kind == "model" and s.error),
                           "score_error": score.error, "wall_s": round(time.monotonic() - started, 1)}
                    with out.open("a") as handle:
                        handle.write(json.dumps(row) + "\n")
                    print(json.dumps(row), flush=True)
    rows = [r for r in map(json.loads, out.read_text().splitlines())
            if r.get("revision") == at and r.get("variant", "twin-bodies") == args.variant]
    for arm in ARMS:
        mine = [r for r in rows if r["arm"] == arm]
        for key in ("tests_pass", "ran_make_check_after_edit", "finished"):
            k = sum(1 for r in mine if r[key])
            low, high = wilson(k, len(mine))
            print(f"{arm:<11} {key:<26} {k}/{len(mine)} [{low:.2f}, {high:.2f}]")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
