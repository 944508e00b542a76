"""Wall time of the capture hook as a whole process, the way the agents start it.

    python bench/hook_latency.py [--runs 50] [--python PATH]

Runs `python3 -I -S skillopt_sleep/capture/hook_entry.py --agent claude-code` with a Stop payload
on stdin, from Python's subprocess: with no store yet, with an idle store, while another process
holds the store open (all three spool: the hook never opens the store), and a repeated Stop of a session whose transcript
has not changed (nothing recorded), and, for comparison, `hook.py` itself run as a script (compiled on
every run, as agents ran it before), and prints p50/p95 in milliseconds next to the floor of a
bare `python3 -I -S -c pass` of the same interpreter, measured in the same run, interleaved.
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

HOOK = REPO / "skillopt_sleep" / "capture" / "hook_entry.py"


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
        homes = {name: root / name for name in ("none", "idle", "open", "repeat", "script")}
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
        floor_command = [args.python, "-I", "-S", "-c", "pass"]
        transcript = root / "repeat.jsonl"
        transcript.write_text('{"type":"user"}\n')
        repeat_payload = json.dumps({**json.loads(payload), "session_id": "6a4c1c88-13b1-45bc-bcbb-e4d7d270991b",
                                     "transcript_path": str(transcript)}).encode()
        run_once(hook, repeat_payload, envs["repeat"])  # the first Stop records; the measured ones repeat it
        run_once(hook, payload, envs["none"])  # and the hook's bytecode is cached, as after its first run
        as_script = [args.python, "-I", "-S", str(HOOK.with_name("hook.py")), "--agent", "claude-code"]
        times: dict[str, list[float]] = {"floor": [], "none": [], "idle": [], "open": [], "repeat": [], "script": []}
        for _ in range(args.runs):  # interleaved, so a burst of load elsewhere hits every case alike
            times["floor"].append(run_once(floor_command, b"", envs["none"]))
            for name in ("none", "idle", "open"):
                times[name].append(run_once(hook, payload, envs[name]))
            times["repeat"].append(run_once(hook, repeat_payload, envs["repeat"]))
            times["script"].append(run_once(as_script, payload, envs["script"]))
        in_store = night.query_one("SELECT COUNT(*) FROM captures WHERE agent = 'claude-code'")[0]
        night.close()
        spooled = sum(len((homes[n] / "data" / SPOOL_NAME).read_text().splitlines()) for n in ("none", "idle", "open")) - 1
        repeated = len((homes["repeat"] / "data" / SPOOL_NAME).read_text().splitlines())
        if spooled != 3 * args.runs or in_store or repeated != 1:
            raise SystemExit(f"lost or misplaced captures: {spooled} spooled (expected {3 * args.runs}), {in_store} "
                             f"written to the open store (expected none), the repeated session recorded {repeated} "
                             "times (expected once)")
    floor_p95 = percentile(times["floor"], 0.95)
    rows = (("floor: python3 -I -S -c pass", times["floor"]), ("hook, no store yet (spool)", times["none"]),
            ("hook, store idle (spool)", times["idle"]), ("hook, store open elsewhere (spool)", times["open"]),
            ("hook, repeated Stop, nothing new", times["repeat"]),
            ("hook.py run as a script (no bytecode)", times["script"]))
    print(f"interpreter: {args.python} ({args.runs} runs each)")
    print(f"captures: {spooled} spooled, none lost; a repeated session recorded once")
    for name, values in rows:
        p95 = percentile(values, 0.95)
        print(f"{name:38s} p50 {statistics.median(values):6.1f} ms   p95 {p95:6.1f} ms   ({p95 / floor_p95:.2f}x the floor's p95)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
