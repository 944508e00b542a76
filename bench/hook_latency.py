"""Wall time of the capture hook as a whole process, the way the agents start it.

    python bench/hook_latency.py [--runs 50] [--python PATH]

Runs `python3 -I -S skillopt_sleep/capture/hook.py --agent claude-code` with a Stop payload on
stdin, from Python's subprocess: with no store yet, with an idle store (both spool), and while
another process holds the store open (insert), and prints p50/p95 in milliseconds next to the
floor of starting the same interpreter with the same flags and reading stdin.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))
from skillopt_sleep.capture.hook import SPOOL_NAME  # noqa: E402

HOOK = REPO / "skillopt_sleep" / "capture" / "hook.py"


def percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    index = min(len(ordered) - 1, max(0, round(fraction * (len(ordered) - 1))))
    return ordered[index]


def run_once(command: list[str], payload: bytes, env: dict) -> float:
    started = time.perf_counter()
    done = subprocess.run(command, input=payload, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    elapsed = (time.perf_counter() - started) * 1000
    if done.returncode != 0 or done.stdout:
        raise SystemExit(f"the hook misbehaved: exit {done.returncode}, stdout {done.stdout[:200]!r}")
    return elapsed


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=50)
    parser.add_argument("--python", default=os.path.realpath(sys.executable),
                        help="interpreter the agent's `python3` resolves to (default: this one)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="skillopt-bench-hook-") as work:
        root = Path(work)
        base = {k: v for k, v in os.environ.items() if not k.startswith("SKILLOPT_SLEEP_")}
        homes = {name: root / name for name in ("none", "idle", "open")}
        envs = {name: dict(base, SKILLOPT_SLEEP_HOME=str(home)) for name, home in homes.items()}
        payload = json.dumps({
            "session_id": "5a4c1c88-13b1-45bc-bcbb-e4d7d270991b", "hook_event_name": "Stop", "stop_hook_active": False,
            "transcript_path": str(root / "t.jsonl"), "cwd": str(root), "permission_mode": "default",
        }).encode()
        from skillopt_sleep.store import Store

        Store(homes["idle"] / "data" / "store.db").close()  # migrated, as after the first ingest, and idle
        night = Store(homes["open"] / "data" / "store.db")  # another process (a night, an ingest) holds it open
        night.execute("INSERT INTO captures (agent, event, captured_at) VALUES ('bench', 'warm', 'x')")
        hook = [args.python, "-I", "-S", str(HOOK), "--agent", "claude-code"]
        floor_command = [args.python, "-I", "-S", "-c", "import sys; sys.stdin.read()"]
        times: dict[str, list[float]] = {"floor": [], "none": [], "idle": [], "open": []}
        for _ in range(args.runs):  # interleaved, so a burst of load elsewhere hits every case alike
            times["floor"].append(run_once(floor_command, payload, envs["none"]))
            for name in ("none", "idle", "open"):
                times[name].append(run_once(hook, payload, envs[name]))
        in_store = night.query_one("SELECT COUNT(*) FROM captures WHERE agent = 'claude-code'")[0]
        night.close()
        spooled = sum(len((homes[n] / "data" / SPOOL_NAME).read_text().splitlines()) for n in ("none", "idle"))
        if in_store + spooled != 3 * args.runs or in_store != args.runs:
            raise SystemExit(f"lost captures: {in_store} in the store + {spooled} spooled, expected {3 * args.runs}")
    rows = (("floor: python3 -I -S, read stdin", times["floor"]), ("hook, no store yet (spool)", times["none"]),
            ("hook, store idle (spool)", times["idle"]), ("hook, store open elsewhere (insert)", times["open"]))
    print(f"interpreter: {args.python} ({args.runs} runs each)")
    print(f"captures: {in_store} inserted, {spooled} spooled, none lost")
    for name, times in rows:
        print(f"{name:38s} p50 {statistics.median(times):6.1f} ms   p95 {percentile(times, 0.95):6.1f} ms")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
